import type { Route } from './+types/messages';
import { servicesContext } from '#app/context.ts';
import { databaseMessageEntries } from '#app/modules/i18n/messages.server.ts';
import { mergeMessageEntries } from '#app/modules/i18n/messages.ts';

/**
 * GET /api/messages?lang=de_DE: the translated messages stored for a language (spec §7), as a
 * nested tree built by splitting keys on dots.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = new URL(request.url).searchParams.get('lang') ?? '';
  if (!/^[a-z]{2}(_[A-Z]{2})?$/.test(language)) {
    return Response.json({ error: 'lang must look like de_DE' }, { status: 400 });
  }
  const { db, logger } = context.get(servicesContext);
  try {
    const { messages } = mergeMessageEntries({}, await databaseMessageEntries(db, language));
    return Response.json(messages, { headers: { 'Cache-Control': 'public, max-age=60' } });
  } catch (error) {
    logger.error({ err: error, language }, 'could not read translated messages');
    return Response.json({}, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
