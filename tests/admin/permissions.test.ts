/**
 * Each role against each admin page and action, called directly as a forged request would be
 * (no navigation, no hidden buttons): allowed ones run, the others answer 403 and leave an
 * `access.denied` entry in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#app/db/client.server.ts';
import { auditLog, categories as categoriesTable, contactMessages, coupons as couponsTable, giftCards as giftCardsTable, mailOutbox } from '#app/db/schema.ts';
import { can, type Permission, type StaffRole, staffRoles } from '#app/modules/admin/permissions.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import * as audit from '#app/routes/admin/audit.tsx';
import * as attributeList from '#app/routes/admin/catalogue/attribute-list.tsx';
import * as categoryEditor from '#app/routes/admin/catalogue/category-editor.tsx';
import * as categoryTree from '#app/routes/admin/catalogue/category-tree.tsx';
import * as productEditor from '#app/routes/admin/catalogue/product-editor.tsx';
import * as productList from '#app/routes/admin/catalogue/product-list.tsx';
import * as productNew from '#app/routes/admin/catalogue/product-new.tsx';
import * as contactInbox from '#app/routes/admin/contact/contact-inbox.tsx';
import * as contactMessage from '#app/routes/admin/contact/contact-message.tsx';
import * as coupon from '#app/routes/admin/coupon.tsx';
import * as coupons from '#app/routes/admin/coupons.tsx';
import * as customerPage from '#app/routes/admin/customer.tsx';
import * as customerExport from '#app/routes/admin/customer-export.ts';
import * as customerList from '#app/routes/admin/customers.tsx';
import * as dashboard from '#app/routes/admin/dashboard.tsx';
import * as giftCard from '#app/routes/admin/gift-card.tsx';
import * as giftCards from '#app/routes/admin/gift-cards.tsx';
import * as outboxPage from '#app/routes/admin/mail-outbox.tsx';
import * as profile from '#app/routes/admin/profile.tsx';
import * as reviews from '#app/routes/admin/reviews.tsx';
import * as staffPage from '#app/routes/admin/staff.tsx';
import * as stockAlerts from '#app/routes/admin/stock-alerts.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { callRoute, createProductWithReview, createStaff, loggedIn } from './admin-support.ts';

interface AdminCall {
  name: string;
  permission: Permission;
  fn: (args: never) => unknown;
  path: string;
  /** A form makes it a POST; a function builds it per test (ids of records made for it). */
  form?: (ids: Fixtures) => Record<string, string | number>;
}

/** Records made fresh for each call, so an allowed call always has something to change. */
interface Fixtures {
  victimStaffId: number;
  reviewId: number;
  customerId: number;
  mailId: number;
  couponId: number;
  giftCardId: number;
  contactMessageId: number;
  productId: number;
  categoryId: number;
}

