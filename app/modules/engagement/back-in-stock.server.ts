import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppServices } from '#app/context.ts';
import type { Queryable } from '#app/db/client.server.ts';
import { qualified } from '#app/db/qualified-column.ts';
import { productTranslations, productVariants, products, stockAlertSubscriptions } from '#app/db/schema.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import { shopperMail, storeTranslators } from '#app/modules/mail/shopper-mail.server.ts';
import { readSignedToken, signToken } from '#app/lib/security/signed-token.server.ts';

/** What the background jobs need of the shop's services. */
export type JobServices = Pick<AppServices, 'db' | 'logger' | 'mailer' | 'siteUrl' | 'shopName' | 'sessionSecret'>;

/** Subscriptions taken per transaction: one short transaction per batch, however many wait. */
const batchSize = 50;

/**
 * The one place that decides "back in stock": an open subscription whose variant (or, for a
 * request without a variant, any variant of its product) is active, on sale and has stock. Every
 * source of stock — a cancelled order, a refund returned to stock, an admin edit, an import or a
 * statement typed into the database — is seen the same way by the job that looks for it.
 */
const backInStock = exists(
  sql`(select 1 from ${productVariants} join ${products} on ${qualified(products.id)} = ${qualified(productVariants.productId)}
       where ${qualified(productVariants.productId)} = ${qualified(stockAlertSubscriptions.productId)}
         and (${qualified(stockAlertSubscriptions.variantId)} is null or ${qualified(productVariants.id)} = ${qualified(stockAlertSubscriptions.variantId)})
         and ${qualified(productVariants.isActive)} and ${qualified(products.isActive)} and ${qualified(productVariants.stockQuantity)} > 0)`,
);

/**
 * The background job: mails every subscriber of a variant that is in stock again, once, in the
 * language of the store they subscribed in, and removes the fulfilled subscription. Each batch
 * is claimed by deleting its rows (`… where id in (select … for update skip locked)`) in the
 * transaction that queues the mails, so two processes running the job at once never take the
 * same subscription, and a failure leaves both the rows and the mails as they were.
 * Returns the number of mails queued.
 */
export async function sendBackInStockMails(services: JobServices): Promise<number> {
  const { db } = services;
  const [anyDue] = await db
    .select({ id: stockAlertSubscriptions.id })
    .from(stockAlertSubscriptions)
    .where(and(isNull(stockAlertSubscriptions.notifiedAt), backInStock))
    .limit(1);
  if (!anyDue) return 0;
  const translators = await storeTranslators(services);
  let total = 0;
  for (;;) {
    const queued = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: stockAlertSubscriptions.id })
        .from(stockAlertSubscriptions)
        .where(and(isNull(stockAlertSubscriptions.notifiedAt), backInStock))
        .orderBy(asc(stockAlertSubscriptions.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const claimed = await tx.delete(stockAlertSubscriptions).where(inArray(stockAlertSubscriptions.id, due)).returning();
      for (const subscription of claimed) await queueBackInStockMail(tx, services, translators.get(subscription.locale)!, subscription);
      return claimed.length;
    });
    total += queued;
    if (queued < batchSize) break;
  }
  if (total > 0) {
    services.mailer.deliverSoon?.();
    services.logger.info({ mails: total }, 'back-in-stock mails queued');
  }
  return total;
}

type Subscription = typeof stockAlertSubscriptions.$inferSelect;

async function queueBackInStockMail(tx: Queryable, services: JobServices, t: Translate, subscription: Subscription): Promise<void> {
  const storefront = storefrontByCode(subscription.locale)!;
  const [product] = await tx
    .select({ name: productTranslations.name, urlKey: productTranslations.urlKey, sku: sql<string>`coalesce(${productVariants.sku}, ${products.sku})` })
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, storefront.code)))
    .leftJoin(productVariants, eq(productVariants.id, subscription.variantId ?? -1))
    .where(eq(products.id, subscription.productId));
  if (!product) return;
  await queueMail(tx, backInStockMail(services, t, { email: subscription.email, locale: storefront.code, prefix: storefront.prefix }, product));
}

