import { redirect } from 'react-router';
import type { Route } from './+types/store-switch';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { equivalentPath, switchTarget } from '#app/modules/content/store-switch.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefronts } from '#app/modules/i18n/locales.ts';

const withLocale = (path: string, code: string) => `${path}${path.includes('?') ? '&' : '?'}locale=${code}`;

/**
 * /stores/store/switch?from=/de-de/agb (spec §2): choose another storefront and land on the same
 * page there where it exists. With `to=nl-NL` the switch happens at once (a redirect that also
 * stores the choice in the locale cookie through ?locale=).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const url = new URL(request.url);
  const from = url.searchParams.get('from') ?? `/${storefront.prefix}`;
  const target = switchTarget(url.searchParams.get('to'));
  if (target) throw redirect(withLocale(await orUnavailable(() => equivalentPath(db, from, target)), target.code), 303);
  const choices = await orUnavailable(() =>
    Promise.all(
      storefronts.map(async (store) => ({ code: store.code, name: store.name, href: withLocale(await equivalentPath(db, from, store), store.code) })),
    ),
  );
  return { prefix: storefront.prefix, from, choices, alternates: samePathAlternates('/stores/store/switch') };
}

export default function StoreSwitchPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { prefix, choices, from } = loaderData;
  return (
    <div className="store-switch container">
      <PageHead title={t('content.switch.title')} alternates={loaderData.alternates} noindex />
      <Breadcrumbs items={[{ name: t('content.home'), href: `/${prefix}` }, { name: t('content.switch.title') }]} />
      <h1>{t('content.switch.title')}</h1>
      <p>{t('content.switch.intro')}</p>
      <ul className="store-switch__list">
        {choices.map((choice) => (
          <li key={choice.code}>
            <a
              href={choice.href}
              hrefLang={choice.code}
              lang={choice.code}
              aria-current={choice.code === locale ? 'true' : undefined}
              className="store-switch__choice"
            >
              <span>{choice.name}</span>
              <span className="store-switch__code">{choice.code}</span>
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a href={from.startsWith('/') && !from.startsWith('//') ? from : `/${prefix}`}>{t('content.switch.back')}</a>
      </p>
    </div>
  );
}
