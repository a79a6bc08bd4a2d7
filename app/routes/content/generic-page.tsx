import { data, Link } from 'react-router';
import type { Route } from './+types/generic-page';
import { ContentPage } from '#app/components/content/content-page.tsx';
import type { ContactActionData } from '#app/components/content/content-widgets.tsx';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { catalogueReads } from '#app/db/client.server.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { submitContactForm } from '#app/modules/content/contact-messages.server.ts';
import { contentPageIdByCode, contentPageView } from '#app/modules/content/content-page.server.ts';
import { contentPageCodes, contentPagePath, pageLabelKey } from '#app/modules/content/information-pages.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { shareWithShoppers } from '#app/modules/page-cache/shared-pages.server.ts';

/**
 * /page (spec §2): a content page in the light layout, chosen by its code (/page?code=terms), for
 * pages shown inside the checkout or an app. Without a code: the list of information pages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db, siteUrl, shopName, payments } = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const code = new URL(request.url).searchParams.get('code');
  if (!code) return { kind: 'index' as const, prefix: selection.storefront.prefix, shopName, alternates: samePathAlternates('/page') };
  return orUnavailable(async () => {
    const reads = catalogueReads(db);
    const id = await contentPageIdByCode(reads, code);
    const page = id === null ? null : await contentPageView(reads, id, selection, { siteUrl, shopName, onlinePaymentsEnabled: payments !== null });
    if (!page) throw data(null, { status: 404 });
    // The same page in the stores that publish it, by code.
    const alternates = Object.fromEntries(Object.keys(page.alternates).map((locale) => [locale, `/${storefrontByCode(locale)?.prefix}/page?code=${code}`]));
    return { kind: 'page' as const, prefix: selection.storefront.prefix, page: { ...page, alternates }, alternates };
  });
}

/** The contact and quote forms work on /page too. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const { status, outcome } = await orUnavailable(() => submitContactForm(services, storefront, context.get(requestInfoContext).clientAddress, form));
  return data({ contact: outcome as ContactActionData }, { status });
}

export default function GenericPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  if (loaderData.kind === 'page') return <ContentPage page={loaderData.page} prefix={loaderData.prefix} layout="light" actionData={actionData?.contact} />;
  return (
    <article className="content-page content-page--light container">
      <PageHead title={t('content.pageIndex')} alternates={loaderData.alternates} />
      <h1>{t('content.pageIndex')}</h1>
      <ul className="page-index">
        {contentPageCodes.map((code) => (
          <li key={code}>
            <Link to={`/${loaderData.prefix}/page?code=${code}`}>{t(pageLabelKey(code), { shopName: loaderData.shopName })}</Link>{' '}
            <Link to={contentPagePath(loaderData.prefix, code, locale)} className="page-index__full">
              {t('content.fullPage')}
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
