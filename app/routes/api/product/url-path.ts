import type { Route } from './+types/url-path';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { productUrlKeys } from '#app/modules/catalogue/product-url-keys.server.ts';

/** GET /api/product/{sku}/urlPath: the product's URL key, and its key per locale as url_key_{locale}. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const keys = await orUnavailable(() => productUrlKeys(db, params.sku));
  if (!keys) return Response.json({ error: 'unknown sku' }, { status: 404 });
  return Response.json(
    keys, // A CDN may keep it and purge it by the product's key when the product changes.
    { headers: { 'Cache-Control': 'public, max-age=300', 'Surrogate-Key': `product-${params.sku}` } },
  );
}
