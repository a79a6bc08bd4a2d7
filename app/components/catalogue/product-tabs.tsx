import { Link } from 'react-router';
import type { ProductDetail } from '#app/modules/catalogue/product-detail.server.ts';
import { informationPageSlug } from '#app/modules/content/information-pages.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { formatMeasure } from '#app/modules/i18n/measures.ts';
import { formatDecimal, formatMediumDate, languageName } from '#app/modules/i18n/locale-formats.ts';

/**
 * The product page's tabs: their links, then one section each (description, specifications,
 * reviews, shipping, the sample where offered, why buy here), so every part is reachable without JavaScript.
 */
export function ProductTabs({
  detail,
  descriptionHtml,
  hasSample,
  prefix,
  shopName,
}: {
  detail: Pick<ProductDetail, 'specifications' | 'reviews'>;
  descriptionHtml: string;
  hasSample: boolean;
  prefix: string;
  shopName: string;
}) {
  const { t, locale } = useI18n();
  const bothUnits = (imperial: string, metric: string) => t('measure.imperialFirst', { imperial, metric });
  const shippingAnchor = informationPageSlug('shippingRates', locale);
  return (
    <>
      <nav className="product-tabs" aria-label={t('product.tabs')}>
        <ul>
          <li>
            <a href="#description">{t('product.tabDescription')}</a>
          </li>
          <li>
            <a href="#specifications">{t('product.tabSpecifications')}</a>
          </li>
          <li>
            <a href="#reviews">{t('product.tabReviews')}</a>
          </li>
          <li>
            <a href={`#${shippingAnchor}`}>{t('product.tabShipping')}</a>
          </li>
          {hasSample && (
            <li>
              <a href="#order-sample-tab-content">{t('product.tabSample')}</a>
            </li>
          )}
          <li>
            <a href="#usp-pag-tab">{t('product.tabWhyBuy')}</a>
          </li>
        </ul>
      </nav>

      <section id="description" className="product-section" aria-labelledby="description-heading">
        <h2 id="description-heading">{t('product.tabDescription')}</h2>
        <div className="content" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
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
              <Stars rating={detail.reviews.average ?? 0} />{' '}
              {t('product.reviewsAverage', { rating: formatDecimal(detail.reviews.average ?? 0, locale, 1), count: detail.reviews.count })}
            </p>
            <ul className="reviews">
              {detail.reviews.items.map((review) => (
                <li key={review.id} className="review" lang={storefrontByCode(review.locale)?.code ?? review.locale}>
                  <p className="review__title">
                    <Stars rating={review.rating} /> <strong>{review.title}</strong>
                  </p>
                  <p>{review.body}</p>
                  <p className="review__meta" lang={locale}>
                    {review.author} · {formatMediumDate(new Date(review.createdAt), locale)}
                    {review.verifiedPurchase && (
                      <>
                        {' '}
                        · <span className="review__verified">✓ {t('reviewInvite.verifiedPurchase')}</span>
                      </>
                    )}
                    {review.locale.slice(0, 2) !== locale.slice(0, 2) && (
                      <>
                        {' '}
                        ·{' '}
                        {t('product.reviewWrittenIn', {
                          language: languageName(review.locale.slice(0, 2), locale),
                        })}
                      </>
                    )}
                  </p>
                  {review.reply && (
                    <div className="review__reply">
                      <p className="review__reply-heading">{t('product.reviewShopReply', { shop: shopName })}</p>
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

      {hasSample && (
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
    </>
  );
}

export function Stars({ rating }: { rating: number }) {
  const { t, locale } = useI18n();
  const rounded = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t('product.ratingLabel', { rating: formatDecimal(rating, locale, 1) })}>
      {'★'.repeat(rounded)}
      {'☆'.repeat(5 - rounded)}
    </span>
  );
}
