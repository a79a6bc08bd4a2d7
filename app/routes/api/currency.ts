import type { Route } from './+types/currency';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { currencyData } from '#app/modules/currency/currency-data.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { storefrontByPrefix } from '#app/modules/i18n/locales.ts';

/**
 * GET /api/currency?store=de-de: the currency query of spec §7 as JSON,
 * { currency: { exchange_rates: [{ currency_to, rate }], base_currency_code, available_currency_codes } }.
 * The store (its path prefix, also taken from a `store` header) narrows the codes to the ones it offers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const prefix = new URL(request.url).searchParams.get('store') ?? request.headers.get('store');
  const storefront = prefix ? storefrontByPrefix(prefix.toLowerCase()) : null;
  if (prefix && !storefront) return Response.json({ error: 'store must be a store prefix, like de-de' }, { status: 400 });
  const rates = await orUnavailable(() => getCurrencyRates(context.get(servicesContext).db));
  return Response.json({ currency: currencyData(rates, storefront ?? null) }, { headers: { 'Cache-Control': 'public, max-age=60' } });
}
