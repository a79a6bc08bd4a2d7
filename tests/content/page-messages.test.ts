/**
 * Issue 14, decision 0032: a storefront page carries the name of its store's message file, not the
 * messages; the file is kept for good under its hash, and a page cached before the messages
 * changed still gets messages (the current ones, not kept) under its outdated name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatedMessages } from '#app/db/schema.ts';
import { localeFileMessages, storefrontPageMessages } from '#app/modules/i18n/messages.server.ts';
import { deriveLocaleFormats } from '#app/modules/i18n/locale-formats.ts';
import { lookupMessage } from '#app/modules/i18n/messages.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';

const immutable = 'public, max-age=31536000, immutable';
const enGB = localeFileMessages('en-GB');
const message = (key: string) => {
  const text = lookupMessage(enGB, key);
  if (!text) throw new Error(`no message ${key}`);
  return text;
};

describe.each(testDrivers)('page messages on %s (decision 0032)', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    shop = await startShopInProcess(database);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await database?.destroy();
  });

  const page = async (path: string) => (await fetch(`${shop.baseUrl}${path}`)).text();
  /** The message file a page preloads once its first screen is painted (its module script adds the link, decision 0037). */
  const messagesPathOf = (html: string) => {
    const link = /\{"rel":"preload","as":"fetch","crossorigin":"anonymous","href":"(\/api\/messages\/[^"]+)","data-page-messages":""\}/.exec(html);
    if (!link) throw new Error('the page preloads no message file');
    return link[1]!;
  };
  const messagesFile = async (path: string) => {
    const response = await fetch(`${shop.baseUrl}${path}`);
    return {
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      type: response.headers.get('content-type'),
      body: await response.text(),
    };
  };

  it('leaves the dictionary out of the page and names the store’s message file, kept for good', async () => {
    const html = await page('/en-gb');
    // Texts of the dictionary that the home page does not show: only a carried dictionary has them.
    for (const key of ['errors.generalMessage', 'checkout.emailHint', 'account.passwordChanged', 'validation.required']) {
      expect(html, key).not.toContain(JSON.stringify(message(key)).slice(1, -1));
    }
    const path = messagesPathOf(html);
    expect(path).toMatch(/^\/api\/messages\/en-gb\.[A-Za-z0-9_-]+\.json$/);
    const file = await messagesFile(path);
    expect(file).toMatchObject({ status: 200, cacheControl: immutable });
    expect(file.type).toMatch(/^application\/json/);
    expect(JSON.parse(file.body)).toEqual({ messages: storefrontPageMessages(enGB), formats: deriveLocaleFormats('en-GB') });
    // The same file for every page of the store (the page cache and shared HTML stay as they were).
    expect(messagesPathOf(await page('/en-gb/search?q=cord'))).toBe(path);
    expect(messagesPathOf(await page('/de-de'))).toMatch(/^\/api\/messages\/de-de\./);
  });

  it('names a new file when an override changes the messages; the old name answers the current messages, not kept', async () => {
    const before = messagesPathOf(await page('/en-gb'));
    await database.db.insert(translatedMessages).values({ language: 'en_GB', key: 'header.cart', value: 'Shopping basket' });
    let html = await page('/en-gb');
    for (let attempt = 0; attempt < 50 && messagesPathOf(html) === before; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      html = await page('/en-gb');
    }
    const after = messagesPathOf(html);
    expect(after).not.toBe(before);
    // The server renders with the override, and the file says the same.
    expect(html).toContain('Shopping basket');
    const current = await messagesFile(after);
    expect(current.cacheControl).toBe(immutable);
    expect(lookupMessage(JSON.parse(current.body).messages, 'header.cart')).toBe('Shopping basket');

    const outdated = await messagesFile(before);
    expect(outdated).toMatchObject({ status: 200, cacheControl: 'no-cache', body: current.body });
  });

  it('answers 404 for a store that does not exist', async () => {
    expect((await messagesFile('/api/messages/xx-yy.abc.json')).status).toBe(404);
    expect((await messagesFile('/api/messages/en-gb.json')).status).toBe(404);
  });
});
