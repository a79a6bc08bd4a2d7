import type { Route } from './+types/sitemap-index';
import { servicesContext } from '#app/context.ts';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { sitemapIndexXml } from '#app/modules/seo/sitemap.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, siteUrl } = context.get(servicesContext);
  return new Response(await sitemapIndexXml(db, siteUrl, storefronts), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
