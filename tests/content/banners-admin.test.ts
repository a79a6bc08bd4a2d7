/** Home-page banners edited in the back office (issue 16): texts per store, window, order, publish. */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banners } from '#app/db/schema.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { activeBanners } from '#app/modules/content/banners.server.ts';
import { seedContent } from '#app/modules/content/seed-content.server.ts';
import * as editor from '#app/routes/admin/content/banner.tsx';
import * as list from '#app/routes/admin/content/banners.tsx';
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

describe.each(testDrivers)('home-page banners in the back office on %s (issue 16)', (driver) => {
  let database: TestDatabase;
  let editorStaff: StaffMember;
  let support: StaffMember;
  let bannerId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedContent(database.db, { shopName: 'Cordial' });
    editorStaff = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    support = await loggedIn(database.db, await createStaff(database.db, 'support'));
    [{ id: bannerId }] = (await database.db.select({ id: banners.id }).from(banners).where(eq(banners.code, 'freeSamples'))) as [{ id: number }];
  });
  afterAll(() => database?.destroy());

  const save = (fields: Record<string, string>, staff = editorStaff) =>
    callRoute(editor.action, {
      db: database.db,
      staff,
      path: `banners/${bannerId}/de-DE`,
      params: { bannerId: String(bannerId), locale: 'de-DE' },
      form: fields,
    });
  const listAction = (form: Record<string, string | number>, staff = editorStaff) => callRoute(list.action, { db: database.db, staff, path: 'banners', form });
  const form = {
    imagePath: 'banners/free-samples.svg',
    isPublished: 'on',
    startsAt: '',
    endsAt: '',
    heading: 'Gratis Muster',
    text: 'Fünf Farben zum Anfassen.',
    linkPath: 'search?q=muster',
    linkLabel: 'Muster ansehen',
    imageAlt: 'Schnurproben',
  };
  const germanCodes = async () => (await activeBanners(database.db, 'de-DE')).map((banner) => banner.code);

  it('saves the German text and link, shown on the German home page only, and audits it', async () => {
    expect((await save(form)).status).toBe(302);
    const shown = (await activeBanners(database.db, 'de-DE')).find((banner) => banner.code === 'freeSamples');
    expect(shown).toMatchObject({ heading: 'Gratis Muster', href: '/de-de/search?q=muster', linkLabel: 'Muster ansehen' });
    expect((await activeBanners(database.db, 'en')).find((banner) => banner.code === 'freeSamples')?.heading).not.toBe('Gratis Muster');
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ staffId: editorStaff.id, action: 'banner.update', entityId: `${bannerId}:de-DE` });
  });

  it('answers a bad link and an end before the start next to the fields, keeping what was typed', async () => {
    expect(await save({ ...form, linkPath: 'javascript:alert(1)', startsAt: '2030-02-01T00:00', endsAt: '2030-01-01T00:00' })).toMatchObject({
      status: 400,
      data: {
        fieldErrors: { linkPath: { key: 'admin.banners.linkInvalid' }, endsAt: { key: 'admin.content.untilBeforeFrom' } },
        values: { heading: 'Gratis Muster', startsAt: '2030-02-01T00:00' },
      },
    });
  });

  it('shows a banner only within its window, by the database clock', async () => {
    expect((await save({ ...form, startsAt: new Date(Date.now() + 3_600_000).toISOString().slice(0, 16) })).status).toBe(302);
    expect(await germanCodes()).not.toContain('freeSamples');
    await database.db
      .update(banners)
      .set({ startsAt: sql`now() - interval '1 second'`, endsAt: sql`now() + interval '1 hour'` })
      .where(eq(banners.id, bannerId));
    expect(await germanCodes()).toContain('freeSamples');
    await database.db
      .update(banners)
      .set({ endsAt: sql`now() - interval '1 second'` })
      .where(eq(banners.id, bannerId));
    expect(await germanCodes()).not.toContain('freeSamples');
    expect((await save(form)).status).toBe(302);
    expect(await germanCodes()).toContain('freeSamples');
  });

  it('moves, hides, publishes, creates and deletes banners', async () => {
    const before = await germanCodes();
    const index = before.indexOf('freeSamples');
    expect((await listAction({ intent: index === 0 ? 'down' : 'up', id: bannerId })).status).toBe(302);
    const after = await germanCodes();
    expect(after.indexOf('freeSamples')).toBe(index === 0 ? 1 : index - 1);
    expect((await listAction({ intent: 'unpublish', id: bannerId })).status).toBe(302);
    expect(await germanCodes()).not.toContain('freeSamples');
    expect((await listAction({ intent: 'publish', id: bannerId })).status).toBe(302);
    expect(await germanCodes()).toContain('freeSamples');

    expect((await listAction({ intent: 'new', code: 'winterSale' })).status).toBe(302);
    expect(await listAction({ intent: 'new', code: 'winterSale' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { code: { key: 'admin.faq.codeTaken' } } },
    });
    const [created] = await database.db.select().from(banners).where(eq(banners.code, 'winterSale'));
    expect(created).toMatchObject({ isPublished: false });
    expect((await listAction({ intent: 'delete', id: created!.id })).status).toBe(302);
    expect(await database.db.select().from(banners).where(eq(banners.code, 'winterSale'))).toEqual([]);
  });

  it('lets editors in and refuses support', async () => {
    expect((await callRoute(list.loader, { db: database.db, staff: editorStaff, path: 'banners' })).status).toBe(200);
    expect((await callRoute(list.loader, { db: database.db, staff: support, path: 'banners' })).status).toBe(403);
    expect((await listAction({ intent: 'unpublish', id: bannerId }, support)).status).toBe(403);
    expect((await save(form, support)).status).toBe(403);
  });
});
