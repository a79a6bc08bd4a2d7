import { data, type MiddlewareFunction, Outlet, redirect, useMatches } from 'react-router';
import type { Route } from './+types/storefront-layout';
import { type Alternates, samePathAlternates } from '#app/components/page-head.tsx';
import { SiteShell } from '#app/components/shell/site-shell.tsx';
import { customerContext, servicesContext, sessionProblemContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { cartCookie, cartItemCountInput } from '#app/modules/cart/cart-count.server.ts';
import { customerFirstNameInput, readSession, sessionClearCookie, sessionCookie } from '#app/modules/customers/session.server.ts';
import { readPersonal, shopperContext } from '#app/modules/page-cache/shared-pages.server.ts';
import { getCategoryTree } from '#app/modules/catalogue/category-tree.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { parseAcceptLanguage, storefrontForLanguages } from '#app/modules/i18n/locale-detection.ts';
import { resolveStorefrontRequest } from '#app/modules/i18n/storefront-request.server.ts';
import { offeredPaymentMethods } from '#app/modules/content/content-widgets.server.ts';
import { supportContacts } from '#app/modules/content/stores.server.ts';
import { catalogueReads, type Database } from '#app/db/client.server.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';
import type { StorefrontLocale } from '#app/modules/i18n/locales.ts';
import { serverTranslator } from '#app/modules/i18n/translator.server.ts';
import type { RegionPromptTexts } from '#app/components/shell/site-footer.tsx';
import { priceDisplayFor } from '#app/modules/pricing/price-display.server.ts';
import { consentCookie, parseConsent } from '#app/modules/privacy/consent.ts';

/** Spec §4 route middleware: validate the locale prefix, apply preference parameters, then serve. */
const storefrontMiddleware: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const resolution = resolveStorefrontRequest(request, params.lang ?? '', context.get(servicesContext).secureCookies);
  if (resolution.kind === 'not-found') throw data(null, { status: 404 });
  if (resolution.kind === 'redirect') {
    const headers = new Headers({ 'Cache-Control': 'private, no-cache' });
    for (const cookie of resolution.setCookies) headers.append('Set-Cookie', cookie);
    throw redirect(resolution.location, { headers });
  }
  context.set(storefrontContext, resolution.selection);
  return next();
};

/** Who is this: a customer with a working session, or a guest (whose dead session cookie is cleared). */
const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, secureCookies } = context.get(servicesContext);
  const session = await orUnavailable(() => readSession(db, readCookie(request, sessionCookie)));
  const customer = session.kind === 'customer' ? session.customer : null;
  context.set(customerContext, customer);
  context.set(shopperContext, { cartId: readCookie(request, cartCookie), customer });
  if (session.kind === 'guest' || session.kind === 'customer') return next();
  if (session.kind !== 'unknown') context.set(sessionProblemContext, session.kind);
  const response = await next();
  response.headers.append('Set-Cookie', sessionClearCookie(secureCookies));
  return response;
};

export const middleware = [storefrontMiddleware, sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, payments, logger } = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const { storefront, hasChosenLocale } = selection;
  // What the header shows of the visitor: pages are shared per these values (decision 0020).
  const [categoryTree, priceDisplay, cartItemCount, customerFirstName] = await orUnavailable(() =>
    Promise.all([
      getCategoryTree(catalogueReads(db), storefront.code),
      priceDisplayFor(db, selection),
      readPersonal(context, cartItemCountInput),
      readPersonal(context, customerFirstNameInput),
    ]),
  );
  const suggested = storefrontForLanguages(parseAcceptLanguage(request.headers.get('accept-language')));
  // Invite visitors whose browser points to another store, until they choose one.
  const suggestedStorefront = !hasChosenLocale && suggested && suggested.code !== storefront.code ? suggested : null;
  return {
    storefront: storefront.code,
    categoryTree,
    currencies: storefront.currencies,
    priceDisplay,
    paymentMethods: offeredPaymentMethods(priceDisplay.currency, payments !== null),
    supportContacts,
    consent: parseConsent(readCookie(request, consentCookie)),
    showCookieSettings: new URL(request.url).searchParams.has('cookie-settings'),
    regionPrompt: suggestedStorefront ? await regionPromptTexts(db, logger, suggestedStorefront, storefront) : null,
    cartItemCount,
    customerFirstName,
    /** The visitor's session ran out or was ended elsewhere: the page says so (never a shared page: its answer clears the cookie). */
    sessionEnded: context.get(sessionProblemContext),
  };
}

/**
 * The region prompt speaks the language the visitor's browser asks for (that of the suggested
 * store), not the language of the page they landed on.
 */
async function regionPromptTexts(db: Database, logger: Logger, suggested: StorefrontLocale, current: StorefrontLocale): Promise<RegionPromptTexts> {
  const t = await serverTranslator(db, suggested.code, logger);
  return {
    locale: suggested.code,
    label: t('locale.promptLabel'),
    reason: t('locale.promptReason'),
    question: t('locale.promptQuestion', { store: suggested.name }),
    go: t('locale.promptGo', { store: suggested.name }),
    stay: t('locale.promptStay', { store: current.name }),
  };
}

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  // Pages publish the paths of the same page in every store; the home page of each is the fallback.
  const alternates =
    [...matches]
      .reverse()
      .map((match) => (match.loaderData as { alternates?: Alternates } | undefined)?.alternates)
      .find(Boolean) ?? samePathAlternates('');
  return (
    <SiteShell layout={loaderData} alternates={alternates}>
      <Outlet />
    </SiteShell>
  );
}
