import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.server.ts';
import { minuteCache, staleMs } from './minute-cache.server.ts';

const db = {} as Database;

describe('minuteCache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load within the minute', async () => {
    const cached = minuteCache<number>(10);
    const load = vi.fn(async () => 1);
    expect(await Promise.all([cached(db, 'k', load), cached(db, 'k', load)])).toEqual([1, 1]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('past the minute, answers at once with the old value and reloads once in the background', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 9, 0) });
    const cached = minuteCache<number>(10);
    expect(await cached(db, 'k', async () => 1)).toBe(1);
    vi.advanceTimersByTime(61_000);
    let finishReload!: (value: number) => void;
    const reload = vi.fn(() => new Promise<number>((resolve) => (finishReload = resolve)));
    // The reload has not finished: nobody waits for it, and it is started once.
    expect(await cached(db, 'k', reload)).toBe(1);
    expect(await cached(db, 'k', reload)).toBe(1);
    expect(reload).toHaveBeenCalledTimes(1);
    finishReload(2);
    await Promise.resolve();
    expect(await cached(db, 'k', async () => 3)).toBe(2);
  });

  it('keeps the old value when the background reload fails, and loads again when it is too old', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 9, 0) });
    const cached = minuteCache<number>(10);
    await cached(db, 'k', async () => 1);
    vi.advanceTimersByTime(61_000);
    expect(await cached(db, 'k', () => Promise.reject(new Error('database down')))).toBe(1);
    await Promise.resolve();
    expect(await cached(db, 'k', async () => 2)).toBe(1);
    vi.advanceTimersByTime(staleMs);
    expect(await cached(db, 'k', async () => 3)).toBe(3);
  });
});
