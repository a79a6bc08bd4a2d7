/**
 * Coupons and gift cards as staff manage them in the admin: create, edit, disable, usage and
 * history. The checkout's own rules (app/modules/cart/coupons.server.ts,
 * app/modules/checkout/gift-cards.server.ts) read the same rows.
 */
import { generateGiftCardCode } from '#app/modules/gift-cards/gift-card-codes.ts';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { couponRedemptions, coupons, giftCards, orders } from '#app/db/schema.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import type { AppServices } from '#app/context.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { pageOfRows } from '#app/lib/paging/page-window.ts';
import { optionalUtcDate } from '#app/lib/forms/utc-dates.server.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { shopperMail, storeTranslator } from '#app/modules/mail/shopper-mail.server.ts';

const optionalInt = (max: number) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '') return null;
      if (!/^\d+$/.test(value) || Number(value) > max) {
        context.addIssue({ code: 'custom', message: 'admin.validation.wholeNumber' });
        return z.NEVER;
      }
      return Number(value);
    });

/** An amount typed as 12.50 or 12,50 (EUR), as integer cents. */
const euroAmount = z
  .string()
  .trim()
  .transform((value, context) => {
    const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(value);
    if (!match) {
      context.addIssue({ code: 'custom', message: 'admin.validation.amount' });
      return z.NEVER;
    }
    return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  });

export const couponFields = ['code', 'kind', 'percent', 'amount', 'startsAt', 'endsAt', 'minSubtotal', 'usageLimit', 'perCustomerLimit', 'isActive'] as const;

/**
 * The coupon form. Percent is typed as a number (10 = 10 %), a fixed discount and the minimum as
 * euros; dates as the date inputs send them (UTC). An end before the start is refused.
 */
export const couponSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, 'validation.tooShort')
      .max(40, 'validation.invalid')
      .regex(/^[A-Za-z0-9_-]+$/, 'admin.validation.couponCode'),
    kind: z.enum(['percent', 'fixed', 'free_shipping'], 'validation.invalid'),
    percent: z.string().trim(),
    amount: z.string().trim(),
    startsAt: optionalUtcDate,
    endsAt: optionalUtcDate,
    minSubtotal: z
      .string()
      .trim()
      .transform((value) => (value === '' ? '0' : value))
      .pipe(euroAmount),
    usageLimit: optionalInt(1_000_000),
    perCustomerLimit: optionalInt(1_000),
    isActive: z.string().transform((value) => value === 'on' || value === 'true'),
  })
  .superRefine((form, context) => {
    if (form.kind === 'percent' && !(/^\d{1,2}$/.test(form.percent) && Number(form.percent) >= 1))
      context.addIssue({ code: 'custom', path: ['percent'], message: 'admin.validation.percent' });
    if (form.kind === 'fixed' && !euroAmount.safeParse(form.amount).success)
      context.addIssue({ code: 'custom', path: ['amount'], message: 'admin.validation.amount' });
    if (form.startsAt && form.endsAt && form.endsAt.getTime() <= form.startsAt.getTime())
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'admin.validation.endBeforeStart' });
  })
  .transform(({ percent, amount, minSubtotal, ...form }) => ({
    ...form,
    code: form.code.toUpperCase(),
    value: form.kind === 'percent' ? Number(percent) * 100 : form.kind === 'fixed' ? euroAmount.parse(amount) : 0,
    minSubtotalEurCents: minSubtotal,
  }));
export type CouponInput = z.output<typeof couponSchema>;

export const couponPageSize = 25;
/** The columns the coupon list sorts by; active ones first (then by code) unless asked. */
export const couponSort = listSortSpec(['code', 'discount', 'valid', 'used', 'state'], { key: 'state', direction: 'desc' });

/** One page of coupons. */
export async function listCoupons(db: Database, requestedPage = 1, sort: ListSort<(typeof couponSort.keys)[number]> = couponSort.fallback) {
  return pageOfRows(requestedPage, couponPageSize, db.select({ count: count() }).from(coupons), (window) =>
    db
      .select({
        id: coupons.id,
        code: coupons.code,
        kind: coupons.kind,
        value: coupons.value,
        startsAt: coupons.startsAt,
        endsAt: coupons.endsAt,
        minSubtotalEurCents: coupons.minSubtotalEurCents,
        usageLimit: coupons.usageLimit,
        perCustomerLimit: coupons.perCustomerLimit,
        timesUsed: coupons.timesUsed,
        isActive: coupons.isActive,
      })
      .from(coupons)
      // discount: by kind, then value within a kind (percentages and amounts are not comparable)
      .orderBy(
        ...orderByOf(
          sort,
          { code: coupons.code, discount: sql`(${coupons.kind}, ${coupons.value})`, valid: coupons.endsAt, used: coupons.timesUsed, state: coupons.isActive },
          asc(coupons.code),
        ),
      )
      .limit(couponPageSize)
      .offset(window.offset),
  );
}

