/**
 * Stored redirects (issue 16), edited in the back office: a path below a store's prefix that now
 * lives elsewhere (301) or is away for a while (302). The catch-all answers them
 * (resolve-path.server.ts); a redirect that leads back to itself, directly or through others,
 * would send shoppers in a circle and is refused.
 */
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { urlRedirects } from '#app/db/schema.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { localeCodes, type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { containsPattern } from '#app/lib/paging/like-pattern.ts';
import { pageOfRows } from '#app/lib/paging/page-window.ts';

export const redirectPageSize = 50;
/** Redirects followed before a chain counts as too long to be meant. */
const longestChain = 10;

const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** "/de-de/old-cord/" or "old-cord" → "old-cord": the form the catch-all looks up. */
export function cleanPath(locale: LocaleCode, input: string): string {
  const path = input.trim();
  if (isExternal(path)) return path;
  const clean = path.replace(/^\/+|\/+$/g, '');
  const prefix = `${storefrontByCode(locale)?.prefix}/`;
  return clean.toLowerCase().startsWith(prefix) ? clean.slice(prefix.length) : clean;
}

export const redirectFields = ['locale', 'fromPath', 'toPath', 'statusCode'] as const;

const pathField = z.string().trim().min(1, 'validation.required').max(500, 'validation.invalid');

export const redirectSchema = z.object({
  locale: z.enum(localeCodes, 'validation.invalid'),
  fromPath: pathField.refine((path) => !isExternal(path) && !/[\s?#]/.test(path), 'admin.redirects.errors.fromPath'),
  toPath: pathField.refine((path) => !/\s/.test(path), 'validation.invalid'),
  statusCode: z.enum(['301', '302'], 'validation.invalid').transform(Number),
});
export type RedirectInput = z.output<typeof redirectSchema>;

export type SaveRedirectResult =
  { ok: true; id: number } | { ok: false; reason: 'same-path' | 'loop' | 'too-long' | 'from-taken' | 'not-found'; via?: string[] };

/** One page of redirects, newest first, of one store or all, matching a text in either path. */
export async function listRedirects(db: Database, { locale, query, page }: { locale: LocaleCode | null; query: string; page: number }) {
  const where = and(
    locale ? eq(urlRedirects.locale, locale) : undefined,
    query ? or(ilike(urlRedirects.fromPath, containsPattern(query)), ilike(urlRedirects.toPath, containsPattern(query))) : undefined,
  );
  return pageOfRows(page, redirectPageSize, db.select({ count: count() }).from(urlRedirects).where(where), (window) =>
    db.select().from(urlRedirects).where(where).orderBy(urlRedirects.locale, urlRedirects.fromPath).limit(redirectPageSize).offset(window.offset),
  );
}

export async function getRedirect(db: Database, id: number) {
  const [row] = await db.select().from(urlRedirects).where(eq(urlRedirects.id, id));
  return row ?? null;
}

/**
 * Follows the chain from `to` through the store's other redirects: a loop when it comes back to
 * `from`. Answers the paths on the way (for the message).
 */
async function chainFrom(
  db: Pick<Database, 'select'>,
  locale: LocaleCode,
  from: string,
  to: string,
  ignoreId: number | null,
): Promise<{ loops: boolean; tooLong: boolean; via: string[] }> {
  const via: string[] = [];
  let current = to;
  for (let step = 0; step < longestChain; step++) {
    if (current === from) return { loops: true, tooLong: false, via };
    if (isExternal(current)) return { loops: false, tooLong: false, via };
    const [next] = await db
      .select({ toPath: urlRedirects.toPath })
      .from(urlRedirects)
      .where(and(eq(urlRedirects.locale, locale), eq(urlRedirects.fromPath, current), ignoreId === null ? undefined : ne(urlRedirects.id, ignoreId)));
    if (!next) return { loops: false, tooLong: false, via };
    via.push(current);
    current = cleanPath(locale, next.toPath);
  }
  return { loops: false, tooLong: true, via };
}

/** Adds (id null) or changes a redirect; refuses loops, a path to itself and a second redirect of one path. */
export async function saveRedirect(db: Database, staffId: number, id: number | null, input: RedirectInput): Promise<SaveRedirectResult> {
  const fromPath = cleanPath(input.locale, input.fromPath);
  const toPath = cleanPath(input.locale, input.toPath);
  if (fromPath === toPath) return { ok: false, reason: 'same-path' };
  try {
    return await db.transaction(async (tx) => {
      // One save per store at a time: two saves made at once could each close half of a loop.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`url_redirects:${input.locale}`}))`);
      const before = id === null ? null : ((await tx.select().from(urlRedirects).where(eq(urlRedirects.id, id)).for('update'))[0] ?? null);
      if (id !== null && !before) return { ok: false, reason: 'not-found' } as const;
      const chain = await chainFrom(tx, input.locale, fromPath, toPath, id);
      if (chain.loops) return { ok: false, reason: 'loop', via: [fromPath, ...chain.via, fromPath] } as const;
      if (chain.tooLong) return { ok: false, reason: 'too-long' } as const;
      const values = { locale: input.locale, fromPath, toPath, statusCode: input.statusCode };
      const [saved] =
        id === null
          ? await tx.insert(urlRedirects).values(values).returning()
          : await tx.update(urlRedirects).set(values).where(eq(urlRedirects.id, id)).returning();
      await recordAudit(tx, {
        staffId,
        action: id === null ? 'redirect.create' : 'redirect.update',
        entity: 'redirect',
        entityId: saved!.id,
        before,
        after: saved,
      });
      return { ok: true, id: saved!.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'from-taken' };
    throw error;
  }
}

export async function deleteRedirect(db: Database, staffId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(urlRedirects).where(eq(urlRedirects.id, id)).returning();
    if (!removed) return false;
    await recordAudit(tx, { staffId, action: 'redirect.delete', entity: 'redirect', entityId: id, before: removed });
    return true;
  });
}
