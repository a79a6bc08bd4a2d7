/**
 * Issue 14, CLS 0: a phone on a slow connection gets a page's HTML in pieces, and Chromium paints
 * what it has parsed so far. Painted half-way through the header, the page shifted when the rest
 * arrived (Lighthouse saw 0.002 on the German cart page: the header's actions were one icon wide,
 * then three). The page holds its first paint until the footer is parsed (`<link rel="expect"
 * blocking="render">` in root.tsx). Here a proxy sends the HTML up to the middle of the header's
 * actions, waits, then sends the rest.
 */
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../tests/support/free-port.ts';
import { openBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const pauseMs = 800;
/** Where the first piece ends: inside the header's actions, before the cart link. */
const splitBefore = '<a class="icon-button cart-link"';

let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  const port = await freePort();
  proxy = createServer((incoming, outgoing) => {
    const upstream = request(
      `${baseUrl}${incoming.url}`,
      { method: incoming.method, headers: { ...incoming.headers, host: new URL(baseUrl).host, 'accept-encoding': 'identity' } },
      (answer) => {
        const isPage = (answer.headers['content-type'] ?? '').startsWith('text/html');
        if (!isPage) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const split = html.indexOf(splitBefore);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          outgoing.write(html.slice(0, split));
          setTimeout(() => outgoing.end(html.slice(split)), pauseMs);
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((listening) => proxy.listen(port, '127.0.0.1', listening));
  proxyUrl = `http://127.0.0.1:${port}`;
});

afterAll(() => new Promise<void>((closed) => (proxy ? proxy.close(() => closed()) : closed())));

describe('a page whose HTML arrives in pieces (issue 14)', () => {
  it('is first painted whole, so nothing shifts when the rest of the header arrives', async () => {
    const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        const shifts: { value: number; sources: string[] }[] = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
            shifts.push({ value: entry.value, sources: entry.sources.map((source) => (source.node as Element | undefined)?.className ?? '') });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const path of ['/de-de', '/en-gb']) {
        await page.goto(`${proxyUrl}${path}`);
        await page.waitForTimeout(500);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts);
        expect(shifts, path).toEqual([]);
        // The page is whole: the cart link the second piece brought is there.
        await expect.poll(() => page.locator('.cart-link').count()).toBe(1);
      }
    } finally {
      await browser.close();
    }
  });
});