/** Every admin loader and action; later pages add their rows here. */
const adminCalls: AdminCall[] = [
  { name: 'dashboard', permission: 'dashboard.read', fn: dashboard.loader, path: '' },
  { name: 'profile', permission: 'dashboard.read', fn: profile.loader, path: 'profile' },
  { name: 'staff list', permission: 'staff.manage', fn: staffPage.loader, path: 'staff' },
  {
    name: 'staff invite',
    permission: 'staff.manage',
    fn: staffPage.action,
    path: 'staff',
    form: () => ({ intent: 'invite', name: 'New Person', email: `new-${Math.random()}@example.com`, role: 'owner' }),
  },
  {
    name: 'staff role',
    permission: 'staff.manage',
    fn: staffPage.action,
    path: 'staff',
    form: ({ victimStaffId }) => ({ intent: 'role', staffId: victimStaffId, role: 'owner' }),
  },
  {
    name: 'staff disable',
    permission: 'staff.manage',
    fn: staffPage.action,
    path: 'staff',
    form: ({ victimStaffId }) => ({ intent: 'disable', staffId: victimStaffId }),
  },
  {
    name: 'staff reset',
    permission: 'staff.manage',
    fn: staffPage.action,
    path: 'staff',
    form: ({ victimStaffId }) => ({ intent: 'reset', staffId: victimStaffId }),
  },
  { name: 'audit log', permission: 'audit.read', fn: audit.loader, path: 'audit' },
  { name: 'reviews list', permission: 'reviews.moderate', fn: reviews.loader, path: 'reviews' },
  { name: 'review approve', permission: 'reviews.moderate', fn: reviews.action, path: 'reviews', form: ({ reviewId }) => ({ intent: 'approve', reviewId }) },
  {
    name: 'review reject',
    permission: 'reviews.moderate',
    fn: reviews.action,
    path: 'reviews',
    form: ({ reviewId }) => ({ intent: 'reject', reviewId, reason: 'Not about the product' }),
  },
  {
    name: 'review reply',
    permission: 'reviews.moderate',
    fn: reviews.action,
    path: 'reviews',
    form: ({ reviewId }) => ({ intent: 'reply', reviewId, reply: 'Thank you!' }),
  },
  { name: 'customers list', permission: 'customers.read', fn: customerList.loader, path: 'customers' },
  { name: 'customer detail', permission: 'customers.read', fn: customerPage.loader, path: 'customers/:customerId' },
  { name: 'customer export', permission: 'customers.write', fn: customerExport.loader, path: 'customers/:customerId/export' },
  { name: 'customer block', permission: 'customers.write', fn: customerPage.action, path: 'customers/:customerId', form: () => ({ intent: 'block' }) },
  {
    name: 'customer delete',
    permission: 'customers.write',
    fn: customerPage.action,
    path: 'customers/:customerId',
    form: () => ({ intent: 'delete', confirm: 'yes' }),
  },
  { name: 'mail outbox', permission: 'mail.outbox', fn: outboxPage.loader, path: 'mail' },
  { name: 'mail retry', permission: 'mail.outbox', fn: outboxPage.action, path: 'mail', form: ({ mailId }) => ({ intent: 'retry', mailId }) },
  { name: 'mail discard', permission: 'mail.outbox', fn: outboxPage.action, path: 'mail', form: ({ mailId }) => ({ intent: 'discard', mailId }) },
  { name: 'coupons list', permission: 'coupons.read', fn: coupons.loader, path: 'coupons' },
  { name: 'coupon detail', permission: 'coupons.read', fn: coupon.loader, path: 'coupons/:couponId' },
  { name: 'coupon disable', permission: 'coupons.write', fn: coupon.action, path: 'coupons/:couponId', form: () => ({ intent: 'disable' }) },
  { name: 'gift cards list', permission: 'giftcards.read', fn: giftCards.loader, path: 'gift-cards' },
  { name: 'gift card detail', permission: 'giftcards.read', fn: giftCard.loader, path: 'gift-cards/:giftCardId' },
  { name: 'stock alerts', permission: 'catalogue.read', fn: stockAlerts.loader, path: 'stock-alerts' },
  { name: 'contact inbox', permission: 'contact.inbox', fn: contactInbox.loader, path: 'contact' },
  { name: 'contact message', permission: 'contact.inbox', fn: contactMessage.loader, path: 'contact/:messageId' },
  { name: 'contact handled', permission: 'contact.inbox', fn: contactMessage.action, path: 'contact/:messageId', form: () => ({ intent: 'handled' }) },
  {
    name: 'contact reply',
    permission: 'contact.inbox',
    fn: contactMessage.action,
    path: 'contact/:messageId',
    form: () => ({ intent: 'reply', subject: 'Re: your order', body: 'It left our warehouse today.' }),
  },
  // The catalogue (issue 16)
  { name: 'products list', permission: 'catalogue.read', fn: productList.loader, path: 'products' },
  {
    name: 'products bulk deactivate',
    permission: 'catalogue.write',
    fn: productList.action,
    path: 'products',
    form: ({ productId }) => ({ intent: 'deactivate', productId }),
  },
  { name: 'product editor', permission: 'catalogue.read', fn: productEditor.loader, path: 'products/:productId' },
  { name: 'new product form', permission: 'catalogue.write', fn: productNew.loader, path: 'products/new' },
  {
    name: 'product create',
    permission: 'catalogue.write',
    fn: productNew.action,
    path: 'products/new',
    form: () => ({ productType: 'buckle', categoryId: '', sku: `PERM-${randomUUID().slice(0, 8)}`, name: 'Permission buckle', price: '1.00' }),
  },
  {
    name: 'product delete',
    permission: 'catalogue.write',
    fn: productEditor.action,
    path: 'products/:productId',
    form: () => ({ intent: 'delete', confirm: 'yes' }),
  },
  { name: 'category tree', permission: 'catalogue.read', fn: categoryTree.loader, path: 'categories' },
  {
    name: 'category move',
    permission: 'catalogue.write',
    fn: categoryTree.action,
    path: 'categories',
    form: ({ categoryId }) => ({ intent: 'up', categoryId }),
  },
  { name: 'attributes list', permission: 'catalogue.read', fn: attributeList.loader, path: 'attributes' },
  { name: 'category editor', permission: 'catalogue.read', fn: categoryEditor.loader, path: 'categories/:categoryId' },
  {
    name: 'category move to another parent',
    permission: 'catalogue.write',
    fn: categoryEditor.action,
    path: 'categories/:categoryId',
    form: () => ({ intent: 'move', parentId: '' }),
  },
  { name: 'gift card disable', permission: 'giftcards.write', fn: giftCard.action, path: 'gift-cards/:giftCardId', form: () => ({ intent: 'disable' }) },
];

