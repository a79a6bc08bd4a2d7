import { mulberry32 } from '../../scripts/demo-catalogue/drawing/cord-swatch.ts';
import { testClientAddress, type Visitor } from '../support/visitors.ts';

/**
 * A seeded corpus of hostile requests against every route, query parameter, header and form of
 * the shop, and a runner that reports any answer >= 500 and any payload echoed unescaped into a
 * page. The same corpus serves the integration test (a sample) and the browser run (all of it).
 */

/** Markup payloads: none of these may come back as they were sent inside an HTML page. */
const markupPayloads = [
  '<script>alert("cx1")</script>',
  '"><img src=x onerror=alert("cx2")>',
  "'><svg onload=alert('cx3')>",
  '</title><script>alert("cx4")</script>',
  '<a href="javascript:alert(\'cx5\')">x</a>',
  '" autofocus onfocus="alert(\'cx6\')',
  '<iframe srcdoc="<script>alert(\'cx7\')</script>">',
  '</script><script>alert("cx8")</script>',
];

/** Values that have broken parsers, databases and routers elsewhere. */
const oddValues = [
  ...markupPayloads,
  '%zz',
  '%E0%A4%A',
  '%',
  '%00',
  '\u0000',
  '%C3%28',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' or '1'='1",
  '1; drop table orders;--',
  '1) union select password from customers--',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  'prototype',
  '-1',
  '0',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999',
  '1.5',
  '2026-000001',
  ' 1 ',
  '',
  'javascript:alert(1)',
  '//evil.example',
  'https://evil.example/x',
  'data:text/html,<b>x</b>',
  '\r\nSet-Cookie: hijack=1',
  '%0d%0aSet-Cookie:%20hijack=1',
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  'ünïcödé ☃ 𝔘 \u202eevil',
  '\uFFFF\uD800',
  'a'.repeat(5_000),
  'NL100001',
  'CORDIAL-GIFT-25',
  'true',
  'null',
  '[]',
  '{}',
];

const queryParameters = [
  'page',
  'limit',
  'sort',
  'q',
  'currency',
  'vat',
  'length',
  'metres',
  'w',
  'dpr',
  'preset',
  '_routes',
  'order',
  'token',
  'returnTo',
  'lang',
  'locale',
  'url',
  'cookie-settings',
  'payment',
  'price_min',
  'price_max',
  'category_uid',
  'color',
  'diameter',
  'reason',
  'session_id',
  'email',
  'redirect',
  'p[]',
];

/** Every form field the shop's forms have, posted to every form with odd values. */
const formFields = [
  'intent',
  'email',
  'password',
  'confirmPassword',
  'currentPassword',
  'firstName',
  'lastName',
  'companyName',
  'vatNumber',
  'street',
  'houseNumber',
  'zipCode',
  'city',
  'state',
  'countryCode',
  'phone',
  'isBusiness',
  'newsletter',
  'variantId',
  'productId',
  'quantity',
  'metres',
  'lineId',
  'itemId',
  'couponCode',
  'giftCardCode',
  'paymentMethod',
  'terms',
  'shippingMethod',
  'pickupZip',
  'pickupPointId',
  'billingSame',
  'returnTo',
  'token',
  'name',
  'wishlistId',
  'targetWishlistId',
  'addressId',
  'isDefaultBilling',
  'isDefaultShipping',
  'rating',
  'title',
  'body',
  'choice',
  'analytics',
  'marketing',
  'remarks',
  'description',
];

const intents = [
  'add-to-cart',
  'sample',
  'wishlist',
  'back-in-stock',
  'update',
  'remove',
  'apply-coupon',
  'remove-coupon',
  'apply-gift-card',
  'remove-gift-card',
  'create',
  'rename',
  'delete',
  'move',
  'share',
  'save',
  'export',
  'find-pickup-points',
  'choose',
  'unknown-intent',
];

