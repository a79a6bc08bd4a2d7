import { createHash } from 'node:crypto';
import type { Database } from '#app/db/client.server.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';
import type { StorefrontLocale } from './locales.ts';
import { localeFormats } from './locale-formats.ts';
import { loadMessages, storefrontPageMessages } from './messages.server.ts';
import type { MessageTree } from './messages.ts';
import { type PageMessagesBody, pageMessagesPath } from './page-messages-paths.ts';

/**
 * A store's page messages as the browser gets them: the tree, the file's JSON (the tree and the
 * store's number, price and date formats, decision 0040), its hash and address.
 */
export interface PageMessagesFile {
  messages: MessageTree;
  body: string;
  hash: string;
  path: string;
}

/**
 * Per merged tree: loadMessages answers the same tree until the translated messages change (its
 * cache follows storefront changes), so the JSON and its hash are made once per change.
 */
const files = new WeakMap<MessageTree, Map<string, PageMessagesFile>>();

/** The messages a storefront page uses (translated_messages overrides included) as their file. */
export async function pageMessagesFile(db: Database, storefront: Pick<StorefrontLocale, 'code' | 'prefix'>, logger: Logger): Promise<PageMessagesFile> {
  const messages = storefrontPageMessages(await loadMessages(db, storefront.code, logger));
  let byStore = files.get(messages);
  if (!byStore) files.set(messages, (byStore = new Map()));
  let file = byStore.get(storefront.prefix);
  if (!file) {
    const body = JSON.stringify({ messages, formats: localeFormats(storefront.code) } satisfies PageMessagesBody);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    file = { messages, body, hash, path: pageMessagesPath(storefront.prefix, hash) };
    byStore.set(storefront.prefix, file);
  }
  return file;
}
