/**
 * The database schema of the shop. Money is stored as integer minor units (cents) in EUR,
 * the base currency, excluding VAT; per-locale texts live in *_translations tables keyed by
 * the storefront locale code ('en-US', 'de-DE', ...).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '#app/modules/admin/permissions.ts';
import type { GiftCardPurchase } from '#app/modules/gift-cards/gift-card-purchase.ts';
import type { LineOption } from '#app/modules/orders/line-name.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- locales and money

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  minorUnits: smallint('minor_units').notNull(),
});

export const locales = pgTable('locales', {
  code: text('code').primaryKey(),
  pathPrefix: text('path_prefix').notNull().unique(),
  language: text('language').notNull(),
  name: text('name').notNull(),
  countryCode: text('country_code'),
  defaultCurrencyCode: text('default_currency_code')
    .notNull()
    .references(() => currencies.code),
  pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
  position: smallint('position').notNull(),
});

export const localeCurrencies = pgTable(
  'locale_currencies',
  {
    localeCode: text('locale_code')
      .notNull()
      .references(() => locales.code, { onDelete: 'cascade' }),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.localeCode, t.currencyCode] })],
);

/** Rates against the base currency EUR: 1 EUR = rate units of currency_code. */
export const exchangeRates = pgTable('exchange_rates', {
  currencyCode: text('currency_code')
    .primaryKey()
    .references(() => currencies.code),
  rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
  updatedAt: updatedAt(),
});

export const translatedMessages = pgTable(
  'translated_messages',
  {
    key: text('key').notNull(),
    language: text('language').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.language] })],
);

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    position: smallint('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    showOnHome: boolean('show_on_home').notNull().default(false),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    name: text('name').notNull(),
    urlSegment: text('url_segment').notNull(),
    /** The full path below the locale prefix, e.g. 'other-cord/climbing-rope-per-meter'. */
    urlPath: text('url_path').notNull(),
    description: text('description'),
    /** The page's <title> and meta description in this locale; the name and description when empty. */
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] }), uniqueIndex('category_translations_path_idx').on(t.locale, t.urlPath)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    /** 'simple' has one variant; 'configurable' picks a variant by its options. */
    kind: text('kind', { enum: ['simple', 'configurable'] }).notNull(),
    productType: text('product_type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    hasSample: boolean('has_sample').notNull().default(false),
    /** Sold per metre, cut to the length the shopper enters. */
    soldByLength: boolean('sold_by_length').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** Raised by every save in the admin: an edit based on an older version is refused (issue 16). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('products_type_idx').on(t.productType)],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    name: text('name').notNull(),
    urlKey: text('url_key').notNull(),
    description: text('description').notNull().default(''),
    metaDescription: text('meta_description'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] }), uniqueIndex('product_translations_url_key_idx').on(t.locale, t.urlKey)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId, t.position)],
);

export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** select: values are attribute options; number: value_number in `unit`; text: value_text. */
  valueType: text('value_type', { enum: ['select', 'number', 'text'] }).notNull(),
  unit: text('unit', { enum: ['kg', 'mm', 'm', 'g'] }),
  isFilterable: boolean('is_filterable').notNull().default(false),
  isConfigurable: boolean('is_configurable').notNull().default(false),
  position: smallint('position').notNull().default(0),
});

export const attributeTranslations = pgTable(
  'attribute_translations',
  {
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attributeId, t.locale] })],
);

export const attributeOptions = pgTable(
  'attribute_options',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Colour options carry the swatch colour shown on listings. */
    swatchHex: text('swatch_hex'),
    /** Numeric sort value (e.g. a length in metres) for options that sort by size. */
    sortValue: numeric('sort_value', { precision: 12, scale: 3 }),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('attribute_options_code_idx').on(t.attributeId, t.code)],
);

export const attributeOptionTranslations = pgTable(
  'attribute_option_translations',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => attributeOptions.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.locale] })],
);

