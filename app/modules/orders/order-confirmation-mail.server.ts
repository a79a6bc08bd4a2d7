import { asc, eq } from 'drizzle-orm';
import type { AppServices } from '#app/context.ts';
import { orderItems, orders } from '#app/db/schema.ts';
import { contentPagePath } from '#app/modules/content/information-pages.ts';
import { formatCurrencyAmount } from '#app/modules/currency/money.ts';
import { type LocaleCode, type StorefrontLocale, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { renderMail } from '#app/modules/mail/mail-layout.server.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import { type BankAccount, demoBankAccount, printedIban } from '#app/modules/payments/bank-account.ts';
import { type ShippingMethod, shippingMethods } from '#app/modules/pricing/shipping.ts';
import { importChargesOnArrival } from '#app/modules/pricing/vat.ts';
import { expectedDeliveryDate } from './delivery-dates.server.ts';
import { deliveryLine } from './delivery-line.ts';
import { lineName } from './line-name.ts';
import { sendOrderMail } from './order-mails.server.ts';

/** What the success page and the confirmation mail show of an order; `bankAccount` is where a bank transfer goes. */
export async function orderConfirmation(db: AppServices['db'], orderNumber: string, bankAccount: BankAccount = demoBankAccount, now = new Date()) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const destination = (order.shippingAddress as { countryCode?: string }).countryCode ?? 'NL';
  return {
    ...order,
    items,
    // What is left to pay after the gift card: the amount a bank transfer should be for.
    amountDueCents: order.totalCents - order.giftCardCents,
    importDuties: importChargesOnArrival({ destinationCountry: destination, taxCents: order.taxCents, reverseCharge: order.reverseCharge }),
    bankAccount: order.paymentMethod === 'bank_transfer' ? { ...bankAccount, iban: printedIban(bankAccount.iban) } : null,
    expectedDelivery: expectedDeliveryOf(order, destination, now),
  };
}

/**
 * When the parcel should arrive: counted from the order for one that is paid or on account, from
 * today for a bank transfer (it ships once the money is in: the page says "if paid today"); none
 * for gift cards alone (they are mailed) or an order on hold.
 */
function expectedDeliveryOf(order: typeof orders.$inferSelect, destination: string, now: Date): { date: string; ifPaidToday: boolean } | null {
  if (order.status === 'on_hold' || order.status === 'cancelled' || !shippingMethods.includes(order.shippingMethod as ShippingMethod)) return null;
  const waitsForTransfer = order.paymentMethod === 'bank_transfer' && order.status === 'pending_payment';
  const date = expectedDeliveryDate(order.shippingMethod as ShippingMethod, destination, waitsForTransfer ? now : order.createdAt);
  return date ? { date, ifPaidToday: waitsForTransfer } : null;
}

/** The bank details of a transfer as lines ("IBAN: NL91 ABNA 0417 1643 00"), for the mail. */
export function bankTransferLines(
  t: (key: string, values?: Record<string, string>) => string,
  bank: BankAccount,
  amount: string,
  currency: string,
  reference: string,
): string[] {
  return [
    t('checkout.bankTransferIntro'),
    `${t('checkout.bank.amount')}: ${amount} (${currency})`,
    `${t('checkout.bank.accountName')}: ${bank.accountName}`,
    `${t('checkout.bank.iban')}: ${bank.iban}`,
    `${t('checkout.bank.bic')}: ${bank.bic}`,
    ...(bank.bankName ? [`${t('checkout.bank.bankName')}: ${bank.bankName}`] : []),
    `${t('checkout.bank.reference')}: ${reference}`,
  ];
}

/** The order confirmation mail (HTML and text) in the language of the store it was placed in. */
export async function orderConfirmationMail(
  services: Pick<AppServices, 'db' | 'logger' | 'shopName' | 'siteUrl' | 'bankAccount'>,
  locale: LocaleCode,
  orderNumber: string,
): Promise<OutgoingMail | null> {
  const order = await orderConfirmation(services.db, orderNumber, services.bankAccount);
  if (!order) return null;
  const t = await serverTranslator(services.db, locale, services.logger);
  const money = (amount: number) => formatCurrencyAmount(amount, order.currencyCode, locale);
  const paragraphs = [
    t('mail.order.intro', { orderNumber }),
    // Spec §3: the order's own reference and the remarks, as the shopper entered them.
    ...(order.ownReference ? [t('account.orders.ownReference', { reference: order.ownReference })] : []),
    ...(order.remarks ? [t('account.orders.remarks', { remarks: order.remarks })] : []),
    ...order.items.map((item) => `${item.quantity} × ${lineName(item, t, locale)} (${item.sku}): ${money(item.rowTotalCents)}`),
    `${t('cart.subtotal')}: ${money(order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`${t('cart.discount')}: −${money(order.discountCents)}`] : []),
    `${t('cart.shipping')}: ${money(order.shippingCents)}`,
    `${order.reverseCharge ? t('cart.vatReverseCharge') : t('cart.vatPart')}: ${money(order.taxCents)}`,
    `${t('cart.total')}: ${money(order.totalCents)}`,
    ...(order.status === 'on_hold' ? [t('businessRisks.onHold')] : []),
    ...(order.bankAccount ? bankTransferLines(t, order.bankAccount, money(order.amountDueCents), order.currencyCode, orderNumber) : []),
    ...(order.expectedDelivery ? [deliveryLine(t, order.expectedDelivery, locale)] : []),
    ...(order.importDuties ? [t('checkout.importDuties')] : []),
  ];
  return renderMail({
    to: order.email,
    subject: t('mail.order.subject', { orderNumber, shopName: services.shopName }),
    locale,
    shopName: services.shopName,
    greeting: t('mail.greeting', { name: (order.billingAddress as { firstName?: string }).firstName ?? '' }),
    paragraphs,
    // content-pages: the pages the order is placed under, in the store's language
    links: (['terms', 'returns', 'privacy'] as const).map((code) => ({
      label: t(`pages.${code}`),
      url: `${services.siteUrl}${contentPagePath(storefrontByCode(locale)?.prefix ?? 'en', code, locale)}`,
    })),
    footer: t('mail.order.footer'),
  });
}

/** Sends the confirmation of a new order (kept with the order's mails). */
export async function sendOrderConfirmation(services: AppServices, storefront: StorefrontLocale, orderNumber: string): Promise<void> {
  const mail = await orderConfirmationMail(services, storefront.code, orderNumber);
  if (mail) await sendOrderMail(services, { orderNumber, kind: 'confirmation', mail, actor: null });
}
