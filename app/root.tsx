import { data, Links, Meta, type MiddlewareFunction, ScrollRestoration, useOutlet, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { useEffect } from 'react';
import { ErrorPage, markHydrated, ScriptsFailedPage } from './components/error-page.tsx';
import { PageScripts } from './components/page-scripts.tsx';
import { startAppShell } from './modules/pwa/app-shell.ts';
import { webManifestPath } from './modules/pwa/web-manifest.ts';
import { csrfTokenContext, pageMessagesContext, requestInfoContext, servicesContext } from './context.ts';
import { readCookie } from './lib/http/cookies.server.ts';
import { newSharedPageRecord, sharedPageContext } from './modules/page-cache/shared-pages.server.ts';
import { I18nProvider } from './modules/i18n/i18n.tsx';
import { detectStorefront } from './modules/i18n/locale-detection.ts';
import { storefrontByCode, storefrontByPrefix } from './modules/i18n/locales.ts';
import { loadMessages } from './modules/i18n/messages.server.ts';
import { pageMessagesFile } from './modules/i18n/page-messages.server.ts';
import { usePageMessages } from './modules/i18n/page-messages.tsx';
import { localeCookie } from './modules/i18n/storefront-request.server.ts';
import { csrfState, failsCsrfCheck } from './lib/security/csrf.server.ts';
import { oneClickUnsubscribePath } from './modules/newsletter/newsletter-paths.ts';
import { adminBase } from './modules/admin/admin-paths.ts';
import type { MessageTree } from './modules/i18n/messages.ts';
import { siteFooterId } from './components/shell/page-regions.ts';
import { errors as fallbackErrors } from '../locales/en-US.json';
import globalStylesHref from './styles/global.css?url';

/**
 * The storefront's stylesheet as a React stylesheet resource (`precedence`): React writes it into
 * the head before the script preloads, so a phone on a slow connection fetches the one
 * render-blocking file first instead of after thirty scripts (Lighthouse's first paint, issue 14).
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: globalStylesHref, precedence: 'default' }];

/** Every state-changing request must carry the visitor's CSRF token; every visitor gets one. */
const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { sessionSecret, secureCookies } = context.get(servicesContext);
  // Payment provider webhooks carry a signature instead of a token (checked by their route), and
  // so does the newsletter's one-click unsubscribe (RFC 8058), which mail clients post without cookies.
  const { pathname } = new URL(request.url);
  const isSignedWebhook = pathname.startsWith('/api/payments/') || pathname === oneClickUnsubscribePath;
  if (!isSignedWebhook && (await failsCsrfCheck(request, sessionSecret))) throw data({ reason: 'csrf' }, { status: 403 });
  const csrf = csrfState(request, sessionSecret, secureCookies);
  context.set(csrfTokenContext, csrf.token);
  const response = await next();
  // Pages (and their client-navigation data) carry the token, so they hand out the cookie. Other
  // answers (public JSON, feeds, sitemaps) do not: a shared cache may keep them (decision 0024).
  if (csrf.setCookie && /text\/html|text\/x-script/.test(response.headers.get('content-type') ?? '')) response.headers.append('Set-Cookie', csrf.setCookie);
  return response;
};

/**
 * Stores pages in the page cache with what they showed of the visitor; server/app.ts serves the
 * hits. Pages of shoppers (cart or session) are kept only for routes that share them (decision 0020).
 */
const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { pageCache } = context.get(servicesContext);
  const cookie = request.headers.get('cookie') ?? undefined;
  const key = pageCache.keyOf({ method: request.method, url: request.url, cookie, acceptLanguage: request.headers.get('accept-language') ?? undefined });
  if (!key) return next();
  const record = newSharedPageRecord();
  context.set(sharedPageContext, record);
  const renderedAt = pageCache.generation;
  const response = await next();
  const { sharedWithShoppers } = record;
  if (pageCache.isShopper(cookie) && !sharedWithShoppers) return response;
  const [nonce, csrfToken] = [context.get(requestInfoContext).cspNonce, context.get(csrfTokenContext)];
  return pageCache.store(key, response, { shown: [...record.used.values()], nonce, csrfToken, renderedAt, sharedWithShoppers });
};

export const middleware = [csrfMiddleware, pageCacheMiddleware];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, logger, shopName, siteUrl, isProduction } = context.get(servicesContext);
  // Pages below a locale prefix speak its language; anything else (errors, redirects) the visitor's.
  const storefront = storefrontByPrefix(params.lang ?? '') ?? detectStorefront(readCookie(request, localeCookie), request.headers.get('accept-language'));
  const { pathname } = new URL(request.url);
  const inBackOffice = pathname === adminBase || pathname.startsWith(`${adminBase}/`);
  // Storefront pages name their store's message file, which the browser keeps, instead of carrying
  // the messages in every page's hydration data (decision 0032); the server renders with them.
  // The back office keeps them inline: its error pages above its layout need the admin section,
  // and its pages are never cached, shared or kept offline.
  let pageMessages: { messagesPath: string } | { messages: MessageTree };
  if (inBackOffice) pageMessages = { messages: await loadMessages(db, storefront.code, logger) };
  else {
    const file = await pageMessagesFile(db, storefront, logger);
    context.set(pageMessagesContext, file.messages);
    pageMessages = { messagesPath: file.path };
  }
  return {
    locale: storefront.code,
    ...pageMessages,
    csrfToken: context.get(csrfTokenContext),
    cspNonce: context.get(requestInfoContext).cspNonce,
    shopName,
    siteUrl,
    isProduction,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const messagesPath = root && 'messagesPath' in root ? root.messagesPath : undefined;
  const messages = usePageMessages(messagesPath) ?? (root && 'messages' in root ? root.messages : undefined);
  return (
    <html lang={root?.locale ?? 'en-US'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f6b36" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={`${webManifestPath}?store=${storefrontByCode(root?.locale ?? 'en-US')?.prefix ?? 'en-us'}`} />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {root && <meta name="csrf-token" content={root.csrfToken} />}
        <Meta />
        <Links />
        {/* Chromium paints a document it has partly parsed; a page painted half-way through its header
            shifted when the rest arrived. The first paint waits for the footer (after the page's
            content), or for the end of the document where there is none. */}
        <link rel="expect" href={`#${siteFooterId}`} blocking="render" />
      </head>
      <body>
        <I18nProvider locale={root?.locale ?? 'en-US'} messages={messages ?? { errors: fallbackErrors }}>
          {children}
        </I18nProvider>
        <ScrollRestoration nonce={root?.cspNonce} />
        <PageScripts nonce={root?.cspNonce} messagesPath={messagesPath} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(markHydrated, []);
  useEffect(startAppShell, []);
  // Nothing below the root: the page's script failed to load and the reload limit is reached
  // (React Router then shows only the root; app-shell.ts).
  return useOutlet() ?? <ScriptsFailedPage />;
}

/** Errors above the storefront shell: unknown locale prefixes, a database that is down. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="error-layout">
      <ErrorPage error={error} />
    </main>
  );
}
