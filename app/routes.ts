import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { adminSegment } from './modules/admin/admin-paths.ts';
import { blogSegments } from './modules/blog/blog-paths.ts';
import { giftCardRouteSegments } from './modules/gift-cards/gift-card-paths.ts';

export default [
  index('routes/detect-locale.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/sitemap-locale.ts'),
  route('api/messages', 'routes/api/messages.ts'),
  route('api/consent', 'routes/api/consent.ts'),
  route('api/route', 'routes/api/route.ts'),
  route('api/currency', 'routes/api/currency.ts'),
  route('api/search/suggest', 'routes/api/search-suggest.ts'),
  route('api/payments/stripe', 'routes/api/payment-webhook.ts'),
  route('api/product/:sku/urlPath', 'routes/api/product/url-path.ts'),
  // content-pages (issue 11): headless banners and messages
  route('queries/banners.groq', 'routes/content/banners-query.ts'),
  route('sanity', 'routes/content/sanity-messages.ts'),

  route('api/newsletter/unsubscribe', 'routes/api/newsletter-unsubscribe.ts'),
  route('it/faq/*', 'routes/faq/faq-alias-italian.ts'),

  // The back office (issue 12, docs/decisions/0010-back-office.md): login pages, then the shell.
  route(adminSegment, 'routes/admin/admin-layout.tsx', [
    route('login', 'routes/admin/login.tsx'),
    route('login/two-factor', 'routes/admin/two-factor.tsx'),
    route('two-factor/setup', 'routes/admin/two-factor-setup.tsx'),
    route('password/:token', 'routes/admin/set-password.tsx'),
    route('logout', 'routes/admin/logout.ts'),
    layout('routes/admin/admin-shell.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('profile', 'routes/admin/profile.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      // Orders (issue 12, docs/decisions/0011-order-operations.md)
      route('orders', 'routes/admin/orders/order-list.tsx'),
      route('orders.csv', 'routes/admin/orders/orders-csv.ts'),
      route('orders/:orderNumber', 'routes/admin/orders/order-detail.tsx'),
      route('orders/:orderNumber/documents/:documentNumber', 'routes/admin/orders/order-document.ts'),

      // Catalogue (issue 16): products list with bulk actions, product editor, category tree
      route('products', 'routes/admin/catalogue/product-list.tsx'),
      route('products/:productId', 'routes/admin/catalogue/product-editor.tsx'),
      route('categories', 'routes/admin/catalogue/category-tree.tsx'),
      route('categories/:categoryId', 'routes/admin/catalogue/category-editor.tsx'),
      route('attributes', 'routes/admin/catalogue/attribute-list.tsx'),
      route('attributes/:attributeId', 'routes/admin/catalogue/attribute-editor.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('customers/:customerId', 'routes/admin/customer.tsx'),
      route('customers/:customerId/export', 'routes/admin/customer-export.ts'),
      route('mail', 'routes/admin/mail-outbox.tsx'),
      route('coupons', 'routes/admin/coupons.tsx'),
      route('coupons/:couponId', 'routes/admin/coupon.tsx'),
      route('gift-cards', 'routes/admin/gift-cards.tsx'),
      route('gift-cards/:giftCardId', 'routes/admin/gift-card.tsx'),
      route('stock-alerts', 'routes/admin/stock-alerts.tsx'),
      route('imports', 'routes/admin/imports/imports.tsx'),
      route('imports/:jobId', 'routes/admin/imports/import-job.tsx'),
      route('catalogue-export.csv', 'routes/admin/imports/catalogue-export.ts'),
      route('redirects', 'routes/admin/content/redirects.tsx'),
      route('redirects/:redirectId', 'routes/admin/content/redirect.tsx'),
      route('translations', 'routes/admin/content/translations.tsx'),
      route('translations/:locale/:key', 'routes/admin/content/translation.tsx'),
      route('content-pages', 'routes/admin/content/content-pages.tsx'),
      route('content-pages/:pageId/:locale', 'routes/admin/content/content-page.tsx'),
      route('contact', 'routes/admin/contact/contact-inbox.tsx'),
      route('contact/:messageId', 'routes/admin/contact/contact-message.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
  route(':lang', 'routes/storefront-layout.tsx', [
    layout('routes/storefront-pages.tsx', [
      index('routes/home.tsx'),
      route('search', 'routes/search.tsx'),
      // content-pages (issue 11): generic page, store locator and store switch
      route('page', 'routes/content/generic-page.tsx'),
      route('stores', 'routes/content/stores.tsx'),
      route('stores/store/switch', 'routes/content/store-switch.tsx'),
      route('checkout', 'routes/checkout/cart.tsx', { id: 'checkout-cart' }),
      route('checkout/cart', 'routes/checkout/cart.tsx', { id: 'checkout-cart-alias' }),
      route('checkout/customer', 'routes/checkout/customer.tsx'),
      route('checkout/shipping', 'routes/checkout/shipping.tsx'),
      route('checkout/billing', 'routes/checkout/billing.tsx'),
      route('checkout/payment', 'routes/checkout/payment.tsx'),
      route('checkout/success', 'routes/checkout/success.tsx'),
      route('customer/account/login', 'routes/account/login.tsx'),
      route('customer/account/create', 'routes/account/register.tsx'),
      route('customer/account/forgotpassword', 'routes/account/forgot-password.tsx'),
      route('customer/account/createPassword', 'routes/account/create-password.tsx', { id: 'customer-create-password' }),
      route('createPassword', 'routes/account/create-password.tsx', { id: 'create-password' }),
      route('customer/account/logout', 'routes/account/logout.ts'),
      // Issue 15: the e-mail verification link and the unsubscribe link of back-in-stock mails
      route('customer/account/verify-email', 'routes/account/verify-email.tsx'),
      route('stock-alerts/unsubscribe', 'routes/engagement/stock-alert-unsubscribe.tsx'),
      // The customer area, behind the auth middleware of customer-layout.
      route('customer', 'routes/customer/customer-layout.tsx', [
        index('routes/customer/overview.tsx'),
        route('account/edit', 'routes/customer/personal-data.tsx'),
        route('account/password', 'routes/customer/password.tsx'),
        route('account/privacy', 'routes/customer/privacy.tsx'),
        route('account/privacy/export', 'routes/customer/data-export.ts'),
        route('account/reviews', 'routes/customer/reviews.tsx'),
        route('address', 'routes/customer/addresses.tsx'),
        route('address/create', 'routes/customer/address-form.tsx', { id: 'address-create' }),
        route('address/:addressId', 'routes/customer/address-form.tsx', { id: 'address-edit' }),
        route('orders', 'routes/customer/orders.tsx'),
        route('orders/invoices.zip', 'routes/customer/invoices-zip.ts'),
        route('orders/:orderNumber', 'routes/customer/order.tsx'),
        route('orders/:orderNumber/invoice/:invoiceNumber', 'routes/customer/invoice-pdf.ts'),
        route('wishlists', 'routes/customer/wishlists.tsx'),
        route('account/stock-alerts', 'routes/customer/stock-alerts.tsx'),
        route('account/gift-cards', 'routes/customer/gift-cards.tsx'),
      ]),
      // FAQ, blog and newsletter (spec §2, §4): the FAQ at any depth with its two aliases, the blog
      // under each store's own segment (blog-paths.ts), the newsletter's sign-up and mail links.
      route('faq', 'routes/faq/faq-page.tsx', { id: 'faq-index' }),
      route('faq/*', 'routes/faq/faq-page.tsx', { id: 'faq-category' }),
      route('frequently-asked-questions/*', 'routes/faq/faq-alias.ts', { id: 'faq-alias-english' }),
      route('it/faq/*', 'routes/faq/faq-alias.ts', { id: 'faq-alias-it' }),
      ...blogSegments.flatMap((segment) => [
        route(segment, 'routes/blog/blog-listing.tsx', { id: `blog-listing-${segment}` }),
        route(`${segment}/feed.xml`, 'routes/blog/blog-feed.ts', { id: `blog-feed-${segment}` }),
        route(`${segment}/:slug`, 'routes/blog/blog-post.tsx', { id: `blog-post-${segment}` }),
      ]),
      // Gift cards (issue 15): the page and its balance page under each store's own words (gift-card-paths.ts).
      ...giftCardRouteSegments.flatMap(({ page, balance }) => [
        route(page, 'routes/gift-cards/gift-card-page.tsx', { id: `gift-card-${page}` }),
        route(`${page}/${balance}`, 'routes/gift-cards/gift-card-balance.tsx', { id: `gift-card-balance-${page}-${balance}` }),
      ]),
      route('newsletter', 'routes/newsletter/newsletter-page.tsx'),
      route('newsletter/confirm', 'routes/newsletter/newsletter-link.tsx', { id: 'newsletter-confirm' }),
      route('newsletter/unsubscribe', 'routes/newsletter/newsletter-link.tsx', { id: 'newsletter-unsubscribe' }),
      route('*', 'routes/catalogue-page.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
