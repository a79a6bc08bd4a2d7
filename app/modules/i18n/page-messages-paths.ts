/**
 * Where a storefront page's UI messages are (issue 14, decision 0032): one JSON file per store,
 * named by a hash of its content, so a browser and the service worker keep it for good and every
 * page of the store shares it instead of carrying the dictionary in its hydration data.
 */
import type { LocaleFormats } from './locale-formats.ts';
import type { MessageTree } from './messages.ts';

const pageMessagesDirectory = '/api/messages/';

/** What the file holds: the store's messages, and its formats for numbers, prices and dates (decision 0040). */
export interface PageMessagesBody {
  messages: MessageTree;
  formats: LocaleFormats;
}

/** `/api/messages/de-de.<hash>.json` */
export function pageMessagesPath(storePrefix: string, hash: string): string {
  return `${pageMessagesDirectory}${storePrefix}.${hash}.json`;
}

/** The store prefix and hash a file name (`de-de.<hash>.json`) names, or null. */
export function parsePageMessagesFile(file: string): { storePrefix: string; hash: string } | null {
  const match = /^([a-z]{2}(?:-[a-z]{2})?)\.([A-Za-z0-9_-]{1,64})\.json$/.exec(file);
  return match ? { storePrefix: match[1]!, hash: match[2]! } : null;
}

export function isPageMessagesPath(pathname: string): boolean {
  return pathname.startsWith(pageMessagesDirectory) && parsePageMessagesFile(pathname.slice(pageMessagesDirectory.length)) !== null;
}

/** The message file a page's HTML names (its preload link), for the service worker to keep with the page. */
export function pageMessagesPathIn(html: string): string | undefined {
  return /\/api\/messages\/[a-z-]+\.[A-Za-z0-9_-]+\.json/.exec(html)?.[0];
}
