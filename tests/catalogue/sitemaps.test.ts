import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontByCode, storefronts } from '#app/modules/i18n/locales.ts';
import { parseSitemapFileName, sitemapFileName, sitemapIndexXml, storefrontSitemapXml } from '#app/modules/seo/sitemap.server.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const siteUrl = 'https://cordial.example';
const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);

describe('sitemap file names', () => {
  it('name a storefront’s first file by its prefix and the next ones with a number', () => {
    expect(sitemapFileName('de-de', 1)).toBe('de-de.xml');
    expect(sitemapFileName('de-de', 3)).toBe('de-de-3.xml');
    expect(parseSitemapFileName('de-de.xml')).toEqual({ prefix: 'de-de', part: 1 });
    expect(parseSitemapFileName('de-de-3.xml')).toEqual({ prefix: 'de-de', part: 3 });
    // The first file has one name only; anything else is not a sitemap.
    for (const file of ['de-de-1.xml', 'de-de-0.xml', 'de-de', 'de-de.xml.gz', '.xml']) expect(parseSitemapFileName(file), file).toBeNull();
  });
});

describe.each(testDrivers)('sitemaps split at the protocol’s limit on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.02);
  });
  afterAll(() => database?.destroy());

  it('list every URL of a storefront once across its files, and the index names each file', async () => {
    const german = storefrontByCode('de-DE')!;
    const whole = locs(await storefrontSitemapXml(database.db, siteUrl, german));
    expect(whole.length).toBeGreaterThan(40);
    const perFile = 17;
    const files = Math.ceil(whole.length / perFile);
    const parts = await Promise.all(Array.from({ length: files }, (_, index) => storefrontSitemapXml(database.db, siteUrl, german, index + 1, perFile)));
    for (const part of parts) expect(locs(part).length).toBeLessThanOrEqual(perFile);
    expect(parts.flatMap(locs)).toEqual(whole);
    expect(await storefrontSitemapXml(database.db, siteUrl, german, files + 1, perFile)).toBeNull();

    const index = locs(await sitemapIndexXml(database.db, siteUrl, storefronts, perFile));
    const germanFiles = index.filter((loc) => loc.startsWith(`${siteUrl}/sitemaps/de-de`));
    expect(germanFiles).toEqual(Array.from({ length: files }, (_, part) => `${siteUrl}/sitemaps/${sitemapFileName('de-de', part + 1)}`));
    for (const storefront of storefronts) expect(index).toContain(`${siteUrl}/sitemaps/${storefront.prefix}.xml`);
  });
});
