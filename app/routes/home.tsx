import type { Route } from './+types/home';
import { servicesContext } from '../context.ts';
import { getHomeOverview } from '../modules/catalogue/home.server.ts';
import { formatMoney } from '../modules/currency/money.ts';

const locale = 'en-US';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, shopName } = context.get(servicesContext);
  return { shopName, ...(await getHomeOverview(db, locale)) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Cord, rope and accessories | ${loaderData?.shopName ?? 'Cordial'}` }];
}

const integer = new Intl.NumberFormat(locale);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="home">
      <header className="home__header">
        <h1>{loaderData.shopName}</h1>
        <p>Paracord, climbing rope, accessories and tools, cut to length.</p>
        <ul className="home__claims" aria-label="Our assortment">
          <li>{integer.format(loaderData.claims.designs)} colours and patterns</li>
          <li>{integer.format(loaderData.claims.cordsAndRopes)} cords and ropes</li>
        </ul>
      </header>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <ul className="home__categories">
          {loaderData.categories.map((category) => (
            <li key={category.code}>
              {category.name} <span className="home__count">({category.productCount})</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading">Featured products</h2>
        <ul className="home__products">
          {loaderData.featured.map((product) => (
            <li key={product.sku} className="home__product">
              {product.imagePath && (
                <img
                  src={`/images/${product.imagePath}?w=240`}
                  srcSet={`/images/${product.imagePath}?w=240 1x, /images/${product.imagePath}?w=240&dpr=2 2x`}
                  width={240}
                  height={240}
                  alt=""
                  loading="lazy"
                />
              )}
              <span>{product.name}</span>
              <span className="home__price">from {formatMoney(product.priceFromCents, 'EUR', locale)}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
