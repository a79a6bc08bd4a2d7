import { describe, it, expect } from 'vitest';
import { attributeLabels, attributeValues, categories, categoryPath, productTypes, reviewAuthors, reviewTexts } from './catalogue-text.ts';
import { catalogueLanguages, type CatalogueLanguage, type Translated } from './languages.ts';

const segmentPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const nonEnglish = catalogueLanguages.filter((l) => l !== 'en-US' && l !== 'en-GB');

function expectComplete(text: Translated, where: string): void {
  expect(Object.keys(text).sort(), where).toEqual([...catalogueLanguages].sort());
  for (const language of catalogueLanguages) {
    expect(typeof text[language], `${where} [${language}]`).toBe('string');
    expect(text[language].trim().length, `${where} [${language}] is empty`).toBeGreaterThan(0);
  }
}

/**
 * Full paths the spec pins down (§2 "Category pages" and "Home-page category links"). Languages left
 * out of a row have a translated path of our own choosing (checked separately below).
 */
type PathRow = Partial<Record<CatalogueLanguage, string>>;
function row(base: string, languages: readonly CatalogueLanguage[], overrides: PathRow = {}): PathRow {
  const table: PathRow = {};
  for (const language of languages) table[language] = base;
  return { ...table, ...overrides };
}
const allLanguages = catalogueLanguages;
const englishOnly: readonly CatalogueLanguage[] = ['en-US', 'en-GB'];

const specPaths: Record<string, PathRow> = {
  paracord: row('/paracord', allLanguages),
  'paracord-accessory': row('/paracord-accessory', allLanguages, {
    nl: '/paracord-accessoires',
    fr: '/paracord-accessoires',
  }),
  'other-cord': row('/other-cord', allLanguages, {
    nl: '/overig-touw',
    sv: '/overig-touw',
    de: '/anderes-seil',
    fr: '/autre-corde',
  }),
  'climbing-rope-per-meter': row('/other-cord/climbing-rope-per-meter', allLanguages, {
    nl: '/overig-touw/klimtouw-per-meter',
    de: '/anderes-seil/kletterseile-pro-meter',
    fr: '/autre-corde/corde-escalade-par-metre',
    sv: '/overig-touw/climbing-rope-per-meter',
  }),
  'webbing-biothane': row('/webbing-biothane', allLanguages),
  biothane: row('/webbing-biothane/biothane', allLanguages),
  'diy-kits': row('/diy-kits', allLanguages, { de: '/diy-sets', it: '/kit-fai-da-te' }),
  'dog-leash-rope': row('/dog-leash-rope', englishOnly, {
    es: '/correa-de-perro',
    it: '/corda-per-guinzagli',
    sv: '/hundkoppel-rep',
  }),
  'leather-products': row('/leather-products', englishOnly, {
    it: '/leather-products-deze-url-is-uniek',
    sv: '/leather-products',
  }),
  ppm: row('/ppm', allLanguages),
  'paracord-diy-tools': row('/paracord-diy-tools', englishOnly),
  'new-arrivals': row('/new-arrivals', englishOnly, { nl: '/nieuw-binnengekomen' }),
};

