/**
 * Buying over plain HTTP the way a browser without JavaScript does (bench:checkout, bench:scale):
 * product page, add to cart, cart, the four checkout steps, placing the order (bank transfer) and
 * the success page, for several shoppers at once. Throws on any unexpected answer and when two
 * orders share a number. Every request carries the shopper's cookies, so nothing is cached.
 */
import { type Answer, FormClient } from '../../e2e/support/form-client.ts';
import { shopperHeaders } from './bench-kit.ts';

const address = {
  firstName: 'Bench',
  lastName: 'Shopper',
  companyName: '',
  vatNumber: '',
  street: 'Oudegracht',
  houseNumber: '12',
  zipCode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
  state: '',
  phone: '+31 30 123 4567',
};

/** One shopper without JavaScript (e2e's FormClient: cookies and CSRF token), timing each step. */
class Shopper {
  readonly #client: FormClient;
  readonly timings = new Map<string, number[]>();

  constructor(base: string) {
    this.#client = new FormClient(base);
  }

  async #timed(step: string, path: string, form?: Record<string, string>): Promise<Answer> {
    const started = performance.now();
    const answer = await this.#client.request(path, form, { timeoutMs: 120_000 });
    const list = this.timings.get(step) ?? [];
    list.push(performance.now() - started);
    this.timings.set(step, list);
    return answer;
  }

  async get(step: string, path: string) {
    const answer = await this.#timed(step, path);
    if (answer.status !== 200) throw new Error(`${step}: GET ${path} answered ${answer.status}`);
    return answer.body;
  }

  /** Posts a form and expects the redirect to `next` (a path ending). */
  async post(step: string, path: string, fields: Record<string, string>, next: RegExp) {
    const answer = await this.#timed(step, path, fields);
    if (![302, 303].includes(answer.status) || !next.test(answer.location ?? '')) {
      throw new Error(`${step}: POST ${path} answered ${answer.status} ${answer.location ?? ''} ${answer.body.match(/role="alert"[^>]*>([^<]+)/)?.[1] ?? ''}`);
    }
    return answer.location!;
  }
}

export interface CheckoutFigures {
  orders: number;
  seconds: number;
  /** latencies in ms per step, over all shoppers */
  timings: Map<string, number[]>;
}

export const checkoutSteps = ['product page', 'add to cart', 'cart page', 'checkout steps', 'place order', 'success page'] as const;

/** `shoppers` shoppers at once, each buying `checkoutsPerShopper` times from the first paracord products. */
export async function runCheckouts(
  base: string,
  { shoppers, checkoutsPerShopper }: { shoppers: number; checkoutsPerShopper: number },
): Promise<CheckoutFigures> {
  const listing = await (await fetch(`${base}/nl-nl/paracord`, { headers: shopperHeaders })).text();
  const productPaths = [...new Set([...listing.matchAll(/class="product-card__link" href="([^"]+)"/g)].map((match) => match[1]!))].slice(0, 12);
  if (productPaths.length === 0) throw new Error('no products on /nl-nl/paracord');
  const orderNumbers: string[] = [];

  const buy = async (index: number) => {
    const shopper = new Shopper(base);
    for (let round = 0; round < checkoutsPerShopper; round++) {
      const productPath = productPaths[(index + round) % productPaths.length]!;
      const product = await shopper.get('product page', productPath);
      const variantId = product.match(/name="variantId" value="(\d+)"/)?.[1];
      if (!variantId) throw new Error(`no add-to-cart form on ${productPath}`);
      // Post/redirect/get back to the product page, its message in the address.
      await shopper.post('add to cart', productPath, { intent: 'add-to-cart', variantId, quantity: '10' }, new RegExp(`^${productPath}\\?`));
      await shopper.get('cart page', '/nl-nl/checkout');
      await shopper.get('checkout steps', '/nl-nl/checkout/customer');
      await shopper.post('checkout steps', '/nl-nl/checkout/customer', { email: `bench-${index}-${round}@example.com` }, /\/checkout\/shipping$/);
      await shopper.get('checkout steps', '/nl-nl/checkout/shipping');
      await shopper.post(
        'checkout steps',
        '/nl-nl/checkout/shipping',
        { ...address, shippingMethod: 'home_delivery', billingSame: 'on' },
        /\/checkout\/billing$/,
      );
      await shopper.get('checkout steps', '/nl-nl/checkout/billing');
      await shopper.post('checkout steps', '/nl-nl/checkout/billing', { ownReference: '', remarks: '' }, /\/checkout\/payment$/);
      await shopper.get('checkout steps', '/nl-nl/checkout/payment');
      const success = await shopper.post(
        'place order',
        '/nl-nl/checkout/payment',
        { paymentMethod: 'bank_transfer', terms: 'on' },
        /\/checkout\/success\?order=NL\d{6}/,
      );
      orderNumbers.push(new URL(success, base).searchParams.get('order')!);
      await shopper.get('success page', success);
    }
    return shopper.timings;
  };

  const started = performance.now();
  const timings = await Promise.all(Array.from({ length: shoppers }, (_, index) => buy(index)));
  const seconds = (performance.now() - started) / 1000;
  if (new Set(orderNumbers).size !== orderNumbers.length) throw new Error('two orders share a number');

  const merged = new Map<string, number[]>();
  for (const shopperTimings of timings) for (const [step, list] of shopperTimings) merged.set(step, [...(merged.get(step) ?? []), ...list]);
  return { orders: orderNumbers.length, seconds, timings: merged };
}
