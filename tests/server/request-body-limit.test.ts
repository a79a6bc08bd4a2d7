import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';

/** Sends a POST whose headers are given as they are (a declared length need not be the length sent). */
function post(baseUrl: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${path}`, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.write(body);
    // A lying length is never completed: the answer must come before the body does.
    if (!headers['content-length'] || Number(headers['content-length']) === Buffer.byteLength(body)) outgoing.end();
  });
}

/** Forms and the CSRF check read a request body whole: a body larger than the largest upload is refused before it is read. */
describe('request body limit', () => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    shop = await startShopInProcess(database);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  it('refuses a body over 25 MB with 413 in the store’s language, before reading it', async () => {
    const answer = await post(
      shop.baseUrl,
      '/de-de/contact',
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * 1024 * 1024) },
      '--x\r\n',
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toBe('Diese Datei ist zu groß: Es können höchstens 20 MB gesendet werden. Bitte wählen Sie eine kleinere Datei.');
  });

  it('refuses a body of unknown length (chunked) with 411', async () => {
    const answer = await post(
      shop.baseUrl,
      '/en-gb/contact',
      { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      'name=a',
    );
    expect(answer.status).toBe(411);
    expect(answer.text).toContain('at most 20 MB');
  });

  it('lets an ordinary form through to the shop (here: refused for its missing CSRF token)', async () => {
    const body = 'name=a';
    const answer = await post(
      shop.baseUrl,
      '/en-gb/contact',
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
      body,
    );
    expect(answer.status).toBe(403);
  });
});