/** The mail itself (also rendered by the mail test in every language). */
export function backInStockMail(
  { siteUrl, shopName, sessionSecret }: Pick<JobServices, 'siteUrl' | 'shopName' | 'sessionSecret'>,
  t: Translate,
  to: { email: string; locale: string; prefix: string },
  product: { name: string; urlKey: string; sku: string },
) {
  const unsubscribeUrl = `${siteUrl}/${to.prefix}/${stockAlertUnsubscribePath}?token=${encodeURIComponent(stockAlertUnsubscribeToken(sessionSecret, to.email))}`;
  const mail = shopperMail(t, shopName, to, {
    subject: t('stockAlerts.mail.subject', { product: product.name }),
    paragraphs: [t('stockAlerts.mail.intro', { product: product.name, sku: product.sku, shopName }), t('stockAlerts.mail.once')],
    action: { label: t('stockAlerts.mail.action'), url: `${siteUrl}/${to.prefix}/${product.urlKey}` },
    links: [{ label: t('stockAlerts.mail.unsubscribe'), url: unsubscribeUrl }],
    footer: t('stockAlerts.mail.footer', { shopName }),
  });
  return { ...mail, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } };
}

// ---------------------------------------------------------------- unsubscribe link

/** Below the store prefix: the unsubscribe link of back-in-stock mails. */
export const stockAlertUnsubscribePath = 'stock-alerts/unsubscribe';
const unsubscribePurpose = 'stock-alerts-unsubscribe';

/** Signed for one address, without expiry: the link of an old mail keeps working. */
export const stockAlertUnsubscribeToken = (secret: string, email: string) => signToken(secret, unsubscribePurpose, { email: email.toLowerCase() });

const isUnsubscribePayload = (value: Record<string, unknown>): value is { email: string } => typeof value.email === 'string';

/** True when the token is genuine (the page then shows its button). */
export const isStockAlertUnsubscribeToken = (secret: string, token: string) => readSignedToken(secret, unsubscribePurpose, token, isUnsubscribePayload).ok;

/** Ends every open back-in-stock request of the token's address; null for a forged token. */
export async function unsubscribeStockAlerts(db: Queryable, secret: string, token: string): Promise<number | null> {
  const check = readSignedToken(secret, unsubscribePurpose, token, isUnsubscribePayload);
  if (!check.ok) return null;
  const removed = await db
    .delete(stockAlertSubscriptions)
    .where(eq(sql`lower(${stockAlertSubscriptions.email})`, check.payload.email))
    .returning({ id: stockAlertSubscriptions.id });
  return removed.length;
}

// ---------------------------------------------------------------- the account's list

/**
 * Which requests an account may see and remove: those made while logged in to it, and, once the
 * account's address is verified, every request made with that address (an unverified account
 * could carry someone else's address).
 */
const ownedBy = (account: { id: number; email: string; emailVerified: boolean }) =>
  account.emailVerified
    ? or(eq(stockAlertSubscriptions.customerId, account.id), eq(sql`lower(${stockAlertSubscriptions.email})`, account.email.toLowerCase()))
    : eq(stockAlertSubscriptions.customerId, account.id);

export type StockAlertAccount = { id: number; email: string; emailVerified: boolean };

export async function listAccountStockAlerts(db: Queryable, account: StockAlertAccount, locale: string) {
  return db
    .select({
      id: stockAlertSubscriptions.id,
      name: productTranslations.name,
      urlKey: productTranslations.urlKey,
      sku: sql<string>`coalesce(${productVariants.sku}, ${products.sku})`,
      email: stockAlertSubscriptions.email,
      createdAt: stockAlertSubscriptions.createdAt,
    })
    .from(stockAlertSubscriptions)
    .innerJoin(products, eq(products.id, stockAlertSubscriptions.productId))
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
    .leftJoin(productVariants, eq(productVariants.id, stockAlertSubscriptions.variantId))
    .where(and(isNull(stockAlertSubscriptions.notifiedAt), ownedBy(account)))
    .orderBy(asc(stockAlertSubscriptions.createdAt), asc(stockAlertSubscriptions.id));
}

/** Removes one of the account's requests; false when it is not one of them (or gone already). */
export async function removeAccountStockAlert(db: Queryable, account: StockAlertAccount, subscriptionId: number): Promise<boolean> {
  const removed = await db
    .delete(stockAlertSubscriptions)
    .where(and(eq(stockAlertSubscriptions.id, subscriptionId), ownedBy(account)))
    .returning({ id: stockAlertSubscriptions.id });
  return removed.length > 0;
}
