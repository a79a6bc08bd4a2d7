import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productUrlKeys } from '#app/modules/catalogue/product-url-keys.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createProduct } from '../support/factories.ts';

/** Spec §6: GET /api/product/{sku}/urlPath answers url_key and url_key_{locale}. */
describe.each(testDrivers)('a product’s URL keys on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('gives the en-US key as the main one and one key per store, nothing for an unknown SKU', async () => {
    const product = await createProduct(database.db, { sku: 'PC550-BLK' });
    const keys = await productUrlKeys(database.db, product.sku);
    expect(keys).toMatchObject({ url_key: 'test-cord-pc550-blk', url_key_en_US: 'test-cord-pc550-blk', url_key_de_DE: 'test-cord-pc550-blk' });
    expect(Object.keys(keys!).filter((key) => key.startsWith('url_key_'))).toHaveLength(11);
    expect(await productUrlKeys(database.db, 'NO-SUCH-SKU')).toBeNull();
  });
});
