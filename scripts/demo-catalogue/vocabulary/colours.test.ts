import { describe, it, expect } from 'vitest';
import { baseColours, patterns, type PatternCode, type PatternDefinition } from './colours.ts';
import { catalogueLanguages, type CatalogueLanguage, type Translated } from './languages.ts';

const allPatternCodes: readonly PatternCode[] = ['solid', 'camo', 'stripes', 'diamond', 'snake', 'spiral', 'tracer', 'reflective', 'glow'];

function fill(template: string, c1: string, c2 = ''): string {
  return template.replaceAll('{c1}', c1).replaceAll('{c2}', c2);
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

function expectComplete(text: Translated, what: string): void {
  expect(Object.keys(text).sort(), what).toEqual([...catalogueLanguages].sort());
  for (const language of catalogueLanguages) {
    const value = text[language];
    expect(typeof value, `${what} [${language}]`).toBe('string');
    expect(value.trim(), `${what} [${language}]`).not.toBe('');
    expect(value, `${what} [${language}] has stray whitespace`).toBe(value.trim());
  }
}

/** Every design name of a language: each pattern with each (ordered, distinct) colour combination. */
function designNames(language: CatalogueLanguage, selected: readonly PatternDefinition[]): string[] {
  const names: string[] = [];
  for (const pattern of selected) {
    for (const first of baseColours) {
      if (pattern.colourCount === 1) {
        names.push(fill(pattern.designName[language], first.name[language]));
        continue;
      }
      for (const second of baseColours) {
        if (second === first) continue;
        names.push(fill(pattern.designName[language], first.name[language], second.name[language]));
      }
    }
  }
  return names;
}

describe('baseColours', () => {
  it('has at least 64 colours', () => {
    expect(baseColours.length).toBeGreaterThanOrEqual(64);
  });

  it('has unique kebab-case codes', () => {
    const codes = baseColours.map((colour) => colour.code);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has unique, valid #rrggbb hex values', () => {
    const hexes = baseColours.map((colour) => colour.hex);
    for (const hex of hexes) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(hexes).size).toBe(hexes.length);
  });

  it('names every colour in every language', () => {
    for (const colour of baseColours) expectComplete(colour.name, colour.code);
  });

  it('has names that are unique within each language and safe to put in templates', () => {
    for (const language of catalogueLanguages) {
      const names = baseColours.map((colour) => colour.name[language]);
      expect(new Set(names).size, language).toBe(names.length);
      for (const name of names) expect(name, language).not.toMatch(/[/{}]/);
    }
  });

  it('uses American spelling for en-US and British spelling for en-GB', () => {
    for (const colour of baseColours) {
      expect(colour.name['en-US']).not.toMatch(/Grey|Colour/);
      expect(colour.name['en-GB']).not.toMatch(/Gray|Color/);
    }
  });

  it('is really translated, not English copied everywhere', () => {
    const limit = baseColours.length * 0.25;
    for (const a of catalogueLanguages) {
      for (const b of catalogueLanguages) {
        if (a >= b) continue;
        if ((a === 'en-US' && b === 'en-GB') || (a === 'en-GB' && b === 'en-US')) continue;
        const shared = baseColours.filter((colour) => colour.name[a] === colour.name[b]).length;
        expect(shared, `${a} and ${b} share ${shared} of ${baseColours.length} names`).toBeLessThanOrEqual(limit);
      }
    }
  });
});

describe('patterns', () => {
  it('defines each pattern code exactly once', () => {
    expect(patterns.map((pattern) => pattern.code).sort()).toEqual([...allPatternCodes].sort());
  });

  it('combines one colour for solid, reflective and glow and two for the others', () => {
    for (const pattern of patterns) {
      const single = pattern.code === 'solid' || pattern.code === 'reflective' || pattern.code === 'glow';
      expect(pattern.colourCount, pattern.code).toBe(single ? 1 : 2);
    }
  });

  it('names and templates every pattern in every language', () => {
    for (const pattern of patterns) {
      expectComplete(pattern.name, `${pattern.code}.name`);
      expectComplete(pattern.designName, `${pattern.code}.designName`);
    }
  });

  it('has templates with exactly the placeholders their colour count needs', () => {
    for (const pattern of patterns) {
      for (const language of catalogueLanguages) {
        const template = pattern.designName[language];
        const what = `${pattern.code} [${language}]: ${template}`;
        expect(count(template, '{c1}'), what).toBe(1);
        expect(count(template, '{c2}'), what).toBe(pattern.colourCount === 2 ? 1 : 0);
        expect(template.replaceAll('{c1}', '').replaceAll('{c2}', ''), what).not.toMatch(/[{}]/);
      }
    }
  });

  it('gives distinct design names for every pattern and colour combination in every language', () => {
    for (const language of catalogueLanguages) {
      const names = designNames(language, patterns);
      expect(new Set(names).size, language).toBe(names.length);
    }
  });

  it('gives distinct design names for distinct patterns with the same colours', () => {
    const [first, second] = baseColours;
    if (first === undefined || second === undefined) throw new Error('too few colours');
    for (const language of catalogueLanguages) {
      const names = patterns.map((pattern) => fill(pattern.designName[language], first.name[language], second.name[language]));
      expect(new Set(names).size, language).toBe(patterns.length);
    }
  });

  it('gives at least 2,000 distinct en-GB names from solid and two-colour designs', () => {
    const selected = patterns.filter((pattern) => pattern.code === 'solid' || pattern.colourCount === 2);
    const names = new Set(designNames('en-GB', selected));
    expect(names.size).toBeGreaterThanOrEqual(2000);
  });

  it('reads as expected in a few spot checks', () => {
    const byCode = new Map(patterns.map((pattern) => [pattern.code, pattern]));
    const camo = byCode.get('camo');
    const glow = byCode.get('glow');
    expect(camo && fill(camo.designName['en-US'], 'Black', 'Olive Drab')).toBe('Black/Olive Drab Camo');
    expect(camo && fill(camo.designName.de, 'Schwarz', 'Oliv')).toBe('Tarnmuster Schwarz/Oliv');
    expect(glow && fill(glow.designName.de, 'Grün')).toBe('Nachtleuchtend Grün');
  });
});
