import type { Route } from './+types/search-suggest';
import { servicesContext } from '#app/context.ts';
import { catalogueReads } from '#app/db/client.server.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { getListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { suggest } from '#app/modules/search/suggest.server.ts';

/** GET /api/search/suggest?q=para&locale=de-DE: suggestions for the search box, briefly cacheable. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const storefront = storefrontByCode(params.get('locale') ?? '');
  if (!storefront) return Response.json({ error: 'locale must be a storefront code such as de-DE' }, { status: 400 });
  const { db } = context.get(servicesContext);
  const suggestions = await orUnavailable(async () => suggest(catalogueReads(db), await getListingIndex(db), storefront.code, params.get('q') ?? ''));
  return Response.json(suggestions, { headers: { 'Cache-Control': 'public, max-age=60', Vary: 'Accept-Encoding' } });
}
