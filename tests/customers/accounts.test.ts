import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, customers, orders, passwordResetTokens, sessions } from '#app/db/schema.ts';
import { addressSchema } from '#app/modules/customers/address-form.ts';
import { deleteAddress, getAddress, listAddresses, saveAddress } from '#app/modules/customers/addresses.server.ts';
import { registerSchema } from '#app/modules/customers/customer-forms.ts';
import { logIn } from '#app/modules/customers/log-in.server.ts';
import { deviceSetCookie, knownDeviceCustomerId } from '#app/modules/customers/known-device.server.ts';
import { hashPassword } from '#app/modules/customers/password.server.ts';
import { createPasswordResetToken, isUsableResetToken, resetPassword } from '#app/modules/customers/password-reset.server.ts';
import { changePassword, updatePersonalData } from '#app/modules/customers/personal-data.server.ts';
import { deleteAccount, exportCustomerData } from '#app/modules/customers/privacy.server.ts';
import { endAllSessions, readSession, startSession } from '#app/modules/customers/session.server.ts';
import { fieldErrorsOf } from '#app/lib/forms/field-errors.ts';
import { demoCustomer } from '../../scripts/demo-catalogue/demo-customer.ts';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, testPassword } from '../support/factories.ts';
import { rateLimitPolicies } from '#app/lib/security/rate-limit.server.ts';
import { registerCustomer } from '#app/modules/customers/register.server.ts';

const address = {
  firstName: 'Anna',
  lastName: 'Jansen',
  companyName: '',
  vatNumber: '',
  street: 'Dorpsstraat',
  houseNumber: '1',
  city: 'Utrecht',
  state: '',
  countryCode: 'NL',
  zipCode: '3511 AB',
  phone: '+31 30 123 4567',
  isDefaultBilling: '',
  isDefaultShipping: '',
};
const parseAddress = (overrides: Partial<typeof address> = {}) => addressSchema.parse({ ...address, ...overrides });
const addressErrors = (overrides: Partial<typeof address>) => {
  const parsed = addressSchema.safeParse({ ...address, ...overrides });
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
};

describe('customer form rules (spec §5)', () => {
  it('checks passwords with the exact messages', () => {
    const errors = (password: string, confirmPassword = password) => {
      const parsed = registerSchema.safeParse({
        firstName: 'Anna',
        lastName: 'Jansen',
        email: 'a@example.com',
        password,
        confirmPassword,
        newsletter: '',
        companyName: '',
        vatNumber: '',
      });
      return parsed.success ? {} : fieldErrorsOf(parsed.error);
    };
    expect(errors('').password?.key).toBe('validation.required');
    expect(errors('ab1!').password?.key).toBe('validation.passwordLength');
    expect(errors('abcdefgh1').password?.key).toBe('validation.passwordCharacters');
    expect(errors('abcdefgh!').password?.key).toBe('validation.passwordCharacters');
    expect(errors(testPassword, 'other').confirmPassword?.key).toBe('validation.passwordsMatch');
    expect(errors(testPassword)).toEqual({});
  });

  it('checks zip codes per country, states where needed and VAT numbers', () => {
    expect(addressErrors({ zipCode: '12345' }).zipCode?.key).toBe('validation.zipFormat');
    expect(addressErrors({ countryCode: 'DE', zipCode: '10115' })).toEqual({});
    expect(addressErrors({ countryCode: 'GB', zipCode: 'SW1A 1AA' })).toEqual({});
    expect(addressErrors({ countryCode: 'US', zipCode: '94105' }).state?.key).toBe('validation.required');
    expect(addressErrors({ countryCode: 'US', zipCode: '94105', state: 'CA' })).toEqual({});
    expect(addressErrors({ countryCode: 'XX' }).countryCode?.key).toBe('validation.country');
    expect(addressErrors({ street: 'Ab' }).street).toEqual({ key: 'validation.tooShort', values: { min: 3 } });
    expect(addressErrors({ phone: '12' }).phone?.key).toBe('validation.tooShort');
    expect(addressErrors({ vatNumber: 'NL123456789B99' }).vatNumber?.key).toBe('validation.vatFormat');
    expect(addressErrors({ vatNumber: 'NL004495445B01' }).vatNumber).toBeUndefined();
  });
});

