import { useState } from 'react';
import { Link, useActionData, useFetcher, useLocation, useRouteLoaderData, useSearchParams } from 'react-router';
import { stockAlertOutcome } from '../../modules/cart/add-to-cart-outcome.ts';
import { outcomeParam } from '../../modules/http/form-submission.ts';
import type { ProductDetail, ProductVariant } from '../../modules/catalogue/product-detail.server.ts';
import type { NavigationCategory } from '../../modules/catalogue/category-tree.server.ts';
import { informationPageSlug } from '../../modules/content/information-pages.ts';
import { AddToCartForm } from './add-to-cart-form.tsx';
import { WishlistButton } from './wishlist-button.tsx';
import type { StockAlertResult } from '../../modules/engagement/stock-alerts.server.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';
import { storefrontByCode } from '../../modules/i18n/locales.ts';
import { formatMeasure } from '../../modules/i18n/measures.ts';
import { formatLength } from '../../modules/orders/line-name.ts';
import { ShippingEstimate } from './shipping-estimate.tsx';
import { usePriceDisplay, useVatLabel } from '../../modules/pricing/price-context.tsx';
import { formatPrice } from '../../modules/pricing/price-display.ts';
import { pieceStepCm } from '../../modules/pricing/cut-to-length.ts';
import { tierSavingPercent } from '../../modules/pricing/unit-price.ts';
import { metresToCm } from '../../modules/pricing/price-per-length.ts';
import { CatalogueUnitPrice } from './unit-price.tsx';
import type { loader as rootLoader } from '../../root.tsx';
import { type Alternates, PageHead } from '../page-head.tsx';
import { Breadcrumbs, imageSources, ProductGrid } from './product-card.tsx';

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

