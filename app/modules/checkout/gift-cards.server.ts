import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { giftCards } from '#app/db/schema.ts';
import { hasValidCheckLetter, looksGenerated, normaliseGiftCardCode } from '#app/modules/gift-cards/gift-card-codes.ts';

export type GiftCardCheck =
  { ok: true; card: { id: number; code: string; balanceCents: number } } | { ok: false; reason: 'mistyped' | 'unknown' | 'expired' | 'empty' | 'currency' };

/** Message keys for a gift card that cannot be used. */
export const giftCardMessages: Record<Exclude<GiftCardCheck, { ok: true }>['reason'], string> = {
  mistyped: 'giftCards.codeMistyped',
  unknown: 'checkout.giftCardUnknown',
  expired: 'checkout.giftCardExpired',
  empty: 'checkout.giftCardEmpty',
  currency: 'checkout.giftCardEuroOnly',
};

/** Gift cards hold euros; they pay orders in euros (any store whose currency is EUR). */
export async function checkGiftCard(db: Queryable, code: string, currency: string): Promise<GiftCardCheck> {
  const typed = normaliseGiftCardCode(code);
  // A generated code whose check letter does not match was mistyped: said so without asking the database.
  if (looksGenerated(typed) && !hasValidCheckLetter(typed)) return { ok: false, reason: 'mistyped' };
  const [card] = await db
    .select()
    .from(giftCards)
    .where(eq(sql`upper(${giftCards.code})`, typed));
  // A card disabled in the admin answers like an unknown one.
  if (!card || card.disabledAt) return { ok: false, reason: 'unknown' };
  if (card.expiresAt && card.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  if (card.balanceCents === 0) return { ok: false, reason: 'empty' };
  if (currency !== 'EUR') return { ok: false, reason: 'currency' };
  return { ok: true, card: { id: card.id, code: card.code, balanceCents: card.balanceCents } };
}

/**
 * Takes an amount from a card inside the order transaction; the conditional update means two
 * orders can never spend the same balance twice.
 */
export async function redeemGiftCard(tx: Queryable, giftCardId: number, amountCents: number): Promise<boolean> {
  const [taken] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${amountCents}` })
    .where(and(eq(giftCards.id, giftCardId), isNull(giftCards.disabledAt), sql`${giftCards.balanceCents} >= ${amountCents}`))
    .returning({ id: giftCards.id });
  return taken !== undefined;
}
