import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import {
  attributeOptionTranslations,
  attributes,
  attributeTranslations,
  priceTiers,
  productAttributeValues,
  productImages,
  productReviews,
  products,
  productTranslations,
  productVariants,
  relatedProducts,
} from '#app/db/schema.ts';
import { minuteCache } from '#app/lib/cache/minute-cache.server.ts';
import { reviewerBoughtProduct } from '#app/modules/customers/customer-reviews.server.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { type IndexedProduct, indexedProductsById, type ListingIndex } from './listing-index.server.ts';
import { variantOptionRows } from './variant-options.server.ts';

export interface VariantOption {
  attribute: string;
  attributeLabel: string;
  option: string;
  label: string;
  /** e.g. the length in metres */
  sortValue: number | null;
}

export interface ProductVariant {
  id: number;
  sku: string;
  priceCents: number;
  inStock: boolean;
  options: VariantOption[];
  tiers: { minQuantity: number; unitPriceCents: number }[];
}

export interface Specification {
  code: string;
  label: string;
  unit: string | null;
  /** option labels, or the number, or the text */
  values: string[];
  numeric: boolean;
}

export interface ProductCard {
  id: number;
  /** set for simple products, which listings can put in the cart directly */
  variantId: number | null;
  sku: string;
  name: string;
  urlKey: string;
  imagePath: string | null;
  priceFromCents: number;
  /** the length the "from" price buys, for its unit price; null for goods not sold by length */
  priceFromLengthCm: number | null;
  inStock: boolean;
  colourHexes: string[];
}

export const toProductCard = (product: IndexedProduct, locale: LocaleCode): ProductCard => ({
  id: product.id,
  variantId: product.onlyVariantId,
  sku: product.sku,
  name: product.names[locale] ?? product.sku,
  urlKey: product.urlKeys[locale] ?? '',
  imagePath: product.imagePath,
  priceFromCents: product.minPriceCents,
  priceFromLengthCm: product.minPriceLengthCm,
  inStock: product.inStock,
  colourHexes: product.colourHexes,
});

const details = minuteCache<ProductDetail | null>(4_000);

const sameLanguage = (a: string, b: string) => a.slice(0, 2) === b.slice(0, 2);

/**
 * Everything the product page shows, in one locale. Texts, options, prices and reviews are
 * cached for a minute per product and locale; stock is read live on every call.
 */
