import { eq } from 'drizzle-orm';
import { isRouteErrorResponse } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedValue } from '#app/db/errors.ts';
import { customerAddresses, wishlists } from '#app/db/schema.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';

/** What a route would answer: the status of the response orUnavailable threw. */
async function statusOf(work: () => Promise<unknown>): Promise<number | 'ok'> {
  try {
    await orUnavailable(work);
    return 'ok';
  } catch (thrown) {
    if (isRouteErrorResponse(thrown)) return thrown.status;
    if (thrown && typeof thrown === 'object' && 'init' in thrown) return (thrown as { init: { status: number } }).init.status;
    throw thrown;
  }
}

describe.each(testDrivers)('values the database refuses, on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('answer 400, not 500: a NUL character in a text, an id beyond the integer range', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const nul = () => db.insert(wishlists).values({ customerId: customer.id, name: 'a\u0000b' });
    const huge = () => db.select().from(customerAddresses).where(eq(customerAddresses.id, 3_000_000_000));
    await expect(nul()).rejects.toSatisfy(isRefusedValue);
    await expect(huge()).rejects.toSatisfy(isRefusedValue);
    expect(await statusOf(nul)).toBe(400);
    expect(await statusOf(huge)).toBe(400);
    // A query that is simply wrong stays a server fault.
    await expect(statusOf(() => db.insert(wishlists).values({ customerId: -1, name: 'orphan' }))).rejects.toThrow();
  });
});
