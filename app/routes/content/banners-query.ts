import type { Route } from './+types/banners-query';
import { servicesContext } from '#app/context.ts';
import { activeBanners } from '#app/modules/content/banners.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';

/**
 * GET /queries/banners.groq?lang=de_DE (spec §2): the home-page banners on show in a store, as
 * JSON for headless clients, in the shape of a content-API answer ({ query, result, ms }).
 * Without lang: the en-US store.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const started = performance.now();
  const language = new URL(request.url).searchParams.get('lang') ?? 'en_US';
  const storefront = storefrontByCode(language.replace('_', '-'));
  if (!storefront) return Response.json({ error: 'lang must name a store, like de_DE or en' }, { status: 400 });
  const { db, logger, siteUrl } = context.get(servicesContext);
  try {
    const banners = await activeBanners(db, storefront.code);
    const result = banners.map(({ imagePath, href, ...banner }) => ({
      _id: banner.code,
      _type: 'banner',
      ...banner,
      link: href.startsWith('/') ? `${siteUrl}${href}` : href,
      image: { url: `${siteUrl}/images/${imagePath}?w=1280&preset=banner` },
    }));
    return Response.json({ query: 'banners', result, ms: Math.round(performance.now() - started) }, { headers: { 'Cache-Control': 'public, max-age=60' } });
  } catch (error) {
    logger.error({ err: error }, 'could not read banners');
    return Response.json({ error: 'banners unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
