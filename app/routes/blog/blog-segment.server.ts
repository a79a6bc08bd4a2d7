import { redirect } from 'react-router';
import { blogSegment } from '#app/modules/blog/blog-paths.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';

/**
 * Each storefront has its own blog segment (/de-de/ratgeber, /sv-se/blogg, /en/blog); another
 * store's segment leads permanently to this store's.
 */
/** `url` is the loader's normalized URL (without the `.data` of client navigations). */
export function ensureOwnBlogSegment(url: URL, storefront: StorefrontLocale): void {
  const [, prefix, segment, ...rest] = url.pathname.split('/');
  const own = blogSegment(storefront.code);
  if (segment !== own) throw redirect(`/${[prefix, own, ...rest].join('/')}${url.search}`, 301);
}
