/**
 * Customers as staff see them in the admin: search, one customer's record, blocking and the
 * privacy requests (export, delete) under the same rules as the account's privacy page.
 */
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { customers, orders } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import { containsPattern } from '#app/lib/paging/like-pattern.ts';
import { pageWindow } from '#app/lib/paging/page-window.ts';
import { anonymiseCustomer } from './privacy.server.ts';
import { endAllSessions } from './session.server.ts';

export const customerPageSize = 25;

/** The columns the customer list sorts by; newest first unless asked. */
export const customerSort = listSortSpec(['name', 'email', 'store', 'orders', 'since'], { key: 'since', direction: 'desc' });
type CustomerSortKey = (typeof customerSort.keys)[number];

const orderCount = sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${customers.id})`;

/** By e-mail address or name (any part, any case), in `sort`'s order; anonymised accounts left out. */
export async function searchCustomers(db: Database, query: string, requestedPage: number, sort: ListSort<CustomerSortKey> = customerSort.fallback) {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const matches = words.map((word) =>
    or(
      sql`${customers.email} ilike ${containsPattern(word)}`,
      sql`${customers.firstName} ilike ${containsPattern(word)}`,
      sql`${customers.lastName} ilike ${containsPattern(word)}`,
    ),
  );
  const where = and(isNull(customers.anonymisedAt), ...matches);
  const [total] = await db.select({ count: count() }).from(customers).where(where);
  const window = pageWindow(requestedPage, customerPageSize, total?.count ?? 0);
  const rows = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      locale: customers.locale,
      createdAt: customers.createdAt,
      blockedAt: customers.blockedAt,
      orderCount,
    })
    .from(customers)
    .where(where)
    .orderBy(
      ...orderByOf(
        sort,
        {
          name: sql`lower(${customers.lastName} || ' ' || ${customers.firstName})`,
          email: sql`lower(${customers.email})`,
          store: customers.locale,
          orders: orderCount,
          since: customers.createdAt,
        },
        desc(customers.id),
      ),
    )
    .limit(customerPageSize)
    .offset(window.offset);
  return { rows, window };
}

export async function getCustomerRecord(db: Database, customerId: number) {
  const [customer] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      companyName: customers.companyName,
      vatNumber: customers.vatNumber,
      isBusiness: customers.isBusiness,
      newsletterSubscribed: customers.newsletterSubscribed,
      locale: customers.locale,
      blockedAt: customers.blockedAt,
      businessApprovedAt: customers.businessApprovedAt,
      businessApprovedBy: customers.businessApprovedBy,
      creditLimitCents: customers.creditLimitCents,
      anonymisedAt: customers.anonymisedAt,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer ?? null;
}

const blockState = async (db: Pick<Database, 'select'>, customerId: number) => {
  const [row] = await db.select({ blockedAt: customers.blockedAt }).from(customers).where(eq(customers.id, customerId));
  return row ? { blocked: row.blockedAt !== null } : null;
};

/** Blocks (ends every session; the login refuses) or unblocks a customer. */
export async function setCustomerBlocked(db: Database, staffId: number, customerId: number, blocked: boolean): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const before = await blockState(tx, customerId);
    if (!before) return false;
    await tx
      .update(customers)
      .set({ blockedAt: blocked ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(customers.id, customerId));
    await recordAudit(tx, {
      staffId,
      action: blocked ? 'customer.block' : 'customer.unblock',
      entity: 'customer',
      entityId: customerId,
      before,
      after: { blocked },
    });
    return true;
  });
  // Sessions are refused for a blocked customer anyway (readSession); this also clears them out.
  if (changed && blocked) await endAllSessions(db, customerId);
  return changed;
}

/**
 * Deletes a customer's data at their request, as the privacy page does (orders stay for the
 * books; the account is anonymised). The audit entry keeps no personal data, only that it happened.
 */
export async function deleteCustomerData(db: Database, staffId: number, customerId: number): Promise<boolean> {
  const record = await getCustomerRecord(db, customerId);
  if (!record || record.anonymisedAt) return false;
  await anonymiseCustomer(db, customerId, record.email);
  await recordAudit(db, {
    staffId,
    action: 'customer.delete-data',
    entity: 'customer',
    entityId: customerId,
    before: { anonymised: false },
    after: { anonymised: true },
  });
  return true;
}
