import { preload } from 'react-dom';
import { usePlainLinkClicks } from '#app/components/ui/plain-links.tsx';
import type { Route } from './+types/home';
import { imageSources, ProductGrid, responsiveImageSources } from '#app/components/catalogue/product-card.tsx';
import { formatDecimal } from '#app/modules/i18n/locale-formats.ts';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { catalogueReads } from '#app/db/client.server.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { getHomeOverview } from '#app/modules/catalogue/home.server.ts';
import { getListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { HomeBanners } from '#app/components/content/home-banners.tsx';
import { activeBanners } from '#app/modules/content/banners.server.ts';
import { shareWithShoppers } from '#app/modules/page-cache/shared-pages.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const [overview, banners] = await orUnavailable(async () =>
    Promise.all([getHomeOverview(catalogueReads(db), await getListingIndex(db), storefront.code), activeBanners(catalogueReads(db), storefront.code)]),
  );
  const newArrivals = overview.categories.find((c) => c.code === 'new-arrivals');
  return { prefix: storefront.prefix, alternates: samePathAlternates(''), newArrivalsPath: newArrivals?.urlPath ?? null, banners, ...overview };
}

/** Drawn by the demo catalogue generator; a shop owner replaces the file. */
const bannerImage = 'banners/home.svg';
/**
 * The banner is 8:3; a phone shows its centre at 8:5 (`.hero`), so below 768 px it gets that cut
 * (the `banner-phone` preset): about a third of the whole picture's bytes (decision 0037).
 */
const phoneOnly = '(max-width: 767px)';
const phoneBanner = responsiveImageSources(bannerImage, [480, 640, 960, 1280], '100vw', 'banner-phone');
const wideBanner = responsiveImageSources(bannerImage, [960, 1280, 1920], '100vw', 'banner');

/** Inside <picture> React does not preload the largest picture by itself; each size is preloaded for its screens. */
function preloadBanner() {
  preload(phoneBanner.src, { as: 'image', imageSrcSet: phoneBanner.srcSet, imageSizes: phoneBanner.sizes, media: phoneOnly, fetchPriority: 'high' });
  preload(wideBanner.src, { as: 'image', imageSrcSet: wideBanner.srcSet, imageSizes: wideBanner.sizes, media: '(min-width: 768px)', fetchPriority: 'high' });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { prefix, categories, recommended, claims, quotes } = loaderData;
  preloadBanner();
  const followLink = usePlainLinkClicks();
  return (
    // Its links are plain <a> elements followed by one handler (decision 0050).
    <div className="home container" onClick={followLink}>
      <PageHead title={t('meta.homeTitle')} description={t('meta.homeDescription')} alternates={loaderData.alternates} />
      <section className="hero" aria-labelledby="hero-heading">
        <picture>
          <source media={phoneOnly} srcSet={phoneBanner.srcSet} sizes={phoneBanner.sizes} width={1280} height={800} />
          <img {...wideBanner} width={1280} height={480} alt="" fetchPriority="high" className="hero__image" />
        </picture>
        <div className="hero__text">
          <h1 id="hero-heading">{t('home.heading')}</h1>
          <p>{t('home.intro')}</p>
          {loaderData.newArrivalsPath && (
            <a className="button button--accent" href={`/${prefix}/${loaderData.newArrivalsPath}`}>
              {t('home.bannerCta')}
            </a>
          )}
        </div>
      </section>
      <ul className="home__claims" aria-label={t('home.claimsLabel')}>
        <li>{t('home.claimDesigns', { count: formatDecimal(claims.designs, locale) })}</li>
        <li>{t('home.claimCords', { count: formatDecimal(claims.cordsAndRopes, locale) })}</li>
        <li>{t('home.claimCustomers')}</li>
      </ul>
      <HomeBanners banners={loaderData.banners} />
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">{t('home.categoriesHeading')}</h2>
        <ul className="home__categories">
          {categories.map((category) => (
            <li key={category.code}>
              <a className="category-tile" href={`/${prefix}/${category.urlPath}`}>
                {category.imagePath && (
                  <img {...imageSources(category.imagePath, 320)} width={320} height={320} alt="" loading="lazy" className="category-tile__image" />
                )}
                <span className="category-tile__name">{category.name}</span>
                <span className="category-tile__count">{t('home.productCount', { count: category.productCount })}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading">{t('home.featuredHeading')}</h2>
        {/* Below the first screen on phones and desktops: no image of it goes before the banner. */}
        <ProductGrid products={recommended} prefix={prefix} />
      </section>
      {quotes.length > 0 && (
        <section aria-labelledby="quotes-heading" className="quotes">
          <h2 id="quotes-heading">{t('home.quotesHeading')}</h2>
          <ul>
            {quotes.map((quote) => (
              <li key={quote.id}>
                <figure>
                  <blockquote>
                    <p>
                      <strong>{quote.title}</strong> {quote.body}
                    </p>
                  </blockquote>
                  <figcaption>
                    {quote.author} · <a href={`/${prefix}/${quote.urlKey}`}>{quote.product}</a>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