export async function getProductDetail(db: Database, index: ListingIndex, productId: number, locale: LocaleCode): Promise<ProductDetail | null> {
  const detail = await details(db, `${productId}:${locale}`, () => loadProductDetail(db, index, productId, locale));
  if (!detail) return null;
  const stock = await db
    .select({ id: productVariants.id, stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const inStock = new Map(stock.map((row) => [row.id, row.stock > 0]));
  return { ...detail, variants: detail.variants.map((variant) => ({ ...variant, inStock: inStock.get(variant.id) ?? false })) };
}

async function loadProductDetail(db: Database, index: ListingIndex, productId: number, locale: LocaleCode) {
  const [productRows, urlKeyRows, variantRows, optionRows, tierRows, specRows, imageRows, reviewRows, relatedRows] = await Promise.all([
    db
      .select({
        id: products.id,
        sku: products.sku,
        hasSample: products.hasSample,
        soldByLength: products.soldByLength,
        productType: products.productType,
        name: productTranslations.name,
        description: productTranslations.description,
        metaDescription: productTranslations.metaDescription,
      })
      .from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .where(eq(products.id, productId)),
    db
      .select({ locale: productTranslations.locale, urlKey: productTranslations.urlKey })
      .from(productTranslations)
      .where(eq(productTranslations.productId, productId)),
    db
      .select({ id: productVariants.id, sku: productVariants.sku, priceCents: productVariants.priceCents, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.isActive, true)))
      .orderBy(asc(productVariants.position)),
    variantOptionRows(db, eq(productVariants.productId, productId), locale),
    db
      .select({ variantId: priceTiers.variantId, minQuantity: priceTiers.minQuantity, unitPriceCents: priceTiers.unitPriceCents })
      .from(priceTiers)
      .innerJoin(productVariants, eq(productVariants.id, priceTiers.variantId))
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(priceTiers.minQuantity)),
    db
      .select({
        code: attributes.code,
        position: attributes.position,
        unit: attributes.unit,
        label: attributeTranslations.label,
        option: attributeOptionTranslations.label,
        number: productAttributeValues.valueNumber,
        text: productAttributeValues.valueText,
      })
      .from(productAttributeValues)
      .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
      .innerJoin(attributeTranslations, and(eq(attributeTranslations.attributeId, attributes.id), eq(attributeTranslations.locale, locale)))
      .leftJoin(
        attributeOptionTranslations,
        and(eq(attributeOptionTranslations.optionId, productAttributeValues.optionId), eq(attributeOptionTranslations.locale, locale)),
      )
      .where(eq(productAttributeValues.productId, productId))
      .orderBy(asc(attributes.position), asc(productAttributeValues.id)),
    db
      .select({
        path: productImages.path,
        width: productImages.width,
        height: productImages.height,
        alt: sql<string | null>`${productImages.alt} ->> ${locale}`,
      })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position)),
    db
      .select({
        id: productReviews.id,
        author: productReviews.authorName,
        rating: productReviews.rating,
        title: productReviews.title,
        body: productReviews.body,
        locale: productReviews.locale,
        createdAt: productReviews.createdAt,
        reply: productReviews.reply,
        verifiedPurchase: reviewerBoughtProduct,
      })
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
      .orderBy(desc(productReviews.createdAt)),
    db
      .select({ relatedId: relatedProducts.relatedProductId, kind: relatedProducts.kind })
      .from(relatedProducts)
      .where(eq(relatedProducts.productId, productId))
      .orderBy(asc(relatedProducts.position)),
  ]);
  const product = productRows[0];
  if (!product) return null;

  const variants: ProductVariant[] = variantRows.map((variant) => ({
    id: variant.id,
    sku: variant.sku,
    priceCents: variant.priceCents,
    inStock: variant.stock > 0,
    options: optionRows.filter((o) => o.variantId === variant.id).map(({ variantId: _variantId, ...option }) => option),
    tiers: tierRows.filter((t) => t.variantId === variant.id).map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitPriceCents })),
  }));

  const specifications: Specification[] = [];
  for (const row of specRows) {
    const value = row.option ?? row.number ?? row.text;
    if (value === null) continue;
    const existing = specifications.find((s) => s.code === row.code);
    if (existing) existing.values.push(value);
    else specifications.push({ code: row.code, label: row.label, unit: row.unit, values: [value], numeric: row.number !== null });
  }

  const indexed = indexedProductsById(index);
  const cards = (kind: 'bought_together' | 'most_viewed') =>
    relatedRows
      .filter((r) => r.kind === kind)
      .flatMap((r) => {
        const related = indexed.get(r.relatedId);
        return related ? [toProductCard(related, locale)] : [];
      });

  const self = indexed.get(productId);
  // Other colours and patterns of the same cord: the neighbours in the shop's order.
  const siblings = index.products.filter((p) => p.productType === product.productType && p.id !== productId);
  const at = Math.max(0, siblings.findIndex((p) => p.position > (self?.position ?? 0)) - 12);
  const otherDesigns = siblings.slice(at, at + 24).map((p) => toProductCard(p, locale));

  const ratings = reviewRows.map((r) => r.rating);
  return {
    product,
    urlKeys: Object.fromEntries(urlKeyRows.map((row) => [row.locale, row.urlKey])) as Partial<Record<LocaleCode, string>>,
    variants,
    specifications,
    images: imageRows,
    reviews: {
      // Reviews in the visitor's language first (en-GB and en-US alike), newest first within each.
      items: [...reviewRows].sort((a, b) => Number(sameLanguage(b.locale, locale)) - Number(sameLanguage(a.locale, locale))).slice(0, 20),
      count: ratings.length,
      average: ratings.length ? Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10 : null,
    },
    boughtTogether: cards('bought_together'),
    mostViewed: cards('most_viewed'),
    otherDesigns,
    categoryIds: self ? [...self.categoryIds] : [],
  };
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof loadProductDetail>>>;
