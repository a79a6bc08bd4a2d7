import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { giftCards, orderItems } from '#app/db/schema.ts';
import { generateGiftCardCode } from './gift-card-codes.ts';
import { giftCardValidityYears } from './gift-card-purchase.ts';

/*
 * The cards of an order's gift-card lines come and go with its payment (issue 15): issued in the
 * transaction that marks it paid, taken back when it is cancelled or refunded. Kept apart from the mails so
 * that recording an order (also the demo catalogue's, run by the server itself) stays light.
 */

/**
 * Issues the cards of a paid order's gift-card lines, inside the caller's transaction. One card
 * per line (a unique index on the line): marking paid again issues nothing new. A random code
 * that happens to exist already is drawn again (`on conflict do nothing` keeps the transaction usable).
 */
export async function issueSoldGiftCards(tx: Queryable, orderId: number, now = new Date()): Promise<number> {
  const lines = await tx
    .select({ id: orderItems.id, giftCard: orderItems.giftCard, issued: giftCards.id })
    .from(orderItems)
    .leftJoin(giftCards, eq(giftCards.orderItemId, orderItems.id))
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.giftCard)))
    .orderBy(asc(orderItems.id));
  let issued = 0;
  for (const line of lines) {
    if (line.issued !== null || !line.giftCard) continue;
    const expiresAt = new Date(now);
    expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + giftCardValidityYears);
    for (let attempt = 0; ; attempt++) {
      const [card] = await tx
        .insert(giftCards)
        .values({
          code: generateGiftCardCode(),
          initialCents: line.giftCard.amountEurCents,
          balanceCents: line.giftCard.amountEurCents,
          expiresAt,
          recipientEmail: line.giftCard.recipientEmail,
          orderItemId: line.id,
          deliverOn: line.giftCard.deliverOn,
        })
        .onConflictDoNothing()
        .returning({ id: giftCards.id });
      if (card) break;
      if (attempt >= 5) throw new Error(`no free gift card code for order line ${line.id}`);
    }
    issued++;
  }
  return issued;
}

/**
 * A cancelled or refunded order takes its cards back (all of them, or those of `orderItemIds`):
 * they stop paying (like a card staff disable) and, not yet sent, are never mailed. A card that has
 * already paid for something cannot be taken back, so nothing is withdrawn and the answer is
 * 'spent': the caller refuses the cancellation or refund (its money was partly used).
 */
export async function takeBackSoldGiftCards(tx: Queryable, orderId: number, orderItemIds?: number[]): Promise<'taken-back' | 'spent'> {
  if (orderItemIds?.length === 0) return 'taken-back';
  const ofOrder = and(
    inArray(giftCards.orderItemId, tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))),
    orderItemIds ? inArray(giftCards.orderItemId, orderItemIds) : undefined,
  );
  const cards = await tx.select({ initialCents: giftCards.initialCents, balanceCents: giftCards.balanceCents }).from(giftCards).where(ofOrder).for('update');
  if (cards.some((card) => card.balanceCents < card.initialCents)) return 'spent';
  await tx
    .update(giftCards)
    .set({ disabledAt: sql`now()` })
    .where(and(isNull(giftCards.disabledAt), ofOrder));
  return 'taken-back';
}
