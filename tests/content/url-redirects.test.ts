/** Redirects edited in the back office (issue 16): loops refused, the storefront follows them, roles. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, urlRedirects } from '#app/db/schema.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { cleanPath, deleteRedirect, saveRedirect } from '#app/modules/seo/url-redirects.server.ts';
import * as redirectRoute from '#app/routes/admin/content/redirect.tsx';
import * as redirectsRoute from '#app/routes/admin/content/redirects.tsx';
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

describe.each(testDrivers)('redirects on %s (issue 16)', (driver) => {
  let database: TestDatabase;
  let editor: StaffMember;
  let support: StaffMember;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    editor = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    support = await loggedIn(database.db, await createStaff(database.db, 'support'));
  });
  afterAll(() => database?.destroy());

  const save = (fromPath: string, toPath: string, id: number | null = null, locale: 'de-DE' | 'en' = 'de-DE') =>
    saveRedirect(database.db, editor.id, id, { locale, fromPath, toPath, statusCode: 301 });

  it('reads a path with or without the store prefix and slashes', () => {
    expect(cleanPath('de-DE', '/de-de/altes-seil/')).toBe('altes-seil');
    expect(cleanPath('de-DE', 'anderes-seil/kletterseil')).toBe('anderes-seil/kletterseil');
    expect(cleanPath('de-DE', 'https://example.com/x')).toBe('https://example.com/x');
  });

  it('refuses a redirect that leads back to itself, directly or through others', async () => {
    expect(await save('a', 'a')).toEqual({ ok: false, reason: 'same-path' });
    const first = await save('a', 'b');
    expect(first.ok).toBe(true);
    expect(await save('b', 'a')).toEqual({ ok: false, reason: 'loop', via: ['b', 'a', 'b'] });
    expect((await save('b', 'c')).ok).toBe(true);
    expect(await save('/de-de/c', 'a')).toEqual({ ok: false, reason: 'loop', via: ['c', 'a', 'b', 'c'] });
    // The same paths in another store are another chain.
    expect((await save('b', 'a', null, 'en')).ok).toBe(true);
    // Editing a → b into a → c keeps the chain open (the edited redirect is not its own obstacle).
    if (!first.ok) return;
    expect((await save('a', 'c', first.id)).ok).toBe(true);
    expect(await save('a', 'z')).toEqual({ ok: false, reason: 'from-taken' });
    // The storefront follows a stored redirect.
    expect(await resolveCataloguePath(database.db, 'de-DE', 'a')).toEqual({ type: 'REDIRECT', redirectCode: 301, relativeUrl: '/de-de/c' });
    expect(await deleteRedirect(database.db, editor.id, first.id)).toBe(true);
  });

  it('answers a loop next to the target field with status 400, and keeps what was typed', async () => {
    await save('x', 'y');
    const answer = await callRoute(redirectRoute.action, {
      db: database.db,
      staff: editor,
      path: 'redirects/new',
      params: { redirectId: 'new' },
      form: { intent: 'save', locale: 'de-DE', fromPath: 'y', toPath: 'x', statusCode: '302' },
    });
    expect(answer).toMatchObject({
      status: 400,
      data: { fieldErrors: { toPath: { key: 'admin.redirects.errors.loop', values: { via: '/y → /x → /y' } } }, values: { fromPath: 'y', toPath: 'x' } },
    });
    const saved = await callRoute(redirectRoute.action, {
      db: database.db,
      staff: editor,
      path: 'redirects/new',
      params: { redirectId: 'new' },
      form: { intent: 'save', locale: 'de-DE', fromPath: 'y', toPath: 'w', statusCode: '302' },
    });
    expect(saved.status).toBe(302);
    const [stored] = await database.db
      .select()
      .from(urlRedirects)
      .where(and(eq(urlRedirects.locale, 'de-DE'), eq(urlRedirects.fromPath, 'y')));
    expect(stored?.statusCode).toBe(302);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'redirect.create'), eq(auditLog.entityId, String(stored!.id))));
    expect(audited).toHaveLength(1);
  });

  it('lets editors in and refuses support', async () => {
    expect((await callRoute(redirectsRoute.loader, { db: database.db, staff: editor, path: 'redirects' })).status).toBe(200);
    expect((await callRoute(redirectsRoute.loader, { db: database.db, staff: support, path: 'redirects' })).status).toBe(403);
    expect(
      (
        await callRoute(redirectRoute.action, {
          db: database.db,
          staff: support,
          path: 'redirects/new',
          params: { redirectId: 'new' },
          form: { intent: 'save', locale: 'de-DE', fromPath: 'p', toPath: 'q', statusCode: '301' },
        })
      ).status,
    ).toBe(403);
  });
});
