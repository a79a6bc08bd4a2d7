import { describe, expect, it } from 'vitest';
import { categoryPictures, variedPicks } from './home-picks.ts';
import type { IndexedProduct } from './listing-index.server.ts';

function product(id: number, category: number, colour: string, type = `type-${category}`, overrides: Partial<IndexedProduct> = {}): IndexedProduct {
  return {
    id,
    sku: `P${id}`,
    position: id,
    productType: type,
    categoryIds: new Set([category]),
    names: { en: `Product ${id}` },
    urlKeys: { en: `product-${id}` },
    minPriceCents: 100,
    minPriceLengthCm: null,
    onlyVariantId: null,
    inStock: true,
    imagePath: `p/${id}.svg`,
    colourHexes: [],
    options: new Map([['color', [colour]]]),
    numbers: new Map(),
    ...overrides,
  };
}

// Category 1 is paracord: black first in every type, as in the demo catalogue.
const products = [
  product(1, 1, 'black', '550'),
  product(2, 1, 'black', '425'),
  product(3, 1, 'black', '275'),
  product(4, 1, 'white', '550'),
  product(5, 1, 'red', '425'),
  product(6, 2, 'black'),
  product(7, 2, 'olive'),
  product(8, 3, 'black', 'tool', { inStock: false }),
  product(9, 3, 'silver', 'tool', { imagePath: null }),
  product(10, 3, 'brass', 'tool'),
];

describe('variedPicks (issue 22: not eight black cords)', () => {
  it('takes the categories in turn, each time a colour not shown yet, only in stock and with a picture', () => {
    const picks = variedPicks(products, [1, 2, 3], 5).map((p) => p.id);
    // Second round: red 425 (a colour and a kind not shown) before white 550; then category 2
    // has no new colour left and repeats one.
    expect(picks).toEqual([1, 7, 10, 5, 6]);
  });

  it('repeats a colour only when nothing new is left', () => {
    const picks = variedPicks(products, [2], 3).map((p) => p.id);
    expect(picks).toEqual([6, 7]);
    expect(variedPicks([product(1, 1, 'black'), product(2, 1, 'black')], [1], 2).map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('categoryPictures', () => {
  it('gives each category a picture of its own products, in a colour the tiles before did not show', () => {
    expect([...categoryPictures(products, [1, 2, 3, 4])]).toEqual([
      [1, 'p/1.svg'],
      [2, 'p/7.svg'],
      [3, 'p/10.svg'],
    ]);
  });
});
