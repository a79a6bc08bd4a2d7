import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { urlRedirects } from '#app/db/schema.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';

/**
 * A storefront path moved (a product's URL key or a category's path changed): the old path
 * answers 301 to the new one in that locale (the catch-all honours stored redirects). Redirects
 * that led to the old path lead to the new one straight away (no chains), and a redirect away from
 * the new path would now loop, so it goes.
 */
export async function keepOldPath(tx: Queryable, locale: LocaleCode, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx.delete(urlRedirects).where(and(eq(urlRedirects.locale, locale), eq(urlRedirects.fromPath, to)));
  await tx
    .update(urlRedirects)
    .set({ toPath: to })
    .where(and(eq(urlRedirects.locale, locale), eq(urlRedirects.toPath, from)));
  await tx
    .insert(urlRedirects)
    .values({ locale, fromPath: from, toPath: to, statusCode: 301 })
    .onConflictDoUpdate({ target: [urlRedirects.locale, urlRedirects.fromPath], set: { toPath: to, statusCode: 301 } });
}
