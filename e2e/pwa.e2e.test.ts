import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { planCatalogue } from '../scripts/demo-catalogue/catalogue-plan.ts';
import { openBrowser, untilHydrated } from './support/browser.ts';
import { CheckoutFlow, messages } from './support/checkout-flow.ts';
import { formatMessage, lookupMessage } from '#app/modules/i18n/messages.ts';

/** Issue 17: the installable app, offline shopping and the chunk-load rule in Chromium. */
const baseUrl = inject('baseUrl');
const screenshots = process.env.E2E_SCREENSHOTS;
const t = (key: string, values?: Record<string, string | number>) => formatMessage(lookupMessage(messages('en-GB'), key) ?? key, values, 'en-GB');

// A simple product with plenty in stock, so adding three never runs into the stock rules.
const product = planCatalogue().products.find((candidate) => candidate.kind === 'simple' && candidate.variants[0]!.stock >= 50)!;
const productUrl = `${baseUrl}/en-gb/${product.texts['en-GB'].urlKey}`;
const productName = product.texts['en-GB'].name;

/** Waits until the worker controls the page (it claims its pages once active). */
async function controlledBy(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

describe('the installable app in Chromium', () => {
  let browser: BrowserContext;
  beforeAll(async () => {
    browser = await openBrowser({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
  });
  afterAll(() => browser?.close());

  it('serves a valid manifest with loading icons, linked from the page, and the worker at the root scope', async () => {
    const manifestResponse = await fetch(`${baseUrl}/manifest.webmanifest?store=en-gb`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({
      short_name: 'Cordial',
      start_url: '/en-gb/?source=app',
      scope: '/en-gb/',
      display: 'standalone',
      lang: 'en-GB',
      theme_color: '#1f6b36',
    });
    expect(String(manifest.name)).toContain('Cordial');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
    // Photos of the shop for the install dialog: a phone's and a desktop's, of the declared size and type.
    const shots = manifest.screenshots as { src: string; sizes: string; type: string; form_factor: string; label: string }[];
    expect(shots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of shots) {
      expect(shot.label).toBe(t(shot.form_factor === 'narrow' ? 'app.screenshotNarrow' : 'app.screenshotWide'));
      const image = await fetch(`${baseUrl}${shot.src}`);
      expect(image.status, shot.src).toBe(200);
      expect(image.headers.get('content-type')).toBe(shot.type);
      const { width, height, format } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
      expect(`image/${format}`).toBe(shot.type);
    }
    expect(Number(shots.find((shot) => shot.form_factor === 'narrow')!.sizes.split('x')[0])).toBeLessThan(500);
    expect(Number(shots.find((shot) => shot.form_factor === 'wide')!.sizes.split('x')[0])).toBeGreaterThanOrEqual(1280);
    // Without ?store= the visitor's store, from the browser's language.
    const german = (await (await fetch(`${baseUrl}/manifest.webmanifest`, { headers: { 'accept-language': 'de-DE' } })).json()) as { scope: string };
    expect(german.scope).toBe('/de-de/');

    const worker = await fetch(`${baseUrl}/sw.js`, { redirect: 'manual' });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');

    const build = (await (await fetch(`${baseUrl}/api/build`)).json()) as { buildId: string };
    expect(build.buildId).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);

    const page = await browser.newPage();
    await page.goto(`${baseUrl}/en-gb`);
    expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe('/manifest.webmanifest?store=en-gb');
    await page.close();
  });

  it('opens visited pages and the cart offline with a notice, and sends an add to cart made offline once back online', async () => {
    // A browser of its own: a retry starts with an empty cart and online.
    const shopper = await openBrowser({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    await shopper.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
    const page = await shopper.newPage();
    await page.goto(productUrl);
    await controlledBy(page);
    const quantity = page.getByLabel(t('cart.quantity'), { exact: true });
    await page.getByRole('button', { name: t('cart.add'), exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: t('cart.miniCartTitle') })
      .waitFor();
    await page.keyboard.press('Escape');
    // Visited once more under the worker (the first answers set cookies, which it never keeps).
    await page.goto(productUrl);
    // The router's data after an add to cart comes from the network under the worker, not a kept
    // copy: the header counts each addition.
    for (const count of [2, 3]) {
      await page.getByRole('button', { name: t('cart.add'), exact: true }).click();
      await page
        .getByRole('dialog')
        .getByRole('heading', { name: t('cart.miniCartTitle') })
        .waitFor();
      await page.keyboard.press('Escape');
      await page.getByText(t('header.cartCount', { count }), { exact: true }).waitFor({ timeout: 10_000 });
    }
    await page.goto(`${baseUrl}/en-gb/checkout`);
    await expect(page.getByRole('spinbutton', { name: t('cart.quantityOf', { name: productName }) }).inputValue()).resolves.toBe('3');

    // Without the message files kept as pages read them (nor the browser's HTTP cache, which a
    // browser empties sooner), the store's own, kept with its offline page, still lets its pages
    // hydrate offline (decision 0032).
    await page.evaluate(() => caches.delete('page-messages'));
    const devtools = await shopper.newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    // Detached, or the page's navigator.onLine ignores the offline emulation below.
    await devtools.detach();
    await shopper.setOffline(true);
    await page.goto(productUrl);
    await page.getByText(t('app.offlineNotice')).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(productName);
    if (screenshots) await page.screenshot({ path: `${screenshots}/offline-product-390.png`, fullPage: false });

    // Offline, an add to cart waits in the worker's queue and the shopper is told.
    await quantity.fill('2');
    await page.getByRole('button', { name: t('cart.add'), exact: true }).click();
    await page.getByText(t('app.cartQueued', { count: 1 })).waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/offline-queued-390.png` });

    await page.goto(`${baseUrl}/en-gb/checkout`);
    await page.getByText(t('app.offlineNotice')).waitFor();
    await expect(page.getByRole('spinbutton', { name: t('cart.quantityOf', { name: productName }) }).inputValue()).resolves.toBe('3');

    // A checkout step was never kept: the store's offline page says it needs a connection.
    await page.goto(`${baseUrl}/en-gb/checkout/customer`);
    await page.getByRole('heading', { level: 1, name: t('app.offlineTitle') }).waitFor();
    // It hydrates offline too: the worker kept the message file it names with it (decision 0032).
    await untilHydrated(page.getByRole('link', { name: t('app.offlineCart') }));

    // Back online, the page asks the worker to send the queue (or Background Sync does), or else
    // the next page load does: the shopper is told.
    await shopper.setOffline(false);
    const told = page.getByText(t('app.cartQueueSent', { count: 1 }));
    const toldAtOnce = await told.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (!toldAtOnce) {
      await page.goto(productUrl);
      await told.waitFor({ timeout: 15_000 });
    }
    await page.goto(`${baseUrl}/en-gb/checkout`);
    await expect(page.getByRole('spinbutton', { name: t('cart.quantityOf', { name: productName }) }).inputValue()).resolves.toBe('5');
    await shopper.close();
  });

  it('keeps ecommerce events in the browser without consent, never sends them, and sends them once analytics is accepted', async () => {
    const visitor = await openBrowser({ serviceWorkers: 'allow' });
    try {
      const page = await visitor.newPage();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/events')) sent.push(request.postData() ?? '');
      });
      await page.goto(productUrl);
      const buffered = () => page.evaluate(() => JSON.parse(localStorage.getItem('cordial:analytics-events') ?? '[]') as { name: string }[]);
      await page.waitForFunction(() => (localStorage.getItem('cordial:analytics-events') ?? '').includes('view_item'));
      await page.waitForTimeout(1_500);
      expect(sent).toEqual([]);
      expect((await buffered()).map((event) => event.name)).toContain('view_item');

      const delivered = page.waitForResponse((response) => response.url().endsWith('/api/events') && response.request().method() === 'POST');
      await page.getByRole('button', { name: t('consent.acceptAll') }).click();
      expect((await delivered).status()).toBe(204);
      expect(sent.join()).toContain('"view_item"');
      await page.waitForFunction(() => localStorage.getItem('cordial:analytics-events') === null);
    } finally {
      await visitor.close();
    }
  });

  it('sends add_shipping_info and add_payment_info with analytics consent as the shopper completes those steps', async () => {
    const shopper = await openBrowser();
    try {
      await shopper.addCookies([{ name: 'consent', value: 'necessary,analytics', url: baseUrl }]);
      const page = await shopper.newPage();
      const events: { name: string; params: Record<string, unknown> }[] = [];
      const answers: number[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/events') && request.method() === 'POST')
          events.push(...(JSON.parse(request.postData() ?? '{}') as { events: typeof events }).events);
      });
      page.on('response', (response) => {
        if (response.url().endsWith('/api/events')) answers.push(response.status());
      });
      const flow = new CheckoutFlow(page, 'en-GB', 'en-gb');
      await flow.addFirstParacord(12);
      await page.goto(`${baseUrl}/en-gb/checkout/customer`);
      await flow.atStep('customer');
      await flow.emailField().fill(`pwa-events-${Date.now()}@example.com`);
      await flow.continue();
      await flow.atStep('shipping');
      const address = { firstName: 'Eva', lastName: 'Visser', street: 'Oudegracht', houseNumber: '10', zipCode: '3511 AB', phone: '030 123 4567' };
      // Refused (no city): the step is not done, nothing is recorded.
      await flow.fillAddress({ countryCode: 'NL', ...address });
      const refused = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/checkout/shipping'));
      await flow.continue();
      expect((await refused).status()).toBe(400);
      await flow.fillAddress({ city: 'Utrecht' });
      await flow.continue();
      await flow.atStep('billing');
      await flow.continue();
      await flow.atStep('payment');
      await flow.paymentMethod('bank_transfer').check();
      await flow.termsCheckbox().check();
      await flow.placeOrderButton().click();
      await page.waitForURL(/\/checkout\/success\?order=/);
      await expect.poll(() => events.map((event) => event.name), { timeout: 10_000 }).toContain('purchase');
      const named = (name: string) => events.filter((event) => event.name === name);
      expect(named('add_shipping_info')).toHaveLength(1);
      expect(named('add_payment_info')).toHaveLength(1);
      const item = { item_id: expect.any(String), price: expect.any(Number), quantity: 12 };
      expect(named('add_shipping_info')[0]!.params).toEqual({ currency: 'GBP', value: expect.any(Number), shipping_tier: 'home_delivery', items: [item] });
      expect(named('add_payment_info')[0]!.params).toEqual({ currency: 'GBP', value: expect.any(Number), payment_type: 'bank_transfer', items: [item] });
      expect(named('add_payment_info')[0]!.params.value).toBeGreaterThan(0);
      // begin_checkout, then shipping, then payment, then the purchase.
      const order = events.map((event) => event.name).filter((name) => ['begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase'].includes(name));
      expect(order).toEqual(['begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase']);
      expect(answers.every((status) => status === 204)).toBe(true);
    } finally {
      await shopper.close();
    }
  });

  it('offers "Install app" in the desktop header when the browser offers installation, usable by keyboard, and not when installed', async () => {
    const offer = () =>
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => void ((window as Window & { installPrompted?: boolean }).installPrompted = true),
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        }),
      );
    const desktop = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await desktop.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
      const page = await desktop.newPage();
      // Chromium offers the shop by itself: that offer is held back, so the page starts without one.
      await page.addInitScript(() =>
        window.addEventListener('beforeinstallprompt', (event) => !Object.hasOwn(event, 'prompt') && event.stopImmediatePropagation(), true),
      );
      await page.goto(`${baseUrl}/en-gb`);
      await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
      await page.waitForLoadState('networkidle');
      const install = page.getByRole('banner').getByRole('button', { name: t('app.install') });
      await expect(install.count()).resolves.toBe(0);
      await page.evaluate(offer);
      await install.waitFor();
      if (screenshots) await page.screenshot({ path: `${screenshots}/install-app-1280.png` });
      await install.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => (window as Window & { installPrompted?: boolean }).installPrompted === true);
      // Once used, the browser's dialog has the say: the entry goes.
      await install.waitFor({ state: 'detached' });

      // Running installed (display-mode standalone): never offered.
      const installed = await desktop.newPage();
      await installed.addInitScript(() => {
        const matchMedia = window.matchMedia.bind(window);
        window.matchMedia = (query: string) =>
          query.includes('display-mode: standalone') ? ({ ...matchMedia(query), matches: true } as MediaQueryList) : matchMedia(query);
      });
      await installed.goto(`${baseUrl}/en-gb`);
      await installed.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
      await installed.waitForLoadState('networkidle');
      await installed.evaluate(offer);
      await installed.waitForTimeout(300);
      await expect(installed.getByRole('button', { name: t('app.install') }).count()).resolves.toBe(0);
    } finally {
      await desktop.close();
    }
  });

  it('counts React Router’s own reloads after a route module failed to load: at most three, then the advice', async () => {
    const visitor = await openBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await visitor.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
      // The cart page's route module stands for any route chunk a new deployment removed.
      await visitor.route(/\/assets\/cart-[\w-]{8}\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
      const page = await visitor.newPage();
      let loads = 0;
      page.on('load', () => loads++);
      const hydrated = async () => {
        await page.waitForFunction(() => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
        await page.waitForLoadState('networkidle');
      };
      const toCart = () =>
        page
          .getByRole('link', { name: t('header.cart') })
          .first()
          .click();
      await page.goto(`${baseUrl}/en-gb`);
      await hydrated();
      // React Router reloads the page itself when the module fails: three times.
      for (let attempt = 1; attempt <= 3; attempt++) {
        const reloaded = page.waitForEvent('load');
        await toCart();
        await reloaded;
        await hydrated();
      }
      expect(loads).toBe(4);
      // The fourth failure within 30 s: no reload, the advice instead, with a way home and a reload.
      await toCart();
      const advice = page.getByRole('main').filter({ hasText: t('app.chunkAdvice') });
      await advice.waitFor({ timeout: 10_000 });
      await expect(advice.getByRole('link', { name: t('errors.reload') }).isVisible()).resolves.toBe(true);
      await page.waitForTimeout(1_500);
      expect(loads).toBe(4);
      if (screenshots) await page.screenshot({ path: `${screenshots}/route-chunk-advice-1280.png` });
    } finally {
      await visitor.close();
    }
  });

  it('reloads at most three times when a script chunk fails to load, then gives the advice', async () => {
    const visitor = await openBrowser({ serviceWorkers: 'allow' });
    try {
      await visitor.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
      // The lazily loaded worker code stands for any chunk a new deployment removed.
      await visitor.route(/\/assets\/service-worker-client-[^/]+\.js$/, (route) => route.abort());
      const page = await visitor.newPage();
      // Same-document history updates also report navigations: count the distinct reloads.
      const reloads = new Set<string>();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && new URL(frame.url()).searchParams.has('_t')) reloads.add(new URL(frame.url()).searchParams.get('_t')!);
      });
      await page.goto(`${baseUrl}/en-gb`);
      await page.getByText(t('app.chunkAdvice')).waitFor({ timeout: 20_000 });
      expect(reloads.size).toBe(3);
      if (screenshots) await page.screenshot({ path: `${screenshots}/chunk-advice-1280.png` });
    } finally {
      await visitor.close();
    }
  });

  it('tells about a new build without interrupting a form, and loads it at the next navigation', async () => {
    const page = await browser.newPage();
    await page.route('**/api/build', (route) => route.fulfill({ json: { buildId: 'a-newer-build' }, headers: { 'cache-control': 'no-store' } }));
    await page.goto(`${baseUrl}/en-gb`);
    await controlledBy(page);
    await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
    // The tab comes back to the foreground (again, until the lazily loaded worker code listens).
    const prompt = page.locator('.app-notice', { hasText: t('app.updateReady') });
    await expect
      .poll(
        async () => {
          await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
          return prompt.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect(prompt.getByRole('button', { name: t('app.updateNow') }).isVisible()).resolves.toBe(true);
    // Typing goes on undisturbed: no reload while the shopper fills a form.
    const search = page.getByRole('combobox', { name: t('header.searchLabel') });
    await search.fill('paracord');
    await page.waitForTimeout(500);
    await expect(search.inputValue()).resolves.toBe('paracord');
    if (screenshots) {
      await page.screenshot({ path: `${screenshots}/update-prompt-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${screenshots}/update-prompt-1280.png` });
    }
    // The next link loads a whole new document (the new build), not a router navigation.
    await page
      .getByRole('link', { name: t('header.cart') })
      .first()
      .click();
    await page.waitForURL(`${baseUrl}/en-gb/checkout`);
    await expect(page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).resolves.toBeUndefined();
    await page.close();
  });
});