describe('categories', () => {
  it('has complete names and url segments in every language', () => {
    expect(categories.length).toBeGreaterThan(10);
    for (const category of categories) {
      expectComplete(category.name, `${category.code}.name`);
      expectComplete(category.urlSegment, `${category.code}.urlSegment`);
    }
  });

  it('uses lowercase ASCII kebab-case url segments', () => {
    for (const category of categories) {
      for (const language of catalogueLanguages) {
        expect(category.urlSegment[language], `${category.code} [${language}]`).toMatch(segmentPattern);
      }
    }
  });

  it('has unique codes and existing parents', () => {
    const codes = categories.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const category of categories) {
      if (category.parent !== null) expect(codes, `parent of ${category.code}`).toContain(category.parent);
      expect(Number.isInteger(category.position) && category.position > 0).toBe(true);
    }
  });

  it('has the ten top-level categories of the spec', () => {
    expect(
      categories
        .filter((c) => c.parent === null)
        .map((c) => c.code)
        .sort(),
    ).toEqual(
      [
        'paracord',
        'paracord-accessory',
        'other-cord',
        'webbing-biothane',
        'diy-kits',
        'dog-leash-rope',
        'leather-products',
        'ppm',
        'paracord-diy-tools',
        'new-arrivals',
      ].sort(),
    );
  });

  it('resolves the localised paths of the spec', () => {
    for (const [code, expected] of Object.entries(specPaths)) {
      for (const [language, path] of Object.entries(expected) as [CatalogueLanguage, string][]) {
        expect(categoryPath(code, language), `${code} [${language}]`).toBe(path);
      }
    }
  });

  it('has the spec leather paths: Italian unique path, Spanish own path, Swedish English path', () => {
    expect(categoryPath('leather-products', 'en-US')).toBe('/leather-products');
    expect(categoryPath('leather-products', 'en-GB')).toBe('/leather-products');
    expect(categoryPath('leather-products', 'it')).toBe('/leather-products-deze-url-is-uniek');
    expect(categoryPath('leather-products', 'sv')).toBe('/leather-products');
    expect(categoryPath('leather-products', 'es')).not.toBe('/leather-products');
    const all = catalogueLanguages.map((l) => categoryPath('leather-products', l));
    expect(all.filter((p) => p === categoryPath('leather-products', 'es'))).toHaveLength(1);
  });

  it('translates the localised top-level paths for the other stores', () => {
    for (const code of ['leather-products', 'dog-leash-rope', 'paracord-diy-tools']) {
      for (const language of ['pl', 'nl', 'de', 'da', 'fr'] as const) {
        expect(categoryPath(code, language), `${code} [${language}]`).not.toBe(categoryPath(code, 'en-GB'));
      }
    }
  });

  it('has the required children', () => {
    const children = (parent: string) => categories.filter((c) => c.parent === parent).map((c) => c.code);
    expect(children('paracord')).toEqual(
      expect.arrayContaining([
        'paracord-550-type-iii',
        'paracord-425',
        'paracord-275',
        'paracord-95-micro',
        'nano-cord',
        'solid-colours',
        'patterns',
        'reflective',
        'glow-in-the-dark',
      ]),
    );
    expect(children('other-cord')).toEqual(
      expect.arrayContaining(['climbing-rope-per-meter', 'kernmantle-cord', 'shock-cord', 'polypropylene-rope', 'cotton-rope']),
    );
    expect(children('paracord-accessory')).toEqual(
      expect.arrayContaining(['buckles', 'snap-hooks', 'rivets', 'screws', 'slide-beads', 'cord-ends', 'carabiners', 'split-rings']),
    );
    expect(children('leather-products')).toEqual(expect.arrayContaining(['leather-cord', 'leather-straps']));
    expect(children('paracord-diy-tools')).toEqual(expect.arrayContaining(['needles-and-fids', 'lighters-and-cutters', 'jigs']));
    expect(children('diy-kits')).toEqual(expect.arrayContaining(['bracelet-kits', 'dog-leash-kits', 'keychain-kits']));
    expect(children('webbing-biothane')).toContain('biothane');
  });

  it('has unique full paths per language', () => {
    for (const language of catalogueLanguages) {
      const paths = categories.map((c) => categoryPath(c.code, language));
      const duplicates = paths.filter((p, i) => paths.indexOf(p) !== i);
      expect(duplicates, language).toEqual([]);
    }
  });

  it('has unique sibling positions', () => {
    const parents = new Set(categories.map((c) => c.parent));
    for (const parent of parents) {
      const positions = categories.filter((c) => c.parent === parent).map((c) => c.position);
      expect(new Set(positions).size, `children of ${String(parent)}`).toBe(positions.length);
    }
  });

  it('spells the climbing rope name per English variant', () => {
    const climbing = categories.find((c) => c.code === 'climbing-rope-per-meter');
    expect(climbing?.name['en-GB']).toBe('Climbing Rope per Metre');
    expect(climbing?.name['en-US']).toBe('Climbing Rope per Meter');
  });
});