describe.each(testDrivers)('customer accounts on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.05);
  });
  afterAll(() => database?.destroy());

  it('stores passwords as argon2id with the OWASP parameters', async () => {
    expect(await hashPassword('x')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [demo] = await database.db.select({ hash: customers.passwordHash }).from(customers).where(eq(customers.email, demoCustomer.email));
    expect(demo?.hash).toMatch(/^\$argon2id\$/);
  });

  it('logs in with the right password only, with one answer for unknown and wrong', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    expect(await logIn(db, customer.email.toUpperCase(), customer.password, '10.0.0.1')).toEqual({ ok: true, customerId: customer.id });
    expect(await logIn(db, customer.email, 'Wrong&Pass1', '10.0.0.1')).toEqual({ ok: false, reason: 'invalid-credentials' });
    expect(await logIn(db, 'nobody@example.com', 'Wrong&Pass1', '10.0.0.1')).toEqual({ ok: false, reason: 'invalid-credentials' });
  });

  it('limits guesses per account and address pair: a stranger cannot lock the customer out', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    for (let attempt = 0; attempt < 10; attempt++) await logIn(db, customer.email, 'Wrong&Pass1', '10.1.0.66');
    // The stranger's own pair is locked, with the right password too …
    expect(await logIn(db, customer.email, customer.password, '10.1.0.66')).toEqual({ ok: false, reason: 'too-many-attempts' });
    // … the customer, from their own address, is not.
    expect(await logIn(db, customer.email, customer.password, '10.1.1.1')).toEqual({ ok: true, customerId: customer.id });
    // Unknown addresses answer the same, locked pair included.
    for (let attempt = 0; attempt < 10; attempt++) await logIn(db, `nobody-${driver}@example.com`, 'Wrong&Pass1', '10.1.0.66');
    expect(await logIn(db, `nobody-${driver}@example.com`, 'Wrong&Pass1', '10.1.0.66')).toEqual({ ok: false, reason: 'too-many-attempts' });
  });

  it('lets a known device through while a distributed attack has the account limit used up', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    for (let attempt = 0; attempt < 50; attempt++) await logIn(db, customer.email, 'Wrong&Pass1', `10.3.${attempt}.1`);
    expect(await logIn(db, customer.email, customer.password, '10.3.99.1')).toEqual({ ok: false, reason: 'too-many-attempts' });
    // The cookie of an earlier login of this account (another account's cookie does not count).
    expect(await logIn(db, customer.email, customer.password, '10.3.99.1', { knownDeviceCustomerId: customer.id + 1 })).toEqual({
      ok: false,
      reason: 'too-many-attempts',
    });
    expect(await logIn(db, customer.email, customer.password, '10.3.99.1', { knownDeviceCustomerId: customer.id })).toEqual({
      ok: true,
      customerId: customer.id,
    });
    expect(await logIn(db, customer.email, 'Wrong&Pass1', '10.3.99.1', { knownDeviceCustomerId: customer.id })).toEqual({
      ok: false,
      reason: 'invalid-credentials',
    });
  });

  it('slows an address with too many attempts down instead of refusing it, and tells the customer once per window', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const pauses: number[] = [];
    const notified: string[] = [];
    const options = {
      pause: async (ms: number) => void pauses.push(ms),
      notifyFailedAttempts: async (who: { email: string }) => void notified.push(who.email),
    };
    for (let attempt = 0; attempt < 30; attempt++) await logIn(db, `probe-${driver}-${attempt}@example.com`, 'Wrong&Pass1', '10.2.0.1', options);
    expect(pauses).toEqual([]);
    for (let attempt = 0; attempt < 7; attempt++) await logIn(db, customer.email, 'Wrong&Pass1', '10.2.0.1', options);
    expect(pauses).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000]);
    expect(notified).toEqual([customer.email]);
    expect(await logIn(db, customer.email, customer.password, '10.2.0.1', options)).toEqual({ ok: true, customerId: customer.id });
    expect(notified).toEqual([customer.email]);
  });

  it('sets a known-device cookie at login that only this shop can make', () => {
    const secret = 'a-test-secret-of-at-least-thirty-two-characters';
    const cookie = deviceSetCookie(secret, 42, true).split(';')[0]!;
    expect(knownDeviceCustomerId(secret, new Request('https://shop.example/', { headers: { cookie } }))).toBe(42);
    expect(knownDeviceCustomerId('another-secret-of-at-least-thirty-two-chars', new Request('https://shop.example/', { headers: { cookie } }))).toBeNull();
    expect(knownDeviceCustomerId(secret, new Request('https://shop.example/', { headers: { cookie: cookie.replace('=42.', '=43.') } }))).toBeNull();
  });

  it('limits registrations per client address', async () => {
    const { db } = database;
    const input = (index: number) => ({
      firstName: 'Ria',
      lastName: 'Smit',
      email: `ria-${index}-${Date.now()}@example.com`,
      password: testPassword,
      confirmPassword: testPassword,
      newsletter: false,
      companyName: null,
      vatNumber: null,
    });
    const { limit } = rateLimitPolicies.registerPerAddress;
    for (let index = 0; index < limit; index++) expect((await registerCustomer(db, input(index), 'nl-NL', '10.9.0.1')).ok).toBe(true);
    expect(await registerCustomer(db, input(limit), 'nl-NL', '10.9.0.1')).toEqual({ ok: false, reason: 'too-many-attempts' });
    expect((await registerCustomer(db, input(limit + 1), 'nl-NL', '10.9.0.2')).ok).toBe(true);
  });

  it('rotates the session at login, expires it and notices a revoked one', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const first = await startSession(db, customer.id, undefined);
    expect(await readSession(db, first)).toMatchObject({ kind: 'customer', customer: { id: customer.id } });
    const second = await startSession(db, customer.id, first);
    expect(second).not.toBe(first);
    // Rotated in the same browser, which now holds the new token: nothing to tell.
    expect(await readSession(db, first)).toEqual({ kind: 'unknown' });
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.customerId, customer.id));
    expect(await readSession(db, second)).toEqual({ kind: 'expired' });
    expect(await readSession(db, undefined)).toEqual({ kind: 'guest' });
  });

  it('tells only a browser whose real session was ended elsewhere that it was logged out', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const phone = await startSession(db, customer.id, undefined);
    const laptop = await startSession(db, customer.id, undefined);
    await endAllSessions(db, customer.id);
    expect(await readSession(db, phone)).toEqual({ kind: 'revoked' });
    // Told once; the cookie is cleared with that answer.
    expect(await readSession(db, phone)).toEqual({ kind: 'unknown' });
    expect(await readSession(db, laptop)).toEqual({ kind: 'revoked' });
    expect(await readSession(db, 'not a token')).toEqual({ kind: 'unknown' });
    expect(await readSession(db, 'x'.repeat(43))).toEqual({ kind: 'unknown' });
  });

  it('resets a password with a single-use token and ends every session', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const token = await startSession(db, customer.id, undefined);
    const unknown = await createPasswordResetToken(db, 'nobody-here@example.com', '10.3.0.1');
    expect(unknown).toEqual({ token: null, customer: null, limited: false });
    const reset = await createPasswordResetToken(db, customer.email, '10.3.0.1');
    expect(reset.token).toMatch(/^[\w-]{43}$/);
    expect(await isUsableResetToken(db, reset.token!)).toBe(true);
    const [first, second] = await Promise.all([resetPassword(db, reset.token!, 'New&Password1'), resetPassword(db, reset.token!, 'Other&Password2')]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(await readSession(db, token)).toEqual({ kind: 'revoked' });
    const winner = first.ok ? 'New&Password1' : 'Other&Password2';
    expect((await logIn(db, customer.email, winner, '10.3.0.2')).ok).toBe(true);
    expect(await isUsableResetToken(db, reset.token!)).toBe(false);
  });

  it('refuses an expired reset token', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const reset = await createPasswordResetToken(db, customer.email, '10.4.0.1');
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.customerId, customer.id));
    expect(await resetPassword(db, reset.token!, 'New&Password1')).toEqual({ ok: false });
  });

  it('changes the e-mail address only with the current password', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const other = await createCustomer(db);
    const input = {
      firstName: 'Anna',
      lastName: 'Jansen',
      email: `new-${customer.email}`,
      currentPassword: '',
      companyName: null,
      vatNumber: null,
      isBusiness: false,
    };
    expect(await updatePersonalData(db, customer.id, input)).toEqual({
      ok: false,
      fieldErrors: { currentPassword: { key: 'account.currentPasswordForEmail' } },
      status: 400,
    });
    expect(await updatePersonalData(db, customer.id, { ...input, currentPassword: 'Wrong&Pass1' })).toMatchObject({ ok: false });
    expect(await updatePersonalData(db, customer.id, { ...input, email: other.email, currentPassword: customer.password })).toEqual({
      ok: false,
      fieldErrors: { email: { key: 'account.emailTaken' } },
      status: 400,
    });
    // The new address waits for its verification link (issue 15, tests/customers/email-verification.test.ts).
    expect(await updatePersonalData(db, customer.id, { ...input, currentPassword: customer.password })).toEqual({ ok: true, emailChangePending: true });
    expect(await updatePersonalData(db, customer.id, { ...input, email: customer.email, firstName: 'Anne' })).toEqual({ ok: true, emailChangePending: false });
  });

  it('changes the password and logs out the other devices', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const here = await startSession(db, customer.id, undefined);
    const elsewhere = await startSession(db, customer.id, undefined);
    const current = await readSession(db, here);
    if (current.kind !== 'customer') throw new Error('no session');
    expect(await changePassword(db, customer.id, current.customer.sessionId, 'Wrong&Pass1', 'New&Password1')).toMatchObject({ ok: false });
    expect(await changePassword(db, customer.id, current.customer.sessionId, customer.password, 'New&Password1')).toEqual({ ok: true });
    expect((await readSession(db, here)).kind).toBe('customer');
    expect(await readSession(db, elsewhere)).toEqual({ kind: 'revoked' });
  });

  it('limits guessing the current password from inside a session, even the right one once the limit is reached', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    const session = await readSession(db, await startSession(db, customer.id, undefined));
    if (session.kind !== 'customer') throw new Error('no session');
    const { limit } = rateLimitPolicies.reauthPerCustomer;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect(await changePassword(db, customer.id, session.customer.sessionId, `Guess&${attempt}aA`, 'New&Password1')).toMatchObject({ status: 400 });
    }
    const blocked = { ok: false, fieldErrors: { currentPassword: { key: 'account.tooManyAttempts' } }, status: 429 };
    expect(await changePassword(db, customer.id, session.customer.sessionId, customer.password, 'New&Password1')).toEqual(blocked);
    expect(
      await updatePersonalData(db, customer.id, {
        firstName: 'A',
        lastName: 'B',
        email: 'new@example.com',
        companyName: null,
        vatNumber: null,
        isBusiness: false,
        currentPassword: customer.password,
      }),
    ).toEqual(blocked);
    expect(await deleteAccount(db, customer.id, customer.password)).toBe('too-many-attempts');
  });

  it('keeps one default billing and shipping address, and only the owner reaches an address', async () => {
    const { db } = database;
    const anna = await createCustomer(db);
    const bert = await createCustomer(db);
    const first = await saveAddress(db, anna.id, null, parseAddress());
    expect(first).toMatchObject({ isDefaultBilling: true, isDefaultShipping: true });
    const second = await saveAddress(db, anna.id, null, parseAddress({ street: 'Kerkstraat', isDefaultShipping: 'on' }));
    const list = await listAddresses(db, anna.id);
    expect(list.filter((a) => a.isDefaultShipping).map((a) => a.id)).toEqual([second!.id]);
    expect(list.filter((a) => a.isDefaultBilling).map((a) => a.id)).toEqual([first!.id]);
    // Bert tries Anna's ids.
    expect(await getAddress(db, bert.id, first!.id)).toBeNull();
    expect(await saveAddress(db, bert.id, first!.id, parseAddress({ street: 'Hacked street' }))).toBeNull();
    expect(await deleteAddress(db, bert.id, first!.id)).toBe(false);
    expect((await getAddress(db, anna.id, first!.id))?.street).toBe('Dorpsstraat');
    expect(await deleteAddress(db, anna.id, second!.id)).toBe(true);
    expect(await getAddress(db, anna.id, first!.id)).toMatchObject({ isDefaultShipping: true, isDefaultBilling: true });
  });

  it('exports a customer’s data and deletes the account, keeping its orders anonymised', async () => {
    const { db } = database;
    const [demo] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, demoCustomer.email));
    const exported = await exportCustomerData(db, demo!.id);
    expect(exported.customer.email).toBe(demoCustomer.email);
    expect(exported.addresses).toHaveLength(1);
    expect(exported.orders).toHaveLength(2);
    expect(exported.orders[0]!.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|password_hash|idempotency/);

    const customer = await createCustomer(db);
    await saveAddress(db, customer.id, null, parseAddress());
    const token = await startSession(db, customer.id, undefined);
    const [cart] = await db
      .insert(carts)
      .values({
        customerId: customer.id,
        locale: 'nl-NL',
        currencyCode: 'EUR',
        checkout: { email: customer.email, shippingAddress: { street: 'Dorpsstraat' } },
      })
      .returning({ id: carts.id });
    expect(await deleteAccount(db, customer.id, 'Wrong&Pass1')).toBe('wrong');
    expect(await deleteAccount(db, customer.id, customer.password)).toBe('ok');
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ firstName: '', lastName: '', passwordHash: null, companyName: null });
    expect(row!.email).not.toContain(customer.email);
    expect(row!.anonymisedAt).not.toBeNull();
    expect(await listAddresses(db, customer.id)).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.id, cart!.id))).toEqual([]);
    // No session of the deleted account remains; its other browsers become guests.
    expect(await readSession(db, token)).toEqual({ kind: 'unknown' });
    expect((await logIn(db, customer.email, customer.password, '10.5.0.1')).ok).toBe(false);
    // Orders of a deleted account stay for the bookkeeping.
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.customerId, demo!.id));
    expect(count).toBe(2);
  });
});