const hostileHeaders: [string, string[]][] = [
  ['x-forwarded-proto', ['javascript:', 'http, https', 'ftp', 'https:x', '', ' ', 'HTTPS', 'h\ttp', '<script>']],
  [
    'x-forwarded-host',
    ['evil.example', 'a b', '[', 'evil.example:99999', 'localhost:abc', '<script>', '', '..', 'a@b', 'x'.repeat(300), '[::1', 'évil.example'],
  ],
  ['x-forwarded-for', ['<script>', 'not-an-ip', '1.2.3.4, <x>', '999.999.999.999', '::ffff:1.2.3.4', '', 'a'.repeat(1000)]],
  ['accept-language', ['*', 'xx', 'de;q=abc', 'en-US;q=1e309', ',,,;;;', 'a'.repeat(2000), 'zh-Hant-TW-x-private']],
  ['user-agent', ['', 'Googlebot/2.1 (+http://www.google.com/bot.html)', '<script>alert(1)</script>', 'a'.repeat(4000)]],
  ['origin', ['null', 'http://evil.example', 'not a url', 'javascript:alert(1)', '']],
  ['referer', ['javascript:alert(1)', 'http://evil.example/', '%zz']],
  ['accept', ['text/x-script', 'application/json', '*/*;q=abc', '']],
  ['x-request-id', ['<script>', 'a'.repeat(500), '\u00ff']],
  ['x-csrf-token', ['', 'abc', 'a'.repeat(64)]],
  [
    'content-type',
    ['application/x-www-form-urlencoded; charset=utf-9', 'multipart/form-data', 'multipart/form-data; boundary=', 'application/json', 'text/plain'],
  ],
];

const hostileCookies = [
  'cart=not-a-uuid',
  'cart=00000000-0000-0000-0000-000000000000',
  'cart=%zz',
  'session=%E0%A4%A',
  'session=x',
  'locale=xx-XX',
  'locale=<script>',
  'currency=XXX',
  'currency=%zz',
  'vat=maybe',
  'consent=%7B%22a%22%3A',
  'consent=<script>',
  'csrf=',
  'csrf=%zz',
  'cart=' + 'a'.repeat(4000),
];

export interface HostileRequest {
  method: 'GET' | 'POST' | 'HEAD';
  path: string;
  headers: Record<string, string>;
  /** A urlencoded body (forms). */
  form?: [string, string][];
  /** Sends the visitor's real CSRF token, so the request reaches the form's own checks. */
  withCsrf: boolean;
}

/** Paths of the shop with a `{}` where an odd value goes, and the forms that accept posts. */
export interface ShopPaths {
  pages: string[];
  forms: string[];
}

/** The routes of app/routes.ts for one store, with `{}` for each parameter. */
export function shopPaths(prefix: string, cataloguePaths: string[]): ShopPaths {
  const p = `/${prefix}`;
  const pages = [
    '/',
    '/{}',
    '/robots.txt',
    '/sitemap.xml',
    '/sitemaps/{}',
    '/sitemaps/{}.xml',
    '/api/messages?lang={}',
    '/api/route?url={}',
    '/api/search/suggest?q={}&locale={}',
    '/api/product/{}/urlPath',
    '/images/{}',
    '/images/{}.webp?w={}&dpr={}',
    '/assets/{}',
    '/healthz',
    `${p}`,
    `${p}/{}`,
    `${p}/search?q={}`,
    `${p}/checkout`,
    `${p}/checkout/cart`,
    `${p}/checkout/customer`,
    `${p}/checkout/shipping`,
    `${p}/checkout/billing`,
    `${p}/checkout/payment?payment=failed&order={}&token={}`,
    `${p}/checkout/success?order={}&token={}`,
    `${p}/customer/account/login?returnTo={}`,
    `${p}/customer/account/create`,
    `${p}/customer/account/forgotpassword`,
    `${p}/customer/account/createPassword?token={}`,
    `${p}/createPassword?token={}`,
    `${p}/customer/account/logout`,
    `${p}/customer`,
    `${p}/customer/account/edit`,
    `${p}/customer/account/password`,
    `${p}/customer/account/privacy`,
    `${p}/customer/account/privacy/export`,
    `${p}/customer/account/reviews`,
    `${p}/customer/address`,
    `${p}/customer/address/create`,
    `${p}/customer/address/{}`,
    `${p}/customer/orders`,
    `${p}/customer/orders/invoices.zip`,
    `${p}/customer/orders/{}`,
    `${p}/customer/orders/{}/invoice/{}`,
    `${p}/customer/wishlists`,
    '/{}/{}',
    `${p}/{}.data`,
    ...cataloguePaths.flatMap((path) => [path, `${path}/{}`, `${path}.data`]),
  ];
  const forms = [
    `${p}/checkout`,
    `${p}/checkout/customer`,
    `${p}/checkout/shipping`,
    `${p}/checkout/billing`,
    `${p}/checkout/payment`,
    `${p}/customer/account/login`,
    `${p}/customer/account/create`,
    `${p}/customer/account/forgotpassword`,
    `${p}/customer/account/createPassword?token={}`,
    `${p}/customer/account/logout`,
    `${p}/customer/account/edit`,
    `${p}/customer/account/password`,
    `${p}/customer/account/privacy`,
    `${p}/customer/account/reviews`,
    `${p}/customer/address`,
    `${p}/customer/address/create`,
    `${p}/customer/address/{}`,
    `${p}/customer/wishlists`,
    '/api/consent',
    '/api/payments/stripe',
    `${p}/{}`,
    ...cataloguePaths,
  ];
  return { pages, forms };
}

