/** Information pages edited in the back office (issue 16): sanitised preview, publish, slug redirects. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages, contentPageTranslations } from '#app/db/schema.ts';
import { forgetMinuteCaches } from '#app/lib/cache/minute-cache.server.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { storefrontSitemapXml } from '#app/modules/seo/sitemap.server.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { getContentPage } from '#app/modules/content/content-page.server.ts';
import { seedContent } from '#app/modules/content/seed-content.server.ts';
import { searchCatalogue } from '#app/modules/search/search.server.ts';
import * as editor from '#app/routes/admin/content/content-page.tsx';
import * as list from '#app/routes/admin/content/content-pages.tsx';
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

describe.each(testDrivers)('information pages in the back office on %s (issue 16)', (driver) => {
  let database: TestDatabase;
  let staff: StaffMember;
  let support: StaffMember;
  let pageId: number;
  const site = { siteUrl: 'http://shop.test', shopName: 'Cordial' };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedContent(database.db, { shopName: 'Cordial' });
    staff = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    support = await loggedIn(database.db, await createStaff(database.db, 'support'));
    [{ id: pageId }] = (await database.db.select({ id: contentPages.id }).from(contentPages).where(eq(contentPages.code, 'returns'))) as [{ id: number }];
  });
  afterAll(() => database?.destroy());

  const post = (form: Record<string, string>, member = staff) =>
    callRoute(editor.action, {
      db: database.db,
      staff: member,
      path: `content-pages/${pageId}/de-DE`,
      params: { pageId: String(pageId), locale: 'de-DE' },
      form,
    });
  const fields = {
    title: 'Rücksendungen',
    slug: 'ruecksendung-neu',
    metaDescription: '',
    bodyHtml: '<p>Binnen 30 Tagen.</p><script>alert(1)</script>',
    published: 'on',
  };

  it('previews the typed text through the sanitiser without saving it', async () => {
    const [before] = await database.db
      .select()
      .from(contentPageTranslations)
      .where(and(eq(contentPageTranslations.pageId, pageId), eq(contentPageTranslations.locale, 'de-DE')));
    const answer = await post({ ...fields, intent: 'preview' });
    expect(answer.status).toBe(200);
    expect((answer.data as { preview: string }).preview).toContain('<p>Binnen 30 Tagen.</p>');
    expect((answer.data as { preview: string }).preview).not.toContain('script');
    const [after] = await database.db
      .select()
      .from(contentPageTranslations)
      .where(and(eq(contentPageTranslations.pageId, pageId), eq(contentPageTranslations.locale, 'de-DE')));
    expect(after).toEqual(before);
  });

  it('saves, keeps the old slug working with a 301, and unpublishes', async () => {
    const [before] = await database.db
      .select()
      .from(contentPageTranslations)
      .where(and(eq(contentPageTranslations.pageId, pageId), eq(contentPageTranslations.locale, 'de-DE')));
    expect((await post({ ...fields, intent: 'save' })).status).toBe(302);
    const shown = await getContentPage(database.db, pageId, 'de-DE', site);
    expect(shown?.title).toBe('Rücksendungen');
    expect(JSON.stringify(shown?.segments)).not.toContain('<script');
    expect(await resolveCataloguePath(database.db, 'de-DE', before!.slug)).toEqual({
      type: 'REDIRECT',
      redirectCode: 301,
      relativeUrl: '/de-de/ruecksendung-neu',
    });
    // Search finds the page by its new text under its new slug, and no more once it is unpublished.
    const pageHits = async (query: string) => (await searchCatalogue(database.db, 'de-DE', query)).hits.filter((hit) => hit.kind === 'page');
    expect(await pageHits('Binnen Tagen')).toEqual([{ kind: 'page', refId: pageId, title: 'Rücksendungen', urlPath: 'ruecksendung-neu' }]);
    expect((await post({ ...fields, published: '', intent: 'save' })).status).toBe(302);
    expect(await getContentPage(database.db, pageId, 'de-DE', site)).toBeNull();
    expect(await pageHits('Tagen Binnen')).toEqual([]);
  });

  it('sends every old slug straight to the newest one, and never in a loop', async () => {
    const slugNow = async () =>
      (
        await database.db
          .select({ slug: contentPageTranslations.slug })
          .from(contentPageTranslations)
          .where(and(eq(contentPageTranslations.pageId, pageId), eq(contentPageTranslations.locale, 'de-DE')))
      )[0]!.slug;
    const first = await slugNow();
    expect((await post({ ...fields, slug: 'ruecksendung-zwei', intent: 'save' })).status).toBe(302);
    expect((await post({ ...fields, slug: 'ruecksendung-drei', intent: 'save' })).status).toBe(302);
    const toNewest = { type: 'REDIRECT', redirectCode: 301, relativeUrl: '/de-de/ruecksendung-drei' };
    expect(await resolveCataloguePath(database.db, 'de-DE', first)).toEqual(toNewest);
    expect(await resolveCataloguePath(database.db, 'de-DE', 'ruecksendung-zwei')).toEqual(toNewest);
    // Back to the first slug: the page answers there again, and the others lead to it.
    expect((await post({ ...fields, slug: first, intent: 'save' })).status).toBe(302);
    // (What the storefront change notification does in a running shop.)
    forgetMinuteCaches(database.db);
    expect(await resolveCataloguePath(database.db, 'de-DE', first)).not.toMatchObject({ type: 'REDIRECT' });
    expect(await resolveCataloguePath(database.db, 'de-DE', 'ruecksendung-zwei')).toMatchObject({ relativeUrl: `/de-de/${first}` });
  });

  it('answers a taken slug and a bad slug next to the field, with what was typed', async () => {
    const [other] = await database.db
      .select({ slug: contentPageTranslations.slug })
      .from(contentPageTranslations)
      .innerJoin(contentPages, eq(contentPages.id, contentPageTranslations.pageId))
      .where(and(eq(contentPageTranslations.locale, 'de-DE'), eq(contentPages.code, 'terms')));
    expect(await post({ ...fields, slug: other!.slug, intent: 'save' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { slug: { key: 'admin.contentPages.slugTaken' } }, values: { title: 'Rücksendungen' } },
    });
    expect(await post({ ...fields, slug: 'Mit Leerzeichen', intent: 'save' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { slug: { key: 'admin.contentPages.slugInvalid' } } },
    });
  });

  it('schedules a text: hidden on its page, address, sitemap and search until its time, by the database clock', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    expect((await post({ ...fields, slug: 'ruecksendung-geplant', publishAt: tomorrow, intent: 'save' })).status).toBe(302);
    const shown = async () => {
      forgetMinuteCaches(database.db);
      return [
        (await getContentPage(database.db, pageId, 'de-DE', site)) !== null,
        (await resolveCataloguePath(database.db, 'de-DE', 'ruecksendung-geplant'))?.type === 'CMS_PAGE',
        (await storefrontSitemapXml(database.db, site.siteUrl, storefrontByCode('de-DE')!))?.includes('/de-de/ruecksendung-geplant'),
      ];
    };
    expect(await shown()).toEqual([false, false, false]);
    const listed = await callRoute(list.loader, { db: database.db, staff, path: 'content-pages' });
    const returns = (listed.data as { pages: { id: number; locales: { locale: string; state: string }[] }[] }).pages.find((page) => page.id === pageId);
    expect(returns?.locales.find((text) => text.locale === 'de-DE')?.state).toBe('scheduled');
    await database.db
      .update(contentPageTranslations)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(and(eq(contentPageTranslations.pageId, pageId), eq(contentPageTranslations.locale, 'de-DE')));
    expect(await shown()).toEqual([true, true, true]);
  });

  it('lets editors in and refuses support', async () => {
    expect((await callRoute(list.loader, { db: database.db, staff, path: 'content-pages' })).status).toBe(200);
    expect((await callRoute(list.loader, { db: database.db, staff: support, path: 'content-pages' })).status).toBe(403);
    expect((await post({ ...fields, intent: 'save' }, support)).status).toBe(403);
  });
});
