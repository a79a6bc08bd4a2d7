import { data, redirect } from 'react-router';
import type { Route } from './+types/catalogue-page';
import { ListingPage } from '../components/catalogue/listing-page.tsx';
import { ProductPage } from '../components/catalogue/product-page.tsx';
import { ContentPage } from '../components/content/content-page.tsx';
import { customerContext, requestInfoContext, servicesContext, storefrontContext } from '../context.ts';
import { orUnavailable } from '../db/with-database.server.ts';
import { getCategoryPage } from '../modules/catalogue/category-page.server.ts';
import { getListingIndex } from '../modules/catalogue/listing-index.server.ts';
import { getProductPage } from '../modules/catalogue/product-page.server.ts';
import { resolveCataloguePath } from '../modules/catalogue/resolve-path.server.ts';
import { contentPageView } from '../modules/content/content-page.server.ts';
import { submitContactForm } from '../modules/content/contact-messages.server.ts';
import { addToCartFromForm, cartSetCookie } from '../modules/cart/add-to-cart.server.ts';
import { cartCookie, inCartInput } from '../modules/cart/cart-count.server.ts';
import { loginPath, safeReturnTo } from '../modules/customers/account-paths.ts';
import { readCookie } from '../modules/http/cookies.server.ts';
import { subscribeToStockAlert } from '../modules/engagement/stock-alerts.server.ts';
import { priceDisplayFor } from '../modules/pricing/price-display.server.ts';
import { saveToWishlist } from '../modules/wishlists/save-to-wishlist.server.ts';
import { wishlistChoiceInput } from '../modules/wishlists/wishlists.server.ts';
import { recordId } from '../modules/forms/record-id.ts';
import { isDocumentSubmission, outcomeLocation } from '../modules/http/form-submission.ts';
import { addedOutcome, stockAlertOutcome } from '../modules/cart/add-to-cart-outcome.ts';
import { readPersonal, shareWithShoppers } from '../modules/http/shared-pages.server.ts';

/** The catch-all of spec §2: a category, a product, a content page, a stored redirect, or not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db, siteUrl, shopName, payments } = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const locale = selection.storefront.code;
  const url = new URL(request.url);
  return orUnavailable(async () => {
    const resolved = await resolveCataloguePath(db, locale, params['*'] ?? '');
    if (!resolved) throw data(null, { status: 404 });
    if (resolved.type === 'REDIRECT') throw redirect(`${resolved.relativeUrl}${url.search}`, resolved.redirectCode);
    const [index, display] = await Promise.all([getListingIndex(db), priceDisplayFor(db, selection)]);
    if (resolved.type === 'CATEGORY') {
      const category = await getCategoryPage(db, index, resolved.id, url.searchParams, locale, display);
      return { kind: 'category' as const, prefix: selection.storefront.prefix, alternates: category.alternates, category };
    }
    if (resolved.type === 'PRODUCT') {
      const [product, inCart, wishlists] = await Promise.all([
        getProductPage(db, index, resolved.id, url.searchParams, locale, display, siteUrl),
        readPersonal(context, inCartInput(resolved.id)),
        // Only the product page offers a choice of list (the layout does not read them on every page).
        readPersonal(context, wishlistChoiceInput),
      ]);
      if (!product) throw data(null, { status: 404 });
      return { kind: 'product' as const, prefix: selection.storefront.prefix, alternates: product.alternates, product, inCart, wishlists };
    }
    const page = await contentPageView(db, resolved.id, selection, { siteUrl, shopName, onlinePaymentsEnabled: payments !== null });
    if (!page) throw data(null, { status: 404 });
    return { kind: 'content' as const, prefix: selection.storefront.prefix, alternates: page.alternates, page };
  });
}

/** Forms on catalogue pages: back-in-stock alerts (products) and the wishlist button (products, listings). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const resolved = await orUnavailable(() => resolveCataloguePath(services.db, storefront.code, params['*'] ?? ''));
  const intent = form.get('intent');
  if (resolved?.type === 'CMS_PAGE' && (intent === 'contact' || intent === 'quote')) {
    const { status, outcome } = await orUnavailable(() => submitContactForm(services, storefront, context.get(requestInfoContext).clientAddress, form));
    return data({ contact: outcome }, { status });
  }
  if (intent === 'wishlist' && (resolved?.type === 'PRODUCT' || resolved?.type === 'CATEGORY')) {
    const customer = context.get(customerContext);
    if (!customer) throw redirect(loginPath(storefront.prefix, safeReturnTo(String(form.get('returnTo') ?? ''), storefront.prefix), 'wishlist'));
    if (resolved.type === 'PRODUCT') form.set('productId', String(resolved.id));
    const saved = await orUnavailable(() => saveToWishlist(services, customer, storefront.code, form));
    if (!saved) throw data(null, { status: 400 });
    return data({ wishlist: saved }, { status: saved.ok ? 200 : 400 });
  }
  if ((resolved?.type === 'PRODUCT' || resolved?.type === 'CATEGORY') && (intent === 'add-to-cart' || intent === 'sample')) {
    const selection = context.get(storefrontContext);
    // A product page adds its own product; a listing says which of its products.
    const productId = resolved.type === 'PRODUCT' ? resolved.id : recordId(form.get('productId'));
    if (productId === null) throw data(null, { status: 400 });
    const result = await orUnavailable(() =>
      addToCartFromForm(services.db, { cartId: readCookie(request, cartCookie), customerId: context.get(customerContext)?.id ?? null, locale: storefront.code, currency: selection.currency, businessRules: services.businessRules }, productId, form),
    );
    const headers = result.ok ? { 'Set-Cookie': cartSetCookie(result.cartId, services.secureCookies) } : undefined;
    // Without JavaScript: post/redirect/get to the page, which shows the message (the header count follows the cookie).
    if (result.ok && isDocumentSubmission(request)) throw redirect(outcomeLocation(request, addedOutcome(productId, result.otherLinesOutOfStock)), { status: 303, headers });
    return data({ cart: result, productId, quantity: String(form.get('quantity') ?? '') }, { status: result.ok ? 200 : 400, headers });
  }
  if (resolved?.type !== 'PRODUCT' || intent !== 'back-in-stock') throw data(null, { status: 400 });
  const result = await orUnavailable(() => subscribeToStockAlert(services.db, resolved.id, storefront.code, form, context.get(customerContext)?.id ?? null));
  if (result.ok && isDocumentSubmission(request)) throw redirect(outcomeLocation(request, stockAlertOutcome), 303);
  return data(result, { status: result.ok ? 200 : 400 });
}

export default function CataloguePage({ loaderData, actionData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'category':
      return <ListingPage data={loaderData.category} prefix={loaderData.prefix} wishlist />;
    case 'product':
      return <ProductPage key={loaderData.product.detail.product.sku} data={loaderData.product} prefix={loaderData.prefix} inCart={loaderData.inCart} />;
    case 'content':
      return <ContentPage page={loaderData.page} prefix={loaderData.prefix} actionData={actionData && 'contact' in actionData ? actionData.contact : undefined} />;
  }
}
