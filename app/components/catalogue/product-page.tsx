import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ProductDetail, ProductVariant } from '#app/modules/catalogue/product-detail.server.ts';
import type { NavigationCategory } from '#app/modules/catalogue/category-tree.server.ts';
import { AddToCartForm, CartLink } from './add-to-cart-form.tsx';
import { BackInStockForm } from './back-in-stock-form.tsx';
import { CutToLength } from './cut-to-length.tsx';
import { PriceTiers } from './price-tiers.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { optionChoices, ProductOptions } from './product-options.tsx';
import { ProductTabs, Stars } from './product-tabs.tsx';
import { WishlistButton } from './wishlist-button.tsx';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { formatLength } from '#app/modules/orders/line-name.ts';
import { ShippingEstimate } from './shipping-estimate.tsx';
import { usePriceDisplay, useVatLabel } from '#app/modules/pricing/price-context.tsx';
import { displayAmount, formatPrice } from '#app/modules/pricing/price-display.ts';
import { ga4Amount } from '#app/modules/analytics/ga4.ts';
import { trackEcommerce } from '#app/modules/analytics/tracking.ts';
import { useEcommerceEvent } from '#app/modules/analytics/use-ecommerce-event.ts';
import { CatalogueUnitPrice, variantLengthCm } from './unit-price.tsx';
import type { loader as rootLoader } from '#app/root.tsx';
import { type Alternates, PageHead } from '#app/components/page-head.tsx';
import { Breadcrumbs, imageSources, ProductGrid } from './product-card.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { usePlainLinkClicks } from '#app/components/ui/plain-links.tsx';
import { formatDecimal } from '#app/modules/i18n/locale-formats.ts';

export interface ProductPageData {
  detail: ProductDetail;
  descriptionHtml: string;
  trail: NavigationCategory[];
  alternates: Alternates;
  /** option choices from the URL (?length=10m), already validated */
  selection: Record<string, string>;
  /** the piece length asked for (?metres=), as a length the shop cuts */
  metres: number | null;
  /** net EUR cents of one piece of `metres`, by variant id */
  cutPieceEurCents: Record<number, number>;
  /** the longest piece of a cut-to-length product */
  maxMetres: number;
  /** which picture the gallery opens with (?image=1) */
  imageIndex: number;
  jsonLd: object;
  /** the picture a shared link shows (og:image) */
  shareImage: string | null;
}

/** The variant whose options match the selection, else the first one. */
function variantFor(variants: ProductVariant[], selection: Record<string, string>): ProductVariant | undefined {
  return variants.find((v) => v.options.every((o) => selection[o.attribute] === o.option)) ?? variants[0];
}

