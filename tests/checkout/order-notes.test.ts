import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, orders } from '#app/db/schema.ts';
import { addToCart } from '#app/modules/cart/add-to-cart.server.ts';
import type { CheckoutDetails } from '#app/modules/checkout/checkout-details.ts';
import { orderNotesLimits } from '#app/modules/checkout/checkout-forms.ts';
import { createMailTransport } from '#app/lib/mail/mailer.server.ts';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { issueInvoice } from '#app/modules/orders/record-order.server.ts';
import * as orderDetail from '#app/routes/admin/orders/order-detail.tsx';
import nlNl from '../../locales/nl-NL.json' with { type: 'json' };
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createCustomer, createProduct, testPassword } from '../support/factories.ts';
import { type MailCatcher, startMailCatcher, waitForMail } from '../support/mail-catcher.ts';
import { pageTexts } from '../support/pdf-text.ts';
import { type ShopInProcess, startShopInProcess } from '../support/shop-in-process.ts';
import { loggedInVisitor, testClientAddress, type Visitor } from '../support/visitors.ts';

const address = {
  firstName: 'Anna',
  lastName: 'Jansen',
  street: 'Dorpsstraat',
  houseNumber: '1',
  zipCode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
  phone: '+31 30 123 4567',
};
const browserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** Text as React writes it into HTML. */
const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');
const message = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/** Issue 19, spec §3: the cart's order remarks and the order's own reference, from the checkout to the invoice. */
describe.each(testDrivers)('order remarks and own reference on %s', (driver) => {
  let database: TestDatabase;
  let shop: ShopInProcess;
  let smtp: MailCatcher;
  const received = mkdtempSync(join(tmpdir(), 'cordial-order-notes-mail-'));
  let variantId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    variantId = (await createProduct(database.db, { variants: [{ priceCents: 1_995, stockQuantity: 1_000 }] })).variants[0]!.id;
    smtp = await startMailCatcher(received);
    const logger = createLogger('silent');
    // As in production: order mails go through the outbox to a real SMTP server.
    const mailer = new MailOutbox(
      database.db,
      createMailTransport({ smtpUrl: smtp.smtpUrl, from: 'Cordial <shop@cordial.example>', folder: tmpdir(), logger }),
      logger,
    );
    shop = await startShopInProcess(database, { mailer });
    // Seeding and Vite's first compile take minutes on a loaded two-core machine.
  }, 400_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.stop();
    await database?.destroy();
    rmSync(received, { recursive: true, force: true });
  });

  const send = (path: string, visitor: Visitor, cart: string, form?: Record<string, string>) =>
    fetch(`${shop.baseUrl}${path}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        cookie: `${visitor.cookie}; cart=${cart}`,
        'user-agent': browserAgent,
        'x-forwarded-for': testClientAddress,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: shop.baseUrl } : {}),
      },
      body: form ? new URLSearchParams({ ...form, _csrf: visitor.csrfToken }).toString() : undefined,
      redirect: 'manual',
    });

  it('takes both on the billing step, refuses too long ones with the message and the typed text, and shows them on the order, the mail, the invoice and the admin page', async () => {
    const { db } = database;
    const email = `notes-${Date.now()}@example.com`;
    const customer = await createCustomer(db, { email });
    const visitor = await loggedInVisitor(shop.baseUrl, 'nl-nl', { email, password: testPassword });
    const added = await addToCart(db, { cartId: undefined, customerId: customer.id, locale: 'nl-NL', currency: 'EUR', variantId, quantity: 2 });
    if (!added.ok) throw new Error(`not added: ${added.reason}`);
    // Customer and shipping steps done; the billing step is next.
    const details: CheckoutDetails = { email, shippingAddress: address, shippingMethod: 'home_delivery', billingSameAsShipping: true };
    await db
      .update(carts)
      .set({ checkout: details as Record<string, unknown> })
      .where(eq(carts.id, added.cartId));

    const step = await (await send('/nl-nl/checkout/billing', visitor, added.cartId)).text();
    expect(step).toContain(html(nlNl.checkout.ownReference));
    expect(step).toContain(html(nlNl.checkout.remarks));

    const tooLong = { ownReference: 'R'.repeat(orderNotesLimits.ownReference + 1), remarks: 'lang '.repeat(101).trim() };
    const refused = await send('/nl-nl/checkout/billing', visitor, added.cartId, { billingSame: 'same', ...tooLong });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain(message(nlNl.validation.maxLength, { max: orderNotesLimits.ownReference }));
    expect(refusedPage).toContain(message(nlNl.validation.maxLength, { max: orderNotesLimits.remarks }));
    expect(refusedPage).toContain(`value="${tooLong.ownReference}"`);
    expect(refusedPage).toContain(tooLong.remarks);

    const reference = 'PO 2026-0042';
    const remarks = 'Graag afgeven bij de buren op nr. 3.\nBel twee keer.';
    const saved = await send('/nl-nl/checkout/billing', visitor, added.cartId, { billingSame: 'same', ownReference: `  ${reference} `, remarks });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/nl-nl/checkout/payment');
    // Back on the step: what was saved is filled in again.
    expect(await (await send('/nl-nl/checkout/billing', visitor, added.cartId)).text()).toContain(`value="${reference}"`);

    const placed = await send('/nl-nl/checkout/payment', visitor, added.cartId, { paymentMethod: 'bank_transfer', terms: 'on' });
    expect(placed.status).toBe(302);
    const successPath = placed.headers.get('location')!;
    const orderNumber = /order=(NL\d{6})/.exec(successPath)?.[1] ?? '';
    const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({ ownReference: reference, remarks });

    const shownReference = message(nlNl.account.orders.ownReference, { reference });
    const shownRemarks = message(nlNl.account.orders.remarks, { remarks });
    const success = await (await send(successPath, visitor, added.cartId)).text();
    expect(success).toContain(html(shownReference));
    expect(success).toContain(html(shownRemarks));
    const accountPage = await (await send(`/nl-nl/customer/orders/${orderNumber}`, visitor, added.cartId)).text();
    expect(accountPage).toContain(html(shownReference));
    expect(accountPage).toContain(html(shownRemarks));

    // The confirmation mail, over real SMTP: in its HTML part and in its text part.
    const mail = await waitForMail(received, email, new RegExp(orderNumber));
    expect(mail.text.split(shownReference)).toHaveLength(3);
    expect(mail.text.split('Bel twee keer.')).toHaveLength(3);

    // The invoice PDF the customer downloads.
    const invoiceNumber = await db.transaction((tx) => issueInvoice(tx, order!.id));
    const pdf = await send(`/nl-nl/customer/orders/${orderNumber}/invoice/${encodeURIComponent(invoiceNumber)}`, visitor, added.cartId);
    expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
    const [firstPage] = pageTexts(Buffer.from(await pdf.arrayBuffer()));
    expect(firstPage).toContain(nlNl.invoice.ownReference);
    expect(firstPage).toContain(reference);
    expect(firstPage).toContain(nlNl.invoice.remarks.toLocaleUpperCase('nl-NL'));
    expect(firstPage).toContain('Graag afgeven bij de buren op nr. 3.');
    expect(firstPage).toContain('Bel twee keer.');

    // The back office's order page.
    const staff = await loggedIn(db, await createStaff(db, 'support'));
    const admin = await callRoute(orderDetail.loader, { db, staff, path: `orders/${orderNumber}`, params: { orderNumber } });
    expect(admin.data).toMatchObject({ order: { ownReference: reference, remarks } });
  });
});