/** The specifications of a product (and the facets of listings). */
export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').references(() => attributeOptions.id, { onDelete: 'cascade' }),
    valueNumber: numeric('value_number', { precision: 14, scale: 3 }),
    valueText: text('value_text'),
  },
  (t) => [index('product_attribute_values_product_idx').on(t.productId), index('product_attribute_values_facet_idx').on(t.attributeId, t.optionId)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    /** Unit price in EUR cents excluding VAT. */
    priceCents: integer('price_cents').notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    weightGrams: integer('weight_grams').notNull().default(0),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId),
    check('product_variants_price_check', sql`${t.priceCents} >= 0`),
    check('product_variants_stock_check', sql`${t.stockQuantity} >= 0`),
  ],
);

/** Which option of each configurable attribute a variant stands for (length 10 m, pack of 5...). */
export const variantOptionValues = pgTable(
  'variant_option_values',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => attributeOptions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.attributeId] })],
);

/** Quantity price breaks: from min_quantity on, each unit costs unit_price_cents. */
export const priceTiers = pgTable(
  'price_tiers',
  {
    id: serial('id').primaryKey(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [uniqueIndex('price_tiers_variant_qty_idx').on(t.variantId, t.minQuantity), check('price_tiers_quantity_check', sql`${t.minQuantity} > 1`)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Path below the media directory, served as /images/{path}. */
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    /** Alt text per locale code ({ 'de-DE': '…' }); the product's name where a locale has none (issue 16). */
    alt: jsonb('alt').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const relatedProducts = pgTable(
  'related_products',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedProductId: integer('related_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['bought_together', 'most_viewed'] }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.kind, t.relatedProductId] })],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Why staff rejected the review (internal, issue 12). */
    rejectionReason: text('rejection_reason'),
    /** The shop's public answer, shown under the review on the product page. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('product_reviews_product_idx').on(t.productId, t.status), check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`)],
);

export const urlRedirects = pgTable(
  'url_redirects',
  {
    id: serial('id').primaryKey(),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    statusCode: smallint('status_code').notNull().default(301),
  },
  (t) => [uniqueIndex('url_redirects_from_idx').on(t.locale, t.fromPath), check('url_redirects_status_check', sql`${t.statusCode} in (301, 302)`)],
);

// ---------------------------------------------------------------- content

export const contentPages = pgTable('content_pages', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  layout: text('layout', { enum: ['default', 'light'] })
    .notNull()
    .default('default'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contentPageTranslations = pgTable(
  'content_page_translations',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    bodyHtml: text('body_html').notNull(),
    metaDescription: text('meta_description'),
    // content-pages (issue 11): a translation can be prepared unpublished; when it was last changed.
    published: boolean('published').notNull().default(true),
    /** Issue 16: a published text shows only from this moment (null: at once); see content-schedule.server.ts. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.locale] }), uniqueIndex('content_page_translations_slug_idx').on(t.locale, t.slug)],
);

// ---------------------------------------------------------------- customers

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    isBusiness: boolean('is_business').notNull().default(false),
    newsletterSubscribed: boolean('newsletter_subscribed').notNull().default(false),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** Set by staff in the admin: a blocked customer cannot log in (issue 12). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** A business approved by staff for pay on invoice without a checked VAT number (docs/decisions/0018-business-risks.md). */
    businessApprovedAt: timestamp('business_approved_at', { withTimezone: true }),
    businessApprovedBy: text('business_approved_by'),
    /** Unpaid invoice orders may add up to this (EUR cents); null: the shop's default (INVOICE_CREDIT_LIMIT_EUR). */
    creditLimitCents: integer('credit_limit_cents'),
    /** When the account's address was proven by its mailed link (issue 15); null: not verified yet. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for that takes effect once its mailed link is opened, and when it was asked. */
    pendingEmail: text('pending_email'),
    pendingEmailRequestedAt: timestamp('pending_email_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customers_email_idx').on(sql`lower(${t.email})`)],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    vatNumber: text('vat_number'),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    countryCode: text('country_code').notNull(),
    zipCode: text('zip_code').notNull(),
    phone: text('phone').notNull(),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself only lives in the cookie. */
    id: text('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Ended elsewhere (log out everywhere, password reset); kept until it would have expired, so the browser still holding it hears why. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use password reset tokens; like sessions, only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_customer_idx').on(t.customerId)],
);

/** Fixed-window attempt counters (login, password reset), shared by every app process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- carts, orders, invoices

export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    couponCode: text('coupon_code'),
    remarks: text('remarks'),
    /** What the shopper entered in the checkout steps so far (see checkout/checkout-details.ts). */
    checkout: jsonb('checkout').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['active', 'converted', 'abandoned'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_customer_idx').on(t.customerId, t.status)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Cut-to-length lines: the length in centimetres the shopper asked for. */
    lengthCm: integer('length_cm'),
    isSample: boolean('is_sample').notNull().default(false),
    /** A gift card bought (issue 15): its amount and who it is for; the variant is the gift-card product's. */
    giftCard: jsonb('gift_card').$type<GiftCardPurchase>(),
    createdAt: createdAt(),
  },
  (t) => [index('cart_items_cart_idx').on(t.cartId), check('cart_items_quantity_check', sql`${t.quantity} > 0`)],
);

/** Coupon codes: percent (basis points), fixed (EUR cents) or free shipping, with their limits. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed', 'free_shipping'] }).notNull(),
    value: integer('value').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    minSubtotalEurCents: integer('min_subtotal_eur_cents').notNull().default(0),
    /** null: unlimited */
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`lower(${t.code})`),
    check('coupons_usage_check', sql`${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}`),
  ],
);