/** `inCart`: how much of this product the visitor's cart holds, and whether its sample is there. */
export function ProductPage({ data, prefix, inCart }: { data: ProductPageData; prefix: string; inCart: { quantity: number; sample: boolean } }) {
  const { t, locale } = useI18n();
  const display = usePriceDisplay();
  const vatLabel = useVatLabel();
  const { detail } = data;
  const { product } = detail;
  const shopName = useRouteLoaderData<typeof rootLoader>('root')?.shopName ?? '';
  const [selection, setSelection] = useState(data.selection);
  const followLink = usePlainLinkClicks();
  const variant = variantFor(detail.variants, selection);
  useEcommerceEvent('view_item', product.sku, () => {
    const shown = variant ?? detail.variants[0];
    if (!shown) return null;
    const price = ga4Amount(displayAmount(shown.priceCents, display), display.minorUnits);
    return { currency: display.currency, value: price, items: [{ item_id: shown.sku, item_name: product.name, price }] };
  });

  // Configurable attributes offered by this product, each with its choices in order.
  const choices = optionChoices(detail.variants);
  const selectable = [...choices].filter(([, options]) => options.length > 1);
  const optionLabel = (attribute: string, option: { label: string; sortValue: number | null }) =>
    attribute === 'length' && option.sortValue !== null ? formatLength(option.sortValue, t, locale) : option.label;
  const choose = (attribute: string, option: string) => {
    const next = { ...selection, [attribute]: option };
    setSelection(next);
    // Keep the URL shareable without asking the server again.
    const url = new URL(window.location.href);
    url.searchParams.set(attribute, option);
    window.history.replaceState(window.history.state, '', url);
  };

  const { maxMetres } = data;
  const showForm = variant !== undefined && (!product.soldByLength || data.metres !== null);
  const inCartText = [inCart.quantity > 0 ? t('cart.inCart', { count: inCart.quantity }) : '', inCart.sample ? t('cart.sampleInCart') : '']
    .filter(Boolean)
    .join(' ');
  // What the mini-cart and the sticky bar name: the chosen options, or the piece length.
  const chosenDetail = [
    ...selectable.map(([attribute, options]) => {
      const chosen = options.find((o) => o.option === selection[attribute]);
      return chosen ? optionLabel(attribute, chosen) : '';
    }),
    product.soldByLength && data.metres !== null ? formatLength(data.metres, t, locale) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const price =
    variant && (product.soldByLength ? t('product.perMetre', { price: formatPrice(variant.priceCents, display) }) : formatPrice(variant.priceCents, display));

  return (
    <article className="product container">
      <PageHead title={product.name} description={product.metaDescription ?? undefined} alternates={data.alternates} image={data.shareImage} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data.jsonLd).replace(/</g, '\\u003c') }} />
      <Breadcrumbs
        items={[
          { name: t('product.home'), href: `/${prefix}` },
          ...data.trail.map((c) => ({ name: c.name, href: `/${prefix}/${c.urlPath}` })),
          { name: product.name },
        ]}
      />
      <div className="product__top">
        <ProductGallery images={detail.images} productName={product.name} initialIndex={data.imageIndex} />
        <div className="product__summary">
          <h1>{product.name}</h1>
          <p className="product__sku">{t('product.itemNumber', { sku: variant?.sku ?? product.sku })}</p>
          {detail.reviews.average !== null && (
            <p className="product__rating">
              <a href="#reviews">
                <Stars rating={detail.reviews.average} />{' '}
                {t('product.reviewsAverage', { rating: formatDecimal(detail.reviews.average, locale, 1), count: detail.reviews.count })}
              </a>
            </p>
          )}
          {variant && (
            <div className="product__price-block">
              <p className="product__price">
                <span className="price">{price}</span> <span className="vat-label">{vatLabel}</span>{' '}
                {!product.soldByLength && <CatalogueUnitPrice netEurCents={variant.priceCents} lengthCm={variantLengthCm(variant)} />}
              </p>
              <p className={`stock-badge ${variant.inStock ? 'stock-badge--in' : 'stock-badge--out'}`}>
                {variant.inStock ? t('product.inStock') : t('product.outOfStock')}
              </p>
              <ShippingEstimate />
            </div>
          )}
          {selectable.length > 0 && (
            <ProductOptions
              selectable={selectable}
              selection={selection}
              variants={detail.variants}
              soldByLength={product.soldByLength}
              optionLabel={optionLabel}
              onChoose={choose}
            />
          )}
          {product.soldByLength && variant && <CutToLength metres={data.metres} maxMetres={maxMetres} pieceEurCents={data.cutPieceEurCents[variant.id] ?? 0} />}
          {variant && variant.tiers.length > 0 && <PriceTiers variant={variant} soldByLength={product.soldByLength} />}
          {showForm && (
            <AddToCartForm
              key={`${variant.id}-${data.metres}`}
              productId={product.id}
              variantId={variant.id}
              metres={product.soldByLength ? data.metres : null}
              inStock={variant.inStock}
              hasSample={product.hasSample && !inCart.sample}
              onAdded={(quantity) => {
                const price = ga4Amount(displayAmount(variant.priceCents, display), display.minorUnits);
                trackEcommerce('add_to_cart', {
                  currency: display.currency,
                  value: price * quantity,
                  items: [{ item_id: variant.sku, item_name: product.name, price, quantity }],
                });
              }}
              product={{
                name: product.name,
                detail: chosenDetail || null,
                price: (
                  <>
                    {price} <span className="vat-label">{vatLabel}</span>
                  </>
                ),
                image: detail.images[0] ? <img {...imageSources(detail.images[0].path, 96)} width={64} height={64} alt="" /> : null,
                inCart: inCartText || null,
              }}
            />
          )}
          {!showForm && (inCart.quantity > 0 || inCart.sample) && (
            <p className="in-cart">
              {inCart.quantity > 0 && t('cart.inCart', { count: inCart.quantity })} {inCart.sample && t('cart.sampleInCart')}{' '}
              <CartLink>{t('cart.view')}</CartLink>
            </p>
          )}
          {variant && product.soldByLength && data.metres === null && <Notice>{t('cart.chooseLength')}</Notice>}
          <WishlistButton productId={product.id} variantId={variant?.id} productName={product.name} />
          {variant && !variant.inStock && <BackInStockForm variantId={variant.id} />}
          {detail.otherDesigns.length > 0 && (
            <section className="other-designs" aria-labelledby="other-designs-heading">
              <h2 id="other-designs-heading">{t('product.otherDesigns')}</h2>
              {/* plain <a> elements followed by one handler (decision 0050) */}
              <ul onClick={followLink}>
                {detail.otherDesigns.map((other) => (
                  <li key={other.sku}>
                    <a title={other.name} aria-label={other.name} className="design-swatch" href={`/${prefix}/${other.urlKey}`}>
                      {other.colourHexes.map((hex, index) => (
                        <span key={`${hex}${index}`} style={{ backgroundColor: hex }} />
                      ))}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      <ProductTabs detail={detail} descriptionHtml={data.descriptionHtml} hasSample={product.hasSample} prefix={prefix} shopName={shopName} />

      {detail.boughtTogether.length > 0 && (
        <section className="product-section" aria-labelledby="together-heading">
          <h2 id="together-heading">{t('product.boughtTogether')}</h2>
          <ProductGrid products={detail.boughtTogether} prefix={prefix} />
        </section>
      )}
      {detail.mostViewed.length > 0 && (
        <section className="product-section" aria-labelledby="viewed-heading">
          <h2 id="viewed-heading">{t('product.mostViewed')}</h2>
          <ProductGrid products={detail.mostViewed} prefix={prefix} />
        </section>
      )}
    </article>
  );
}