/** `size` hostile requests over the given paths, the same ones for the same seed. */
/** The cases issue 20 found answering 500 or taking seconds, first in every corpus. */
function knownCases(paths: ShopPaths): HostileRequest[] {
  const headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36' };
  const malformed = [
    '/%zz',
    '/en/%zz',
    '/en/paracord/%zz',
    '/assets/%zz',
    '/images/%zz',
    '/sitemaps/%zz',
    '/api/product/%zz/urlPath',
    '/en/customer/orders/%zz',
    '/en/customer/address/%zz',
    '/en/customer/orders/NL100001/invoice/%zz',
    '/en-us/%E0%A4%A',
    '/en/%zz.data',
  ];
  const page = paths.forms.at(-1) ?? '/en';
  return [
    ...malformed.map((path) => ({ method: 'GET' as const, path, headers, withCsrf: false })),
    ...['javascript:', 'http, https', '<script>'].map((proto) => ({
      method: 'GET' as const,
      path: page,
      headers: { ...headers, 'x-forwarded-proto': proto },
      withCsrf: false,
    })),
    ...['a b', '[', 'evil.example:99999'].map((host) => ({
      method: 'GET' as const,
      path: page,
      headers: { ...headers, 'x-forwarded-host': host },
      withCsrf: false,
    })),
    {
      method: 'POST',
      path: page,
      headers: { ...headers, 'x-forwarded-proto': 'javascript:' },
      form: [
        ['intent', 'add-to-cart'],
        ['quantity', '1'],
      ],
      withCsrf: true,
    },
    { method: 'GET', path: `${page}.data?page=-1&_routes=-1`, headers, withCsrf: false },
  ];
}

/** Percent-encodes a value; a lone surrogate (which no URL can carry) becomes U+FFFD first. */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

export function hostileCorpus(paths: ShopPaths, { seed, size }: { seed: number; size: number }): HostileRequest[] {
  const next = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const odd = () => pick(oddValues);
  // An odd value in a path segment: sent percent-encoded, or raw where it is already an escape.
  const inPath = (value: string) => (/^%|%[0-9A-F]{2}/i.test(value) && !/[\s"<>]/.test(value) ? value : encode(value));
  const fill = (template: string) => {
    const [path = '', query] = template.split('?');
    const filledPath = path.replaceAll('{}', () => inPath(odd()));
    const filledQuery = query?.split('&').map((pair) => pair.replace('{}', () => encode(odd())));
    return { path: filledPath, query: filledQuery ?? [] };
  };
  const requests: HostileRequest[] = knownCases(paths);
  while (requests.length < size) {
    const kind = next();
    const headers: Record<string, string> = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    };
    if (kind < 0.3) {
      // A page with odd values in its path and its query.
      const { path, query } = fill(pick(paths.pages));
      const extra = Array.from({ length: 1 + Math.floor(next() * 3) }, () => `${encode(pick(queryParameters))}=${encode(odd())}`);
      requests.push({ method: next() < 0.9 ? 'GET' : 'HEAD', path: `${path}?${[...query, ...extra].join('&')}`, headers, withCsrf: false });
    } else if (kind < 0.5) {
      // A page with one parameter set to each kind of odd value, raw in the query (no encoding at all).
      const { path } = fill(pick(paths.pages.filter((page) => !page.includes('{}'))));
      const raw = pick(['%zz', '%E0%A4%A', '%', '%00', '-1', '1e309', 'NaN', '<b>', '"']);
      requests.push({ method: 'GET', path: `${path}?${pick(queryParameters)}=${raw}`, headers, withCsrf: false });
    } else if (kind < 0.7) {
      // A page with odd headers and cookies.
      const { path, query } = fill(pick(paths.pages.filter((page) => !page.includes('{}'))));
      for (let count = 1 + Math.floor(next() * 3); count > 0; count--) {
        const [name, values] = pick(hostileHeaders);
        headers[name] = pick(values);
      }
      if (next() < 0.5) headers.cookie = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(hostileCookies)).join('; ');
      requests.push({ method: 'GET', path: query.length ? `${path}?${query.join('&')}` : path, headers, withCsrf: false });
    } else {
      // A form post with odd fields, mostly with a valid CSRF token so the form's own checks run.
      const { path, query } = fill(pick(paths.forms));
      const form: [string, string][] = [['intent', pick(intents)]];
      for (let count = 2 + Math.floor(next() * 8); count > 0; count--) form.push([pick(formFields), odd()]);
      if (next() < 0.2) {
        // Not X-Forwarded-For: form posts keep the corpus's own client address (see runCorpus).
        const [name, values] = pick(hostileHeaders.filter(([header]) => header !== 'x-forwarded-for'));
        headers[name] = pick(values);
      }
      requests.push({ method: 'POST', path: query.length ? `${path}?${query.join('&')}` : path, headers, form, withCsrf: next() < 0.85 });
    }
  }
  return requests;
}

