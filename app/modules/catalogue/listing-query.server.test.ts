import { describe, expect, it } from 'vitest';
import type { PriceDisplay } from '#app/modules/pricing/price-display.ts';
import type { IndexedProduct, ListingIndex } from './listing-index.server.ts';
import { carryListingsOver, parseListingParams, queryListing } from './listing-query.server.ts';

const euros: PriceDisplay = { locale: 'en', currency: 'EUR', minorUnits: 2, rate: '1', vatRateBp: 2100, includeVat: false };

function product(id: number, overrides: Partial<IndexedProduct> & { colours?: string[]; diameter?: number }): IndexedProduct {
  const { colours = [], diameter, ...rest } = overrides;
  return {
    id,
    sku: `P${id}`,
    position: id,
    productType: 'paracord-550',
    categoryIds: new Set([1, 2]),
    names: { en: `Cord ${id}` },
    urlKeys: { en: `cord-${id}` },
    minPriceCents: 100 * id,
    minPriceLengthCm: null,
    onlyVariantId: null,
    inStock: true,
    imagePath: null,
    colourHexes: [],
    options: new Map([['color', colours]]),
    numbers: new Map(diameter === undefined ? [] : [['rope_diameter', diameter]]),
    ...rest,
  };
}

const index: ListingIndex = {
  builtAt: Date.now(),
  textsKey: {},
  categories: new Map([
    [1, { id: 1, uid: 'MQ==', code: 'paracord', parentId: null, position: 0 }],
    [2, { id: 2, uid: 'Mg==', code: 'paracord-550', parentId: 1, position: 0 }],
    [3, { id: 3, uid: 'Mw==', code: 'paracord-425', parentId: 1, position: 1 }],
  ]),
  facets: [
    {
      code: 'color',
      valueType: 'select',
      unit: null,
      position: 0,
      labels: { en: 'Colour' },
      options: [
        { code: 'black', labels: { en: 'Black' }, swatchHex: '#000000', position: 0 },
        { code: 'red', labels: { en: 'Red' }, swatchHex: '#ff0000', position: 1 },
        { code: 'olive', labels: { en: 'Olive' }, swatchHex: '#556b2f', position: 2 },
      ],
    },
    { code: 'rope_diameter', valueType: 'number', unit: 'mm', position: 1, labels: { en: 'Diameter' }, options: [] },
  ],
  products: [
    product(1, { colours: ['black'], diameter: 4, names: { en: 'Zulu cord' } }),
    product(2, { colours: ['red'], diameter: 4 }),
    product(3, { colours: ['black', 'red'], diameter: 3, categoryIds: new Set([1, 3]) }),
    product(4, { colours: ['olive'], diameter: 3, categoryIds: new Set([1, 3]), inStock: false }),
    product(5, { colours: ['black'], diameter: 4, categoryIds: new Set([9]) }),
  ],
};

const query = (search: string) => queryListing(index, 1, parseListingParams(new URLSearchParams(search), new Set(['color', 'rope_diameter'])), 'en', euros);

