import type { Route } from './+types/route';
import { servicesContext } from '#app/context.ts';
import { catalogueReads } from '#app/db/client.server.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { storefrontByPrefix } from '#app/modules/i18n/locales.ts';

/**
 * GET /api/route?url=/de-de/anderes-seil: what a storefront path is (spec §2 and §7 route query),
 * as { type, redirect_code, relative_url, sku, uid, id, identifier }; 404 when nothing is there.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url).searchParams.get('url') ?? '';
  const [, prefix = '', ...rest] = url.split('?')[0]!.split('/');
  const storefront = storefrontByPrefix(prefix);
  const headers = { 'Cache-Control': 'public, max-age=60' };
  if (!storefront || !url.startsWith('/'))
    return Response.json({ error: 'url must be a path below a locale prefix, like /de-de/anderes-seil' }, { status: 400 });
  const { db } = context.get(servicesContext);
  const resolved = await orUnavailable(() => resolveCataloguePath(catalogueReads(db), storefront.code, rest.join('/')));
  if (!resolved) return Response.json({ type: null }, { status: 404, headers });
  return Response.json(
    {
      type: resolved.type === 'REDIRECT' ? null : resolved.type,
      redirect_code: resolved.type === 'REDIRECT' ? resolved.redirectCode : 0,
      relative_url: resolved.relativeUrl,
      sku: resolved.type === 'PRODUCT' ? resolved.sku : null,
      uid: resolved.type === 'CATEGORY' ? resolved.uid : null,
      id: resolved.type === 'REDIRECT' ? null : resolved.id,
      identifier: resolved.type === 'CMS_PAGE' ? resolved.identifier : null,
    },
    { headers },
  );
}
