import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { customers, orders } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { currencyDefinitions } from '#app/modules/i18n/locales.ts';
import { type BusinessRules, defaultBusinessRules } from '#app/modules/config/business-rules.ts';
import { parseAmount } from '#app/modules/currency/money.ts';
import { convertToEur } from '#app/modules/pricing/currency-conversion.ts';
import { isValidVatNumber } from './vat-number.ts';

export interface BusinessStanding {
  /** a business account with a valid VAT number, or approved by staff */
  verified: boolean;
  how: 'vat-number' | 'staff' | null;
  creditLimitEurCents: number;
  /** invoice orders not cancelled or refunded whose money staff have not recorded yet, in EUR cents */
  openInvoicesEurCents: number;
}

/**
 * Whether a customer is a verified business (pay on invoice, no stock share limit) and how much
 * of their invoice credit is in use. Guests are never verified.
 */
export async function businessStanding(
  db: Queryable,
  customerId: number | null,
  rules: Pick<BusinessRules, 'invoiceCreditLimitEurCents'> = defaultBusinessRules,
): Promise<BusinessStanding> {
  const none: BusinessStanding = { verified: false, how: null, creditLimitEurCents: 0, openInvoicesEurCents: 0 };
  if (customerId === null) return none;
  const [customer] = await db
    .select({
      isBusiness: customers.isBusiness,
      vatNumber: customers.vatNumber,
      approvedAt: customers.businessApprovedAt,
      creditLimitCents: customers.creditLimitCents,
      blockedAt: customers.blockedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer || customer.blockedAt) return none;
  const how = customer.approvedAt ? 'staff' : customer.isBusiness && customer.vatNumber && isValidVatNumber(customer.vatNumber) ? 'vat-number' : null;
  if (!how) return none;
  const open = await db
    .select({ totalCents: orders.totalCents, giftCardCents: orders.giftCardCents, currencyCode: orders.currencyCode, exchangeRate: orders.exchangeRate })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.paymentMethod, 'invoice'),
        notInArray(orders.status, ['cancelled', 'refunded']),
        // Until staff record the money ("Mark invoice paid"), however old the invoice.
        isNull(orders.invoicePaidAt),
      ),
    );
  const openInvoicesEurCents = open.reduce(
    (sum, order) => sum + convertToEur(order.totalCents - order.giftCardCents, order.exchangeRate, minorUnitsOf(order.currencyCode)),
    0,
  );
  return { verified: true, how, creditLimitEurCents: customer.creditLimitCents ?? rules.invoiceCreditLimitEurCents, openInvoicesEurCents };
}

export const minorUnitsOf = (currencyCode: string) => currencyDefinitions.find((definition) => definition.code === currencyCode)?.minorUnits ?? 2;

/** Whether an order of `amountEurCents` may be paid on invoice: a verified business within its credit limit. */
export const invoiceAllowed = (standing: BusinessStanding, amountEurCents: number) =>
  standing.verified && standing.openInvoicesEurCents + amountEurCents <= standing.creditLimitEurCents;

/** Staff approve a business for pay on invoice (or take it back); in the audit log with before and after. */
export async function setBusinessApproval(db: Database, staff: { id: number; email: string }, customerId: number, approved: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ approvedAt: customers.businessApprovedAt, approvedBy: customers.businessApprovedBy })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!before) return false;
    await tx
      .update(customers)
      .set(
        approved
          ? { businessApprovedAt: sql`now()`, businessApprovedBy: staff.email, updatedAt: sql`now()` }
          : { businessApprovedAt: null, businessApprovedBy: null, updatedAt: sql`now()` },
      )
      .where(eq(customers.id, customerId));
    await recordAudit(tx, {
      staffId: staff.id,
      action: approved ? 'customer.business-approve' : 'customer.business-revoke',
      entity: 'customer',
      entityId: customerId,
      before: { approved: before.approvedAt !== null, approvedBy: before.approvedBy },
      after: { approved },
    });
    return true;
  });
}

/** The highest credit limit staff may type, in euros (a typo guard). */
export const maxCreditLimitEur = 10_000_000;

export type CreditLimitResult =
  { ok: true; creditLimitCents: number | null } | { ok: false; error: 'businessRisks.admin.creditLimitInvalid' } | { ok: false; error: 'not-found' };

/**
 * Staff set a customer's own invoice credit limit in euros ("2500" or "2500,50"; no thousands
 * separators); an empty field goes back to the store's default (`INVOICE_CREDIT_LIMIT_EUR`). Audited
 * with before and after.
 */
export async function setCreditLimit(db: Database, staff: { id: number }, customerId: number, input: string): Promise<CreditLimitResult> {
  const typed = input.trim();
  let creditLimitCents: number | null = null;
  if (typed !== '') {
    const cents = parseAmount(typed, 2);
    if (cents === null || cents > maxCreditLimitEur * 100) return { ok: false, error: 'businessRisks.admin.creditLimitInvalid' };
    creditLimitCents = cents;
  }
  return db.transaction(async (tx): Promise<CreditLimitResult> => {
    const [before] = await tx.select({ creditLimitCents: customers.creditLimitCents }).from(customers).where(eq(customers.id, customerId)).for('update');
    if (!before) return { ok: false, error: 'not-found' };
    await tx
      .update(customers)
      .set({ creditLimitCents, updatedAt: sql`now()` })
      .where(eq(customers.id, customerId));
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'customer.credit-limit',
      entity: 'customer',
      entityId: customerId,
      before: { creditLimitCents: before.creditLimitCents },
      after: { creditLimitCents },
    });
    return { ok: true, creditLimitCents };
  });
}