export interface Finding {
  request: string;
  status: number;
  problem: string;
}

/** Sends the corpus (a few requests at a time) and reports server errors, hangs and unescaped echoes. */
export async function runCorpus(
  baseUrl: string,
  corpus: HostileRequest[],
  visitors: Visitor[],
  { concurrency = 4, timeoutMs = 10_000, slowMs = Infinity }: { concurrency?: number; timeoutMs?: number; slowMs?: number } = {},
): Promise<{ findings: Finding[]; statuses: Map<number, number> }> {
  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  let index = 0;
  const worker = async () => {
    while (index < corpus.length) {
      const request = corpus[index]!;
      const visitor = visitors[index % visitors.length]!;
      index += 1;
      const label = `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 300)}${request.form ? ` ${JSON.stringify(request.form).slice(0, 300)}` : ''}`;
      // From the test visitors' own address (see visitors.ts), unless the request forwards an odd one.
      const headers: Record<string, string> = { 'x-forwarded-for': testClientAddress, ...request.headers };
      headers.cookie = [visitor.cookie, headers.cookie].filter(Boolean).join('; ');
      let body: string | undefined;
      if (request.form) {
        const form = new URLSearchParams(request.form.map(([name, value]) => [name, value.toWellFormed()]));
        if (request.withCsrf) form.set('_csrf', visitor.csrfToken);
        body = form.toString();
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      }
      try {
        const started = performance.now();
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        const tookMs = performance.now() - started;
        if (tookMs > slowMs) findings.push({ request: label, status: response.status, problem: `took ${Math.round(tookMs)} ms` });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) findings.push({ request: label, status: response.status, problem: `answered ${response.status}: ${text.slice(0, 200)}` });
        if (/text\/html/.test(response.headers.get('content-type') ?? '')) {
          const echoed = markupPayloads.find((payload) => text.includes(payload));
          if (echoed) findings.push({ request: label, status: response.status, problem: `echoed unescaped: ${echoed}` });
        }
      } catch (error) {
        findings.push({ request: label, status: 0, problem: `no answer: ${(error as Error).message}` });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { findings, statuses };
}

/** A few category and product paths of a store, as its home page links them. */
export async function cataloguePathsOf(baseUrl: string, prefix: string): Promise<string[]> {
  const body = await (await fetch(`${baseUrl}/${prefix}`)).text();
  const links = [...body.matchAll(new RegExp(`href="(/${prefix}/[a-z0-9-]+(?:/[a-z0-9-]+)?)"`, 'g'))].map((match) => match[1]!);
  const paths = [...new Set(links)].filter((path) => !/\/(checkout|customer|search)/.test(path)).slice(0, 8);
  if (paths.length === 0) throw new Error('no catalogue links on the home page');
  return paths;
}
