import { data } from 'react-router';
import type { Route } from './+types/sitemap-locale';
import { servicesContext } from '#app/context.ts';
import { storefrontByPrefix } from '#app/modules/i18n/locales.ts';
import { storefrontSitemapXml } from '#app/modules/seo/sitemap.server.ts';

/** /sitemaps/{prefix}.xml: one sitemap per storefront. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const storefront = storefrontByPrefix(params.file.replace(/\.xml$/, ''));
  if (!storefront || !params.file.endsWith('.xml')) throw data(null, { status: 404 });
  const { db, siteUrl } = context.get(servicesContext);
  return new Response(await storefrontSitemapXml(db, siteUrl, storefront), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
