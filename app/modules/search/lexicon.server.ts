/**
 * The words each locale's documents use (`search_lexicon`), held in memory per process: spelling
 * correction and the popular-search word check look words up here instead of asking the database
 * for each word of each search (issue 14: cold searches). A minute cache, so a change to the
 * catalogue empties it with the others (decision 0019).
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#app/db/client.server.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

interface LexiconWord {
  word: string;
  /** how many documents use the word: the tie-break between equally close words */
  documents: number;
  trigrams: Set<string>;
}

export interface Lexicon {
  byWord: Map<string, LexiconWord>;
}

/** pg_trgm's similarity threshold for `%`, which the database did this with before. */
const similarityThreshold = 0.3;

/** The trigrams of one word as pg_trgm makes them: the word padded with two spaces before and one after. */
export function trigramsOf(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const characters = [...padded];
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= characters.length; i++) trigrams.add(characters.slice(i, i + 3).join(''));
  return trigrams;
}

/** Shared trigrams over all trigrams of the two (pg_trgm's `similarity`). */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const trigram of a) if (b.has(trigram)) shared++;
  return shared / (a.size + b.size - shared);
}

const lexicons = minuteCache<Lexicon>(20);

export function getLexicon(db: Database, locale: LocaleCode): Promise<Lexicon> {
  return lexicons(db, locale, async () => {
    const rows = await queryRows<{ word: string; documents: number }>(db, sql`select word, documents from search_lexicon where locale = ${locale}`);
    return { byWord: new Map(rows.map(({ word, documents }) => [word, { word, documents: Number(documents), trigrams: trigramsOf(word) }])) };
  });
}

/** The word itself when the shop uses it, else the most similar word it uses (then the most used, then the first in order), else the word. */
export function closestWord(lexicon: Lexicon, word: string): string {
  if (lexicon.byWord.has(word)) return word;
  const typed = trigramsOf(word);
  let best: { word: string; similarity: number; documents: number } | null = null;
  for (const candidate of lexicon.byWord.values()) {
    const value = similarity(typed, candidate.trigrams);
    if (value < similarityThreshold) continue;
    const better =
      !best ||
      value > best.similarity ||
      (value === best.similarity && (candidate.documents > best.documents || (candidate.documents === best.documents && candidate.word < best.word)));
    if (better) {
      best = { word: candidate.word, similarity: value, documents: candidate.documents };
    }
  }
  return best?.word ?? word;
}

/** True when the shop uses the word, whole or inside a longer word (compounds: "gesp" in "klikgesp"). */
export function usesWord(lexicon: Lexicon, part: string): boolean {
  if (lexicon.byWord.has(part)) return true;
  for (const word of lexicon.byWord.keys()) if (word.includes(part)) return true;
  return false;
}
