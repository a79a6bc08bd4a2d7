/**
 * /images over HTTP with the real render process and disk cache (decision 0015): concurrent
 * identical requests, widths outside the served set, a full render queue, failed renders and
 * the cache's size cap.
 */
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageCache } from '#app/modules/media/image-cache.server.ts';
import { ImagePipeline } from '#app/modules/media/image-pipeline.server.ts';
import { ImageRenderer, type ImageRendererOptions } from '#app/modules/media/image-renderer.server.ts';
import { serveImages } from '#app/modules/media/image-route.server.ts';
import { drawCordSwatch } from '../../scripts/demo-catalogue/drawing/cord-swatch.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';

interface ImageServer {
  baseUrl: string;
  renderer: ImageRenderer;
  mediaDir: string;
  cacheDir: string;
}

const running: { server: Server; renderer: ImageRenderer }[] = [];

afterEach(async () => {
  for (const { server, renderer } of running.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
    await renderer.close();
  }
});

/** Swatches named swatch-0.svg … swatch-{count-1}.svg, each a different drawing. */
async function startImageServer({
  swatches = 1,
  cacheMaxBytes = 64 * 1024 * 1024,
  renderer: rendererOptions = {},
}: { swatches?: number; cacheMaxBytes?: number; renderer?: Partial<ImageRendererOptions> } = {}): Promise<ImageServer> {
  const root = mkdtempSync(join(tmpdir(), 'cordial-images-'));
  const mediaDir = join(root, 'media');
  const cacheDir = join(root, 'cache');
  mkdirSync(mediaDir, { recursive: true });
  for (let index = 0; index < swatches; index++) {
    writeFileSync(join(mediaDir, `swatch-${index}.svg`), drawCordSwatch({ colours: ['#c0392b', '#1f3a5f'], pattern: 'solid', seed: index + 1 }));
  }
  const renderer = new ImageRenderer({ concurrency: 2, maxQueued: 8, timeoutSeconds: 60, ...rendererOptions });
  const images = new ImagePipeline({ mediaDir, cache: new ImageCache(cacheDir, cacheMaxBytes), renderer, logger: createLogger('silent') });
  const app = express().use(serveImages(images));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  running.push({ server, renderer });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return { baseUrl: `http://127.0.0.1:${address.port}`, renderer, mediaDir, cacheDir };
}

const filesIn = (directory: string) => {
  try {
    return readdirSync(directory).toSorted();
  } catch {
    return [];
  }
};

