import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuildAssets } from './build-assets.server.ts';

const script = 'export const answer = 42;\n'.repeat(100);
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cordial-precompressed-'));
  writeFileSync(join(dir, 'page-abc.js'), script);
  writeFileSync(join(dir, 'page-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'page-abc.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'only-plain-abc.js'), script);
  const app = express();
  app.use('/assets', serveBuildAssets(dir));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The raw answer: fetch would decompress it and hide which copy was sent. */
async function get(path: string, acceptEncoding?: string) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${baseUrl}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('precompressed build files', () => {
  it('sends the brotli copy to a browser that takes brotli, as JavaScript that never changes', async () => {
    const answer = await get('/assets/page-abc.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    // What applies to a script, and nothing of a document's policies.
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const header of ['content-security-policy', 'x-frame-options', 'last-modified']) expect(answer.headers[header]).toBeUndefined();
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends the gzip copy to one that takes only gzip', async () => {
    const answer = await get('/assets/page-abc.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the plain file to one that takes neither, and files without copies as they are', async () => {
    for (const [path, acceptEncoding] of [
      ['/assets/page-abc.js', undefined],
      ['/assets/page-abc.js', 'identity'],
      ['/assets/only-plain-abc.js', 'br'],
    ] as const) {
      const answer = await get(path, acceptEncoding);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.body.toString()).toBe(script);
    }
  });

  // Each header is sent with each of a page's dozen files, and Lighthouse counts them (decision 0047):
  // a hashed name has nothing to revalidate with, and nobody fetches a script in parts.
  it.each([
    ['/assets/page-abc.js', 'br'],
    ['/assets/page-abc.js', 'gzip'],
    ['/assets/page-abc.js', 'identity'],
    ['/assets/only-plain-abc.js', 'br'],
  ])('sends %s (%s) without an ETag, a date or byte ranges', async (path, acceptEncoding) => {
    const { headers } = await get(path, acceptEncoding);
    for (const header of ['etag', 'last-modified', 'accept-ranges']) expect(headers[header], header).toBeUndefined();
  });

  it('serves no copy of a file that is not there', async () => {
    expect((await get('/assets/missing.js', 'br')).status).toBe(404);
    expect((await get('/assets/..%2Fpage-abc.js', 'br')).headers['content-encoding']).toBeUndefined();
  });
});
