import type { Route } from './+types/web-manifest';
import { servicesContext } from '#app/context.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { detectStorefront } from '#app/modules/i18n/locale-detection.ts';
import { storefrontByPrefix } from '#app/modules/i18n/locales.ts';
import { localeCookie } from '#app/modules/i18n/storefront-request.server.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import { webManifest } from '#app/modules/pwa/web-manifest.ts';

/** The web app manifest of the store the page names (?store=), else of the visitor's store. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger, shopName } = context.get(servicesContext);
  const named = storefrontByPrefix(new URL(request.url).searchParams.get('store') ?? '');
  const storefront = named ?? detectStorefront(readCookie(request, localeCookie), request.headers.get('accept-language'));
  const t = await serverTranslator(db, storefront.code, logger);
  return new Response(JSON.stringify(webManifest(storefront, shopName, t)), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      ...(named ? {} : { Vary: 'Accept-Language, Cookie' }),
    },
  });
}