describe('product types', () => {
  const cordTypes = [
    'paracord-550',
    'paracord-425',
    'paracord-275',
    'paracord-95',
    'nano-cord',
    'climbing-rope',
    'kernmantle-4mm',
    'shock-cord',
    'ppm-rope',
    'polypropylene-rope',
    'cotton-rope',
    'dog-leash-rope',
    'biothane-webbing',
    'leather-cord',
  ];
  const accessoryTypes = [
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
    'bracelet-kit',
    'dog-leash-kit',
    'keychain-kit',
  ];

  it('has every cord and accessory type once', () => {
    const codes = productTypes.map((t) => t.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...cordTypes, ...accessoryTypes].sort());
  });

  it('belongs to existing categories', () => {
    const codes = new Set(categories.map((c) => c.code));
    for (const type of productTypes) expect(codes.has(type.category), `${type.code} -> ${type.category}`).toBe(true);
  });

  it('has complete names and descriptions', () => {
    for (const type of productTypes) {
      expectComplete(type.name, `${type.code}.name`);
      expectComplete(type.description, `${type.code}.description`);
    }
  });

  it('uses the placeholders in every description', () => {
    for (const type of productTypes) {
      for (const language of catalogueLanguages) {
        const text = type.description[language];
        expect(text, `${type.code} [${language}]`).toContain('{design}');
        if (cordTypes.includes(type.code)) {
          expect(text, `${type.code} [${language}]`).toContain('{diameter}');
          expect(text, `${type.code} [${language}]`).toContain('{strength}');
        }
        const placeholders = text.match(/\{[^}]*\}/g) ?? [];
        for (const p of placeholders) expect(['{design}', '{diameter}', '{strength}']).toContain(p);
      }
    }
  });

  it('writes descriptions of three to five sentences', () => {
    for (const type of productTypes) {
      for (const language of catalogueLanguages) {
        const sentences = type.description[language].split(/(?<=[.!?])\s+(?=\p{Lu})/u);
        expect(sentences.length, `${type.code} [${language}]`).toBeGreaterThanOrEqual(3);
        expect(sentences.length, `${type.code} [${language}]`).toBeLessThanOrEqual(5);
      }
    }
  });

  it('does not copy the British description into other languages', () => {
    for (const type of productTypes) {
      const british = type.description['en-GB'];
      for (const language of nonEnglish) {
        expect(type.description[language], `${type.code} [${language}]`).not.toBe(british);
      }
      for (const language of catalogueLanguages) {
        expect(type.description[language].toLowerCase(), `${type.code} [${language}]`).not.toContain('lorem');
      }
    }
  });
});

