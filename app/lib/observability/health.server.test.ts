import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDrivers } from '../../../tests/support/database.ts';
import { checkHealth } from './health.server.ts';

describe.each(testDrivers)('checkHealth on %s', (driver) => {
  it('is ok while the database answers and unavailable once it is gone', async () => {
    const database = await createTestDatabase(driver);
    expect(await checkHealth(database.ping)).toEqual({ httpStatus: 200, body: { status: 'ok' } });
    await database.destroy();
    expect(await checkHealth(database.ping)).toEqual({ httpStatus: 503, body: { status: 'unavailable' } });
  });
});

describe('checkHealth', () => {
  it('gives up on a database that hangs', async () => {
    const hanging = () => new Promise<void>(() => {});
    expect((await checkHealth(hanging, 50)).httpStatus).toBe(503);
  });

  it('says so within a second by default', async () => {
    const started = performance.now();
    expect((await checkHealth(() => new Promise<void>(() => {}))).httpStatus).toBe(503);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
