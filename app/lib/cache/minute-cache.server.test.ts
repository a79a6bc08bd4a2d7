import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '#app/db/client.server.ts';
import { forgetMinuteCaches, minuteCache } from './minute-cache.server.ts';

/** A database handle only serves as the key of the caches here. */
const database = () => ({}) as Database;

describe('minuteCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shares one load between callers asking at the same time', async () => {
    const cached = minuteCache<number>(10);
    const db = database();
    const load = vi.fn(async () => 1);
    expect(await Promise.all([cached(db, 'k', load), cached(db, 'k', load)])).toEqual([1, 1]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after a minute answers at once with the old value and reads a fresh one in the background', async () => {
    const cached = minuteCache<string>(10);
    const db = database();
    await cached(db, 'k', async () => 'old');
    vi.advanceTimersByTime(61_000);
    let finish: (value: string) => void = () => {};
    const slow = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(await cached(db, 'k', slow)).toBe('old');
    expect(await cached(db, 'k', slow)).toBe('old');
    expect(slow).toHaveBeenCalledTimes(1);
    finish('new');
    await vi.advanceTimersByTimeAsync(0);
    expect(await cached(db, 'k', slow)).toBe('new');
  });

  it('forgets one answer of one database when asked, keeping the others', async () => {
    const cached = minuteCache<string>(10);
    const db = database();
    const other = database();
    await cached(db, 'a', async () => 'a1');
    await cached(db, 'b', async () => 'b1');
    await cached(other, 'a', async () => 'other a1');
    cached.forget(db, 'a');
    expect(await cached(db, 'a', async () => 'a2')).toBe('a2');
    expect(await cached(db, 'b', async () => 'b2')).toBe('b1');
    expect(await cached(other, 'a', async () => 'other a2')).toBe('other a1');
  });

  it('forgets everything of one database on a change, and a refresh begun before it is not kept', async () => {
    const cached = minuteCache<string>(10);
    const db = database();
    const other = database();
    await cached(db, 'k', async () => 'before');
    await cached(other, 'k', async () => 'other');
    vi.advanceTimersByTime(61_000);
    let finish: (value: string) => void = () => {};
    await cached(db, 'k', () => new Promise<string>((resolve) => (finish = resolve)));
    forgetMinuteCaches(db);
    finish('read before the change');
    await vi.advanceTimersByTimeAsync(0);
    expect(await cached(db, 'k', async () => 'after')).toBe('after');
    expect(await cached(other, 'k', async () => 'unused')).toBe('other');
  });

  it('forgets a failed load, so the next caller tries again', async () => {
    const cached = minuteCache<string>(10);
    const db = database();
    await expect(cached(db, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached(db, 'k', async () => 'up')).toBe('up');
  });
});