describe('attributes', () => {
  const specKeys = [
    'breaking_strength',
    'buckle_type',
    'color',
    'feed_through_size',
    'length_accessory',
    'materiaal_soort_metalen',
    'max_continuous_length',
    'number_of_strands',
    'other_cord_types',
    'paracord_type',
    'pattern_type',
    'ppm_type',
    'rope_construction',
    'rope_diameter',
    'rope_material',
    'rope_material_core',
    'strap_width',
    'unit_type',
    'weight',
    'hs_tariff_number',
    'gram',
    'length',
    'material_thickness',
    'nappa_basic',
    'package_deals',
    'snap_hook_size',
    'strap_length',
    'rivetsize',
    'screw_size',
    'symbol_slide_beads',
    'Accessory_Colour_Config',
    'accessory_size',
    'biothane_colour',
    'feed_through_size_x_material_s',
  ];

  it('labels every specification and option key of the spec', () => {
    for (const key of specKeys) {
      expect(attributeLabels[key], key).toBeDefined();
    }
    for (const [key, label] of Object.entries(attributeLabels)) expectComplete(label, `label ${key}`);
    expect(attributeLabels['materiaal_soort_metalen']?.['en-GB']).toBe('Metal type');
  });

  it('has the option values the catalogue uses', () => {
    const required = [
      'nylon',
      'polyester',
      'polypropylene',
      'cotton',
      'dyneema',
      'leather',
      'biothane-coated-polyester',
      'kernmantle',
      'braided-16-plait',
      'braided-8-plait',
      'twisted-3-strand',
      'solid-braid',
      'stainless-steel',
      'brass',
      'zinc-alloy',
      'aluminium',
      'piece',
      'pack-of-5',
      'pack-of-10',
      'pack-of-25',
      'per-metre',
      'side-release',
      'contoured',
      'adjustable-shackle',
      'cobra',
      'solid',
      'camo',
      'stripes',
      'diamond',
      'snake',
      'spiral',
      'tracer',
      'reflective',
      'glow',
    ];
    for (const code of required) expect(attributeValues[code], code).toBeDefined();
    for (const [code, value] of Object.entries(attributeValues)) expectComplete(value, `value ${code}`);
    expect(attributeValues['aluminium']?.['en-US']).toBe('Aluminum');
    expect(attributeValues['aluminium']?.['en-GB']).toBe('Aluminium');
    expect(attributeValues['per-metre']?.['en-US']).toBe('Per meter');
    expect(attributeValues['per-metre']?.['en-GB']).toBe('Per metre');
  });
});

describe('English spelling', () => {
  function englishTexts(language: 'en-US' | 'en-GB'): string[] {
    return [
      ...categories.map((c) => c.name[language]),
      ...productTypes.flatMap((t) => [t.name[language], t.description[language]]),
      ...Object.values(attributeLabels).map((t) => t[language]),
      ...Object.values(attributeValues).map((t) => t[language]),
      ...reviewTexts[language].flatMap((r) => [r.title, r.body]),
    ];
  }

  it('writes American spelling in en-US', () => {
    for (const text of englishTexts('en-US')) {
      expect(text).not.toMatch(/\b(colour|metre|grey|aluminium|fibre|favourite|centre|jewellery|odour)/i);
    }
  });

  it('writes British spelling in en-GB', () => {
    for (const text of englishTexts('en-GB')) {
      expect(text).not.toMatch(/\b(color|meter|gray|aluminum|fiber|favorite|center|jewelry|odor)\b/i);
    }
  });
});

describe('reviews', () => {
  it('has at least twelve reviews in every language', () => {
    for (const language of catalogueLanguages) {
      const reviews = reviewTexts[language];
      expect(reviews.length, language).toBeGreaterThanOrEqual(12);
      for (const review of reviews) {
        expect(review.title.trim().length, language).toBeGreaterThan(0);
        expect(review.body.trim().length, language).toBeGreaterThan(0);
        expect([3, 4, 5]).toContain(review.rating);
      }
      const titles = reviews.map((r) => r.title);
      expect(new Set(titles).size, language).toBe(titles.length);
    }
  });

  it('has at least ten author names per language', () => {
    for (const language of catalogueLanguages) {
      const authors = reviewAuthors[language];
      expect(authors.length, language).toBeGreaterThanOrEqual(10);
      expect(new Set(authors).size, language).toBe(authors.length);
      for (const author of authors) expect(author, language).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
    }
  });

  it('does not copy English reviews into other languages', () => {
    const british = new Set(reviewTexts['en-GB'].map((r) => r.body));
    for (const language of nonEnglish) {
      for (const review of reviewTexts[language]) expect(british.has(review.body), language).toBe(false);
    }
  });
});