describe('queryListing', () => {
  it('lists the products of the category in shop order', () => {
    const result = query('');
    expect(result.products.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(result).toMatchObject({ total: 4, from: 1, to: 4, page: 1, pageCount: 1, priceBounds: { min: 1, max: 4 } });
  });

  it('filters with several values of one facet as OR and across facets as AND', () => {
    expect(query('color=black&color=olive').products.map((p) => p.id)).toEqual([1, 3, 4]);
    expect(query('color=black&color=olive&rope_diameter=3').products.map((p) => p.id)).toEqual([3, 4]);
  });

  it('counts each facet as if its own selection were not made', () => {
    const result = query('color=black&rope_diameter=4');
    const colour = result.facets.find((f) => f.code === 'color');
    expect(colour?.options.map((o) => [o.value, o.count, o.selected])).toEqual([
      ['black', 1, true],
      ['red', 1, false],
    ]);
    const diameter = result.facets.find((f) => f.code === 'rope_diameter');
    expect(diameter?.options.map((o) => [o.value, o.count])).toEqual([
      ['3', 1],
      ['4', 1],
    ]);
  });

  // Issue 22: "Categories" and "Paracord type" listed the same cords twice.
  it('leaves out a facet whose choices are exactly the child categories, unless it is in use', () => {
    const typeFacet = {
      code: 'paracord_type',
      valueType: 'select' as const,
      unit: null,
      position: 2,
      labels: { en: 'Paracord type' },
      options: [
        { code: '550', labels: { en: 'Paracord 550' }, swatchHex: null, position: 0 },
        { code: '425', labels: { en: 'Paracord 425' }, swatchHex: null, position: 1 },
      ],
    };
    const withType = (types: Record<number, string>): ListingIndex => ({
      ...index,
      facets: [...index.facets, typeFacet],
      products: index.products.map((p) => ({ ...p, options: new Map([...p.options, ['paracord_type', types[p.id] ? [types[p.id]!] : []]]) })),
    });
    const codes = (listing: ListingIndex, search = '') =>
      queryListing(listing, 1, parseListingParams(new URLSearchParams(search), new Set(['color', 'rope_diameter', 'paracord_type'])), 'en', euros).facets.map(
        (f) => f.code,
      );
    // Products 1 and 2 are the 550 child, 3 and 4 the 425 child.
    const repeating = withType({ 1: '550', 2: '550', 3: '425', 4: '425' });
    expect(codes(repeating)).toEqual(['color', 'rope_diameter']);
    expect(codes(repeating, 'paracord_type=550')).toContain('paracord_type');
    // A type that cuts across the children is a filter of its own.
    expect(codes(withType({ 1: '550', 2: '425', 3: '425', 4: '425' }))).toEqual(['color', 'rope_diameter', 'paracord_type']);
  });

  it('filters by subcategory and by price range in the display currency', () => {
    expect(query('category_uid=Mw==').products.map((p) => p.id)).toEqual([3, 4]);
    expect(query('price_min=2&price_max=3').products.map((p) => p.id)).toEqual([2, 3]);
    const pounds = queryListing(index, 1, parseListingParams(new URLSearchParams('price_max=2'), new Set()), 'en', { ...euros, currency: 'GBP', rate: '0.5' });
    expect(pounds.products.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('sorts by name, price and diameter', () => {
    expect(query('sort=name').products.map((p) => p.id)).toEqual([2, 3, 4, 1]);
    expect(query('sort=price_desc').products.map((p) => p.id)).toEqual([4, 3, 2, 1]);
    expect(query('sort=rope_diameter').products.map((p) => p.id)).toEqual([3, 4, 1, 2]);
  });

  it('pages with "x-y of z" figures, clamps a page past the end and shows all on request', () => {
    const many: ListingIndex = { ...index, products: Array.from({ length: 60 }, (_, i) => product(i + 1, { colours: ['black'] })) };
    const page = (search: string) => queryListing(many, 1, parseListingParams(new URLSearchParams(search), new Set()), 'en', euros);
    expect(page('page=2')).toMatchObject({ from: 25, to: 48, total: 60, page: 2, pageCount: 3 });
    expect(page('page=99')).toMatchObject({ from: 49, to: 60, page: 3 });
    expect(page('limit=all').products).toHaveLength(60);
    expect(page('limit=13&page=-1')).toMatchObject({ from: 1, to: 24 });
  });
});

describe('listings after some products changed (decision 0048)', () => {
  const pounds: PriceDisplay = { locale: 'en', currency: 'GBP', minorUnits: 2, rate: '0.8513', vatRateBp: 2000, includeVat: true };
  const colours = ['black', 'red', 'olive'];
  // A few hundred cords in a parent (1) and two children (2, 3), with names, prices and measures that repeat.
  const before: ListingIndex = {
    ...index,
    products: Array.from({ length: 300 }, (_, i) =>
      product(i + 1, {
        names: { en: `Cord ${(i * 37) % 101}`, 'de-DE': `Kordel ${(i * 53) % 89}` },
        minPriceCents: 100 + ((i * 71) % 40) * 25,
        colours: [colours[i % 3] as string, ...(i % 7 === 0 ? ['olive'] : [])],
        diameter: 2 + (i % 4),
        categoryIds: new Set([1, i % 2 === 0 ? 2 : 3]),
      }),
    ),
  };
  const listings = [
    '',
    'sort=name',
    'sort=price_asc',
    'sort=price_desc',
    'sort=rope_diameter',
    'sort=name&page=3',
    'color=red',
    'color=black&sort=price_asc&page=2',
    'limit=all&sort=name',
  ];
  const ask = (at: ListingIndex) =>
    [1, 2, 3].flatMap((category) =>
      listings.flatMap((search) =>
        (['en', 'de-DE'] as const).flatMap((locale) =>
          [euros, pounds].map((display) =>
            queryListing(at, category, parseListingParams(new URLSearchParams(search), new Set(['color', 'rope_diameter'])), locale, display),
          ),
        ),
      ),
    );

  it('answer as a listing worked out from nothing does: renamed, repriced, sold out, or with other options', () => {
    ask(before);
    const changes: Record<number, Partial<IndexedProduct>> = {
      5: { names: { en: 'Aardvark cord', 'de-DE': 'Zebra Kordel' } },
      40: { minPriceCents: 99_999 },
      41: { minPriceCents: 1 },
      77: { inStock: false },
      150: { names: { en: 'Cord 50' }, minPriceCents: 125 },
      // Another colour: the facets and counts of its categories are worked out again.
      222: { options: new Map([['color', ['olive', 'red']]]) },
    };
    const after: ListingIndex = {
      ...before,
      products: before.products.map((p) => (changes[p.id] ? { ...p, ...changes[p.id] } : p)),
    };
    carryListingsOver(before, after, new Set(Object.keys(changes).map(Number)));
    // The same products in a new index object: nothing worked out for it yet.
    const fromNothing: ListingIndex = { ...after, products: [...after.products] };
    expect(ask(after)).toEqual(ask(fromNothing));
  });

  it('works out again a category a product joins or leaves', () => {
    ask(before);
    const moved = before.products.find((p) => p.id === 10) as IndexedProduct;
    expect([...moved.categoryIds]).toEqual([1, 3]);
    const after: ListingIndex = {
      ...before,
      products: before.products.map((p) => (p === moved ? { ...p, categoryIds: new Set([1, 2]), minPriceCents: 5 } : p)),
    };
    carryListingsOver(before, after, new Set([10]));
    expect(ask(after)).toEqual(ask({ ...after, products: [...after.products] }));
  });
});
