import type { Database } from '../../db/client.server.ts';
import type { ListingIndex } from '../catalogue/listing-index.server.ts';
import type { LocaleCode } from '../i18n/locales.ts';
import { completions, popularSearches, searchCatalogue } from './search.server.ts';

export interface Suggestions {
  query: string;
  products: { sku: string; name: string; urlKey: string; imagePath: string | null; priceFromCents: number }[];
  categories: { name: string; urlPath: string }[];
  /** searches other shoppers ran that start like this one; the popular searches for an empty box */
  completions: string[];
}

/** What the search box offers while the shopper types (or, empty, the popular searches). */
export async function suggest(db: Database, index: ListingIndex, locale: LocaleCode, query: string): Promise<Suggestions> {
  const trimmed = query.trim().slice(0, 100);
  if (!trimmed) return { query: '', products: [], categories: [], completions: await popularSearches(db, locale, 6) };
  const [outcome, terms] = await Promise.all([searchCatalogue(db, locale, trimmed, { typing: true, limit: 40 }), completions(db, locale, trimmed)]);
  const byId = new Map(index.products.map((product) => [product.id, product]));
  return {
    query: trimmed,
    products: outcome.hits
      .filter((hit) => hit.kind === 'product' && byId.has(hit.refId))
      .slice(0, 6)
      .map((hit) => {
        const product = byId.get(hit.refId)!;
        return { sku: product.sku, name: hit.title, urlKey: hit.urlPath, imagePath: product.imagePath, priceFromCents: product.minPriceCents };
      }),
    categories: outcome.hits.filter((hit) => hit.kind === 'category').slice(0, 4).map((hit) => ({ name: hit.title, urlPath: hit.urlPath })),
    completions: terms,
  };
}
