/** UI message overrides edited in the back office (issue 16). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateCachesOnStorefrontChanges } from '#app/modules/catalogue/storefront-changes.server.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { messageCatalogue, removeMessageOverride, saveMessageOverride } from '#app/modules/i18n/message-overrides.server.ts';
import { loadMessages } from '#app/modules/i18n/messages.server.ts';
import { lookupMessage } from '#app/modules/i18n/messages.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import * as translation from '#app/routes/admin/content/translation.tsx';
import * as translations from '#app/routes/admin/content/translations.tsx';
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

describe.each(testDrivers)('message overrides on %s (issue 16)', (driver) => {
  let database: TestDatabase;
  let editor: StaffMember;
  let support: StaffMember;
  const logger = createLogger('silent');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    editor = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    support = await loggedIn(database.db, await createStaff(database.db, 'support'));
  });
  afterAll(() => database?.destroy());

  /** Each process drops its caches when the messages change (NOTIFY, decision 0019), as the server does. */
  const shownEventually = async (expected: string) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (lookupMessage(await loadMessages(database.db, 'de-DE', logger), 'header.cart') === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return lookupMessage(await loadMessages(database.db, 'de-DE', logger), 'header.cart');
  };

  it('shows an override in the store at once, and the file text again once it is removed', async () => {
    const unlisten = await invalidateCachesOnStorefrontChanges(database, storefrontPageCache());
    expect(await shownEventually('Warenkorb')).toBe('Warenkorb');
    expect(await saveMessageOverride(database.db, editor.id, 'de-DE', 'header.cart', 'Einkaufskorb')).toEqual({ ok: true });
    expect(await shownEventually('Einkaufskorb')).toBe('Einkaufskorb');
    const { rows } = await messageCatalogue(database.db, 'de-DE', { query: 'Einkaufskorb', filter: 'overridden', page: 1 });
    expect(rows).toEqual([{ key: 'header.cart', english: 'Cart', fileValue: 'Warenkorb', override: 'Einkaufskorb' }]);
    expect(await removeMessageOverride(database.db, editor.id, 'de-DE', 'header.cart')).toBe(true);
    expect(await shownEventually('Warenkorb')).toBe('Warenkorb');
    await unlisten();
  });

  it('refuses an override that loses or invents a placeholder, and a key the shop does not have', async () => {
    expect(await saveMessageOverride(database.db, editor.id, 'de-DE', 'header.homeLink', 'Startseite')).toEqual({
      ok: false,
      reason: 'placeholders',
      expected: '{shopName}',
    });
    expect(await saveMessageOverride(database.db, editor.id, 'de-DE', 'header.cart', 'Korb {name}')).toMatchObject({ ok: false, reason: 'placeholders' });
    expect(await saveMessageOverride(database.db, editor.id, 'de-DE', 'no.such.key', 'x')).toEqual({ ok: false, reason: 'unknown-key' });
    const answer = await callRoute(translation.action, {
      db: database.db,
      staff: editor,
      path: 'translations/de-DE/header.homeLink',
      params: { locale: 'de-DE', key: 'header.homeLink' },
      form: { intent: 'save', value: 'Startseite' },
    });
    expect(answer).toMatchObject({
      status: 400,
      data: { fieldErrors: { value: { key: 'admin.translations.placeholders' } }, values: { value: 'Startseite' } },
    });
  });

  it('lists the texts a store shows in English until they are overridden', async () => {
    const { rows, window } = await messageCatalogue(database.db, 'de-DE', { query: '', filter: 'english', page: 1 });
    expect(window.total).toBeGreaterThan(0);
    expect(rows.every((row) => row.fileValue === row.english && row.override === null)).toBe(true);
    const [first] = rows;
    await saveMessageOverride(database.db, editor.id, 'de-DE', first!.key, `${first!.english} (DE)`);
    const after = await messageCatalogue(database.db, 'de-DE', { query: '', filter: 'english', page: 1 });
    expect(after.window.total).toBe(window.total - 1);
    // English stores have nothing to fall back from.
    expect((await messageCatalogue(database.db, 'en-GB', { query: '', filter: 'english', page: 1 })).window.total).toBe(0);
  });

  it('lets editors in and refuses support', async () => {
    expect((await callRoute(translations.loader, { db: database.db, staff: editor, path: 'translations?locale=fr-FR&q=cart' })).status).toBe(200);
    expect((await callRoute(translations.loader, { db: database.db, staff: support, path: 'translations' })).status).toBe(403);
    expect(
      (
        await callRoute(translation.action, {
          db: database.db,
          staff: support,
          path: 'translations/de-DE/header.cart',
          params: { locale: 'de-DE', key: 'header.cart' },
          form: { intent: 'save', value: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});
