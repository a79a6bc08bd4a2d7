import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers } from '#app/db/schema.ts';
import { searchCustomers } from '#app/modules/customers/customer-admin.server.ts';
import { logIn } from '#app/modules/customers/log-in.server.ts';
import { readSession, startSession } from '#app/modules/customers/session.server.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import * as customerPage from '#app/routes/admin/customer.tsx';
import * as customerExport from '#app/routes/admin/customer-export.ts';
import * as customerList from '#app/routes/admin/customers.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { callRoute, createStaff, loggedIn } from './admin-support.ts';

describe.each(testDrivers)('customers in the admin on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('finds customers by any part of the name or address', async () => {
    const { db } = database;
    const { id } = await createCustomer(db, { firstName: 'Ingrid', lastName: 'Bergström', email: `ingrid-${driver}@example.se` });
    expect((await searchCustomers(db, 'bergstr', 1)).rows.map((row) => row.id)).toContain(id);
    expect((await searchCustomers(db, 'INGRID example.se', 1)).rows.map((row) => row.id)).toEqual([id]);
    expect((await searchCustomers(db, '100%', 1)).rows).toEqual([]);
    const support = await loggedIn(db, await createStaff(db, 'support'));
    const listed = await callRoute(customerList.loader, { db, staff: support, path: `customers?q=ingrid-${driver}` });
    expect((listed.data as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual([id]);
    const detail = await callRoute(customerPage.loader, { db, staff: support, path: `customers/${id}`, params: { customerId: String(id) } });
    expect(detail.data).toMatchObject({ customer: { id, newsletterSubscribed: false }, canWrite: false, addresses: [], orders: [] });
  });

  it('blocks a customer: sessions end, the login refuses, unblocking lets them back', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const customer = await createCustomer(db);
    const token = await startSession(db, customer.id, undefined);
    const block = await callRoute(customerPage.action, {
      db,
      staff: manager,
      path: `customers/${customer.id}`,
      params: { customerId: String(customer.id) },
      form: { intent: 'block' },
    });
    expect(block.data).toEqual({ ok: true, message: 'admin.customers.blockedNow' });
    expect((await readSession(db, token)).kind).toBe('revoked');
    expect(await logIn(db, customer.email, customer.password, 'addr')).toEqual({ ok: false, reason: 'blocked' });
    expect(await logIn(db, customer.email, 'Wrong&Pass1', 'addr')).toEqual({ ok: false, reason: 'invalid-credentials' });
    await callRoute(customerPage.action, {
      db,
      staff: manager,
      path: `customers/${customer.id}`,
      params: { customerId: String(customer.id) },
      form: { intent: 'unblock' },
    });
    expect(await logIn(db, customer.email, customer.password, 'addr')).toEqual({ ok: true, customerId: customer.id });
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(customer.id)));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['customer.block', { blocked: false }, { blocked: true }],
      ['customer.unblock', { blocked: true }, { blocked: false }],
    ]);
  });

  it('sends the password-reset mail in the customer language', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const customer = await createCustomer(db);
    const sent: OutgoingMail[] = [];
    const result = await callRoute(customerPage.action, {
      db,
      staff: manager,
      path: `customers/${customer.id}`,
      params: { customerId: String(customer.id) },
      form: { intent: 'reset-mail' },
      services: { mailer: { send: async (mail) => void sent.push(mail) } },
    });
    expect(result.data).toEqual({ ok: true, message: 'admin.customers.resetSent' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: customer.email });
    // createCustomer registers in the Dutch store.
    expect(sent[0]!.html).toContain('/nl-nl/customer/account/createPassword?token=');
  });

  it('exports and deletes data like the privacy page, deletion only when confirmed', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const customer = await createCustomer(db);
    const params = { customerId: String(customer.id) };
    const exported = await callRoute(customerExport.loader, { db, staff: manager, path: `customers/${customer.id}/export`, params });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="customer-\d+-/);
    const unconfirmed = await callRoute(customerPage.action, { db, staff: manager, path: `customers/${customer.id}`, params, form: { intent: 'delete' } });
    expect(unconfirmed.status).toBe(400);
    const [still] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customer.id));
    expect(still?.email).toBe(customer.email);
    await callRoute(customerPage.action, { db, staff: manager, path: `customers/${customer.id}`, params, form: { intent: 'delete', confirm: 'yes' } });
    const [gone] = await db.select({ email: customers.email, anonymisedAt: customers.anonymisedAt }).from(customers).where(eq(customers.id, customer.id));
    expect(gone?.email).toBe(`deleted-${customer.id}@anonymised.invalid`);
    expect(gone?.anonymisedAt).not.toBeNull();
    expect(await logIn(db, customer.email, customer.password, 'addr2')).toMatchObject({ ok: false });
    const actions = (
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(customer.id)))
    ).map((entry) => entry.action);
    expect(actions).toEqual(['customer.export', 'customer.delete-data']);
    expect((await callRoute(customerPage.action, { db, staff: manager, path: '', params, form: { intent: 'block' } })).status).toBe(404);
  });

  it('answers 404 for a customer that does not exist and 400 for a forged id', async () => {
    const { db } = database;
    const owner = await loggedIn(db, await createStaff(db, 'owner'));
    expect((await callRoute(customerPage.loader, { db, staff: owner, path: '', params: { customerId: '2000000000' } })).status).toBe(404);
    expect((await callRoute(customerPage.loader, { db, staff: owner, path: '', params: { customerId: '1; drop table customers' } })).status).toBe(400);
  });
});