async function promotions(db: Database) {
  const [created] = await db
    .insert(couponsTable)
    .values({ code: `P${Math.random().toString(36).slice(2, 10)}`, kind: 'free_shipping' })
    .returning({ id: couponsTable.id });
  const [card] = await db
    .insert(giftCardsTable)
    .values({ code: `G${Math.random().toString(36).slice(2, 10)}`, initialCents: 100, balanceCents: 100 })
    .returning({ id: giftCardsTable.id });
  return { couponId: created!.id, giftCardId: card!.id };
}

async function storedCategory(db: Database) {
  const [row] = await db
    .insert(categoriesTable)
    .values({ code: `c-${Math.random().toString(36).slice(2, 10)}`, level: 1 })
    .returning({ id: categoriesTable.id });
  return row!.id;
}

async function storedContactMessage(db: Database) {
  const [row] = await db
    .insert(contactMessages)
    .values({ kind: 'contact', locale: 'nl-NL', name: 'Eva Visser', email: 'eva@example.com', subject: 'Where is my order?', message: 'I ordered last week.' })
    .returning({ id: contactMessages.id });
  return row!.id;
}

async function failedMail(db: Database) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: 'x@example.com', subject: 'Order', html: '', text: '', attempts: 10, nextAttemptAt: null, lastError: 'refused' })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

describe.each(testDrivers)('admin permissions on %s', (driver) => {
  let database: TestDatabase;
  const members = {} as Record<StaffRole, StaffMember>;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    for (const role of staffRoles) members[role] = await loggedIn(database.db, await createStaff(database.db, role));
  });
  afterAll(() => database?.destroy());

  const deniedEntries = async (staffId: number, permission: Permission) => {
    const [row] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staffId), eq(auditLog.action, 'access.denied'), eq(auditLog.entityId, permission)));
    return row?.count ?? 0;
  };

  for (const call of adminCalls) {
    it.each(staffRoles)(`${call.name}: %s`, async (role) => {
      const { db } = database;
      const product = await createProductWithReview(db);
      const fixtures = {
        victimStaffId: (await createStaff(db, 'support')).id,
        reviewId: product.reviewId,
        productId: product.productId,
        categoryId: await storedCategory(db),
        customerId: (await createCustomer(db)).id,
        mailId: await failedMail(db),
        contactMessageId: await storedContactMessage(db),
        ...(await promotions(db)),
      };
      const before = await deniedEntries(members[role].id, call.permission);
      const result = await callRoute(call.fn, {
        db,
        staff: members[role],
        path: call.path,
        form: call.form?.(fixtures),
        params: {
          productId: String(fixtures.productId),
          categoryId: String(fixtures.categoryId),
          customerId: String(fixtures.customerId),
          couponId: String(fixtures.couponId),
          giftCardId: String(fixtures.giftCardId),
          messageId: String(fixtures.contactMessageId),
        },
      });
      if (can(role, call.permission)) {
        expect(result.status, JSON.stringify(result.data)).toBeLessThan(400);
        expect(await deniedEntries(members[role].id, call.permission)).toBe(before);
      } else {
        expect(result.status).toBe(403);
        expect(await deniedEntries(members[role].id, call.permission)).toBe(before + 1);
      }
    });
  }

  it('sends visitors without a session to the login, with the way back', async () => {
    const result = await callRoute(staffPage.loader, { db: database.db, staff: null, path: 'staff' });
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/paracord_admin/login?returnTo=%2Fparacord_admin%2Fstaff');
  });

  it('answers 400, not 500, to a forged intent or record id', async () => {
    const owner = members.owner;
    expect((await callRoute(staffPage.action, { db: database.db, staff: owner, path: 'staff', form: { intent: 'drop-tables' } })).status).toBe(400);
    expect(
      (await callRoute(staffPage.action, { db: database.db, staff: owner, path: 'staff', form: { intent: 'disable', staffId: '99999999999' } })).status,
    ).toBe(400);
    expect(
      (await callRoute(staffPage.action, { db: database.db, staff: owner, path: 'staff', form: { intent: 'disable', staffId: 2_000_000_000 } })).status,
    ).toBe(404);
    expect((await callRoute(staffPage.action, { db: database.db, staff: owner, path: 'staff', form: { intent: 'disable', staffId: owner.id } })).status).toBe(
      400,
    );
  });

  it('records staff changes with before and after', async () => {
    const { db } = database;
    const victim = await createStaff(db, 'support');
    await callRoute(staffPage.action, { db, staff: members.owner, path: 'staff', form: { intent: 'role', staffId: victim.id, role: 'editor' } });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.role'), eq(auditLog.entityId, String(victim.id))));
    expect(entry).toMatchObject({ staffId: members.owner.id, entity: 'staff', before: { role: 'support' }, after: { role: 'editor' } });
  });
});