export async function getCoupon(db: Database, couponId: number) {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  return coupon ?? null;
}

/** The orders that used a coupon, newest first. */
export async function couponUsage(db: Database, couponId: number) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      email: couponRedemptions.email,
      createdAt: couponRedemptions.createdAt,
      discountCents: orders.discountCents,
      currencyCode: orders.currencyCode,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(eq(couponRedemptions.couponId, couponId))
    .orderBy(desc(couponRedemptions.createdAt))
    .limit(200);
}

export type SaveResult = { ok: true; id: number } | { ok: false; reason: 'code-taken' | 'not-found' | 'limit-below-use' };

/** Creates (couponId null) or updates a coupon; one transaction with its audit entry. */
export async function saveCoupon(db: Database, staffId: number, couponId: number | null, input: CouponInput): Promise<SaveResult> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = couponId ? await tx.select().from(coupons).where(eq(coupons.id, couponId)) : [null];
      if (couponId && !before) return { ok: false, reason: 'not-found' } as const;
      if (before && input.usageLimit !== null && input.usageLimit < before.timesUsed) return { ok: false, reason: 'limit-below-use' } as const;
      const [saved] = couponId
        ? await tx.update(coupons).set(input).where(eq(coupons.id, couponId)).returning()
        : await tx.insert(coupons).values(input).returning();
      await recordAudit(tx, { staffId, action: couponId ? 'coupon.update' : 'coupon.create', entity: 'coupon', entityId: saved!.id, before, after: saved });
      return { ok: true, id: saved!.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'code-taken' };
    throw error;
  }
}

export async function setCouponActive(db: Database, staffId: number, couponId: number, isActive: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ isActive: coupons.isActive }).from(coupons).where(eq(coupons.id, couponId));
    if (!before) return false;
    await tx.update(coupons).set({ isActive }).where(eq(coupons.id, couponId));
    await recordAudit(tx, {
      staffId,
      action: isActive ? 'coupon.enable' : 'coupon.disable',
      entity: 'coupon',
      entityId: couponId,
      before,
      after: { isActive },
    });
    return true;
  });
}

// ---------------------------------------------------------------- gift cards

export const giftCardFields = ['amount', 'expiresAt', 'recipientEmail', 'mailLocale'] as const;
export const giftCardSchema = z
  .object({
    amount: euroAmount.refine((cents) => cents >= 100 && cents <= 100_000, 'admin.validation.giftCardAmount'),
    expiresAt: optionalUtcDate,
    recipientEmail: z
      .string()
      .trim()
      .max(254, 'validation.invalid')
      .pipe(z.union([z.literal(''), z.email('validation.email')])),
    mailLocale: z.string(),
  })
  .superRefine((form, context) => {
    if (form.expiresAt && form.expiresAt.getTime() <= Date.now())
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'admin.validation.dateInFuture' });
  });

export async function issueGiftCard(db: Database, staffId: number, input: { amountCents: number; expiresAt: Date | null; recipientEmail: string | null }) {
  return db.transaction(async (tx) => {
    const [card] = await tx
      .insert(giftCards)
      .values({
        code: generateGiftCardCode(),
        initialCents: input.amountCents,
        balanceCents: input.amountCents,
        expiresAt: input.expiresAt,
        recipientEmail: input.recipientEmail,
      })
      .returning();
    // The code itself stays out of the log: it is as good as money.
    await recordAudit(tx, {
      staffId,
      action: 'giftcard.issue',
      entity: 'giftcard',
      entityId: card!.id,
      after: { initialCents: card!.initialCents, expiresAt: card!.expiresAt, recipientEmail: card!.recipientEmail },
    });
    return card!;
  });
}

