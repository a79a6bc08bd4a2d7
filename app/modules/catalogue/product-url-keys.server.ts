import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { products, productTranslations } from '#app/db/schema.ts';

/**
 * The product's URL key and its key per locale as `url_key_{locale}` (the `urlPath` API of spec
 * §6), the en-US key as the main one; null for an unknown SKU.
 */
export async function productUrlKeys(db: Database, sku: string): Promise<Record<string, string> | null> {
  const rows = await db
    .select({ locale: productTranslations.locale, urlKey: productTranslations.urlKey })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(eq(products.sku, sku));
  if (rows.length === 0) return null;
  const byLocale = Object.fromEntries(rows.map((row) => [`url_key_${row.locale.replace('-', '_')}`, row.urlKey]));
  return { url_key: rows.find((row) => row.locale === 'en-US')?.urlKey ?? rows[0]!.urlKey, ...byLocale };
}
