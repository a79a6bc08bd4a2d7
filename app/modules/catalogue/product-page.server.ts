import type { Database } from '#app/db/client.server.ts';
import { sanitizeSiteHtml } from '#app/modules/rich-text/sanitize-content.server.ts';
import { type LocaleCode, storefrontByCode } from '#app/modules/i18n/locales.ts';
import { displayAmount, type PriceDisplay } from '#app/modules/pricing/price-display.ts';
import { minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import { categoryTrail } from './category-page.server.ts';
import { getCategoryTree } from './category-tree.server.ts';
import type { ListingIndex } from './listing-index.server.ts';
import { getProductDetail } from './product-detail.server.ts';
import { defaultMaxPieceMetres, nearestPieceMetres } from '#app/modules/pricing/cut-to-length.ts';
import { piecePriceEurCents } from '#app/modules/pricing/unit-price.ts';

/** The product page: detail, the option choice from the URL, breadcrumbs, alternates and JSON-LD. */
export async function getProductPage(
  db: Database,
  index: ListingIndex,
  productId: number,
  search: URLSearchParams,
  locale: LocaleCode,
  display: PriceDisplay,
  siteUrl: string,
) {
  const [detail, tree] = await Promise.all([getProductDetail(db, index, productId, locale), getCategoryTree(db, locale)]);
  if (!detail) return null;
  const prefix = `/${storefrontByCode(locale)?.prefix}`;

  // Options from the URL when valid; otherwise the first variant in stock.
  const defaultVariant = detail.variants.find((v) => v.inStock) ?? detail.variants[0];
  const selection: Record<string, string> = {};
  for (const option of defaultVariant?.options ?? []) {
    const wanted = search.get(option.attribute);
    const valid = detail.variants.some((v) => v.options.some((o) => o.attribute === option.attribute && o.option === wanted));
    selection[option.attribute] = valid && wanted ? wanted : option.option;
  }
  // The length asked for, as the nearest piece the shop cuts (half metres, up to the longest).
  const maxSpec = detail.specifications.find((s) => s.code === 'max_continuous_length')?.values[0];
  const maxMetres = maxSpec === undefined ? defaultMaxPieceMetres : Number(maxSpec);
  const metresParam = Number(search.get('metres'));
  const metres = detail.product.soldByLength && metresParam > 0 ? nearestPieceMetres(metresParam, maxMetres) : null;
  // What one piece of that length costs, per variant (the options can change in the browser).
  const cutPieceEurCents: Record<number, number> =
    metres === null ? {} : Object.fromEntries(detail.variants.map((v) => [v.id, piecePriceEurCents(v, { quantity: 1, lengthCm: Math.round(metres * 100) })]));

  const trail = categoryTrail(index, tree, detail.categoryIds);
  const url = `${siteUrl}${prefix}/${detail.urlKeys[locale]}`;
  const offerVariants = detail.variants.length ? detail.variants : [];
  const prices = offerVariants.map((v) => displayAmount(v.priceCents, display));
  const imageUrls = detail.images.map((image) => `${siteUrl}/images/${image.path}?w=800`);
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: detail.product.name,
      sku: detail.product.sku,
      description: detail.product.metaDescription ?? undefined,
      image: imageUrls,
      brand: { '@type': 'Brand', name: 'Cordial' },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: display.currency,
        lowPrice: minorUnitsToDecimal(Math.min(...prices), display.minorUnits),
        highPrice: minorUnitsToDecimal(Math.max(...prices), display.minorUnits),
        offerCount: offerVariants.length,
        availability: offerVariants.some((v) => v.inStock) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url,
      },
      ...(detail.reviews.average !== null
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: detail.reviews.average,
              reviewCount: detail.reviews.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [...trail.map((c) => ({ name: c.name, item: `${siteUrl}${prefix}/${c.urlPath}` })), { name: detail.product.name, item: url }].map(
        (entry, position) => ({
          '@type': 'ListItem',
          position: position + 1,
          ...entry,
        }),
      ),
    },
  ];

  return {
    detail,
    descriptionHtml: sanitizeSiteHtml(detail.product.description, siteUrl),
    trail,
    alternates: Object.fromEntries(Object.entries(detail.urlKeys).map(([code, key]) => [code, `/${storefrontByCode(code)?.prefix}/${key}`])),
    selection,
    metres,
    cutPieceEurCents,
    maxMetres,
    imageIndex: Math.max(0, Math.min(Number.parseInt(search.get('image') ?? '0', 10) || 0, detail.images.length - 1)),
    jsonLd,
    /** the picture a shared link shows (og:image) */
    shareImage: imageUrls[0] ?? null,
  };
}
