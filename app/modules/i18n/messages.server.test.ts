import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatedMessages } from '#app/db/schema.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../../../tests/support/database.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { databaseMessageEntries, loadMessages } from './messages.server.ts';
import { lookupMessage } from './messages.ts';

const logger = createLogger('silent');

describe.each(testDrivers)('translated messages from the database on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await database.db.insert(translatedMessages).values([
      { key: 'header.cart', language: 'de_DE', value: 'Einkaufswagen' },
      { key: 'promo.banner', language: 'de_DE', value: 'Sommerschlussverkauf' },
      { key: 'header.cart.count', language: 'de_DE', value: 'kollidiert' },
      { key: 'header.cart', language: 'nl_NL', value: 'Mandje' },
    ]);
  });
  afterAll(() => database?.destroy());

  it('are merged into the locale file of their language, skipping colliding keys', async () => {
    const german = await loadMessages(database.db, 'de-DE', logger);
    expect(lookupMessage(german, 'header.cart')).toBe('Einkaufswagen');
    expect(lookupMessage(german, 'promo.banner')).toBe('Sommerschlussverkauf');
    expect(lookupMessage(german, 'header.wishlist')).toBe('Merkliste');
    expect(lookupMessage(german, 'header.cart.count')).toBeUndefined();
    const danish = await loadMessages(database.db, 'da-DK', logger);
    expect(lookupMessage(danish, 'header.cart')).toBe('Kurv');
  });

  it('are read per language', async () => {
    expect(await databaseMessageEntries(database.db, 'nl_NL')).toEqual([{ key: 'header.cart', value: 'Mandje' }]);
  });

  it('fall back to the locale file when the database fails (logged, not thrown)', async () => {
    const broken = await createTestDatabase(driver);
    await broken.destroy();
    const messages = await loadMessages(broken.db, 'fr-FR', logger);
    expect(lookupMessage(messages, 'header.cart')).toBe('Panier');
  });
});
