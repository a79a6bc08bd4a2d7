/**
 * The back office's view of the UI messages (issue 16): every key of the locale files with its
 * English text, the store's own text and the shop's override from `translated_messages`, which
 * the storefront merges in (messages.server.ts). "Falls back to English" lists the texts a store
 * shows in English: its file repeats the English text and no override replaces it.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { translatedMessages } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';
import type { LocaleCode } from './locales.ts';
import { isEnglishStore, type MessageFilter } from './message-filters.ts';
import { localeFileMessages, messageLanguageOf } from './messages.server.ts';
import { lookupMessage, messageKeys } from './messages.ts';

export const messagesPerPage = 50;

/** The reference texts: the international English store's file. */
const english = () => localeFileMessages('en');

/** Placeholder names of a message ({name}, {count, plural, …}). */
const placeholders = (text: string) => new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]!));

async function overridesOf(db: Database, locale: LocaleCode): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: translatedMessages.key, value: translatedMessages.value })
    .from(translatedMessages)
    .where(eq(translatedMessages.language, messageLanguageOf(locale)));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** One page of a store's messages matching a text (in the key or any of the three texts). */
export async function messageCatalogue(db: Database, locale: LocaleCode, { query, filter, page }: { query: string; filter: MessageFilter; page: number }) {
  const overrides = await overridesOf(db, locale);
  const file = localeFileMessages(locale);
  const needle = query.toLowerCase();
  const rows = messageKeys(english())
    .map((key) => ({ key, english: lookupMessage(english(), key) ?? '', fileValue: lookupMessage(file, key) ?? null, override: overrides.get(key) ?? null }))
    .filter((row) => {
      if (filter === 'overridden' && row.override === null) return false;
      if (filter === 'english' && (isEnglishStore(locale) || row.override !== null || (row.fileValue !== null && row.fileValue !== row.english))) return false;
      return !needle || [row.key, row.english, row.fileValue ?? '', row.override ?? ''].some((text) => text.toLowerCase().includes(needle));
    });
  const window = pageWindow(page, messagesPerPage, rows.length);
  return { rows: rows.slice(window.offset, window.offset + messagesPerPage), window };
}

/** One key of one store, or null for a key the locale files do not have. */
export async function messageOf(db: Database, locale: LocaleCode, key: string) {
  const englishText = lookupMessage(english(), key);
  if (englishText === undefined) return null;
  const [stored] = await db
    .select({ value: translatedMessages.value })
    .from(translatedMessages)
    .where(and(eq(translatedMessages.key, key), eq(translatedMessages.language, messageLanguageOf(locale))));
  return { key, english: englishText, fileValue: lookupMessage(localeFileMessages(locale), key) ?? null, override: stored?.value ?? null };
}

export const overrideFields = ['value'] as const;
export const overrideSchema = z.object({ value: z.string().trim().min(1, 'validation.required').max(5000, 'validation.invalid') });

/** Stores an override; its placeholders must be the English text's, or the page would show "{name}". */
export async function saveMessageOverride(
  db: Database,
  staffId: number,
  locale: LocaleCode,
  key: string,
  value: string,
): Promise<{ ok: true } | { ok: false; reason: 'unknown-key' | 'placeholders'; expected?: string }> {
  const englishText = lookupMessage(english(), key);
  if (englishText === undefined) return { ok: false, reason: 'unknown-key' };
  const wanted = placeholders(englishText);
  const given = placeholders(value);
  if (wanted.size !== given.size || [...wanted].some((name) => !given.has(name)))
    return { ok: false, reason: 'placeholders', expected: [...wanted].map((name) => `{${name}}`).join(' ') || '—' };
  const language = messageLanguageOf(locale);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: translatedMessages.value })
      .from(translatedMessages)
      .where(and(eq(translatedMessages.key, key), eq(translatedMessages.language, language)));
    await tx
      .insert(translatedMessages)
      .values({ key, language, value })
      .onConflictDoUpdate({ target: [translatedMessages.key, translatedMessages.language], set: { value, updatedAt: new Date() } });
    await recordAudit(tx, { staffId, action: 'message.override', entity: 'message', entityId: `${language}:${key}`, before: before ?? null, after: { value } });
  });
  return { ok: true };
}

/** Removes an override: the store shows its file's text again. */
export async function removeMessageOverride(db: Database, staffId: number, locale: LocaleCode, key: string): Promise<boolean> {
  const language = messageLanguageOf(locale);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(translatedMessages)
      .where(and(eq(translatedMessages.key, key), eq(translatedMessages.language, language)))
      .returning();
    if (!removed) return false;
    await recordAudit(tx, { staffId, action: 'message.reset', entity: 'message', entityId: `${language}:${key}`, before: { value: removed.value } });
    return true;
  });
}
