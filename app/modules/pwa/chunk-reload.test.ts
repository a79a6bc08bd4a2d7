import { describe, expect, it } from 'vitest';
import { cacheBustingUrl, isChunkLoadError, nextChunkReload } from './chunk-reload.ts';

describe('the chunk-load reload rule (spec §8)', () => {
  it('reloads at most three times in thirty seconds', () => {
    let attempts: number[] = [];
    const decisions = [0, 1_000, 2_000, 3_000].map((now) => {
      const next = nextChunkReload(attempts, now);
      attempts = next.attempts;
      return next.reload;
    });
    expect(decisions).toEqual([true, true, true, false]);
  });

  it('allows reloads again once the earlier ones are older than the window', () => {
    expect(nextChunkReload([0, 1_000, 2_000], 30_500)).toEqual({ reload: true, attempts: [1_000, 2_000, 30_500] });
    expect(nextChunkReload([0, 1_000, 2_000], 29_999).reload).toBe(false);
  });

  it('busts the cache with _t and keeps the rest of the address', () => {
    expect(cacheBustingUrl('https://shop.test/en-gb/paracord?colour=red&_t=1', 42)).toBe('https://shop.test/en-gb/paracord?colour=red&_t=42');
  });

  it('recognises the browsers’ chunk-load failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