async function get(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('identical requests at once', () => {
  it('share one render: six uncached requests all answer 200 with the same bytes and leave one file', async () => {
    const shop = await startImageServer();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${shop.baseUrl}/images/swatch-0.svg?w=320&dpr=2`)));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((answer) => answer.body.equals(answers[0]?.body as Buffer))).toBe(true);
    expect(answers[0]?.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(answers[0]?.body).metadata()).toMatchObject({ format: 'webp', width: 640 });
    expect(shop.renderer.rendered).toBe(1);
    const files = filesIn(shop.cacheDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.webp$/);

    // Later requests come from the cache: the same bytes, no new render.
    const again = await get(`${shop.baseUrl}/images/swatch-0.svg?w=320&dpr=2`);
    expect(again.body.equals(answers[0]?.body as Buffer)).toBe(true);
    expect(shop.renderer.rendered).toBe(1);
  });

  it('renders 2x of a width and 1x of twice that width once (the same pixels)', async () => {
    const shop = await startImageServer();
    const double = await get(`${shop.baseUrl}/images/swatch-0.svg?w=160&dpr=2`);
    const single = await get(`${shop.baseUrl}/images/swatch-0.svg?w=320`);
    expect(single.body.equals(double.body)).toBe(true);
    expect(shop.renderer.rendered).toBe(1);
  });
});

describe('widths, densities and presets', () => {
  it('redirects a width the pages do not use to the nearest served width, keeping dpr and preset', async () => {
    const shop = await startImageServer();
    const snapped = await get(`${shop.baseUrl}/images/swatch-0.svg?w=333&dpr=2&preset=banner`);
    expect(snapped.status).toBe(301);
    expect(snapped.headers.get('location')).toBe('/images/swatch-0.svg?w=320&dpr=2&preset=banner');
    expect((await get(`${shop.baseUrl}/images/swatch-0.svg?w=2400`)).headers.get('location')).toBe('/images/swatch-0.svg?w=1920');
    expect((await get(`${shop.baseUrl}/images/swatch-0.svg?w=1`)).headers.get('location')).toBe('/images/swatch-0.svg?w=48');
    expect(shop.renderer.rendered).toBe(0);
  });

  it.each([
    ['w=99999'],
    ['w=2026-000001'],
    ['w=0'],
    ['w=-320'],
    ['w=320.5'],
    ['w=1e3'],
    ['w='],
    ['w=320&dpr=3'],
    ['w=320&dpr=1.5'],
    ['w=320&preset=poster'],
    ['w=320&preset=__proto__'],
  ])('refuses %s with 400 without rendering', async (query) => {
    const shop = await startImageServer();
    const answer = await get(`${shop.baseUrl}/images/swatch-0.svg?${query}`);
    expect(answer.status).toBe(400);
    expect(shop.renderer.rendered).toBe(0);
    expect(filesIn(shop.cacheDir)).toEqual([]);
  });

  it('refuses a malformed escape or a path out of the media directory with 400, and a missing file with 404', async () => {
    const shop = await startImageServer();
    expect((await get(`${shop.baseUrl}/images/%zz`)).status).toBe(400);
    // Escaped slashes survive URL normalisation and reach the server as they are.
    expect((await get(`${shop.baseUrl}/images/a%2F..%2F..%2Fsecret`)).status).toBe(400);
    expect((await get(`${shop.baseUrl}/images/nope.svg?w=320`)).status).toBe(404);
  });
});

describe('a bounded render queue', () => {
  it('answers 503 with Retry-After when the queue is full, and renders that image when asked again', async () => {
    const shop = await startImageServer({ swatches: 3, renderer: { concurrency: 1, maxQueued: 1 } });
    const urls = [0, 1, 2].map((index) => `${shop.baseUrl}/images/swatch-${index}.svg?w=640`);
    const answers = await Promise.all(urls.map((url) => get(url)));

    // One renders, one waits, the third finds the queue full.
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 200, 503]);
    const refused = answers.findIndex((answer) => answer.status === 503);
    expect(answers[refused]?.headers.get('retry-after')).toBe('10');
    expect(filesIn(shop.cacheDir)).toHaveLength(2);

    expect((await get(urls[refused] as string)).status).toBe(200);
    expect(filesIn(shop.cacheDir)).toHaveLength(3);
  });
});

describe('a render that fails', () => {
  it('answers 500 and leaves no file, complete or partial', async () => {
    const shop = await startImageServer();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    // A PNG cut short: the header reads, the pixels do not.
    writeFileSync(join(shop.mediaDir, 'broken.png'), png.subarray(0, Math.floor(png.length / 2)));

    const answers = await Promise.all([get(`${shop.baseUrl}/images/broken.png?w=320`), get(`${shop.baseUrl}/images/broken.png?w=320`)]);
    expect(answers.map((answer) => answer.status)).toEqual([500, 500]);
    expect(filesIn(shop.cacheDir)).toEqual([]);

    // The render process survives a failed render.
    expect((await get(`${shop.baseUrl}/images/swatch-0.svg?w=96`)).status).toBe(200);
  });
});

describe('the cache size cap', () => {
  it('removes the least recently used images to stay under the cap', async () => {
    // Four copies of one drawing: four cache files of the same size.
    const measure = await startImageServer();
    const size = (await get(`${measure.baseUrl}/images/swatch-0.svg?w=160`)).body.length;
    const shop = await startImageServer({ cacheMaxBytes: Math.floor(size * 3.5) });
    const drawing = drawCordSwatch({ colours: ['#c0392b', '#1f3a5f'], pattern: 'solid', seed: 1 });
    for (const index of [1, 2, 3]) writeFileSync(join(shop.mediaDir, `copy-${index}.svg`), drawing);
    const url = (name: string) => `${shop.baseUrl}/images/${name}.svg?w=160`;

    for (const name of ['swatch-0', 'copy-1', 'copy-2']) expect((await get(url(name))).status).toBe(200);
    expect(filesIn(shop.cacheDir)).toHaveLength(3);
    // Using the first again makes copy-1 the least recently used; a fourth image overflows the cap.
    await get(url('swatch-0'));
    await get(url('copy-3'));
    expect(shop.renderer.rendered).toBe(4);

    const files = filesIn(shop.cacheDir);
    expect(files).toHaveLength(3);
    expect(files.reduce((sum, name) => sum + statSync(join(shop.cacheDir, name)).size, 0)).toBeLessThanOrEqual(size * 3.5);
    for (const name of ['swatch-0', 'copy-2', 'copy-3']) await get(url(name));
    expect(shop.renderer.rendered).toBe(4);
    await get(url('copy-1'));
    expect(shop.renderer.rendered).toBe(5);
  });
});
