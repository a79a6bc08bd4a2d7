import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageCache } from './image-cache.server.ts';

const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);
const listing = (directory: string) => readdirSync(directory).toSorted();

describe('ImageCache', () => {
  it('gives back what was written while the source is not newer', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cordial-image-cache-'));
    const cache = new ImageCache(directory, 1000);
    await cache.write('a', bytes(10, 7));
    expect(await cache.read('a', 0)).toEqual(bytes(10, 7));
    expect(await cache.read('a', Date.now() + 60_000)).toBeNull();
    expect(await cache.read('missing', 0)).toBeNull();
    expect(listing(directory)).toEqual(['a.webp']);
  });

  it('evicts the least recently used files to below the cap', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cordial-image-cache-'));
    const cache = new ImageCache(directory, 350);
    await cache.write('a', bytes(100));
    await cache.write('b', bytes(100));
    await cache.write('c', bytes(100));
    await cache.read('a', 0);
    await cache.write('d', bytes(100));
    expect(listing(directory)).toEqual(['a.webp', 'c.webp', 'd.webp']);
    expect(cache.sizeBytes).toBe(300);
    // Going over evicts down to 90 % of the cap (315), not just under it: c, then a.
    await cache.write('e', bytes(150));
    expect(listing(directory)).toEqual(['d.webp', 'e.webp']);
    expect(cache.sizeBytes).toBe(250);
  });

  it('indexes the files of an earlier run, oldest first, and removes abandoned temporary files', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cordial-image-cache-'));
    const hourAgo = Date.now() / 1000 - 3600;
    writeFileSync(join(directory, 'old.webp'), bytes(100));
    utimesSync(join(directory, 'old.webp'), hourAgo, hourAgo);
    writeFileSync(join(directory, 'new.webp'), bytes(100));
    writeFileSync(join(directory, 'x.webp.1.abandoned.tmp'), bytes(50));
    utimesSync(join(directory, 'x.webp.1.abandoned.tmp'), hourAgo, hourAgo);
    writeFileSync(join(directory, 'y.webp.2.in-progress.tmp'), bytes(50));

    const cache = new ImageCache(directory, 250);
    await cache.write('next', bytes(100));
    expect(listing(directory)).toEqual(['new.webp', 'next.webp', 'y.webp.2.in-progress.tmp']);
  });

  it('leaves no temporary file behind when the rename fails', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'cordial-image-cache-'));
    // A directory in the way of the cache file: the temporary file is written, the rename fails.
    mkdirSync(join(directory, 'a.webp'));
    writeFileSync(join(directory, 'a.webp', 'inside'), 'x');
    const cache = new ImageCache(directory, 1000);
    await expect(cache.write('a', bytes(10))).rejects.toThrow();
    expect(listing(directory)).toEqual(['a.webp']);
    expect(cache.sizeBytes).toBe(0);
  });
});
