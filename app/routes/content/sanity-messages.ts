import type { Route } from './+types/sanity-messages';
import { servicesContext } from '#app/context.ts';
import { databaseMessageEntries } from '#app/modules/i18n/messages.server.ts';

/**
 * GET /sanity?query=...&params={"lang":"de_DE"}&name=messages (spec §7): the translated-message
 * entries of a language as a list of { key, value } in a content-API answer. The shop keeps its
 * messages in the translated_messages table, so the query text is echoed, not interpreted: only
 * params.lang chooses what is answered. /api/messages gives the same entries as a nested tree.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams.get('query') ?? '';
  let language: unknown;
  try {
    language = (JSON.parse(url.searchParams.get('params') ?? '{}') as { lang?: unknown }).lang;
  } catch {
    language = undefined;
  }
  if (typeof language !== 'string' || !/^[a-z]{2}(_[A-Z]{2})?$/.test(language)) {
    return Response.json({ error: 'params must be JSON with a lang like {"lang":"de_DE"}' }, { status: 400 });
  }
  const { db, logger } = context.get(servicesContext);
  try {
    const entries = await databaseMessageEntries(db, language);
    const result = entries.map(({ key, value }) => ({ _type: 'translatedMessage', key, language, value }));
    return Response.json({ query, name: url.searchParams.get('name'), result }, { headers: { 'Cache-Control': 'public, max-age=60' } });
  } catch (error) {
    logger.error({ err: error, language }, 'could not read translated messages');
    return Response.json({ query, result: [] }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