/** Which order used which coupon, and for whom (per-customer limits count these by e-mail). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_coupon_email_idx').on(t.couponId, sql`lower(${t.email})`)],
);

/** Parcel shops and lockers where a shopper can collect an order (spec §4 pickup points). */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    carrier: text('carrier').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    /** the numeric part of the postcode, for "near this postcode" (see pickup-points.server.ts) */
    zipNumber: integer('zip_number').notNull(),
    openingHours: text('opening_hours').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('pickup_points_country_zip_idx').on(t.countryCode, t.zipNumber)],
);

/** Gift cards in EUR, usable as part or all of an order's payment (spec §3 gift card). */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Who the card was issued to from the admin (issue 12); null for cards sold otherwise. */
    recipientEmail: text('recipient_email'),
    /** Disabled by staff: it no longer pays anything. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** A card bought in the shop (issue 15): the order line that paid for it (its purchase details). */
    orderItemId: integer('order_item_id').references((): AnyPgColumn => orderItems.id, { onDelete: 'set null' }),
    /** The day (shop time zone) the card is mailed to its recipient, and when that mail was queued. */
    deliverOn: date('deliver_on', { mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_idx').on(sql`upper(${t.code})`),
    uniqueIndex('gift_cards_order_item_idx').on(t.orderItemId),
    index('gift_cards_delivery_idx')
      .on(t.deliverOn)
      .where(sql`${t.sentAt} is null and ${t.orderItemId} is not null`),
    check('gift_cards_balance_check', sql`${t.balanceCents} >= 0`),
  ],
);

/** Payment provider events already handled: webhooks may arrive more than once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Gap-free counters for order and invoice numbers, one row per scope ('order:nl-NL', 'invoice'). */
export const numberSequences = pgTable('number_sequences', {
  scope: text('scope').primaryKey(),
  lastValue: integer('last_value').notNull().default(0),
});

