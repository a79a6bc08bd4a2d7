import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { watchBrowser } from './failure-report.ts';

export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags for a root user on a machine without network access (see DESIGN.md §1). */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Headless Chromium announces itself as HeadlessChrome, which the shop (rightly) treats as a bot. */
export const shopperUserAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  locale?: string;
  /**
   * The installable app's service worker (issue 17) answers pages from its copies when the network
   * is slower than 3 s, which a loaded CI machine can be: tests of everything else see the network
   * ('block', the default); e2e/pwa allows it.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh browser profile per call; close it when done. Its pages report their errors to the failure report. */
export async function openBrowser(options: BrowserOptions = {}): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'cordial-chromium-')), {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    locale: options.locale ?? 'en-US',
    userAgent: shopperUserAgent,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  watchBrowser(context);
  if (options.javaScriptEnabled !== false) context.on('page', waitsForHydration);
  return context;
}

/**
 * A page's scripts start once its first screen is painted (decision 0037), so the load event now
 * comes before the page is interactive. Here `goto` and `reload` resolve once React has hydrated
 * the page, as a shopper waits for a page to respond; a page whose scripts are meant to fail (the
 * chunk-failure tests) or a document that is not the shop's goes on after at most 5 s, as before.
 */
function waitsForHydration(page: Page) {
  const hydrated = () =>
    page
      .waitForFunction(
        () => !('__reactRouterContext' in window) || Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactProps$')),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
  const waitsForLoad = (options?: { waitUntil?: string }) => (options?.waitUntil ?? 'load') === 'load';
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (waitsForLoad(options)) await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (waitsForLoad(options)) await hydrated();
    return response;
  };
}

/**
 * Resolves once React has hydrated the element (it carries React's props): a click before that is
 * the browser's own, and a link then loads a new document, which a busy machine shows as a flake.
 */
export async function untilHydrated(element: Locator): Promise<void> {
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const check = () => (Object.keys(node).some((key) => key.startsWith('__reactProps$')) ? resolve() : setTimeout(check, 20));
        check();
      }),
  );
}
