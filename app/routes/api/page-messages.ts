import type { Route } from './+types/page-messages';
import { servicesContext } from '#app/context.ts';
import { storefrontByPrefix } from '#app/modules/i18n/locales.ts';
import { pageMessagesFile } from '#app/modules/i18n/page-messages.server.ts';
import { parsePageMessagesFile } from '#app/modules/i18n/page-messages-paths.ts';

/**
 * GET /api/messages/de-de.<hash>.json: the UI messages a store's pages use (decision 0032). The
 * current hash is kept for good (its content never changes under that name); any other hash, from
 * a page cached before the messages changed, gets the current messages, to be asked again next
 * time, never a 404 that would leave that page without its texts.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const asked = parsePageMessagesFile(params.file);
  const storefront = asked && storefrontByPrefix(asked.storePrefix);
  if (!storefront) return Response.json({ error: 'no such message file' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const { db, logger } = context.get(servicesContext);
  const file = await pageMessagesFile(db, storefront, logger);
  const cacheControl = asked.hash === file.hash ? 'public, max-age=31536000, immutable' : 'no-cache';
  return new Response(file.body, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cacheControl } });
}
