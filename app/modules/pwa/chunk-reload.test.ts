import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cacheBustingUrl, ChunkReloadLimitError, countRouterReloads, isChunkLoadError, nextChunkReload } from './chunk-reload.ts';

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

describe('React Router’s own reload after a route module failed to load', () => {
  const routerLog = 'Error loading route module `/assets/search-Cr1aza8b.js`, reloading page...';

  it('is counted, and stopped by a throw from its log line once the limit is reached', () => {
    const logged: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void logged.push(args) };
    let attempts: number[] = [];
    const stop = countRouterReloads(target, () => {
      const next = nextChunkReload(attempts, 5_000 + attempts.length);
      attempts = next.attempts;
      return next.reload;
    });
    for (let reload = 0; reload < 3; reload++) expect(() => target.error(routerLog)).not.toThrow();
    expect(() => target.error(routerLog)).toThrow(ChunkReloadLimitError);
    expect(logged).toHaveLength(4);
    // Other errors are only logged, and not counted.
    expect(() => target.error('something else', new Error('x'))).not.toThrow();
    expect(attempts).toHaveLength(3);
    stop();
    expect(() => target.error(routerLog)).not.toThrow();
    expect(logged).toHaveLength(6);
  });

  it('matches the line React Router logs just before its location.reload()', () => {
    const source = readFileSync(
      createRequire(import.meta.url)
        .resolve('react-router')
        .replace(/index\.js$/, 'lib/dom/ssr/routeModules.js'),
      'utf8',
    );
    const handler = source.slice(source.indexOf('catch (error)'));
    const logLine = /console\.error\(`(Error loading route module (?:\\`|[^`])*)`\)/.exec(handler)?.[1];
    expect(logLine).toBeDefined();
    // What it logs, with the module filled in, and the reload after it in the same handler.
    const logged = logLine!.replace('\\`${route.module}\\`', '`/assets/search-Cr1aza8b.js`');
    const target = { error: (..._args: unknown[]) => undefined };
    countRouterReloads(target, () => false);
    expect(() => target.error(logged)).toThrow(ChunkReloadLimitError);
    expect(handler.indexOf('window.location.reload()')).toBeGreaterThan(handler.indexOf(logLine!));
  });
});