export const orderStatuses = [
  'pending_payment',
  /** Pay on invoice by a business that is not verified or over its credit limit: staff check it first (decision 0018). */
  'on_hold',
  'paid',
  'processing',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
] as const;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status', { enum: orderStatuses }).notNull(),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code),
    /** The EUR exchange rate the order was charged at. */
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 8 }).notNull(),
    /** All amounts in minor units of the order currency. */
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Paid with a gift card (part of the total); the rest is due by the payment method. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    giftCardId: integer('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    isBusiness: boolean('is_business').notNull().default(false),
    vatNumber: text('vat_number'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    couponCode: text('coupon_code'),
    ownReference: text('own_reference'),
    remarks: text('remarks'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string>>().notNull(),
    billingAddress: jsonb('billing_address').$type<Record<string, string>>().notNull(),
    shippingMethod: text('shipping_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** The provider's payment for an order paid online (a Stripe Checkout Session id). */
    paymentReference: text('payment_reference'),
    /** A double submit or retry of the same checkout finds the order it already created. */
    idempotencyKey: text('idempotency_key').unique(),
    /** Raised by every status change, refund and shipment: staff apply a change to the version they saw (optimistic concurrency). */
    version: integer('version').notNull().default(0),
    /** When the unpaid bank transfer's payment reminder was queued (docs/decisions/0018-business-risks.md): at most one per order. */
    paymentReminderSentAt: timestamp('payment_reminder_sent_at', { withTimezone: true }),
    /** When staff recorded the money of an invoice order (pay on invoice); unpaid invoices count against the credit limit. */
    invoicePaidAt: timestamp('invoice_paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('orders_customer_idx').on(t.customerId, t.createdAt), index('orders_unpaid_idx').on(t.status, t.paymentMethod, t.createdAt)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    lengthCm: integer('length_cm'),
    /** What was chosen (length, pack …), named in the order's language when it was placed. */
    options: jsonb('options').$type<LineOption[]>().notNull().default([]),
    /** A free sample: shown as such, and it never came out of the sellable stock. */
    isSample: boolean('is_sample').notNull().default(false),
    /** A gift card bought: amount and recipient; its card is issued when the order is paid. */
    giftCard: jsonb('gift_card').$type<GiftCardPurchase>(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    rowTotalCents: integer('row_total_cents').notNull(),
    /** VAT rate in basis points (21% = 2100). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    taxCents: integer('tax_cents').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    note: text('note'),
    /** Who made the change (a staff member's e-mail), null for the shop itself and the command line. */
    actor: text('actor'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'restrict' }),
  invoiceNumber: text('invoice_number').notNull().unique(),
  currencyCode: text('currency_code').notNull(),
  totalCents: integer('total_cents').notNull(),
  taxCents: integer('tax_cents').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- order operations (back office, issue 12)
// Shipments, refunds with their credit notes, internal notes and the mails sent about an order
// (app/modules/orders/, docs/decisions/0011-order-operations.md).

export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A key of app/modules/orders/carriers.ts */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    actor: text('actor'),
    createdAt: createdAt(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId)],
);

/** Money given back on an order; each refund is documented by a credit note with its own number. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Sequential per store: CN-NL-000001 */
    creditNoteNumber: text('credit_note_number').notNull().unique(),
    /** The invoice it corrects. */
    invoiceNumber: text('invoice_number').notNull(),
    /** Minor units of the order currency, incl. VAT; taxCents is the VAT part. */
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** How the amount goes back: through Stripe, back onto the gift card, or by the shop by hand (bank transfer). */
    providerCents: integer('provider_cents').notNull().default(0),
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    manualCents: integer('manual_cents').notNull().default(0),
    /** Stripe's refund id (re_...) when the provider part went through Stripe. */
    providerRefundId: text('provider_refund_id'),
    reason: text('reason'),
    actor: text('actor'),
    createdAt: createdAt(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId), check('order_refunds_amount_check', sql`${t.amountCents} > 0`)],
);

/** What a refund covers: a quantity of an order line, the shipping, or an amount staff chose (goodwill). */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['item', 'shipping', 'amount'] }).notNull(),
    orderItemId: integer('order_item_id').references((): AnyPgColumn => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** excl. VAT, after the order's discount */
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** Stock units (pieces, or whole metres of cut lines) this returned line put back in stock. */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
  },
  (t) => [index('order_refund_lines_refund_idx').on(t.refundId)],
);

/** Internal notes of staff on an order (never shown to the shopper). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    actor: text('actor'),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

export const orderMailKinds = ['confirmation', 'invoice', 'shipped', 'refund', 'payment_reminder', 'expired'] as const;

/** The mails queued about an order (the outbox row says whether and when it went out). */
export const orderMails = pgTable(
  'order_mails',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: orderMailKinds }).notNull(),
    actor: text('actor'),
    createdAt: createdAt(),
  },
  (t) => [index('order_mails_order_idx').on(t.orderId)],
);

// ---------------------------------------------------------------- wishlists

