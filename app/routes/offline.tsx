import { Link } from 'react-router';
import type { Route } from './+types/offline';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { storefrontContext } from '#app/context.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * What the app shows, in the store's language, for a page it has not kept while there is no
 * connection (issue 17). The service worker precaches it per store with each build.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { prefix: context.get(storefrontContext).storefront.prefix, alternates: samePathAlternates('/offline') };
}

export default function OfflinePage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="container content-page">
      <PageHead title={t('app.offlineTitle')} alternates={loaderData.alternates} noindex />
      <h1>{t('app.offlineTitle')}</h1>
      <p className="lead">{t('app.offlineText')}</p>
      <p>{t('app.offlineCheckout')}</p>
      <p>
        <Link to={`/${loaderData.prefix}/checkout`} reloadDocument>
          {t('app.offlineCart')}
        </Link>
      </p>
    </div>
  );
}
