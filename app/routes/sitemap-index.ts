import type { Route } from './+types/sitemap-index';
import { servicesContext } from '#app/context.ts';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { sitemapIndexXml } from '#app/modules/seo/sitemap.server.ts';

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapIndexXml(context.get(servicesContext).siteUrl, storefronts), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