export const wishlists = pgTable(
  'wishlists',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlists_customer_name_idx').on(t.customerId, sql`lower(${t.name})`)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    wishlistId: integer('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_unique_idx').on(t.wishlistId, t.productId, sql`coalesce(${t.variantId}, 0)`)],
);

// ---------------------------------------------------------------- engagement

/** Back-in-stock e-mail requests; the mail itself goes out when stock returns (notified_at). */
export const stockAlertSubscriptions = pgTable(
  'stock_alert_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    /** The account that subscribed while logged in (shown and removable in its account, issue 15). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alert_subscriptions_unique_idx').on(sql`lower(${t.email})`, t.productId, sql`coalesce(${t.variantId}, 0)`),
    index('stock_alert_subscriptions_pending_idx')
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/** One review invitation per completed order (issue 15): the row is the claim, so a mail goes out once. */
export const reviewInvitations = pgTable('review_invitations', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** Products the mail invited to review (0: nothing left to review, no mail sent). */
  productCount: integer('product_count').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- search

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One searchable document per locale: products, categories and content pages, with a weighted
 * tsvector in the locale's text-search configuration (see search-index.server.ts).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: serial('id').primaryKey(),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    kind: text('kind', { enum: ['product', 'category', 'page', 'post'] }).notNull(),
    refId: integer('ref_id').notNull(),
    title: text('title').notNull(),
    /** path below the locale prefix */
    urlPath: text('url_path').notNull(),
    /** SKUs, colour names and attribute values that should match too */
    keywords: text('keywords').notNull().default(''),
    document: tsvector('document').notNull(),
  },
  (t) => [
    // No text-search index: every kind is searched in memory, the database ranks found ids (decisions 0026, 0038, 0044, 0045).
    uniqueIndex('search_documents_ref_idx').on(t.locale, t.kind, t.refId),
  ],
);

/** The words of each locale's documents, for spelling suggestions and typo tolerance. */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    locale: text('locale').notNull(),
    word: text('word').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.word] })],
);

/** What shoppers searched for, per locale: counts only, no personal data. */
export const searchTerms = pgTable(
  'search_terms',
  {
    locale: text('locale').notNull(),
    term: text('term').notNull(),
    searches: integer('searches').notNull().default(0),
    lastResults: integer('last_results').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
    /** keyed hashes of the first few visitors who searched this (popular-searches.server.ts), never addresses */
    visitors: text('visitors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.locale, t.term] }), index('search_terms_popular_idx').on(t.locale, t.searches)],
);

/**
 * Mails waiting to go out. A request only queues its mail; delivery happens beside it and is
 * retried with growing pauses, so a mail server outage delays mails instead of losing them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Files sent with the mail (an invoice PDF), base64-encoded. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    attempts: integer('attempts').notNull().default(0),
    /** When to try (next); null once sent or given up. A try in progress has pushed it forward as a lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Extra header lines, e.g. List-Unsubscribe on newsletter mails (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),

    /** Set when staff discard a failed mail in the admin (issue 12): no more tries. */
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt)],
);

// ---------------------------------------------------------------- content-pages (issue 11): contact messages and banners

/** Messages from the contact form and wholesale quote requests, kept as typed (escaped when shown). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['contact', 'quote'] }).notNull(),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    orderNumber: text('order_number'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
    /** Set when staff mark the message handled in the admin's inbox (issue 12). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Answers staff sent to a contact message from the admin (mailed through the outbox). */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId)],
);

/** Home-page banners: one image and link, shown between `startsAt` and `endsAt` (open ends allowed). */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  imagePath: text('image_path').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** Issue 16: a hidden banner never shows, whatever its window. */
  isPublished: boolean('is_published').notNull().default(true),
  createdAt: createdAt(),
});