export const giftCardPageSize = 25;
/** The columns the gift-card list sorts by; newest first unless asked. */
export const giftCardSort = listSortSpec(['code', 'balance', 'recipient', 'expires', 'state', 'issued'], { key: 'issued', direction: 'desc' });

/** One page of gift cards with the number of orders each paid. */
export async function listGiftCards(db: Database, requestedPage = 1, sort: ListSort<(typeof giftCardSort.keys)[number]> = giftCardSort.fallback) {
  return pageOfRows(requestedPage, giftCardPageSize, db.select({ count: count() }).from(giftCards), (window) =>
    db
      .select({
        id: giftCards.id,
        code: giftCards.code,
        initialCents: giftCards.initialCents,
        balanceCents: giftCards.balanceCents,
        expiresAt: giftCards.expiresAt,
        recipientEmail: giftCards.recipientEmail,
        disabledAt: giftCards.disabledAt,
        createdAt: giftCards.createdAt,
        orders: count(orders.id),
      })
      .from(giftCards)
      .leftJoin(orders, eq(orders.giftCardId, giftCards.id))
      .groupBy(giftCards.id)
      .orderBy(
        ...orderByOf(
          sort,
          // disabled last when descending ("active" first), like coupons
          {
            code: giftCards.code,
            balance: giftCards.balanceCents,
            recipient: sql`lower(${giftCards.recipientEmail})`,
            expires: giftCards.expiresAt,
            state: sql`${giftCards.disabledAt} is null`,
            issued: giftCards.createdAt,
          },
          desc(giftCards.createdAt),
          desc(giftCards.id),
        ),
      )
      .limit(giftCardPageSize)
      .offset(window.offset),
  );
}

/** A card and what paid with it: the orders, oldest first. */
export async function giftCardHistory(db: Database, giftCardId: number) {
  const [card] = await db.select().from(giftCards).where(eq(giftCards.id, giftCardId));
  if (!card) return null;
  const uses = await db
    .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt, amountCents: orders.giftCardCents, status: orders.status })
    .from(orders)
    .where(eq(orders.giftCardId, giftCardId))
    .orderBy(asc(orders.createdAt));
  return { card, uses };
}

export async function setGiftCardDisabled(db: Database, staffId: number, giftCardId: number, disabled: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ disabledAt: giftCards.disabledAt, balanceCents: giftCards.balanceCents })
      .from(giftCards)
      .where(eq(giftCards.id, giftCardId));
    if (!before) return false;
    const [after] = await tx
      .update(giftCards)
      .set({ disabledAt: disabled ? sql`now()` : null })
      .where(eq(giftCards.id, giftCardId))
      .returning({ disabledAt: giftCards.disabledAt, balanceCents: giftCards.balanceCents });
    await recordAudit(tx, { staffId, action: disabled ? 'giftcard.disable' : 'giftcard.enable', entity: 'giftcard', entityId: giftCardId, before, after });
    return true;
  });
}

/** Tells the recipient about their card, with its code, in the store's language they were chosen for. */
export async function sendGiftCardMail(
  { db, logger, mailer, siteUrl, shopName }: Pick<AppServices, 'db' | 'logger' | 'mailer' | 'siteUrl' | 'shopName'>,
  storefront: StorefrontLocale,
  card: { code: string; initialCents: number; expiresAt: Date | null; recipientEmail: string },
): Promise<void> {
  const { t } = await storeTranslator({ db, logger }, storefront.code);
  const amount = formatMoney(card.initialCents, 'EUR', storefront.code);
  const validity = card.expiresAt
    ? t('admin.giftCardMail.validUntil', { date: new Intl.DateTimeFormat(storefront.code, { dateStyle: 'long', timeZone: 'UTC' }).format(card.expiresAt) })
    : t('admin.giftCardMail.noExpiry');
  await mailer.send(
    shopperMail(
      t,
      shopName,
      { email: card.recipientEmail, locale: storefront.code },
      {
        subject: t('admin.giftCardMail.subject', { shopName, amount }),
        greeting: t('admin.giftCardMail.greeting'),
        paragraphs: [
          t('admin.giftCardMail.intro', { shopName, amount }),
          t('admin.giftCardMail.code', { code: card.code }),
          validity,
          t('admin.giftCardMail.howTo'),
        ],
        action: { label: t('admin.giftCardMail.action'), url: `${siteUrl}/${storefront.prefix}` },
        footer: t('admin.giftCardMail.footer'),
      },
    ),
  );
}
