import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawCordSwatch } from './cord-swatch.ts';
import { ImageNotFoundError, imageMetadata, parseImageRequest, renderImage } from './image-pipeline.server.ts';

function mediaWithSwatch() {
  const root = mkdtempSync(join(tmpdir(), 'cordial-media-'));
  mkdirSync(join(root, 'media/swatches'), { recursive: true });
  writeFileSync(join(root, 'media/swatches/red.svg'), drawCordSwatch({ colours: ['#c0392b'], pattern: 'solid', seed: 1 }));
  return { mediaDir: join(root, 'media'), cacheDir: join(root, 'cache') };
}

describe('parseImageRequest', () => {
  it('reads width, density and preset', () => {
    expect(parseImageRequest('swatches/red.svg', new URLSearchParams('w=300&dpr=2&preset=banner'))).toEqual({
      path: 'swatches/red.svg',
      width: 300,
      density: 2,
      preset: 'banner',
    });
  });

  it('falls back to defaults for nonsense and caps the width', () => {
    expect(parseImageRequest('a.svg', new URLSearchParams('w=abc&dpr=7&preset=x'))).toEqual({ path: 'a.svg', width: undefined, density: 1, preset: 'default' });
    expect(parseImageRequest('a.svg', new URLSearchParams('w=99999'))?.width).toBe(2400);
  });

  it('refuses paths that leave the media directory', () => {
    expect(parseImageRequest('../secret', new URLSearchParams())).toBeNull();
    expect(parseImageRequest('swatches/../../secret', new URLSearchParams())).toBeNull();
    expect(parseImageRequest('%2e%2e/secret', new URLSearchParams())).toBeNull();
  });
});

describe('renderImage', () => {
  it('renders webp at 1x and 2x of the requested width', async () => {
    const { mediaDir, cacheDir } = mediaWithSwatch();
    const single = await renderImage(mediaDir, cacheDir, { path: 'swatches/red.svg', width: 200, density: 1, preset: 'default' });
    const double = await renderImage(mediaDir, cacheDir, { path: 'swatches/red.svg', width: 200, density: 2, preset: 'default' });
    expect(await sharp(single).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
    expect(await sharp(double).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('serves a second request from the cache with identical bytes', async () => {
    const { mediaDir, cacheDir } = mediaWithSwatch();
    const request = { path: 'swatches/red.svg', width: 120, density: 1, preset: 'banner' } as const;
    const first = await renderImage(mediaDir, cacheDir, request);
    const second = await renderImage(mediaDir, cacheDir, request);
    expect(second.equals(first)).toBe(true);
  });

  it('reports a missing file as not found', async () => {
    const { mediaDir, cacheDir } = mediaWithSwatch();
    await expect(renderImage(mediaDir, cacheDir, { path: 'nope.svg', density: 1, preset: 'default' })).rejects.toBeInstanceOf(ImageNotFoundError);
  });
});

describe('imageMetadata', () => {
  it('gives the size of an image', async () => {
    const { mediaDir } = mediaWithSwatch();
    expect(await imageMetadata(join(mediaDir, 'swatches/red.svg'))).toEqual({ width: 800, height: 800, ratio: 1 });
  });

  it('gives zeros when the lookup fails (spec §8)', async () => {
    expect(await imageMetadata('/does/not/exist.png')).toEqual({ width: 0, height: 0, ratio: 0 });
  });
});
