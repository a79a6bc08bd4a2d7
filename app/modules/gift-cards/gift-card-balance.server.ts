import { eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { giftCards } from '#app/db/schema.ts';
import { takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { hasValidCheckLetter, looksGenerated, normaliseGiftCardCode } from './gift-card-codes.ts';

/** Balance look-ups per client address: enough for a shopper with a few cards, useless for guessing. */
export const balanceLookupLimit = { limit: 10, windowSeconds: 15 * 60 };

export type BalanceLookup =
  | { ok: true; balanceEurCents: number; initialEurCents: number; expiresAt: Date | null; expired: boolean }
  | { ok: false; reason: 'rate-limited' | 'mistyped' | 'not-found' };

/**
 * The balance page (issue 15): a code's balance and expiry. Every try counts against the client
 * address first, so no one can go through codes; an unknown, disabled or mistyped-but-plausible
 * code all answer "not found" alike. Only a check letter that does not match says "mistyped" —
 * that is computed from the typed text alone and tells nothing about any card.
 */
export async function lookUpBalance(db: Database, clientAddress: string, typedCode: string): Promise<BalanceLookup> {
  if (!(await takeAttempt(db, `gift-card-balance:${clientAddress}`, balanceLookupLimit))) return { ok: false, reason: 'rate-limited' };
  const code = normaliseGiftCardCode(typedCode);
  if (looksGenerated(code) && !hasValidCheckLetter(code)) return { ok: false, reason: 'mistyped' };
  const [card] = await db
    .select({ balance: giftCards.balanceCents, initial: giftCards.initialCents, expiresAt: giftCards.expiresAt, disabledAt: giftCards.disabledAt })
    .from(giftCards)
    .where(eq(sql`upper(${giftCards.code})`, code));
  if (!card || card.disabledAt) return { ok: false, reason: 'not-found' };
  return {
    ok: true,
    balanceEurCents: card.balance,
    initialEurCents: card.initial,
    expiresAt: card.expiresAt,
    expired: card.expiresAt !== null && card.expiresAt.getTime() <= Date.now(),
  };
}
