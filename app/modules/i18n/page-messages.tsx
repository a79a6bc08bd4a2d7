/**
 * A storefront page's UI messages without carrying them in its hydration data (issue 14, decision
 * 0032). The server renders with the tree its root loader read (entry.server.tsx provides it);
 * the browser reads the store's message file (preloaded by the page's head) before it hydrates
 * (entry.client.tsx), so hydration meets the same texts. A later page naming another file (another
 * store, or changed messages) waits for it in a transition: the old page stays until it is there.
 */
import { createContext, type ReactNode, use, useContext } from 'react';
import { rememberLocaleFormats } from './locale-formats.ts';
import type { MessageTree } from './messages.ts';
import type { PageMessagesBody } from './page-messages-paths.ts';

const ServerPageMessagesContext = createContext<MessageTree | null>(null);

/** The server's render of one page: the messages its root loader read. */
export function ServerPageMessages({ messages, children }: { messages: MessageTree | null; children: ReactNode }) {
  return <ServerPageMessagesContext value={messages}>{children}</ServerPageMessagesContext>;
}

/** In the browser: the files read so far, by address, and the reads under way. */
const loaded = new Map<string, MessageTree>();
const loading = new Map<string, Promise<MessageTree>>();
let lastLoaded: MessageTree | undefined;

/**
 * Reads a message file once. A failed read (offline without a kept copy) answers the messages last
 * read, for this page's life: a page of another store offline still speaks, in its last language.
 */
export function loadPageMessages(path: string): Promise<MessageTree> {
  const known = loaded.get(path);
  if (known) return Promise.resolve(known);
  let read = loading.get(path);
  if (!read) {
    read = fetch(path, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        const { messages, formats } = (await response.json()) as PageMessagesBody;
        // Hydration then formats prices and numbers as the server did, without starting ICU (decision 0040).
        rememberLocaleFormats(formats);
        loaded.set(path, messages);
        lastLoaded = messages;
        return messages;
      })
      .catch((error: unknown) => {
        if (!lastLoaded) throw error;
        loaded.set(path, lastLoaded);
        return lastLoaded;
      })
      .finally(() => loading.delete(path));
    loading.set(path, read);
  }
  return read;
}

/** The messages of the page whose file is `path`; undefined without one (the back office keeps its own). */
export function usePageMessages(path: string | undefined): MessageTree | undefined {
  const serverMessages = useContext(ServerPageMessagesContext);
  if (serverMessages) return serverMessages;
  if (!path) return undefined;
  return loaded.get(path) ?? use(loadPageMessages(path));
}
