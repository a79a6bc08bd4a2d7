import { describe, it, expect } from 'vitest';

import { drawCordSwatch, type CordSwatchInput, type SwatchPattern } from './cord-swatch.ts';

const patterns: readonly SwatchPattern[] = ['solid', 'camo', 'stripes', 'diamond', 'snake', 'spiral', 'tracer', 'reflective', 'glow'];
const kinds = ['cord', 'rope', 'flat'] as const;

const base: CordSwatchInput = { colours: ['#5b6236', '#c2a878'], pattern: 'camo', seed: 42 };

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

/** Every id the SVG declares, and every local reference it makes. */
function idsAndReferences(svg: string): { ids: Set<string>; references: Set<string> } {
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));
  const references = new Set([...svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)].map((match) => match[1]!));
  return { ids, references };
}

describe('drawCordSwatch', () => {
  it('returns a square SVG root with an 800 × 800 viewBox', () => {
    const svg = drawCordSwatch(base);
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 800 800"');
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
  });

  it('is deterministic: the same input gives the identical string', () => {
    expect(drawCordSwatch(base)).toBe(drawCordSwatch({ ...base, colours: [...base.colours] }));
    for (const kind of kinds) {
      const input: CordSwatchInput = { colours: ['#ff6a13'], pattern: 'reflective', seed: 7, kind };
      expect(drawCordSwatch(input)).toBe(drawCordSwatch(input));
    }
  });

  it('changes with the seed, the pattern, the colours and the kind', () => {
    const reference = drawCordSwatch(base);
    expect(drawCordSwatch({ ...base, seed: 43 })).not.toBe(reference);
    expect(drawCordSwatch({ ...base, pattern: 'stripes' })).not.toBe(reference);
    expect(drawCordSwatch({ ...base, colours: ['#5b6236', '#c2a879'] })).not.toBe(reference);
    expect(drawCordSwatch({ ...base, colours: ['#000000'] })).not.toBe(reference);
    expect(drawCordSwatch({ ...base, kind: 'rope' })).not.toBe(reference);
    expect(drawCordSwatch({ ...base, kind: 'flat' })).not.toBe(reference);
  });

  it('uses the given colours', () => {
    const svg = drawCordSwatch({ colours: ['#C8102E', '#1f3f99'], pattern: 'stripes', seed: 1 });
    expect(svg).toContain('fill="#c8102e"');
    expect(svg).toContain('fill="#1f3f99"');
  });

  describe.each(kinds)('kind %s', (kind) => {
    it.each(patterns)('renders the %s pattern as well-formed, self-contained SVG under 60 KB', (pattern) => {
      for (const seed of [0, 1, 2, 3, 99, 123456789, -5]) {
        const svg = drawCordSwatch({ colours: ['#1d1d1d', '#e8e2c8'], pattern, seed, kind });
        expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 800 800"[^>]*>.*<\/svg>$/s);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        expect(new TextEncoder().encode(svg).length).toBeLessThan(60_000);
        // Every reference points at something the SVG defines.
        const { ids, references } = idsAndReferences(svg);
        for (const reference of references) expect(ids.has(reference), reference).toBe(true);
        expect(nestingProblem(svg)).toBe('');
      }
    });
  });

  it('draws a braided texture with cylindrical shading and a drop shadow for cord and rope', () => {
    for (const kind of ['cord', 'rope'] as const) {
      const svg = drawCordSwatch({ ...base, kind });
      expect(svg).toContain('<pattern');
      expect(svg).toContain('<linearGradient');
      expect(svg).toContain('feGaussianBlur');
      expect(svg).toContain('<radialGradient');
    }
  });

  it('draws stitched edges on flat webbing', () => {
    const svg = drawCordSwatch({ ...base, kind: 'flat', pattern: 'solid' });
    expect(svg).toContain('stroke-dasharray');
  });

  it('gives glow a pale green halo and reflective a white tracer', () => {
    const glow = drawCordSwatch({ colours: ['#e8f3d8'], pattern: 'glow', seed: 1 });
    expect(glow).toContain('#b9f7a4');
    expect(drawCordSwatch({ colours: ['#e8f3d8'], pattern: 'solid', seed: 1 })).not.toContain('#b9f7a4');
    expect(drawCordSwatch({ colours: ['#ff6a13'], pattern: 'reflective', seed: 1 })).toContain('stroke="#fff"');
  });

  it('keeps black and white cords visible: highlights on black, outline and shading on white', () => {
    const black = drawCordSwatch({ colours: ['#000000'], pattern: 'solid', seed: 3 });
    expect(black).toMatch(/stop-color="#fff" stop-opacity="0?\.[1-9]/);
    const white = drawCordSwatch({ colours: ['#ffffff'], pattern: 'solid', seed: 3 });
    expect(white).toMatch(/stroke="#000" stroke-opacity="0?\.[1-9]/);
    expect(white).toMatch(/stop-color="#000" stop-opacity="0?\.[2-9]/);
  });

  it('tolerates odd input: one colour, short hex, bad colour, fractional seed', () => {
    for (const colours of [['#abc'], ['not a colour'], [], ['#123456', '#654321', '#ffffff']]) {
      const svg = drawCordSwatch({ colours, pattern: 'stripes', seed: 2.7 });
      expect(svg).toContain('viewBox="0 0 800 800"');
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it('scopes ids so that two different swatches can share one page', () => {
    const a = idsAndReferences(drawCordSwatch(base)).ids;
    const b = idsAndReferences(drawCordSwatch({ ...base, seed: 8 })).ids;
    expect([...a].filter((id) => b.has(id))).toEqual([]);
  });
});
