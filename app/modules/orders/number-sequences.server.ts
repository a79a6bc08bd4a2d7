import { sql } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { numberSequences } from '#app/db/schema.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/**
 * The next value of a counter. The upsert locks the counter's row until the surrounding
 * transaction ends, so concurrent orders get consecutive numbers without gaps or duplicates.
 */
export async function nextSequenceValue(tx: Queryable, scope: string): Promise<number> {
  const [row] = await tx
    .insert(numberSequences)
    .values({ scope, lastValue: 1 })
    .onConflictDoUpdate({ target: numberSequences.scope, set: { lastValue: sql`${numberSequences.lastValue} + 1` } })
    .returning({ value: numberSequences.lastValue });
  return row!.value;
}

/** Order numbers carry their store: NL100001, DE100002, … (sequential per store). */
const orderNumberPrefix: Record<LocaleCode, string> = {
  'en-US': 'US',
  en: 'EU',
  'pl-PL': 'PL',
  'nl-NL': 'NL',
  'de-DE': 'DE',
  'da-DK': 'DK',
  'en-GB': 'GB',
  'es-ES': 'ES',
  'fr-FR': 'FR',
  'it-IT': 'IT',
  'sv-SE': 'SE',
};

export async function nextOrderNumber(tx: Queryable, locale: LocaleCode): Promise<string> {
  return `${orderNumberPrefix[locale]}${100_000 + (await nextSequenceValue(tx, `order:${locale}`))}`;
}

/** Invoice numbers run per calendar year for the whole company, as tax law expects: 2026-000001. */
export async function nextInvoiceNumber(tx: Queryable, issuedAt: Date): Promise<string> {
  const year = issuedAt.getUTCFullYear();
  return `${year}-${String(await nextSequenceValue(tx, `invoice:${year}`)).padStart(6, '0')}`;
}

/** Credit notes run per store, apart from invoices: CN-NL-000001, CN-DE-000001, … */
export async function nextCreditNoteNumber(tx: Queryable, locale: LocaleCode): Promise<string> {
  return `CN-${orderNumberPrefix[locale]}-${String(await nextSequenceValue(tx, `credit-note:${locale}`)).padStart(6, '0')}`;
}
