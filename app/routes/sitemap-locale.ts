import { data } from 'react-router';
import type { Route } from './+types/sitemap-locale';
import { servicesContext } from '#app/context.ts';
import { storefrontByPrefix } from '#app/modules/i18n/locales.ts';
import { parseSitemapFileName, storefrontSitemapXml } from '#app/modules/seo/sitemap.server.ts';

/** /sitemaps/{prefix}.xml and {prefix}-{n}.xml: a storefront's sitemap files. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = parseSitemapFileName(params.file);
  const storefront = file && storefrontByPrefix(file.prefix);
  if (!file || !storefront) throw data(null, { status: 404 });
  const { db, siteUrl } = context.get(servicesContext);
  const xml = await storefrontSitemapXml(db, siteUrl, storefront, file.part);
  if (xml === null) throw data(null, { status: 404 });
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
