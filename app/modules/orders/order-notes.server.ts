import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { orderNotes, orders } from '#app/db/schema.ts';
import type { OrderAudit } from './order-status.server.ts';

export const orderNoteSchema = z.object({ body: z.string().trim().min(1, 'required').max(2000, 'tooLong') });

export type AddNoteResult =
  { ok: true; noteId: number } | { ok: false; error: 'not-found' } | { ok: false; error: 'invalid'; field: 'body'; message: 'required' | 'tooLong' };

/** An internal note of staff on an order; notes never change the order, so they need no version. */
export async function addOrderNote(
  db: Database,
  { orderNumber, body, actor, audit }: { orderNumber: string; body: string; actor: string | null; audit?: OrderAudit },
): Promise<AddNoteResult> {
  const parsed = orderNoteSchema.safeParse({ body });
  if (!parsed.success) return { ok: false, error: 'invalid', field: 'body', message: parsed.error.issues[0]?.message === 'tooLong' ? 'tooLong' : 'required' };
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return { ok: false, error: 'not-found' };
  return db.transaction(async (tx) => {
    const [note] = await tx.insert(orderNotes).values({ orderId: order.id, body: parsed.data.body, actor }).returning({ id: orderNotes.id });
    await audit?.(tx, { action: 'order.note', before: null, after: { noteId: note!.id, body: parsed.data.body } });
    return { ok: true as const, noteId: note!.id };
  });
}
