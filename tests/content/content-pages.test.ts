import { and, eq } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/context.ts';
import { servicesContext } from '#app/context.ts';
import {
  bannerTranslations,
  banners,
  categories,
  translatedMessages,
  categoryTranslations,
  contactMessages,
  contentPages,
  contentPageTranslations,
  products,
  productTranslations,
} from '#app/db/schema.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { activeBanners } from '#app/modules/content/banners.server.ts';
import { submitContactForm } from '#app/modules/content/contact-messages.server.ts';
import { contentPageView, getContentPage } from '#app/modules/content/content-page.server.ts';
import { contentPageCodes, informationPageSlug } from '#app/modules/content/information-pages.ts';
import { seedContent } from '#app/modules/content/seed-content.server.ts';
import { equivalentPath } from '#app/modules/content/store-switch.server.ts';
import { storefrontByCode, storefronts } from '#app/modules/i18n/locales.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { seller } from '#app/modules/orders/seller.ts';
import { loader as apiRoute } from '#app/routes/api/route.ts';
import { loader as bannersQuery } from '#app/routes/content/banners-query.ts';
import { loader as sanityMessages } from '#app/routes/content/sanity-messages.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const store = (code: string) => storefrontByCode(code)!;
const selection = (code: string) => ({
  storefront: store(code),
  currency: store(code).currencies[0],
  includeVat: store(code).pricesIncludeVat,
  hasChosenLocale: true,
});
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** Calls a resource route's loader the way React Router does, with the shop's services in the context. */
function callLoader<T>(loader: (args: never) => T, services: AppServices, url: string): T {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return loader({ request: new Request(url), context, params: {} } as never);
}

