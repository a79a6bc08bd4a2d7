import type { Route } from './+types/stores';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { OpeningHours, StoreAddress } from '#app/components/content/content-widgets.tsx';
import { StoreMap } from '#app/components/content/store-map.tsx';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { localBusinessJsonLd, physicalStores, upcomingClosures, weeklyHours } from '#app/modules/content/stores.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** /stores (spec §2): the physical stores and the showroom, with hours, closing days and a drawn map. */
export function loader({ context }: Route.LoaderArgs) {
  const { shopName, siteUrl } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const stores = physicalStores.map((store) => {
    const closures = upcomingClosures(store, storefront.language);
    return { ...store, hours: weeklyHours(store), closures, jsonLd: localBusinessJsonLd(store, shopName, siteUrl, closures) };
  });
  return { prefix: storefront.prefix, shopName, stores, alternates: samePathAlternates('/stores') };
}

export default function StoresPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, stores, shopName } = loaderData;
  return (
    <div className="stores-page container">
      <PageHead title={t('content.stores.title')} description={t('content.stores.description', { shopName })} alternates={loaderData.alternates} />
      <Breadcrumbs items={[{ name: t('content.home'), href: `/${prefix}` }, { name: t('content.stores.title') }]} />
      <h1>{t('content.stores.title')}</h1>
      <p className="lead">{t('content.stores.intro')}</p>
      <ul className="store-list">
        {stores.map((store) => (
          <li key={store.code} className="store-card">
            <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(store.jsonLd).replace(/</g, '\\u003c') }} />
            <section aria-labelledby={`store-${store.code}`}>
              <p className="store-card__kind">{t(store.kind === 'showroom' ? 'content.stores.showroom' : 'content.stores.store')}</p>
              <h2 id={`store-${store.code}`}>
                {shopName} {store.name}
              </h2>
              <StoreMap name={store.name} street={store.street} city={store.city} />
              <StoreAddress store={store} />
              <p>
                <a
                  href={`https://www.openstreetmap.org/?mlat=${store.latitude}&mlon=${store.longitude}#map=17/${store.latitude}/${store.longitude}`}
                  rel="noopener noreferrer"
                >
                  {t('content.stores.directions')}
                </a>
              </p>
              <OpeningHours hours={store.hours} closures={store.closures} />
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
