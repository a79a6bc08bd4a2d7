/**
 * The words of every product's search document in a store, as the database stores them (its
 * lexemes: name and description stemmed, SKU and attribute words as written), held in memory per
 * store searched (issue 14, decision 0038). Searches that no product's name, SKU or attributes
 * answer look for the words of descriptions here instead of asking the database, which ranked
 * every matching document of the store (at ten times the demo catalogue up to 13,800, about 400 ms
 * on PGlite). After the documents change (search_documents' notification, counted by
 * storefront-changes.server.ts) the words are read again in the background while searches use the
 * ones held.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { requestTurns, yieldToRequests } from '#app/db/sliced-reads.server.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import { searchDocumentChangesOf } from '#app/modules/catalogue/storefront-changes.server.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { type WordList, wordListBuilder } from './product-words.server.ts';

export interface DocumentWords {
  /** the product ids (ascending) of the documents: position p is the document of product ids[p] */
  ids: Uint32Array;
  /** the lexemes of each document */
  lexemes: WordList;
}

/**
 * Documents read in one query, with a turn for requests between slices: PGlite runs on the
 * server's thread, and a document's words cost about 50 µs there (at 10×, 500 documents ~30 ms).
 */
const documentsPerSlice = 500;

async function readDocumentWords(db: Database, locale: LocaleCode): Promise<DocumentWords> {
  const ids: number[] = [];
  const lexemes = wordListBuilder();
  const turn = requestTurns();
  for (let after = 0; ;) {
    await yieldToRequests();
    // One string a document (lexemes hold no spaces): a quarter cheaper than an array of them.
    const rows = await queryRows<{ ref_id: number; lexemes: string }>(
      db,
      sql`select ref_id, array_to_string(tsvector_to_array(document), ' ') as lexemes from search_documents
          where locale = ${locale} and kind = 'product' and ref_id > ${after} order by ref_id limit ${documentsPerSlice}`,
    );
    for (const row of rows) {
      ids.push(Number(row.ref_id));
      lexemes.add(row.lexemes ? row.lexemes.split(' ') : []);
      await turn();
    }
    if (rows.length < documentsPerSlice) break;
    after = ids.at(-1) as number;
  }
  // The list's build is a pass over every document's words (about 80 ms at 10×): not right after the last slice.
  await yieldToRequests();
  const built = await lexemes.build();
  await yieldToRequests();
  return { ids: Uint32Array.from(ids), lexemes: built };
}

interface Held {
  words: Promise<DocumentWords>;
  /** counts the words read again, so answers made from older words are not taken for current ones */
  version: number;
  /** the count of search-document changes these words (or those being read) follow */
  changes: number;
  reading?: Promise<void>;
}

const heldByDatabase = new WeakMap<Database, Map<LocaleCode, Held>>();

const heldOf = (db: Database) => {
  let held = heldByDatabase.get(db);
  if (!held) heldByDatabase.set(db, (held = new Map()));
  return held;
};

/**
 * The words of the store's product documents: read at the first search of the store, then kept.
 * After the documents change, the next search starts reading them again and, like those after it,
 * uses the words held until the new ones are in.
 */
export function documentWords(db: Database, locale: LocaleCode): Promise<DocumentWords> {
  const stores = heldOf(db);
  const changes = searchDocumentChangesOf(db);
  let held = stores.get(locale);
  if (!held) {
    const words = readDocumentWords(db, locale);
    stores.set(locale, (held = { words, version: 0, changes }));
    words.catch(() => stores.delete(locale));
  } else if (held.changes !== changes && !held.reading) readAgain(db, locale, held, changes);
  return held.words;
}

/** Whether the store's description words are read or being read. */
export const documentWordsAsked = (db: Database, locale: LocaleCode): boolean => heldByDatabase.get(db)?.has(locale) ?? false;

/** Which words a search of the store is made from: an answer cached under another version is an old one. */
export const documentWordsVersion = (db: Database, locale: LocaleCode): number => heldByDatabase.get(db)?.get(locale)?.version ?? 0;

function readAgain(db: Database, locale: LocaleCode, held: Held, changes: number): void {
  held.changes = changes;
  held.reading = readDocumentWords(db, locale).then(
    (words) => {
      held.words = Promise.resolve(words);
      held.version++;
    },
    // The words held stay; the next search tries again (the database may be away for a moment).
    () => {
      held.changes = -1;
    },
  );
  void held.reading.finally(() => (held.reading = undefined));
}

/**
 * The words of categories', pages' and posts' search documents in a store (a few dozen): a search
 * looks up here which of them hold its words, and the database ranks only those instead of
 * searching every store's documents for each search nobody made in the last minute (issue 14,
 * decision 0044).
 */
export interface OtherDocumentWords {
  /** the search documents' ids (by kind, then reference): position p is the document ids[p] */
  ids: Uint32Array;
  lexemes: WordList;
}

async function readOtherDocumentWords(db: Database, locale: LocaleCode): Promise<OtherDocumentWords> {
  // "in" rather than "<> 'product'": the (locale, kind, ref_id) index then reads only these kinds.
  const rows = await queryRows<{ id: number; lexemes: string }>(
    db,
    sql`select id, array_to_string(tsvector_to_array(document), ' ') as lexemes from search_documents
        where locale = ${locale} and kind in ('category', 'page', 'post') order by kind, ref_id`,
  );
  const lexemes = wordListBuilder();
  for (const row of rows) lexemes.add(row.lexemes ? row.lexemes.split(' ') : []);
  return { ids: Uint32Array.from(rows, (row) => Number(row.id)), lexemes: await lexemes.build() };
}

const otherWords = minuteCache<OtherDocumentWords>(localeCodes.length);

/**
 * The store's category, page and post words: one small query, kept like the other answers of a
 * minute (emptied on a change of the shop's data, read again in the background after a minute), so
 * the first search after an edit already finds the page as edited.
 */
export const otherDocumentWords = (db: Database, locale: LocaleCode): Promise<OtherDocumentWords> =>
  otherWords(db, locale, () => readOtherDocumentWords(db, locale));
