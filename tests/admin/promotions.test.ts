import { hasValidCheckLetter } from '#app/modules/gift-cards/gift-card-codes.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coupons, giftCards, stockAlertSubscriptions } from '#app/db/schema.ts';
import { checkCoupon } from '#app/modules/cart/coupons.server.ts';
import { checkGiftCard } from '#app/modules/checkout/gift-cards.server.ts';
import { stockAlertsPerVariant } from '#app/modules/engagement/stock-alerts.server.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import * as couponPage from '#app/routes/admin/coupon.tsx';
import * as giftCardPage from '#app/routes/admin/gift-card.tsx';
import * as giftCardsPage from '#app/routes/admin/gift-cards.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { callRoute, createProductWithReview, createStaff, loggedIn } from './admin-support.ts';

const couponForm = (overrides: Record<string, string> = {}) => ({
  intent: 'save',
  code: 'SUMMER10',
  kind: 'percent',
  percent: '10',
  amount: '',
  startsAt: '2026-06-01T00:00',
  endsAt: '2026-09-01T00:00',
  minSubtotal: '20.00',
  usageLimit: '100',
  perCustomerLimit: '1',
  isActive: 'on',
  ...overrides,
});

describe.each(testDrivers)('coupons, gift cards and stock alerts in the admin on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  it('creates a coupon with its rules in minor units, audited', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const created = await callRoute(couponPage.action, {
      db,
      staff: manager,
      path: 'coupons/new',
      params: { couponId: 'new' },
      form: couponForm({ code: 'summer10' }),
    });
    expect(created.status).toBe(302);
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, 'SUMMER10'));
    expect(coupon).toMatchObject({ kind: 'percent', value: 1000, minSubtotalEurCents: 2000, usageLimit: 100, perCustomerLimit: 1, isActive: true });
    expect(coupon!.endsAt!.toISOString()).toBe('2026-09-01T00:00:00.000Z');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'coupon.create'));
    expect(entry).toMatchObject({ staffId: manager.id, entityId: String(coupon!.id), before: null, after: { code: 'SUMMER10', value: 1000 } });
  });

  it('refuses an end before the start with a clear message, keeping the input and changing nothing', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const [existing] = await db.insert(coupons).values({ code: 'KEEP5', kind: 'fixed', value: 500 }).returning();
    const params = { couponId: String(existing!.id) };
    const refused = await callRoute(couponPage.action, {
      db,
      staff: manager,
      path: '',
      params,
      form: couponForm({ code: 'KEEP5', kind: 'fixed', amount: '7.50', startsAt: '2026-09-01T00:00', endsAt: '2026-06-01T00:00' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: { endsAt: { key: 'admin.validation.endBeforeStart' } },
      values: { amount: '7.50', endsAt: '2026-06-01T00:00' },
    });
    const [unchanged] = await db.select().from(coupons).where(eq(coupons.id, existing!.id));
    expect(unchanged).toEqual(existing);
    const bad = await callRoute(couponPage.action, {
      db,
      staff: manager,
      path: '',
      params,
      form: couponForm({ code: 'KEEP5', percent: '150', usageLimit: 'lots' }),
    });
    expect(bad.data).toMatchObject({ fieldErrors: { usageLimit: { key: 'admin.validation.wholeNumber' } } });
    const taken = await callRoute(couponPage.action, { db, staff: manager, path: '', params, form: couponForm({ code: 'summer10' }) });
    expect(taken.data).toMatchObject({ fieldErrors: { code: { key: 'admin.coupons.codeTaken' } } });
  });

  it('edits and disables a coupon; the checkout refuses a disabled one', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const [coupon] = await db.insert(coupons).values({ code: 'TENOFF', kind: 'fixed', value: 1000 }).returning();
    const params = { couponId: String(coupon!.id) };
    await callRoute(couponPage.action, {
      db,
      staff: manager,
      path: '',
      params,
      form: couponForm({ code: 'TENOFF', kind: 'fixed', amount: '12,50', startsAt: '', endsAt: '', minSubtotal: '', usageLimit: '', perCustomerLimit: '' }),
    });
    expect(await checkCoupon(db, 'tenoff', 5000, null)).toMatchObject({ ok: true, coupon: { kind: 'fixed', value: 1250 } });
    await callRoute(couponPage.action, { db, staff: manager, path: '', params, form: { intent: 'disable' } });
    expect(await checkCoupon(db, 'tenoff', 5000, null)).toEqual({ ok: false, reason: 'unknown' });
    const loaded = await callRoute(couponPage.loader, { db, staff: manager, path: '', params });
    expect(loaded.data).toMatchObject({ coupon: { isActive: false }, usage: [] });
  });

  it('issues a gift card in EUR, mails its code, and disabling it stops payments', async () => {
    const { db } = database;
    const manager = await loggedIn(db, await createStaff(db, 'manager'));
    const sent: OutgoingMail[] = [];
    const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
    const invalid = await callRoute(giftCardsPage.action, {
      db,
      staff: manager,
      path: 'gift-cards',
      form: { amount: '0.50', expiresAt: '2020-01-01', recipientEmail: 'no', mailLocale: 'de-DE' },
      services: { mailer },
    });
    expect(invalid.data).toMatchObject({
      ok: false,
      fieldErrors: { amount: { key: 'admin.validation.giftCardAmount' }, recipientEmail: { key: 'validation.email' } },
    });
    const issued = await callRoute(giftCardsPage.action, {
      db,
      staff: manager,
      path: 'gift-cards',
      form: { amount: '25,00', expiresAt: '2099-12-31', recipientEmail: 'lena@example.de', mailLocale: 'de-DE' },
      services: { mailer },
    });
    const { code } = issued.data as { code: string };
    // One generator for admin-issued and bought cards: random groups with a check letter (issue 15).
    expect(code).toMatch(/^([A-Z2-9]{4}-){3}[A-Z2-9]{4}$/);
    expect(hasValidCheckLetter(code)).toBe(true);
    const [card] = await db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(card).toMatchObject({ initialCents: 2500, balanceCents: 2500, recipientEmail: 'lena@example.de' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'lena@example.de' });
    expect(sent[0]!.subject).toContain('Geschenkkarte');
    expect(sent[0]!.text).toContain(code);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'giftcard.issue'));
    expect(JSON.stringify(entry)).not.toContain(code);

    expect(await checkGiftCard(db, code.toLowerCase(), 'EUR')).toMatchObject({ ok: true });
    await callRoute(giftCardPage.action, { db, staff: manager, path: '', params: { giftCardId: String(card!.id) }, form: { intent: 'disable' } });
    expect(await checkGiftCard(db, code, 'EUR')).toEqual({ ok: false, reason: 'unknown' });
    const history = await callRoute(giftCardPage.loader, { db, staff: manager, path: '', params: { giftCardId: String(card!.id) } });
    expect(history.data).toMatchObject({ card: { balanceCents: 2500 }, uses: [] });
  });

  it('lists back-in-stock requests per variant', async () => {
    const { db } = database;
    const { productId, variantId, sku } = await createProductWithReview(db, 0);
    await db.insert(stockAlertSubscriptions).values([
      { email: 'a@example.com', productId, variantId, locale: 'en' },
      { email: 'b@example.com', productId, variantId, locale: 'de-DE' },
    ]);
    const { rows } = await stockAlertsPerVariant(db, 'en');
    expect(rows.find((row) => row.variantId === variantId)).toMatchObject({ sku: `${sku}-1`, waiting: 2, stock: 0 });
  });
});
