/**
 * Buying over plain HTTP the way a browser without JavaScript does (bench:checkout, bench:scale):
 * product page, add to cart, cart, the four checkout steps, placing the order (bank transfer) and
 * the success page, for several shoppers at once. Throws on any unexpected answer and when two
 * orders share a number. Every request carries the shopper's cookies, so nothing is cached.
 */
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

/** One shopper: a cookie jar and the CSRF token of the last page seen. */
class Shopper {
  readonly #base: string;
  readonly #cookies = new Map<string, string>();
  csrf = '';
  readonly timings = new Map<string, number[]>();

  constructor(base: string) {
    this.#base = base;
  }

  async #request(
    step: string,
    path: string,
    init: { method?: string; body?: URLSearchParams } = {},
  ): Promise<{ status: number; location: string | null; body: string }> {
    const started = performance.now();
    const response = await fetch(`${this.#base}${path}`, {
      method: init.method ?? 'GET',
      body: init.body,
      redirect: 'manual',
      headers: {
        ...shopperHeaders,
        origin: this.#base,
        cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    const body = await response.text();
    const list = this.timings.get(step) ?? [];
    list.push(performance.now() - started);
    this.timings.set(step, list);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.#cookies.set(name!.trim(), value.join('='));
    }
    this.csrf = body.match(/name="_csrf" value="([^"]+)"/)?.[1] ?? this.csrf;
    return { status: response.status, location: response.headers.get('location'), body };
  }

  async get(step: string, path: string) {
    const answer = await this.#request(step, path);
    if (answer.status !== 200) throw new Error(`${step}: GET ${path} answered ${answer.status}`);
    return answer.body;
  }

  /** Posts a form and expects the redirect to `next` (a path ending). */
  async post(step: string, path: string, fields: Record<string, string>, next: RegExp) {
    const answer = await this.#request(step, path, { method: 'POST', body: new URLSearchParams({ _csrf: this.csrf, ...fields }) });
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
