/** The kind of page a route shows, for analytics and web vitals (issue 17). */
export function pageTypeOf(routeId: string | undefined, loaderData: unknown): string {
  switch (routeId) {
    case 'routes/home':
      return 'home';
    case 'routes/search':
      return 'search';
    case 'routes/catalogue-page': {
      const kind = (loaderData as { kind?: string } | undefined)?.kind;
      return kind === 'product' ? 'product' : kind === 'category' ? 'category' : 'content';
    }
    case 'checkout-cart':
    case 'checkout-cart-alias':
      return 'cart';
    default:
      return routeId?.startsWith('routes/checkout/')
        ? 'checkout'
        : routeId?.startsWith('routes/customer/') || routeId?.startsWith('routes/account/')
          ? 'account'
          : 'other';
  }
}
