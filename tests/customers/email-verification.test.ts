import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '#app/context.ts';
import { customers, mailOutbox } from '#app/db/schema.ts';
import { sendVerificationMail, verificationToken, verificationValidityMs, verifyEmail } from '#app/modules/customers/email-verification.server.ts';
import { updatePersonalData } from '#app/modules/customers/personal-data.server.ts';
import { anonymiseCustomer } from '#app/modules/customers/privacy.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer } from '../support/factories.ts';
import { testServices } from '../support/services.ts';

const dutch = storefrontByCode('nl-NL')!;

describe.each(testDrivers)('e-mail verification on %s', (driver) => {
  let database: TestDatabase;
  let services: AppServices;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    services = { ...testServices(database.db), mailer: { send: async (mail) => void (await queueMail(database.db, mail)) } };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const latestMailTo = async (email: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1))[0];
  const tokenIn = (text: string) => decodeURIComponent(/\/nl-nl\/customer\/account\/verify-email\?token=([\w.%-]+)/.exec(text)![1]!);
  const account = async (id: number) => (await database.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const personal = (email: string, currentPassword: string) => ({
    firstName: 'Anna',
    lastName: 'Jansen',
    email,
    currentPassword,
    companyName: null,
    vatNumber: null,
    isBusiness: false,
  });

  it('verifies the address of a new account through its mailed link, once', async () => {
    const customer = await createCustomer(database.db);
    expect((await account(customer.id)).emailVerifiedAt).toBeNull();
    expect(await sendVerificationMail(services, dutch, customer.id)).toBe(true);
    const mail = await latestMailTo(customer.email);
    expect(mail!.subject).toBe('Bevestig je e-mailadres bij Cordial');
    const token = tokenIn(mail!.text);
    expect(await verifyEmail(services, token)).toEqual({ outcome: 'verified', email: customer.email });
    expect((await account(customer.id)).emailVerifiedAt).toBeInstanceOf(Date);
    // Used again: said so, nothing changes.
    expect(await verifyEmail(services, token)).toEqual({ outcome: 'used' });
    // Nothing left to verify: no more mails.
    expect(await sendVerificationMail(services, dutch, customer.id)).toBe(false);
  });

  it('refuses a forged token and an expired one, and leaves the account unverified', async () => {
    const customer = await createCustomer(database.db);
    const genuine = verificationToken(services.sessionSecret, { customerId: customer.id, email: customer.email, kind: 'registration', issuedAt: Date.now() });
    const [body] = genuine.split('.');
    const otherAccount = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), customerId: customer.id + 1 })).toString(
      'base64url',
    );
    expect(await verifyEmail(services, `${otherAccount}.${genuine.split('.')[1]}`)).toEqual({ outcome: 'invalid' });
    expect(
      await verifyEmail(
        services,
        verificationToken('another-secret-of-at-least-thirty-two-chars', {
          customerId: customer.id,
          email: customer.email,
          kind: 'registration',
          issuedAt: Date.now(),
        }),
      ),
    ).toEqual({ outcome: 'invalid' });
    expect(await verifyEmail(services, 'not-a-token')).toEqual({ outcome: 'invalid' });
    const expired = verificationToken(services.sessionSecret, {
      customerId: customer.id,
      email: customer.email,
      kind: 'registration',
      issuedAt: Date.now() - verificationValidityMs - 1000,
    });
    expect(await verifyEmail(services, expired)).toEqual({ outcome: 'expired' });
    expect((await account(customer.id)).emailVerifiedAt).toBeNull();
  });

  it('changes the address only once the new address is verified, and tells the old address', async () => {
    const customer = await createCustomer(database.db);
    const newEmail = `new-${randomUUID()}@example.com`;
    expect(await updatePersonalData(database.db, customer.id, personal(newEmail, customer.password))).toEqual({ ok: true, emailChangePending: true });
    expect(await account(customer.id)).toMatchObject({ email: customer.email, pendingEmail: newEmail });
    expect(await sendVerificationMail(services, dutch, customer.id)).toBe(true);
    const mail = await latestMailTo(newEmail);
    expect(mail!.text).toContain('De wijziging gaat in zodra je die met de knop hieronder bevestigt.');
    // Saving the form again (it shows the current address) keeps the request waiting.
    expect(await updatePersonalData(database.db, customer.id, personal(customer.email, ''))).toEqual({ ok: true, emailChangePending: false });
    const token = tokenIn(mail!.text);
    expect(await verifyEmail(services, token)).toEqual({ outcome: 'changed', email: newEmail });
    expect(await account(customer.id)).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await account(customer.id)).emailVerifiedAt).toBeInstanceOf(Date);
    const notice = await latestMailTo(customer.email);
    expect(notice!.subject).toBe('Het e-mailadres van je account bij Cordial is gewijzigd');
    expect(notice!.text).toContain(newEmail);
    expect(await verifyEmail(services, token)).toEqual({ outcome: 'used' });
  });

  it('refuses an address of another account, and a superseded change link', async () => {
    const customer = await createCustomer(database.db);
    const other = await createCustomer(database.db);
    expect(await updatePersonalData(database.db, customer.id, personal(other.email, customer.password))).toMatchObject({
      ok: false,
      fieldErrors: { email: { key: 'account.emailTaken' } },
    });
    const first = `first-${randomUUID()}@example.com`;
    await updatePersonalData(database.db, customer.id, personal(first, customer.password));
    await sendVerificationMail(services, dutch, customer.id);
    const firstToken = tokenIn((await latestMailTo(first))!.text);
    const second = `second-${randomUUID()}@example.com`;
    await updatePersonalData(database.db, customer.id, personal(second, customer.password));
    expect(await verifyEmail(services, firstToken)).toEqual({ outcome: 'invalid' });
    expect((await account(customer.id)).email).toBe(customer.email);
    // The pending address was registered by someone else meanwhile.
    await sendVerificationMail(services, dutch, customer.id);
    const secondToken = tokenIn((await latestMailTo(second))!.text);
    await createCustomer(database.db, { email: second });
    expect(await verifyEmail(services, secondToken)).toEqual({ outcome: 'taken' });
    expect(await account(customer.id)).toMatchObject({ email: customer.email, pendingEmail: null });
  });

  it('forgets a pending address when the account is deleted, and its link no longer works', async () => {
    const customer = await createCustomer(database.db);
    const newEmail = `pending-${randomUUID()}@example.com`;
    await updatePersonalData(database.db, customer.id, personal(newEmail, customer.password));
    await sendVerificationMail(services, dutch, customer.id);
    const token = tokenIn((await latestMailTo(newEmail))!.text);
    await anonymiseCustomer(database.db, customer.id, customer.email);
    expect(await account(customer.id)).toMatchObject({ pendingEmail: null, pendingEmailRequestedAt: null });
    expect(await verifyEmail(services, token)).toEqual({ outcome: 'invalid' });
  });
});
