import { describe, it, expect } from 'vitest';

import { drawAccessoryImage, type AccessoryImageInput, type AccessoryShape } from './accessory-image.ts';

const shapes: readonly AccessoryShape[] = [
  'side-release-buckle',
  'snap-hook',
  'double-cap-rivet',
  'chicago-screw',
  'slide-bead',
  'cord-end',
  'carabiner',
  'split-ring',
  'leather-strap',
  'paracord-needle',
  'fid',
  'jig',
  'lighter',
  'kit',
];
const finishes = ['plastic', 'metal', 'leather'] as const;

const base: AccessoryImageInput = { shape: 'side-release-buckle', colour: '#1c1c1c', finish: 'plastic', seed: 42 };

/** Checks that elements nest properly (a cheap well-formedness check); returns the first problem, or ''. */
function nestingProblem(svg: string): string {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)\b[^>]*?(\/?)>/g)) {
    if (closing === '/') {
      if (stack.pop() !== name) return `unexpected </${name}>`;
    } else if (selfClosing !== '/') {
      stack.push(name!);
    }
  }
  return stack.length === 0 ? '' : `unclosed <${stack.join('>, <')}>`;
}

describe('drawAccessoryImage', () => {
  it('returns a square SVG root with an 800 × 800 viewBox', () => {
    const svg = drawAccessoryImage(base);
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 800 800"');
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
  });

  it('is deterministic: the same input gives the identical string', () => {
    expect(drawAccessoryImage(base)).toBe(drawAccessoryImage({ ...base }));
    for (const shape of shapes) {
      const input: AccessoryImageInput = { shape, colour: '#d4af37', finish: 'metal', seed: 7 };
      expect(drawAccessoryImage(input)).toBe(drawAccessoryImage(input));
    }
  });

  it('changes with the shape, the colour, the finish and the seed', () => {
    const reference = drawAccessoryImage(base);
    const outputs = new Set(shapes.map((shape) => drawAccessoryImage({ ...base, shape })));
    expect(outputs.size).toBe(shapes.length);
    expect(drawAccessoryImage({ ...base, colour: '#1c1c1d' })).not.toBe(reference);
    expect(drawAccessoryImage({ ...base, colour: '#c8102e' })).not.toBe(reference);
    expect(drawAccessoryImage({ ...base, finish: 'metal' })).not.toBe(reference);
    expect(drawAccessoryImage({ ...base, seed: 43 })).not.toBe(reference);
  });

  it('uses the given colour', () => {
    expect(drawAccessoryImage({ ...base, colour: '#C8102E' })).toContain('stop-color="#c8102e"');
  });

  it('renders every shape in every finish: well-formed, no NaN or undefined, unique ids all resolved, under 40 KB', () => {
    for (const shape of shapes) {
      for (const finish of finishes) {
        for (const colour of ['#c0c0c0', '#111111', '#f5f5f5', '#b87333']) {
          const svg = drawAccessoryImage({ shape, colour, finish, seed: 3 });
          const label = `${shape} ${finish} ${colour}`;
          expect(svg, label).not.toMatch(/NaN|undefined|Infinity|null/);
          expect(nestingProblem(svg), label).toBe('');
          expect(new TextEncoder().encode(svg).length, label).toBeLessThan(40_000);
          const declared = [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
          const ids = new Set(declared);
          expect(ids.size, `${label}: duplicate ids`).toBe(declared.length);
          for (const [, reference] of svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)) expect(ids.has(reference), `${label}: #${reference}`).toBe(true);
        }
      }
    }
  });

  it('scopes its ids, so that several images can share a page', () => {
    const a = drawAccessoryImage(base);
    const b = drawAccessoryImage({ ...base, shape: 'kit' });
    const idsOf = (svg: string): string[] => [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
    const shared = idsOf(a).filter((id) => idsOf(b).includes(id));
    expect(shared).toEqual([]);
    expect(new Set(idsOf(a)).size).toBe(idsOf(a).length);
  });

  it('survives odd input: a bad colour or seed still gives a valid picture', () => {
    const svg = drawAccessoryImage({ ...base, colour: 'red', seed: Number.NaN });
    expect(svg).not.toMatch(/NaN|undefined/);
    expect(nestingProblem(svg)).toBe('');
  });
});
