/** A demo gift card (€25) so the gift card payment can be tried on a fresh shop; see the README. */
import type { Database } from '#app/db/client.server.ts';
import { giftCards } from '#app/db/schema.ts';

export const demoGiftCard = { code: 'CORDIAL-GIFT-25', cents: 2_500 } as const;

export async function loadDemoGiftCard(db: Database): Promise<void> {
  await db.insert(giftCards).values({ code: demoGiftCard.code, initialCents: demoGiftCard.cents, balanceCents: demoGiftCard.cents });
}
