import { and, asc, eq, gte, isNotNull, isNull, lte, max, notExists, sql } from 'drizzle-orm';
import type { Queryable } from '#app/db/client.server.ts';
import { customers, orderItems, orders, orderStatusHistory, productReviews, productTranslations, productVariants, reviewInvitations } from '#app/db/schema.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import type { Translate } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { queueMail } from '#app/lib/mail/outbox.server.ts';
import { shopperMail } from '#app/modules/mail/shopper-mail.server.ts';
import type { JobServices } from './back-in-stock.server.ts';

/**
 * Orders completed longer ago than this past their due day get no invitation: when the feature is
 * switched on (or the delay shortened) old orders are not suddenly asked about.
 */
const lateWindowDays = 14;
const batchSize = 50;

/** Where the invitation's links lead: the account's review form with the product chosen. */
export const reviewFormUrl = (siteUrl: string, prefix: string, productId: number) =>
  `${siteUrl}${accountPath(prefix, 'reviews')}?product=${productId}#write-review`;

/**
 * The background job: invites the customer of each order that was marked completed `days` days
 * ago (or more, within two weeks) to review what they bought, once per order. The invitation row
 * is inserted first, in the transaction that queues the mail; a second process inserting the same
 * order waits for the first and then does nothing, so a mail goes out once. Guest orders are
 * skipped: reviews are written in the account. Returns the number of mails queued.
 */
export async function sendReviewInvitations(services: JobServices, days: number): Promise<number> {
  const { db } = services;
  const completedAt = max(orderStatusHistory.createdAt);
  const due = await db
    .select({ orderId: orders.id, locale: orders.locale })
    .from(orders)
    .innerJoin(orderStatusHistory, and(eq(orderStatusHistory.orderId, orders.id), eq(orderStatusHistory.status, 'completed')))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.status, 'completed'),
        isNotNull(orders.customerId),
        isNull(customers.anonymisedAt),
        notExists(db.select({ orderId: reviewInvitations.orderId }).from(reviewInvitations).where(eq(reviewInvitations.orderId, orders.id))),
      ),
    )
    .groupBy(orders.id)
    .having(and(lte(completedAt, sql`now() - make_interval(days => ${days})`), gte(completedAt, sql`now() - make_interval(days => ${days + lateWindowDays})`)))
    .orderBy(asc(orders.id))
    .limit(batchSize);
  let sent = 0;
  for (const { orderId, locale } of due) {
    // Loaded before the transaction: the embedded database's one connection belongs to it meanwhile.
    const t = await serverTranslator(db, storefrontByCode(locale)!.code, services.logger);
    const mailed = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(reviewInvitations)
        .values({ orderId, productCount: 0 })
        .onConflictDoNothing()
        .returning({ orderId: reviewInvitations.orderId });
      if (!claimed) return false;
      return invite(tx, services, t, orderId);
    });
    if (mailed) sent++;
  }
  if (sent > 0) {
    services.mailer.deliverSoon?.();
    services.logger.info({ mails: sent }, 'review invitations queued');
  }
  return sent;
}

async function invite(tx: Queryable, services: JobServices, t: Translate, orderId: number): Promise<boolean> {
  const [order] = await tx
    .select({ orderNumber: orders.orderNumber, locale: orders.locale, customerId: customers.id, email: customers.email, firstName: customers.firstName })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!order) return false;
  const storefront = storefrontByCode(order.locale)!;
  // The order's products (not samples) the customer has not reviewed yet.
  const productsToReview = await tx
    .select({ productId: productVariants.productId, name: productTranslations.name })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .innerJoin(productTranslations, and(eq(productTranslations.productId, productVariants.productId), eq(productTranslations.locale, storefront.code)))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.isSample, false),
        notExists(
          tx
            .select({ id: productReviews.id })
            .from(productReviews)
            .where(and(eq(productReviews.customerId, order.customerId), eq(productReviews.productId, productVariants.productId))),
        ),
      ),
    )
    .groupBy(productVariants.productId, productTranslations.name)
    .orderBy(asc(productTranslations.name));
  if (productsToReview.length === 0) return false;
  await tx.update(reviewInvitations).set({ productCount: productsToReview.length }).where(eq(reviewInvitations.orderId, orderId));
  await queueMail(tx, reviewInvitationMail(services, t, { ...order, prefix: storefront.prefix, locale: storefront.code }, productsToReview));
  return true;
}

/** The invitation (also rendered by the mail test in every language). */
export function reviewInvitationMail(
  { siteUrl, shopName }: Pick<JobServices, 'siteUrl' | 'shopName'>,
  t: Translate,
  order: { orderNumber: string; email: string; firstName: string; prefix: string; locale: string },
  productsToReview: { productId: number; name: string }[],
) {
  return shopperMail(
    t,
    shopName,
    { email: order.email, locale: order.locale, name: order.firstName },
    {
      subject: t('reviewInvite.mail.subject', { orderNumber: order.orderNumber }),
      paragraphs: [t('reviewInvite.mail.intro', { orderNumber: order.orderNumber, shopName }), t('reviewInvite.mail.products')],
      links: productsToReview.map((product) => ({
        label: t('reviewInvite.mail.product', { product: product.name }),
        url: reviewFormUrl(siteUrl, order.prefix, product.productId),
      })),
      footer: t('reviewInvite.mail.footer'),
    },
  );
}
