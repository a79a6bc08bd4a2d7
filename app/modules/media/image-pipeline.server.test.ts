import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawCordSwatch } from '../../../scripts/demo-catalogue/drawing/cord-swatch.ts';
import { imageMetadata, imagePresets, parseImageRequest } from './image-pipeline.server.ts';
import { maxRenderWidth, renderWebp } from './image-renderer.server.ts';
import { nearestImageWidth } from './image-widths.ts';

function mediaWithSwatch() {
  const root = mkdtempSync(join(tmpdir(), 'cordial-media-'));
  mkdirSync(join(root, 'media/swatches'), { recursive: true });
  writeFileSync(join(root, 'media/swatches/red.svg'), drawCordSwatch({ colours: ['#c0392b'], pattern: 'solid', seed: 1 }));
  return { mediaDir: join(root, 'media') };
}

const parse = (path: string, query: string) => parseImageRequest(path, new URLSearchParams(query));

describe('parseImageRequest', () => {
  it('reads a served width, density and preset', () => {
    expect(parse('swatches/red.svg', 'w=320&dpr=2&preset=banner')).toEqual({
      kind: 'image',
      request: { path: 'swatches/red.svg', width: 320, density: 2, preset: 'banner' },
    });
    expect(parse('/a.svg', '')).toEqual({ kind: 'image', request: { path: 'a.svg', width: undefined, density: 1, preset: 'default' } });
    expect(parse('a.svg', 'w=96&dpr=1&preset=default')).toMatchObject({ kind: 'image', request: { width: 96, density: 1, preset: 'default' } });
  });

  it('redirects other widths of up to four digits to the nearest served width', () => {
    expect(parse('a.svg', 'w=300')).toEqual({ kind: 'redirect', location: '/images/a.svg?w=320' });
    expect(parse('a b,c.svg', 'w=2400&dpr=2&preset=banner')).toEqual({ kind: 'redirect', location: '/images/a%20b%2Cc.svg?w=1920&dpr=2&preset=banner' });
    expect(parse('a.svg', 'w=0048')).toEqual({ kind: 'image', request: expect.objectContaining({ width: 48 }) });
  });

  it('refuses widths that are not a number of pixels, and unknown densities and presets', () => {
    for (const query of ['w=99999', 'w=2026-000001', 'w=abc', 'w=0', 'w=+320', 'w=%20320', 'dpr=3', 'dpr=2.0', 'preset=x', 'preset=toString']) {
      expect(parse('a.svg', query)).toMatchObject({ kind: 'invalid' });
    }
  });

  it('refuses paths that leave the media directory or do not decode', () => {
    for (const path of ['../secret', 'swatches/../../secret', '%2e%2e/secret', '/../secret', 'a/..', '', '%zz', 'a%00.svg']) {
      expect(parse(path, 'w=320')).toMatchObject({ kind: 'invalid' });
    }
  });
});

describe('nearestImageWidth', () => {
  it('snaps to the closest served width, the larger one at halfway', () => {
    expect(nearestImageWidth(1)).toBe(48);
    expect(nearestImageWidth(400)).toBe(480);
    expect(nearestImageWidth(390)).toBe(320);
    expect(nearestImageWidth(9999)).toBe(1920);
  });
});

describe('renderWebp', () => {
  it('renders a drawing as webp at the pixel width asked', async () => {
    const { mediaDir } = mediaWithSwatch();
    const source = join(mediaDir, 'swatches/red.svg');
    const small = await renderWebp({ source, width: 96, density: 1, quality: 80 });
    const large = await renderWebp({ source, width: 640, density: 2, quality: 60 });
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(await sharp(large).metadata()).toMatchObject({ format: 'webp', width: 640, height: 640 });
  });

  it('keeps a drawing at its own width times the density when no width is asked, up to the widest render', async () => {
    const { mediaDir } = mediaWithSwatch();
    const source = join(mediaDir, 'swatches/red.svg');
    expect(await sharp(await renderWebp({ source, width: undefined, density: 1, quality: 80 })).metadata()).toMatchObject({ width: 800 });
    const wide = join(mediaDir, 'wide.png');
    await sharp({ create: { width: maxRenderWidth + 100, height: 10, channels: 3, background: '#000' } })
      .png()
      .toFile(wide);
    expect(await sharp(await renderWebp({ source: wide, width: undefined, density: 2, quality: 80 })).metadata()).toMatchObject({ width: maxRenderWidth });
  });
});

describe('a banner cut for phones (preset banner-phone)', () => {
  it('is parsed as a preset of its own', () => {
    expect(parse('banners/home.svg', 'w=640&preset=banner-phone')).toMatchObject({ kind: 'image', request: { width: 640, preset: 'banner-phone' } });
  });

  it('is the 8:5 centre of an 8:3 banner, drawn at the width asked', async () => {
    const { mediaDir } = mediaWithSwatch();
    const source = join(mediaDir, 'banner.svg');
    // Red and blue sides (a fifth each) around a green centre: the centre is exactly the 8:5 a phone shows.
    writeFileSync(
      source,
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="160" height="300" fill="#f00"/>' +
        '<rect x="160" width="480" height="300" fill="#0f0"/><rect x="640" width="160" height="300" fill="#00f"/></svg>',
    );
    const cut = await renderWebp({ source, width: 640, density: 1, ...imagePresets['banner-phone'] });
    expect(await sharp(cut).metadata()).toMatchObject({ format: 'webp', width: 640, height: 400 });
    const { data, info } = await sharp(cut).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    for (const [x, y] of [
      [4, 4],
      [635, 4],
      [4, 395],
      [635, 395],
      [320, 200],
    ] as const) {
      const [red, green, blue] = pixel(x, y) as [number, number, number];
      expect({ x, y, green: green > 200, red: red < 60, blue: blue < 60 }).toEqual({ x, y, green: true, red: true, blue: true });
    }
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
