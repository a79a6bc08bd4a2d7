import { redirect, type RouterContextProvider } from 'react-router';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { type CheckoutStep, checkoutSteps, firstOpenStep } from './checkout-details.ts';
import { type CheckoutSummary, checkoutSummary } from './checkout-summary.server.ts';

/** The cart and its money for a cart or checkout request, with the services it came from. */
export async function checkoutRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const customer = context.get(customerContext);
  const cartId = readCookie(request, cartCookie);
  const summary = await orUnavailable(async () =>
    checkoutSummary(
      services.db,
      await getCurrencyRates(services.db),
      selection.storefront,
      selection.currency,
      cartId,
      customer?.id ?? null,
      services.payments !== null,
      services.businessRules,
    ),
  );
  return { services, selection, customer, cartId, summary };
}

/** A checkout summary past the step guard: a cart with its totals and shipping prices. */
export type OrderableCheckoutSummary = CheckoutSummary & {
  cart: NonNullable<CheckoutSummary['cart']>;
  totals: NonNullable<CheckoutSummary['totals']>;
  shippingPrice: NonNullable<CheckoutSummary['shippingPrice']>;
};

/**
 * Sends a shopper back when a step cannot be shown yet: an empty cart, a cart that cannot be
 * ordered (minimum, stock) or an earlier step still open.
 */
export function guardStep(summary: CheckoutSummary, step: CheckoutStep, prefix: string): asserts summary is OrderableCheckoutSummary {
  const { cart, totals, details, shippingPrice } = summary;
  // shippingPrice is there whenever the cart is; the check tells the type so.
  if (!cart || !totals || !shippingPrice || cart.lines.length === 0 || totals.minimumOrder || cart.lines.some((line) => !line.inStock))
    throw redirect(`/${prefix}/checkout`);
  const open = firstOpenStep(details);
  if (checkoutSteps.indexOf(open) < checkoutSteps.indexOf(step)) throw redirect(`/${prefix}/checkout/${open}`);
}