/** The length a variant (a 10 m hank) buys, for its unit price; null when it has no length option. */
function lengthCmOf(variant: ProductVariant): number | null {
  const metres = variant.options.find((o) => o.attribute === 'length')?.sortValue;
  return metres ? metresToCm(metres) : null;
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
  const variant = variantFor(detail.variants, selection);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const [imageIndex, setImageIndex] = useState(Math.min(data.imageIndex, Math.max(0, detail.images.length - 1)));
  const image = detail.images[imageIndex];
  const { search } = useLocation();
  const imageHref = (index: number) => {
    const params = new URLSearchParams(search);
    params.set('image', String(index));
    return `?${params}`;
  };
  const shippingAnchor = informationPageSlug('shippingRates', locale);

  // Configurable attributes offered by this product, each with its choices in order.
  const choices = new Map<string, { option: string; label: string; attributeLabel: string; sortValue: number | null }[]>();
  for (const v of detail.variants) {
    for (const o of v.options) {
      const list = choices.get(o.attribute) ?? [];
      if (!list.some((c) => c.option === o.option)) list.push(o);
      choices.set(o.attribute, list);
    }
  }
  const selectable = [...choices].filter(([, options]) => options.length > 1);
  const optionLabel = (attribute: string, option: { label: string; sortValue: number | null }) =>
    attribute === 'length' && option.sortValue !== null
      ? formatLength(option.sortValue, t, locale)
      : option.label;
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
  const inCartText = [inCart.quantity > 0 ? t('cart.inCart', { count: inCart.quantity }) : '', inCart.sample ? t('cart.sampleInCart') : ''].filter(Boolean).join(' ');
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
  const price = variant && (product.soldByLength ? t('product.perMetre', { price: formatPrice(variant.priceCents, display) }) : formatPrice(variant.priceCents, display));
  const bothUnits = (imperial: string, metric: string) => t('measure.imperialFirst', { imperial, metric });

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
        <div className="product__gallery">
          {image && (
            <img {...imageSources(image.path, 640)} width={640} height={640} alt={product.name} fetchPriority="high" className="product__image" />
          )}
          {detail.images.length > 1 && (
            <ul className="gallery__thumbs">
              {detail.images.map((thumb, index) => (
                <li key={thumb.path}>
                  <a
                    href={imageHref(index)}
                    aria-label={t('product.showImage', { number: index + 1 })}
                    aria-current={index === imageIndex ? 'true' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      setImageIndex(index);
                    }}
                  >
                    <img {...imageSources(thumb.path, 96)} width={96} height={96} alt="" loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="product__summary">
          <h1>{product.name}</h1>
          <p className="product__sku">{t('product.itemNumber', { sku: variant?.sku ?? product.sku })}</p>
          {detail.reviews.average !== null && (
            <p className="product__rating">
              <a href="#reviews">
                <Stars rating={detail.reviews.average} /> {t('product.reviewsAverage', { rating: number.format(detail.reviews.average), count: detail.reviews.count })}
              </a>
            </p>
          )}
          {variant && (
            <div className="product__price-block">
              <p className="product__price">
                <span className="price">{price}</span>{' '}
                <span className="vat-label">{vatLabel}</span>{' '}
                {!product.soldByLength && <CatalogueUnitPrice netEurCents={variant.priceCents} lengthCm={lengthCmOf(variant)} />}
              </p>
              <p className={`stock-badge ${variant.inStock ? 'stock-badge--in' : 'stock-badge--out'}`}>
                {variant.inStock ? t('product.inStock') : t('product.outOfStock')}
              </p>
              <ShippingEstimate />
            </div>
          )}
          {selectable.length > 0 && (
            <form method="get" className="product__options">
              {selectable.map(([attribute, options]) => (
                <fieldset key={attribute} className="option-group">
                  <legend>{t('product.chooseOption', { option: options[0]?.attributeLabel ?? attribute })}</legend>
                  <div className="option-group__choices">
                    {options.map((option) => {
                      const optionVariant = detail.variants.find((v) => v.options.some((o) => o.attribute === attribute && o.option === option.option));
                      return (
                        <label key={option.option} className={`option-chip${optionVariant?.inStock === false ? ' option-chip--out' : ''}`}>
                          <input
                            type="radio"
                            name={attribute}
                            value={option.option}
                            checked={selection[attribute] === option.option}
                            onChange={() => choose(attribute, option.option)}
                          />
                          <span>
                            {optionLabel(attribute, option)}
                            {attribute === 'length' && optionVariant && !product.soldByLength && (
                              <CatalogueUnitPrice netEurCents={optionVariant.priceCents} lengthCm={lengthCmOf(optionVariant)} />
                            )}
                          </span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
              <noscript>
                <button type="submit" className="button">
                  {t('product.select')}
                </button>
              </noscript>
            </form>
          )}
          {product.soldByLength && variant && (
            <form method="get" className="cut-to-length">
              <h2>{t('product.cutToLength')}</h2>
              <label>
                <span>{t('product.lengthInMetres')}</span>
                <input type="number" name="metres" min={0.5} max={maxMetres} step={0.5} defaultValue={data.metres ?? ''} inputMode="decimal" />
              </label>
              <button type="submit" className="button">
                {t('product.calculate')}
              </button>
              <p className="cut-to-length__hint">{t('product.maxContinuousLength', { length: number.format(maxMetres) })}</p>
              {data.metres !== null && (
                <p className="cut-to-length__total" role="status">
                  {t('product.totalForLength', {
                    length: number.format(data.metres),
                    price: formatPrice(data.cutPieceEurCents[variant.id] ?? 0, display),
                  })}
                </p>
              )}
            </form>
          )}
          {variant && variant.tiers.length > 0 && (
            <table className="tier-table">
              <caption>{t('product.tiers')}</caption>
              <thead>
                <tr>
                  <th scope="col">{product.soldByLength ? t('pricing.tierMetresHeading') : t('product.tierQuantityHeading')}</th>
                  <th scope="col">{product.soldByLength ? t('pricing.tierPricePerMetre') : t('product.tierPrice')}</th>
                  <th scope="col">{t('product.tierSaving')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>{product.soldByLength ? t('pricing.tierFromMetres', { quantity: number.format(pieceStepCm / 100) }) : 1}</td>
                  <td>
                    {formatPrice(variant.priceCents, display)} {!product.soldByLength && <CatalogueUnitPrice netEurCents={variant.priceCents} lengthCm={lengthCmOf(variant)} />}
                  </td>
                  <td>–</td>
                </tr>
                {variant.tiers.map((tier) => (
                  <tr key={tier.minQuantity}>
                    {/* Per-metre tiers count metres, in the cart too (decision 0014). */}
                    <td>{t(product.soldByLength ? 'pricing.tierFromMetres' : 'product.tierQuantity', { quantity: tier.minQuantity })}</td>
                    <td>
                      {formatPrice(tier.unitPriceCents, display)} {!product.soldByLength && <CatalogueUnitPrice netEurCents={tier.unitPriceCents} lengthCm={lengthCmOf(variant)} />}
                    </td>
                    <td>{t('product.tierSavingValue', { percent: percent.format(tierSavingPercent(variant, tier)) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {showForm && (
            <AddToCartForm
              key={`${variant.id}-${data.metres}`}
              productId={product.id}
              variantId={variant.id}
              metres={product.soldByLength ? data.metres : null}
              inStock={variant.inStock}
              hasSample={product.hasSample && !inCart.sample}
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
              <Link to={`/${prefix}/checkout`}>{t('cart.view')}</Link>
            </p>
          )}
          {variant && product.soldByLength && data.metres === null && <p className="notice">{t('cart.chooseLength')}</p>}
          <WishlistButton productId={product.id} variantId={variant?.id} productName={product.name} />
          {variant && !variant.inStock && <BackInStockForm variantId={variant.id} />}
          {detail.otherDesigns.length > 0 && (
            <section className="other-designs" aria-labelledby="other-designs-heading">
              <h2 id="other-designs-heading">{t('product.otherDesigns')}</h2>
              <ul>
                {detail.otherDesigns.map((other) => (
                  <li key={other.sku}>
                    <Link to={`/${prefix}/${other.urlKey}`} title={other.name} aria-label={other.name} className="design-swatch">
                      {other.colourHexes.map((hex, index) => (
                        <span key={`${hex}${index}`} style={{ backgroundColor: hex }} />
                      ))}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      <nav className="product-tabs" aria-label={t('product.tabs')}>
        <ul>
          <li><a href="#description">{t('product.tabDescription')}</a></li>
          <li><a href="#specifications">{t('product.tabSpecifications')}</a></li>
          <li><a href="#reviews">{t('product.tabReviews')}</a></li>
          <li><a href={`#${shippingAnchor}`}>{t('product.tabShipping')}</a></li>
          {product.hasSample && <li><a href="#order-sample-tab-content">{t('product.tabSample')}</a></li>}
          <li><a href="#usp-pag-tab">{t('product.tabWhyBuy')}</a></li>
        </ul>
      </nav>

      <section id="description" className="product-section" aria-labelledby="description-heading">
        <h2 id="description-heading">{t('product.tabDescription')}</h2>
        <div className="content" dangerouslySetInnerHTML={{ __html: data.descriptionHtml }} />
      </section>

      <section id="specifications" className="product-section" aria-labelledby="specifications-heading">
        <h2 id="specifications-heading">{t('product.tabSpecifications')}</h2>
        <dl className="spec-list">
          {detail.specifications.map((spec) => (
            <div key={spec.code}>
              <dt>{spec.label}</dt>
              <dd>{spec.values.map((value) => (spec.numeric ? formatMeasure(Number(value), spec.unit, locale, bothUnits) : value)).join(', ')}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="reviews" className="product-section" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{t('product.tabReviews')}</h2>
        {detail.reviews.count === 0 ? (
          <p>{t('product.noReviews')}</p>
        ) : (
          <>
            <p>
              <Stars rating={detail.reviews.average ?? 0} /> {t('product.reviewsAverage', { rating: number.format(detail.reviews.average ?? 0), count: detail.reviews.count })}
            </p>
            <ul className="reviews">
              {detail.reviews.items.map((review) => (
                <li key={review.id} className="review" lang={storefrontByCode(review.locale)?.code ?? review.locale}>
                  <p className="review__title">
                    <Stars rating={review.rating} /> <strong>{review.title}</strong>
                  </p>
                  <p>{review.body}</p>
                  <p className="review__meta" lang={locale}>
                    {review.author} · {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(review.createdAt))}
                    {review.verifiedPurchase && <> · <span className="review__verified">✓ {t('reviewInvite.verifiedPurchase')}</span></>}
                    {review.locale.slice(0, 2) !== locale.slice(0, 2) && (
                      <> · {t('product.reviewWrittenIn', { language: new Intl.DisplayNames(locale, { type: 'language' }).of(review.locale.slice(0, 2)) ?? review.locale })}</>
                    )}
                  </p>
                  {review.reply && (
                    <div className="review__reply">
                      <p className="review__reply-heading">{t('admin.reviews.shopReply', { shop: shopName })}</p>
                      <p>{review.reply}</p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section id={shippingAnchor} className="product-section" aria-labelledby="shipping-heading">
        <h2 id="shipping-heading">{t('product.tabShipping')}</h2>
        <p>{t('product.shippingText')}</p>
        <p>
          <Link to={`/${prefix}/${shippingAnchor}`}>{t('product.shippingLink')}</Link>
        </p>
      </section>

      {product.hasSample && (
        <section id="order-sample-tab-content" className="product-section" aria-labelledby="sample-heading">
          <h2 id="sample-heading">{t('product.tabSample')}</h2>
          <p>{t('product.sampleText')}</p>
        </section>
      )}

      <section id="usp-pag-tab" className="product-section" aria-labelledby="why-heading">
        <h2 id="why-heading">{t('product.tabWhyBuy')}</h2>
        <ul className="why-buy">
          <li>{t('product.whyBuyCut')}</li>
          <li>{t('product.whyBuyRange')}</li>
          <li>{t('product.whyBuyDelivery')}</li>
          <li>{t('product.whyBuyService')}</li>
        </ul>
      </section>

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

function Stars({ rating }: { rating: number }) {
  const { t, locale } = useI18n();
  const rounded = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t('product.ratingLabel', { rating: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(rating) })}>
      {'★'.repeat(rounded)}
      {'☆'.repeat(5 - rounded)}
    </span>
  );
}

/** Out of stock: leave an e-mail address to hear when it is back (works without JavaScript too). */
function BackInStockForm({ variantId }: { variantId: number }) {
  const { t } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const fetcher = useFetcher<StockAlertResult>();
  // Without JavaScript: the page's own answer (an error) or the marker of the redirect after success.
  const pageResult = useActionData<StockAlertResult>();
  const [search] = useSearchParams();
  const result = fetcher.data ?? (pageResult && 'ok' in pageResult ? pageResult : undefined);
  if (result?.ok || (!fetcher.data && search.get(outcomeParam) === stockAlertOutcome)) {
    return (
      <p className="notice notice--success" role="status">
        {t('product.backInStockConfirmation')}
      </p>
    );
  }
  const error = result && !result.ok ? result.fieldErrors.email : undefined;
  return (
    <fetcher.Form method="post" className="back-in-stock" noValidate>
      <h2>{t('product.backInStockTitle')}</h2>
      <p>{t('product.backInStockText')}</p>
      <input type="hidden" name="_csrf" value={root?.csrfToken ?? ''} />
      <input type="hidden" name="intent" value="back-in-stock" />
      <input type="hidden" name="variantId" value={variantId} />
      <label htmlFor="back-in-stock-email">{t('product.backInStockEmail')}</label>
      <input
        id="back-in-stock-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result && !result.ok ? result.email : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'back-in-stock-error' : undefined}
      />
      {error && (
        <p id="back-in-stock-error" className="field-error">
          {t(error)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
        {t('product.backInStockSubmit')}
      </button>
    </fetcher.Form>
  );
}