export const bannerTranslations = pgTable(
  'banner_translations',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    heading: text('heading').notNull(),
    text: text('text').notNull(),
    /** a path below the store's prefix, or an absolute URL */
    linkPath: text('link_path').notNull(),
    linkLabel: text('link_label').notNull(),
    imageAlt: text('image_alt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.locale] })],
);

// ---------------------------------------------------------------- FAQ, blog and newsletter (content-faq-blog)

/** FAQ categories form a tree (`parentId`); a category's path is its ancestors' slugs and its own. */
export const faqCategories = pgTable('faq_categories', {
  id: serial('id').primaryKey(),
  /** Language-independent key from the seed files, e.g. 'shipping'. */
  code: text('code').notNull().unique(),
  parentId: integer('parent_id').references((): AnyPgColumn => faqCategories.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  /** Issue 16: a hidden category (and with it its questions and subcategories) is not shown. */
  isPublished: boolean('is_published').notNull().default(true),
  createdAt: createdAt(),
});

export const faqCategoryTranslations = pgTable(
  'faq_category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] }), uniqueIndex('faq_category_translations_slug_idx').on(t.locale, t.slug)],
);

export const faqQuestions = pgTable(
  'faq_questions',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
  },
  (t) => [uniqueIndex('faq_questions_code_idx').on(t.categoryId, t.code)],
);

export const faqQuestionTranslations = pgTable(
  'faq_question_translations',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => faqQuestions.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    question: text('question').notNull(),
    answerHtml: text('answer_html').notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.locale] })],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    author: text('author').notNull(),
    /** Path below the media directory (served by the image pipeline at /images/...). */
    heroImage: text('hero_image').notNull(),
    /** Issue 16: a moment still to come schedules the post; it shows from then (content-schedule.server.ts). */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** Issue 16: the post is withdrawn from this moment (null: never). */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.publishedAt)],
);

export const blogPostTranslations = pgTable(
  'blog_post_translations',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    bodyHtml: text('body_html').notNull(),
    heroAlt: text('hero_alt').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.postId, t.locale] }), uniqueIndex('blog_post_translations_slug_idx').on(t.locale, t.slug)],
);

/**
 * One row per e-mail address (spec §4: subscribed or not). `pending` until the address confirms
 * the mailed link (double opt-in); `consentedAt` is the moment of that confirmation.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Storefront whose language the newsletter is sent in. */
    locale: text('locale')
      .notNull()
      .references(() => locales.code),
    status: text('status', { enum: ['pending', 'subscribed', 'unsubscribed'] }).notNull(),
    /** Where the (latest) subscription was asked for. */
    source: text('source', { enum: ['footer', 'account', 'registration'] }).notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** When the latest confirmation mail was asked for; a confirmation link carries it, so older links stop working. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_idx').on(sql`lower(${t.email})`)],
);

// ---------------------------------------------------------------- back office (admin, issue 12)
// Staff are not customers: their own accounts, sessions and one-time links (docs/decisions/0010).

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** argon2id; null until the staff member has used the one-time link to set it. */
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret once two-factor enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** The secret shown on the enrolment page, until a first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted TOTP time step: a code is accepted once only (no replay). */
    totpLastStep: integer('totp_last_step'),
    /** The admin's language for this staff member (any storefront locale). */
    locale: text('locale').notNull().default('en'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_email_idx').on(sql`lower(${t.email})`),
    check('staff_users_role_check', sql`${t.role} in ('owner', 'manager', 'support', 'editor')`),
  ],
);

/** Single-use recovery codes for when the authenticator is lost; only their SHA-256 is stored. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the cookie's token. */
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** Null while only the password is checked: such a session opens the two-factor pages only. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One-time links to set a staff password (first owner, invitations, resets); SHA-256 stored. */
export const staffPasswordTokens = pgTable(
  'staff_password_tokens',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_password_tokens_staff_idx').on(t.staffId)],
);

/** Every change made in the admin, and every refused attempt: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_staff_idx').on(t.staffId), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

// ---------------------------------------------------------------- catalogue imports (issue 16)

/**
 * One uploaded CSV: checked in a dry run when uploaded ('previewed'), then applied in batches by
 * the import runner ('queued' → 'running' → 'done' / 'failed' / 'stopped'). The runner holds a
 * lease (claimed_until) and moves cursor_line forward in the transaction of each batch, so a
 * restarted process resumes after the last applied batch.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['products', 'stock', 'prices'] }).notNull(),
    status: text('status', { enum: ['previewed', 'queued', 'running', 'done', 'failed', 'stopped'] }).notNull(),
    fileName: text('file_name').notNull(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Rows per outcome of the dry run: new, changed, unchanged, error. */
    summary: jsonb('summary').$type<Record<'new' | 'changed' | 'unchanged' | 'error', number>>().notNull(),
    /** Rows to write (new + changed) and how many of them are written. */
    rowsToApply: integer('rows_to_apply').notNull().default(0),
    appliedRows: integer('applied_rows').notNull().default(0),
    /** The CSV line of the last applied row. */
    cursorLine: integer('cursor_line').notNull().default(0),
    stopRequested: boolean('stop_requested').notNull().default(false),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_status_idx').on(t.status)],
);

