import { Link } from 'react-router';
import type { Route } from './+types/home';
import { PageHead, samePathAlternates } from '../components/page-head.tsx';
import { servicesContext, storefrontContext } from '../context.ts';
import { orUnavailable } from '../db/with-database.server.ts';
import { getHomeOverview } from '../modules/catalogue/home.server.ts';
import { useI18n } from '../modules/i18n/i18n.tsx';
import { usePriceDisplay } from '../modules/pricing/price-context.tsx';
import { formatPrice } from '../modules/pricing/price-display.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const overview = await orUnavailable(() => getHomeOverview(db, storefront.code));
  return { prefix: storefront.prefix, alternates: samePathAlternates(''), ...overview };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { prefix, categories, featured, claims } = loaderData;
  const priceDisplay = usePriceDisplay();
  const integer = new Intl.NumberFormat(locale);
  return (
    <div className="home container">
      <PageHead title={t('meta.homeTitle')} description={t('meta.homeDescription')} alternates={loaderData.alternates} />
      <header className="home__hero">
        <h1>{t('home.heading')}</h1>
        <p>{t('home.intro')}</p>
        <ul className="home__claims" aria-label={t('home.claimsLabel')}>
          <li>{t('home.claimDesigns', { count: integer.format(claims.designs) })}</li>
          <li>{t('home.claimCords', { count: integer.format(claims.cordsAndRopes) })}</li>
          <li>{t('home.claimCustomers')}</li>
        </ul>
      </header>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">{t('home.categoriesHeading')}</h2>
        <ul className="home__categories">
          {categories.map((category) => (
            <li key={category.code}>
              <Link to={`/${prefix}/${category.urlPath}`} className="category-tile">
                <span className="category-tile__name">{category.name}</span>
                <span className="category-tile__count">{t('home.productCount', { count: category.productCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading">{t('home.featuredHeading')}</h2>
        <ul className="product-grid">
          {featured.map((product, index) => (
            <li key={product.sku} className="product-card">
              <Link to={`/${prefix}/${product.urlKey}`} className="product-card__link">
                {product.imagePath && (
                  <img
                    src={`/images/${product.imagePath}?w=320`}
                    srcSet={`/images/${product.imagePath}?w=320 1x, /images/${product.imagePath}?w=320&dpr=2 2x`}
                    width={320}
                    height={320}
                    alt=""
                    loading={index < 4 ? 'eager' : 'lazy'}
                    className="product-card__image"
                  />
                )}
                <span className="product-card__name">{product.name}</span>
              </Link>
              <span className="product-card__price">{t('home.priceFrom', { price: formatPrice(product.priceFromCents, priceDisplay) })}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
