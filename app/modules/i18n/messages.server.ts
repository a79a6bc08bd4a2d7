import { eq } from 'drizzle-orm';
import daDK from '../../../locales/da-DK.json' with { type: 'json' };
import deDE from '../../../locales/de-DE.json' with { type: 'json' };
import enGB from '../../../locales/en-GB.json' with { type: 'json' };
import enUS from '../../../locales/en-US.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import esES from '../../../locales/es-ES.json' with { type: 'json' };
import frFR from '../../../locales/fr-FR.json' with { type: 'json' };
import itIT from '../../../locales/it-IT.json' with { type: 'json' };
import nlNL from '../../../locales/nl-NL.json' with { type: 'json' };
import plPL from '../../../locales/pl-PL.json' with { type: 'json' };
import svSE from '../../../locales/sv-SE.json' with { type: 'json' };
import type { Database } from '#app/db/client.server.ts';
import { translatedMessages } from '#app/db/schema.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';
import type { LocaleCode } from './locales.ts';
import { type MessageTree, mergeMessageEntries } from './messages.ts';

const localeFiles: Record<LocaleCode, MessageTree> = {
  'en-US': enUS,
  en,
  'pl-PL': plPL,
  'nl-NL': nlNL,
  'de-DE': deDE,
  'da-DK': daDK,
  'en-GB': enGB,
  'es-ES': esES,
  'fr-FR': frFR,
  'it-IT': itIT,
  'sv-SE': svSE,
};

/** A storefront's own locale file, before the database's translated messages. */
export const localeFileMessages = (locale: LocaleCode): MessageTree => localeFiles[locale];

/** The language code of translated messages (spec §4): the locale with '-' replaced by '_'. */
export const messageLanguageOf = (locale: LocaleCode) => locale.replace('-', '_');

/** Entries are cached briefly per language; the shop owner's edits show within a minute. */
const entriesByLanguage = minuteCache<{ key: string; value: string }[]>(20);

/** Translated messages stored in the database for one language ('de_DE'). */
export function databaseMessageEntries(db: Database, language: string): Promise<{ key: string; value: string }[]> {
  return entriesByLanguage(db, language, async () =>
    db.select({ key: translatedMessages.key, value: translatedMessages.value }).from(translatedMessages).where(eq(translatedMessages.language, language)),
  );
}

/**
 * The merged tree per entries read (one language's): the same tree until the entries change, so
 * what is made of it (a page's message file and its hash, page-messages.server.ts) is made once.
 */
const mergedTrees = new WeakMap<object, MessageTree>();

/**
 * The messages of a storefront: its locale file with the database's translated messages merged
 * in. A failed database read is logged and the file's messages are used (spec §8).
 */
export async function loadMessages(db: Database, locale: LocaleCode, logger: Logger): Promise<MessageTree> {
  let entries: { key: string; value: string }[] = [];
  try {
    entries = await databaseMessageEntries(db, messageLanguageOf(locale));
  } catch (error) {
    logger.error({ err: error, locale }, 'could not load translated messages; using the locale file only');
  }
  if (entries.length === 0) return localeFiles[locale];
  const merged = mergedTrees.get(entries);
  if (merged) return merged;
  const { messages, skipped } = mergeMessageEntries(localeFiles[locale], entries);
  if (skipped.length > 0) logger.warn({ locale, skipped }, 'translated messages skipped: they collide with existing keys');
  mergedTrees.set(entries, messages);
  return messages;
}

/**
 * Sections that only mails, documents and the back office use (the back office loads its own
 * messages): left out of what a storefront page carries to the browser, nearly half of the
 * messages' size in every page's hydration data (issue 14). tests/code-shape/storefront-messages.test.ts
 * checks that storefront code names no key of these.
 */
export const sectionsOffStorefrontPages = ['admin', 'contactInbox', 'fulfilment', 'invoice', 'mail', 'unpaidOrders'] as const;

const storefrontTrees = new WeakMap<MessageTree, MessageTree>();

/** The messages a storefront page needs in the browser. */
export function storefrontPageMessages(messages: MessageTree): MessageTree {
  let tree = storefrontTrees.get(messages);
  if (!tree) {
    const left: ReadonlySet<string> = new Set(sectionsOffStorefrontPages);
    tree = Object.fromEntries(Object.entries(messages).filter(([section]) => !left.has(section))) as MessageTree;
    storefrontTrees.set(messages, tree);
  }
  return tree;
}
