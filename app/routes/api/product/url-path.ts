import { eq } from 'drizzle-orm';
import type { Route } from './+types/url-path';
import { servicesContext } from '../../../context.ts';
import { orUnavailable } from '../../../db/with-database.server.ts';
import { products, productTranslations } from '../../../db/schema.ts';

/** GET /api/product/{sku}/urlPath: the product's URL key, and its key per locale as url_key_{locale}. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const rows = await orUnavailable(() =>
    db
      .select({ locale: productTranslations.locale, urlKey: productTranslations.urlKey })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(eq(products.sku, params.sku)),
  );
  if (rows.length === 0) return Response.json({ error: 'unknown sku' }, { status: 404 });
  const byLocale = Object.fromEntries(rows.map((row) => [`url_key_${row.locale.replace('-', '_')}`, row.urlKey]));
  return Response.json(
    { url_key: rows.find((row) => row.locale === 'en-US')?.urlKey ?? rows[0]?.urlKey, ...byLocale },
    // A CDN may keep it and purge it by the product's key when the product changes.
    { headers: { 'Cache-Control': 'public, max-age=300', 'Surrogate-Key': `product-${params.sku}` } },
  );
}
