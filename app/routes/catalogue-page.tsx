import { use } from 'react';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/catalogue-page';
import { customerContext, requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { catalogueReads } from '#app/db/client.server.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { getCategoryPage } from '#app/modules/catalogue/category-page.server.ts';
import { getListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getProductPage } from '#app/modules/catalogue/product-page.server.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { contentPageView } from '#app/modules/content/content-page.server.ts';
import { submitContactForm } from '#app/modules/content/contact-messages.server.ts';
import { addProductToCart, cartSetCookie } from '#app/modules/cart/add-to-cart.server.ts';
import { addToCartIntents } from '#app/modules/cart/cart-forms.ts';
import { cartCookie, inCartInput } from '#app/modules/cart/cart-count.server.ts';
import { loginPath, safeReturnTo } from '#app/modules/customers/account-paths.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { stockAlertIntent, stockAlertRefusal, subscribeToStockAlert } from '#app/modules/engagement/stock-alerts.server.ts';
import { priceDisplayFor } from '#app/modules/pricing/price-display.server.ts';
import { saveToWishlist } from '#app/modules/wishlists/save-to-wishlist.server.ts';
import { wishlistChoiceInput } from '#app/modules/wishlists/wishlists.server.ts';
import { wishlistButtonIntent } from '#app/modules/wishlists/wishlist-forms.ts';
import { parseIntent } from '#app/lib/forms/field-errors.ts';
import { recordId } from '#app/lib/forms/record-id.ts';
import { isDocumentSubmission, outcomeLocation } from '#app/lib/http/form-submission.ts';
import { addedOutcome, stockAlertOutcome } from '#app/modules/cart/add-to-cart-outcome.ts';
import { readPersonal, shareWithShoppers } from '#app/modules/page-cache/shared-pages.server.ts';
import { moduleOnDemand } from '#app/lib/ui/module-on-demand.ts';

/**
 * Each kind of page in its own chunk (issue 14, decision 0030): a product page loads and preloads
 * the product page's code, not the listing's or the content widgets'. The first page of a kind
 * waits for its code: on the server the loader (so the render never suspends there), in the
 * browser the hydration (the server's HTML stays) or the navigation's transition (React Router
 * navigates in one, so the previous page stays until the code is there).
 */
const pageCode = {
  category: moduleOnDemand(() => import('#app/components/catalogue/listing-page.tsx')),
  product: moduleOnDemand(() => import('#app/components/catalogue/product-page.tsx')),
  content: moduleOnDemand(() => import('#app/components/content/content-page.tsx')),
};

/** The catch-all of spec §2: a category, a product, a content page, a stored redirect, or not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Reads the visitor only through personal inputs: served from the cache to shoppers too (decision 0020).
  shareWithShoppers(context);
  const { db, siteUrl, shopName, payments } = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const locale = selection.storefront.code;
  const url = new URL(request.url);
  // The catalogue from the read replica, if any (decision 0024); the personal parts from the primary.
  const reads = catalogueReads(db);
  return orUnavailable(async () => {
    const resolved = await resolveCataloguePath(reads, locale, params['*'] ?? '');
    if (!resolved) throw data(null, { status: 404 });
    if (resolved.type === 'REDIRECT') throw redirect(`${resolved.relativeUrl}${url.search}`, resolved.redirectCode);
    const [index, display] = await Promise.all([getListingIndex(db), priceDisplayFor(reads, selection)]);
    if (resolved.type === 'CATEGORY') {
      const [category] = await Promise.all([getCategoryPage(reads, index, resolved.id, url.searchParams, locale, display), pageCode.category()]);
      return { kind: 'category' as const, prefix: selection.storefront.prefix, alternates: category.alternates, category };
    }
    if (resolved.type === 'PRODUCT') {
      const [product, inCart, wishlists] = await Promise.all([
        getProductPage(reads, index, resolved.id, url.searchParams, locale, display, siteUrl),
        readPersonal(context, inCartInput(resolved.id)),
        // Only the product page offers a choice of list (the layout does not read them on every page).
        readPersonal(context, wishlistChoiceInput),
        pageCode.product(),
      ]);
      if (!product) throw data(null, { status: 404 });
      return { kind: 'product' as const, prefix: selection.storefront.prefix, alternates: product.alternates, product, inCart, wishlists };
    }
    const [page] = await Promise.all([
      contentPageView(reads, resolved.id, selection, { siteUrl, shopName, onlinePaymentsEnabled: payments !== null }),
      pageCode.content(),
    ]);
    if (!page) throw data(null, { status: 404 });
    return { kind: 'content' as const, prefix: selection.storefront.prefix, alternates: page.alternates, page };
  });
}

/** The forms of product pages and listings, one schema per intent (the contact forms of content pages have their own). */
const catalogueForms = z.discriminatedUnion('intent', [...addToCartIntents, wishlistButtonIntent, stockAlertIntent], { error: 'errors.general' });

/** Forms on catalogue pages: add to cart, back-in-stock alerts (products), the wishlist button (products, listings), contact forms (content pages). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const { storefront } = selection;
  const form = await request.formData();
  const resolved = await orUnavailable(() => resolveCataloguePath(services.db, storefront.code, params['*'] ?? ''));
  const intent = form.get('intent');
  if (resolved?.type === 'CMS_PAGE' && (intent === 'contact' || intent === 'quote')) {
    const { status, outcome } = await orUnavailable(() => submitContactForm(services, storefront, context.get(requestInfoContext).clientAddress, form));
    return data({ contact: outcome }, { status });
  }
  if (resolved?.type !== 'PRODUCT' && resolved?.type !== 'CATEGORY') throw data(null, { status: 400 });
  const parsed = parseIntent(catalogueForms, form);
  if (!parsed.ok) {
    // What the forms show for input they would never send themselves.
    if (parsed.intent === 'back-in-stock' && resolved.type === 'PRODUCT')
      return data(stockAlertRefusal(parsed.fieldErrors, String(form.get('email') ?? '')), { status: 400 });
    const formProductId = resolved.type === 'PRODUCT' ? resolved.id : recordId(form.get('productId'));
    if ((parsed.intent === 'add-to-cart' || parsed.intent === 'sample') && formProductId !== null) {
      return data(
        { cart: { ok: false as const, reason: 'quantity' as const }, productId: formProductId, quantity: String(form.get('quantity') ?? '') },
        { status: 400 },
      );
    }
    throw data(null, { status: 400 });
  }
  const input = parsed.data;
  // A product page acts on its own product; a listing says which of its products.
  const productId = resolved.type === 'PRODUCT' ? resolved.id : 'productId' in input ? input.productId : null;
  if (input.intent === 'wishlist') {
    const customer = context.get(customerContext);
    if (!customer) throw redirect(loginPath(storefront.prefix, safeReturnTo(input.returnTo, storefront.prefix), 'wishlist'));
    if (productId === null) throw data(null, { status: 400 });
    const saved = await orUnavailable(() =>
      saveToWishlist(services, customer, storefront.code, { productId, variantId: input.variantId, wishlistId: input.wishlistId }),
    );
    if (!saved) throw data(null, { status: 400 });
    return data({ wishlist: saved }, { status: saved.ok ? 200 : 400 });
  }
  if (input.intent === 'add-to-cart' || input.intent === 'sample') {
    if (productId === null) throw data(null, { status: 400 });
    const result = await orUnavailable(() =>
      addProductToCart(
        services.db,
        {
          cartId: readCookie(request, cartCookie),
          customerId: context.get(customerContext)?.id ?? null,
          locale: storefront.code,
          currency: selection.currency,
          businessRules: services.businessRules,
        },
        productId,
        input,
      ),
    );
    const headers = result.ok ? { 'Set-Cookie': cartSetCookie(result.cartId, services.secureCookies) } : undefined;
    // Without JavaScript: post/redirect/get to the page, which shows the message (the header count follows the cookie).
    if (result.ok && isDocumentSubmission(request))
      throw redirect(outcomeLocation(request, addedOutcome(productId, result.otherLinesOutOfStock)), { status: 303, headers });
    return data({ cart: result, productId, quantity: String(form.get('quantity') ?? '') }, { status: result.ok ? 200 : 400, headers });
  }
  if (resolved.type !== 'PRODUCT') throw data(null, { status: 400 });
  const subscribed = await orUnavailable(() =>
    subscribeToStockAlert(services.db, resolved.id, storefront.code, input, context.get(customerContext)?.id ?? null),
  );
  if (!subscribed.ok) return data(stockAlertRefusal({}, String(form.get('email') ?? '')), { status: 400 });
  if (isDocumentSubmission(request)) throw redirect(outcomeLocation(request, stockAlertOutcome), 303);
  return data({ ok: true as const }, { status: 200 });
}

export default function CataloguePage({ loaderData, actionData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'category': {
      const { ListingPage } = use(pageCode.category());
      return <ListingPage data={loaderData.category} prefix={loaderData.prefix} wishlist />;
    }
    case 'product': {
      const { ProductPage } = use(pageCode.product());
      return <ProductPage key={loaderData.product.detail.product.sku} data={loaderData.product} prefix={loaderData.prefix} inCart={loaderData.inCart} />;
    }
    case 'content': {
      const { ContentPage } = use(pageCode.content());
      return (
        <ContentPage page={loaderData.page} prefix={loaderData.prefix} actionData={actionData && 'contact' in actionData ? actionData.contact : undefined} />
      );
    }
  }
}
