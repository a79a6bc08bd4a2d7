import type { Route } from './+types/robots';
import { servicesContext } from '#app/context.ts';

/** Crawlers may index the catalogue, not carts, checkouts, accounts or the admin. */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(servicesContext);
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /*/checkout',
    'Disallow: /*/customer',
    'Disallow: /paracord_admin',
    'Disallow: /*?*currency=',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