/** The dry run's verdict on each CSV row, and the values the runner writes for it. */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    sku: text('sku').notNull(),
    outcome: text('outcome', { enum: ['new', 'changed', 'unchanged', 'error'] }).notNull(),
    /** Changed fields (CSV column names), or the errors: column and message key. */
    details: jsonb('details').$type<string[] | { field: string; key: string; values?: Record<string, string | number> }[]>().notNull(),
    /** What to write (see import-apply.server.ts); null for unchanged rows and errors. */
    writes: jsonb('writes'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line] })],
);

// ---------------------------------------------------------------- first-party analytics (issue 17)

/**
 * Ecommerce events with their GA4 names, sent only with analytics consent. Nothing that names a
 * person: no address, no account, no order number, no session; the day, the store and the amount.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    occurredOn: date('occurred_on').notNull(),
    storefront: text('storefront').notNull(),
    name: text('name').notNull(),
    pageType: text('page_type'),
    currency: text('currency'),
    /** the event's value in the currency's minor units */
    valueMinor: integer('value_minor'),
    itemCount: integer('item_count').notNull(),
  },
  (table) => [index('analytics_events_day_store_idx').on(table.occurredOn, table.storefront, table.name)],
);

/** Web vitals (LCP, INP, CLS, FCP, TTFB) per page type and store; CLS in thousandths, the others in ms. */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: serial('id').primaryKey(),
    measuredOn: date('measured_on').notNull(),
    storefront: text('storefront').notNull(),
    pageType: text('page_type').notNull(),
    metric: text('metric').notNull(),
    value: integer('value').notNull(),
  },
  (table) => [index('web_vitals_metric_idx').on(table.metric, table.pageType, table.measuredOn)],
);

/** Errors of the shop's scripts in browsers, one row per distinct error (fingerprint), counted. */
export const clientErrors = pgTable('client_errors', {
  fingerprint: text('fingerprint').primaryKey(),
  message: text('message').notNull(),
  source: text('source'),
  pageType: text('page_type'),
  storefront: text('storefront'),
  occurrences: integer('occurrences').notNull(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** the request id of the latest report, to find it in the logs */
  lastRequestId: text('last_request_id'),
});

/**
 * What storefront changes touched, one row per transaction (migration 0034, decision 0039): the
 * tables its statements changed and the products they named (`*`: any), as the `storefront_change`
 * notification tells them, kept so that a process starting from a listing-index snapshot reads
 * again exactly what changed after it. `xid` is the transaction's id (xid8 as a number).
 */
export const storefrontChangeLog = pgTable('storefront_change_log', {
  xid: bigint('xid', { mode: 'number' }).primaryKey(),
  tables: text('tables').array().notNull(),
  products: text('products').notNull(),
  loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The listing index as a whole build left it (decision 0039), for the next process to start from:
 * `databaseSnapshot` is the `pg_current_snapshot()` its reads began with, `format` what can read it
 * (a different Node or layout builds afresh). The latest one is kept.
 */
export const listingIndexSnapshots = pgTable('listing_index_snapshots', {
  id: serial('id').primaryKey(),
  format: text('format').notNull(),
  databaseSnapshot: text('database_snapshot').notNull(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A snapshot's bytes, in parts of a few MB (a single bytea value of hundreds of MB is more than a client string holds as text). */
export const listingIndexSnapshotParts = pgTable(
  'listing_index_snapshot_parts',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => listingIndexSnapshots.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.snapshotId, table.part] })],
);
