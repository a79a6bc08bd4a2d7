import { redirect } from 'react-router';
import type { Route } from './+types/detect-locale';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { detectStorefront } from '#app/modules/i18n/locale-detection.ts';
import { localeCookie } from '#app/modules/i18n/storefront-request.server.ts';

/** `/` goes to the visitor's store: locale cookie, then browser language, then en-US. */
export function loader({ request }: Route.LoaderArgs) {
  const storefront = detectStorefront(readCookie(request, localeCookie), request.headers.get('accept-language'));
  const { search } = new URL(request.url);
  return redirect(`/${storefront.prefix}${search}`, { headers: { Vary: 'Accept-Language, Cookie', 'Cache-Control': 'private, no-cache' } });
}
