import { describe, expect, it } from 'vitest';
import { type IndexedProduct, productsById } from './listing-index.server.ts';

const products = (ids: number[]) => ids.map((id) => ({ id, sku: `SKU-${id}` }) as IndexedProduct);

describe("an index's products by id", () => {
  it.each([
    ['close together (an array of places)', [7, 3, 12, 1, 9]],
    ['far apart (a Map)', [5, 2_000_000_000, 40]],
  ])('finds each product by its id when ids are %s, and nothing for others', (_, ids) => {
    const listed = products(ids);
    const byId = productsById(listed);
    for (const product of listed) {
      expect(byId.get(product.id)).toBe(product);
      expect(byId.has(product.id)).toBe(true);
    }
    for (const missing of [0, 2, 8, 13, 1_000_000, -1, 2.5]) {
      expect(byId.get(missing)).toBeUndefined();
      expect(byId.has(missing)).toBe(false);
    }
  });

  it('finds nothing in an empty index', () => {
    expect(productsById([]).get(1)).toBeUndefined();
  });
});
