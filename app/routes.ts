import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/detect-locale.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/sitemap-locale.ts'),
  route('api/messages', 'routes/api/messages.ts'),
  route('api/consent', 'routes/api/consent.ts'),
  route('api/route', 'routes/api/route.ts'),
  route('api/search/suggest', 'routes/api/search-suggest.ts'),
  route('api/product/:sku/urlPath', 'routes/api/product/url-path.ts'),
  route(':lang', 'routes/storefront-layout.tsx', [
    layout('routes/storefront-pages.tsx', [
      index('routes/home.tsx'),
      route('search', 'routes/search.tsx'),
      route('*', 'routes/catalogue-page.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
