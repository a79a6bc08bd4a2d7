import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

/** Counts event-loop turns (macrotasks) until stopped: requests get a turn only between them. */
function countTurns() {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  return () => {
    running = false;
    return turns;
  };
}

describe.each(testDrivers)('listing index on %s (issue 21: no stall while it is built)', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.1);
  });
  afterAll(() => database?.destroy());

  it('gives waiting requests a turn between slices of products', async () => {
    const stop = countTurns();
    const index = await buildListingIndex(database.db, { productsPerSlice: 40 });
    const turns = stop();
    const slices = Math.ceil(index.products.length / 40);
    expect(slices).toBeGreaterThan(5);
    // Each of the five sliced reads yields before every slice.
    expect(turns).toBeGreaterThanOrEqual(5 * slices);
  });

  it('builds the same index in slices as in one read', async () => {
    const sliced = await buildListingIndex(database.db, { productsPerSlice: 40 });
    const whole = await buildListingIndex(database.db, { productsPerSlice: 100_000 });
    const comparable = (index: typeof sliced) => ({ ...index, builtAt: 0 });
    expect(comparable(sliced)).toEqual(comparable(whole));
    expect(sliced.products.every((product) => product.names.en && product.imagePath && product.minPriceCents > 0)).toBe(true);
  });
});