describe.each(testDrivers)('content pages on %s', (driver) => {
  let database: TestDatabase;
  let services: AppServices;
  const sent: OutgoingMail[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    services = {
      db: database.db,
      logger: createLogger('silent'),
      siteUrl: 'https://shop.example',
      shopName: 'Cordial',
      payments: null,
      mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) },
    } as AppServices;
    await seedContent(database.db, { shopName: 'Cordial' });
  });
  afterAll(() => database?.destroy());

  it('seeds every content page in every store once, with its localised slug', async () => {
    const rows = await database.db
      .select({ locale: contentPageTranslations.locale, slug: contentPageTranslations.slug, code: contentPages.code })
      .from(contentPageTranslations)
      .innerJoin(contentPages, eq(contentPages.id, contentPageTranslations.pageId));
    expect(rows).toHaveLength(contentPageCodes.length * storefronts.length);
    expect(rows).toContainEqual({ locale: 'de-DE', slug: 'agb', code: 'terms' });
    expect(rows).toContainEqual({ locale: 'pl-PL', slug: 'hurtownia', code: 'wholesale' });
    expect(await seedContent(database.db, { shopName: 'Cordial' })).toEqual({ pages: 0, banners: 0 });
  });

  it('resolves a localised slug to the page code, and answers CMS_PAGE with its identifier at /api/route', async () => {
    expect(await resolveCataloguePath(database.db, 'de-DE', 'impressum')).toMatchObject({
      type: 'CMS_PAGE',
      identifier: 'imprint',
      relativeUrl: '/de-de/impressum',
    });
    const response = await callLoader(apiRoute, services, 'https://shop.example/api/route?url=/nl-nl/algemene-voorwaarden');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ type: 'CMS_PAGE', identifier: 'terms', relative_url: '/nl-nl/algemene-voorwaarden', redirect_code: 0 });
  });

  it('does not resolve or show an unpublished translation, and leaves it out of the alternates', async () => {
    const [page] = await database.db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.code, 'ambassadors'));
    await database.db
      .update(contentPageTranslations)
      .set({ published: false })
      .where(and(eq(contentPageTranslations.pageId, page!.id), eq(contentPageTranslations.locale, 'sv-SE')));
    expect(await resolveCataloguePath(database.db, 'sv-SE', 'ambassadors')).toBeNull();
    expect(await getContentPage(database.db, page!.id, 'sv-SE', services)).toBeNull();
    const german = await getContentPage(database.db, page!.id, 'de-DE', services);
    expect(german?.alternates['sv-SE']).toBeUndefined();
    expect(german?.alternates['da-DK']).toBe('/da-dk/ambassadors');
  });

  it('renders the body through the sanitiser, with links to the pages of the same store and the computed parts', async () => {
    const [terms] = await database.db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.code, 'terms'));
    await database.db
      .update(contentPageTranslations)
      .set({ bodyHtml: '<p>See <a href="{{href:returns}}">returns</a>.</p><script>alert(1)</script>\n{{company}}\n<p>{{unknown}}</p>' })
      .where(and(eq(contentPageTranslations.pageId, terms!.id), eq(contentPageTranslations.locale, 'fr-FR')));
    const page = await contentPageView(database.db, terms!.id, selection('fr-FR'), {
      siteUrl: services.siteUrl,
      shopName: 'Cordial',
      onlinePaymentsEnabled: false,
    });
    expect(page?.segments).toEqual([
      { kind: 'html', html: '<p>See <a href="/fr-fr/retours">returns</a>.</p>\n' },
      { kind: 'widget', name: 'company' },
      { kind: 'html', html: '\n<p>{{unknown}}</p>' },
    ]);
    expect(page?.widgets.company).toMatchObject({ legalName: 'Cordial B.V.', vatNumber: seller.vatNumber });
  });

  it('computes the payment methods from the checkout: no card, iDEAL or Bancontact without a payment provider', async () => {
    const [page] = await database.db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.code, 'paymentMethods'));
    const offline = await contentPageView(database.db, page!.id, selection('nl-NL'), {
      siteUrl: services.siteUrl,
      shopName: 'Cordial',
      onlinePaymentsEnabled: false,
    });
    const online = await contentPageView(database.db, page!.id, selection('nl-NL'), {
      siteUrl: services.siteUrl,
      shopName: 'Cordial',
      onlinePaymentsEnabled: true,
    });
    const methodsFor = (data: typeof offline, country: string) => data?.widgets.paymentMethods?.groups.find((group) => group.countries.includes(country));
    expect(methodsFor(offline, 'NL')?.consumer).toEqual(['bank_transfer']);
    expect(methodsFor(offline, 'NL')?.business).toEqual(['bank_transfer', 'invoice']);
    expect(methodsFor(online, 'NL')?.consumer).toEqual(['ideal', 'card', 'bank_transfer']);
    expect(methodsFor(online, 'BE')?.consumer).toEqual(['bancontact', 'card', 'bank_transfer']);
    expect(methodsFor(online, 'DE')?.consumer).toEqual(['card', 'bank_transfer']);
  });

  describe('contact form', () => {
    const valid = {
      intent: 'contact',
      name: 'Anna Jansen',
      email: 'Anna@Example.com',
      orderNumber: 'nl100003',
      subject: 'Where is my rope?',
      message: 'My order has not arrived yet, can you check?',
    };

    it('answers each invalid field with its message and keeps what was typed', async () => {
      const { status, outcome } = await submitContactForm(
        services,
        store('en-GB'),
        'contact-a',
        form({ intent: 'contact', name: '', email: 'not-an-email', orderNumber: '12', subject: 'Hi', message: 'short' }),
      );
      expect(status).toBe(400);
      expect(outcome).toMatchObject({
        ok: false,
        fieldErrors: {
          name: { key: 'validation.required' },
          email: { key: 'validation.email' },
          orderNumber: { key: 'content.contact.orderNumberFormat' },
          subject: { key: 'validation.tooShort' },
          message: { key: 'validation.tooShort' },
        },
        values: { email: 'not-an-email', message: 'short' },
      });
    });

    it('stores a message with a script payload as typed, mails the shop and acknowledges in the store language, escaped', async () => {
      sent.length = 0;
      const payload = '<script>alert("x")</script> please call me';
      const { status, outcome } = await submitContactForm(services, store('de-DE'), 'contact-b', form({ ...valid, message: payload }));
      expect(status).toBe(200);
      expect(outcome).toEqual({ ok: true, kind: 'contact', email: 'anna@example.com' });
      const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.clientAddress, 'contact-b'));
      expect(stored).toMatchObject({ kind: 'contact', locale: 'de-DE', email: 'anna@example.com', orderNumber: 'NL100003', message: payload });
      expect(sent.map((mail) => mail.to)).toEqual([seller.email, 'anna@example.com']);
      expect(sent[1]!.subject).toContain('Wir haben Ihre Nachricht erhalten');
      for (const mail of sent) {
        expect(mail.html).not.toContain('<script>');
        expect(mail.html).toContain('&lt;script&gt;');
      }
    });

    it('accepts a quote request with a company', async () => {
      const { status, outcome } = await submitContactForm(
        services,
        store('en'),
        'contact-c',
        form({ intent: 'quote', name: 'Ben', email: 'ben@example.com', company: 'Knots Ltd', message: 'Five spools of 550 paracord in black, please.' }),
      );
      expect(status).toBe(200);
      expect(outcome).toMatchObject({ ok: true, kind: 'quote' });
      const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.clientAddress, 'contact-c'));
      expect(stored).toMatchObject({ kind: 'quote', company: 'Knots Ltd', subject: 'Quote request from Knots Ltd' });
    });

    it('ignores a filled honeypot without storing or mailing', async () => {
      sent.length = 0;
      const { status, outcome } = await submitContactForm(services, store('en'), 'contact-d', form({ ...valid, website: 'http://spam.example' }));
      expect(status).toBe(200);
      expect(outcome).toEqual({ ok: true, kind: 'ignored' });
      expect(await database.db.select().from(contactMessages).where(eq(contactMessages.clientAddress, 'contact-d'))).toEqual([]);
      expect(sent).toEqual([]);
    });

    it('limits messages per client address, keeping what was typed', async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await submitContactForm(services, store('en'), 'contact-e', form(valid))).status).toBe(200);
      }
      const limited = await submitContactForm(services, store('en'), 'contact-e', form(valid));
      expect(limited.status).toBe(429);
      expect(limited.outcome).toMatchObject({ ok: false, formError: { key: 'content.contact.tooMany' }, values: { subject: valid.subject } });
      expect((await submitContactForm(services, store('en'), 'contact-f', form(valid))).status).toBe(200);
    });
  });

  describe('banners', () => {
    it('shows only banners inside their schedule, in their order, and answers them at /queries/banners.groq', async () => {
      const [seeded] = await database.db.select({ id: banners.id }).from(banners).where(eq(banners.code, 'freeSamples'));
      const now = new Date('2026-11-25T12:00:00Z');
      await database.db
        .update(banners)
        .set({ startsAt: new Date('2026-12-01T00:00:00Z') })
        .where(eq(banners.id, seeded!.id));
      const [ended] = await database.db
        .insert(banners)
        .values({ code: 'summerSale', imagePath: 'banners/summer.svg', sortOrder: -1, endsAt: new Date('2026-09-01T00:00:00Z') })
        .returning();
      const [current] = await database.db
        .insert(banners)
        .values({
          code: 'winter',
          imagePath: 'banners/winter.svg',
          sortOrder: -1,
          startsAt: new Date('2026-11-01T00:00:00Z'),
          endsAt: new Date('2026-12-31T00:00:00Z'),
        })
        .returning();
      for (const banner of [ended!, current!]) {
        await database.db
          .insert(bannerTranslations)
          .values({ bannerId: banner.id, locale: 'de-DE', heading: banner.code, text: 'x', linkPath: 'agb', linkLabel: 'AGB', imageAlt: '' });
      }
      const shown = await activeBanners(database.db, 'de-DE', now);
      expect(shown.map((banner) => banner.code)).toEqual(['winter', 'cutToLength', 'showroom']);
      expect(shown[0]!.href).toBe('/de-de/agb');
      expect(shown.find((banner) => banner.code === 'showroom')?.href).toBe(`/de-de/${informationPageSlug('showroom', 'de-DE')}`);
      expect((await activeBanners(database.db, 'de-DE', new Date('2026-12-02T00:00:00Z'))).map((banner) => banner.code)).toContain('freeSamples');

      const response = await callLoader(bannersQuery, services, 'https://shop.example/queries/banners.groq?lang=de_DE');
      const body = (await response.json()) as { result: { _id: string; link: string; image: { url: string } }[] };
      expect(body.result.map((banner) => banner._id)).toEqual(expect.arrayContaining(['cutToLength', 'showroom']));
      expect(body.result.find((banner) => banner._id === 'showroom')).toMatchObject({
        link: 'https://shop.example/de-de/besuchen-sie-unseren-showroom',
        image: { url: 'https://shop.example/images/banners/showroom.svg?w=1280&preset=banner' },
      });
      expect((await callLoader(bannersQuery, services, 'https://shop.example/queries/banners.groq?lang=xx_YY')).status).toBe(400);
    });
  });

  it('answers translated-message entries of the language in params at /sanity', async () => {
    await database.db.insert(translatedMessages).values([
      { key: 'cart.title', language: 'da_DK', value: 'Min kurv' },
      { key: 'cart.title', language: 'nl_NL', value: 'Mijn winkelwagen' },
    ]);
    // Danish: no earlier test read its messages, which are remembered for a minute.
    const query = encodeURIComponent('*[_type == "translatedMessage"]');
    const response = await callLoader(
      sanityMessages,
      services,
      `https://shop.example/sanity?query=${query}&params=${encodeURIComponent('{"lang":"da_DK"}')}&name=messages`,
    );
    expect(await response.json()).toEqual({
      query: '*[_type == "translatedMessage"]',
      name: 'messages',
      result: [{ _type: 'translatedMessage', key: 'cart.title', language: 'da_DK', value: 'Min kurv' }],
    });
    expect((await callLoader(sanityMessages, services, 'https://shop.example/sanity?params=not-json')).status).toBe(400);
  });

  describe('store switch', () => {
    it('keeps a content page by its code, a category and a product by their localised keys, and shared routes by path', async () => {
      const { db } = database;
      const [category] = await db.insert(categories).values({ code: 'switch-cord', level: 1 }).returning();
      await db.insert(categoryTranslations).values([
        { categoryId: category!.id, locale: 'de-DE', name: 'Anderes Seil', urlSegment: 'anderes-seil-switch', urlPath: 'anderes-seil-switch' },
        { categoryId: category!.id, locale: 'nl-NL', name: 'Overig touw', urlSegment: 'overig-touw-switch', urlPath: 'overig-touw-switch' },
      ]);
      const [product] = await db.insert(products).values({ sku: 'SWITCH-1', kind: 'simple', productType: 'paracord-550' }).returning();
      await db.insert(productTranslations).values([
        { productId: product!.id, locale: 'de-DE', name: 'Seil', urlKey: 'seil-schwarz' },
        { productId: product!.id, locale: 'fr-FR', name: 'Corde', urlKey: 'corde-noire' },
      ]);
      expect(await equivalentPath(db, '/de-de/agb', store('nl-NL'))).toBe('/nl-nl/algemene-voorwaarden');
      expect(await equivalentPath(db, '/de-de/anderes-seil-switch', store('nl-NL'))).toBe('/nl-nl/overig-touw-switch');
      expect(await equivalentPath(db, '/de-de/seil-schwarz', store('fr-FR'))).toBe('/fr-fr/corde-noire');
      // The product has no page in the Danish store, so the visitor lands on its home page.
      expect(await equivalentPath(db, '/de-de/seil-schwarz', store('da-DK'))).toBe('/da-dk');
      expect(await equivalentPath(db, '/de-de/search?q=seil', store('sv-SE'))).toBe('/sv-se/search?q=seil');
      expect(await equivalentPath(db, '/de-de/stores', store('it-IT'))).toBe('/it-it/stores');
      expect(await equivalentPath(db, 'https://evil.example/de-de/agb', store('en'))).toBe('/en');
      expect(await equivalentPath(db, '//evil.example/x', store('en'))).toBe('/en');
      expect(await equivalentPath(db, '/de-de/gibt-es-nicht', store('en'))).toBe('/en');
    });
  });
});
