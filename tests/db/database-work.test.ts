import { describe, expect, it } from 'vitest';
import { asDatabaseWork, currentDatabaseWork } from '#app/db/database-work.server.ts';

describe('the kind of database work', () => {
  it('is seen by a second copy of the module (the server build beside the pool opened from the sources)', async () => {
    // A query string makes the module load again, as the server build bundles its own copy.
    const secondCopy = '../../app/db/database-work.server.ts?second-copy';
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof import('#app/db/database-work.server.ts');
    expect(copy.asDatabaseWork).not.toBe(asDatabaseWork);
    expect(await copy.asDatabaseWork('import', async () => currentDatabaseWork())).toBe('import');
    expect(await asDatabaseWork('checkout', async () => copy.currentDatabaseWork())).toBe('checkout');
    expect(currentDatabaseWork()).toBe('request');
  });
});
