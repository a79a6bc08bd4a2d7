import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import { customers, orders } from '#app/db/schema.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { hashPassword } from '#app/modules/customers/password.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { rateLimitPolicies, takeAttempt } from '#app/lib/security/rate-limit.server.ts';

export type AccountFromOrderResult = { ok: true; customerId: number } | { ok: false; reason: 'not-a-guest-order' | 'email-taken' | 'too-many-attempts' };

/**
 * Whether the success page of an order may offer "create an account": a guest order whose e-mail
 * address has no account yet.
 */
export async function canCreateAccountFromOrder(db: Database, order: { customerId: number | null; email: string }): Promise<boolean> {
  if (order.customerId !== null) return false;
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, order.email.toLowerCase()))
    .limit(1);
  return !existing;
}

/**
 * A new account from a guest order (its success page): the order's e-mail address and billing name,
 * the password chosen, and the order becomes the account's. The order is locked so two submits
 * cannot both claim it; an address that has an account meanwhile is refused ("log in instead").
 * Limited per client address like registration.
 */
export async function createAccountFromOrder(
  db: Database,
  orderNumber: string,
  password: string,
  locale: LocaleCode,
  clientAddress: string,
): Promise<AccountFromOrderResult> {
  if (!(await takeAttempt(db, `register:address:${clientAddress}`, rateLimitPolicies.registerPerAddress))) return { ok: false, reason: 'too-many-attempts' };
  const passwordHash = await hashPassword(password);
  try {
    return await retryingTransaction(db, async (tx): Promise<AccountFromOrderResult> => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
      if (!order || order.customerId !== null) return { ok: false, reason: 'not-a-guest-order' };
      const billing = order.billingAddress as { firstName?: string; lastName?: string; companyName?: string };
      const [customer] = await tx
        .insert(customers)
        .values({
          email: order.email.toLowerCase(),
          passwordHash,
          firstName: billing.firstName ?? '',
          lastName: billing.lastName ?? '',
          companyName: billing.companyName ?? null,
          isBusiness: Boolean(billing.companyName),
          locale,
        })
        .returning({ id: customers.id });
      await tx
        .update(orders)
        .set({ customerId: customer!.id })
        .where(and(eq(orders.id, order.id), isNull(orders.customerId)));
      return { ok: true, customerId: customer!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'email-taken' };
    throw error;
  }
}
