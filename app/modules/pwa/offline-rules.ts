/**
 * What the service worker may keep for offline use (issue 17). Shared by the worker and its tests:
 * checkout steps, account pages, the back office and the API (but search suggestions) are never
 * stored; neither is any answer that set a cookie (the server marks those, as a worker cannot
 * see Set-Cookie).
 */
import { adminSegment } from '#app/modules/admin/admin-paths.ts';

/** The page the worker shows for a page it has never seen while offline, one per store. */
export function offlinePagePath(prefix: string): string {
  return `/${prefix}/offline`;
}

/** Set by the server on every answer that sets a cookie; the worker never stores those. */
export const noOfflineCopyHeader = 'x-no-offline-copy';

/** Sent with an add to cart that the worker may queue when the network is down. */
export const queueWhenOfflineHeader = 'x-queue-when-offline';

/**
 * The message the worker posts to its pages once queued additions reached the cart, with every
 * batch sent that no page has confirmed yet (cartQueueToldMessage, with the batches' ids).
 */
export const cartQueueSentMessage = 'cart-queue-sent';
export const cartQueueToldMessage = 'cart-queue-told';
/** Additions that one replay of the queue sent. */
export interface SentAdditions {
  id: string;
  count: number;
}
/** The message a page posts so that the worker keeps its store's offline page. */
export const keepOfflinePageMessage = 'keep-offline-page';
/** The message a page posts to the worker when it is online again (browsers without Background Sync). */
export const replayCartQueueMessage = 'replay-cart-queue';

const checkoutSteps = /^\/[^/]+\/checkout\/(customer|shipping|billing|payment|success)(\/|\.data$|$)/;
const accountPages = /^\/[^/]+\/(customer|createPassword)(\/|\.data$|$)/;
const wishlistPages = /^\/[^/]+\/wishlist(\/|\.data$|$)/;

/** Paths whose pages and data are never stored, whatever the answer. */
export function isNeverStored(pathname: string): boolean {
  if (pathname === `/${adminSegment}` || pathname.startsWith(`/${adminSegment}/`)) return true;
  if (pathname.startsWith('/api/')) return pathname !== '/api/search/suggest';
  return checkoutSteps.test(pathname) || accountPages.test(pathname) || wishlistPages.test(pathname);
}

/** The cart page and its data: always asked of the network first, the stored copy only offline. */
export function isCartPage(pathname: string): boolean {
  return /^\/[^/]+\/checkout(\/cart)?(\.data)?$/.test(pathname);
}

/** Logging out forgets the stored pages: they may show the customer's name or cart. */
export function isLogout(pathname: string): boolean {
  return /^\/[^/]+\/customer\/account\/logout(\.data)?$/.test(pathname);
}

/** An answer the worker may store: a complete 200 that set no cookie. */
export function mayStore(response: Pick<Response, 'status' | 'headers'>): boolean {
  return response.status === 200 && !response.headers.has(noOfflineCopyHeader);
}
