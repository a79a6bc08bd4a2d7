import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingIndex, type IndexedProduct } from '#app/modules/catalogue/listing-index.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

describe.each(testDrivers)('listing index memory on %s (issue 18: 100× the catalogue)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
  });
  afterAll(() => database?.destroy());

  it('keeps one copy of what products have alike: category sets, options, numbers and colours', async () => {
    const { products } = await buildListingIndex(database.db);
    const parts: [string, (product: IndexedProduct) => object, (value: never) => string][] = [
      ['categoryIds', (p) => p.categoryIds, (ids: Set<number>) => [...ids].sort().join()],
      ['options', (p) => p.options, (options: Map<string, string[]>) => JSON.stringify([...options])],
      ['numbers', (p) => p.numbers, (numbers: Map<string, number>) => JSON.stringify([...numbers])],
      ['colourHexes', (p) => p.colourHexes, (hexes: string[]) => hexes.join()],
    ];
    for (const [name, part, contentOf] of parts) {
      const alike = new Set(products.map((product) => contentOf(part(product) as never))).size;
      // Some products have the same (else there would be nothing to share)…
      expect(alike, name).toBeLessThan(products.length);
      // …and hold the same object.
      expect(new Set(products.map(part)).size, name).toBe(alike);
    }
  });
});
