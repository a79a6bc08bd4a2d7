/**
 * The intake of the three analytics endpoints (issue 17): a rate limit per client (by a keyed hash
 * of the address, which is not kept), a body read as JSON or as the `payload` field of a form
 * (sendBeacon can only send a form with the CSRF field), and the zod schema of the endpoint.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { type StorefrontLocale, storefrontByPrefix } from '#app/modules/i18n/locales.ts';
import { type RateLimit, takeAttempt } from '#app/lib/security/rate-limit.server.ts';

export const analyticsRateLimits = {
  events: { limit: 60, windowSeconds: 60 },
  vitals: { limit: 30, windowSeconds: 60 },
  clientErrors: { limit: 10, windowSeconds: 60 },
} satisfies Record<string, RateLimit>;

export type IntakeResult<T> = { ok: true; value: T; storefront: StorefrontLocale } | { ok: false; reason: 'rate-limited' | 'invalid' };

/** The answer to a refused report: 429 past the rate limit, else 400. */
export function refusedReport(reason: 'rate-limited' | 'invalid'): Response {
  return Response.json({ error: reason }, { status: reason === 'rate-limited' ? 429 : 400 });
}

export async function takeReport<T extends { storefront: string }>(
  db: Database,
  request: Request,
  { kind, secret, clientAddress, schema }: { kind: keyof typeof analyticsRateLimits; secret: string; clientAddress: string; schema: z.ZodType<T> },
): Promise<IntakeResult<T>> {
  const client = createHash('sha256').update(`${secret}:analytics:${clientAddress}`).digest('hex').slice(0, 16);
  if (!(await takeAttempt(db, `analytics:${kind}:${client}`, analyticsRateLimits[kind]))) return { ok: false, reason: 'rate-limited' };
  const body = await readBody(request);
  const parsed = schema.safeParse(body);
  const storefront = parsed.success ? storefrontByPrefix(parsed.data.storefront) : undefined;
  return parsed.success && storefront ? { ok: true, value: parsed.data, storefront } : { ok: false, reason: 'invalid' };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) return await request.json();
    if (type.includes('form')) {
      const payload = (await request.formData()).get('payload');
      return typeof payload === 'string' ? JSON.parse(payload) : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** An error message without what could name someone (e-mail addresses, long numbers) or a query. */
export function scrubbed(text: string): string {
  return text
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '[email]')
    .replace(/\d{6,}/g, '[number]')
    .replace(/\?[^\s)]*/g, '');
}
