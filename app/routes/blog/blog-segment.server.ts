import { redirect } from 'react-router';
import { blogSegment } from '../../modules/blog/blog-paths.ts';
import type { StorefrontLocale } from '../../modules/i18n/locales.ts';

/**
 * Each storefront has its own blog segment (/de-de/ratgeber, /sv-se/blogg, /en/blog); another
 * store's segment leads permanently to this store's.
 */
export function ensureOwnBlogSegment(request: Request, storefront: StorefrontLocale): void {
  const url = new URL(request.url);
  const [, prefix, segment, ...rest] = url.pathname.split('/');
  const own = blogSegment(storefront.code);
  if (segment !== own) throw redirect(`/${[prefix, own, ...rest].join('/')}${url.search}`, 301);
}
