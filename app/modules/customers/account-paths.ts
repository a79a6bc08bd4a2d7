/** Paths of the account screens below a locale prefix, shared by routes, links and redirects. */
export const accountPaths = {
  login: 'customer/account/login',
  register: 'customer/account/create',
  forgotPassword: 'customer/account/forgotpassword',
  createPassword: 'customer/account/createPassword',
  logout: 'customer/account/logout',
  overview: 'customer',
  personalData: 'customer/account/edit',
  password: 'customer/account/password',
  privacy: 'customer/account/privacy',
  dataExport: 'customer/account/privacy/export',
  reviews: 'customer/account/reviews',
  addresses: 'customer/address',
  addressCreate: 'customer/address/create',
  orders: 'customer/orders',
  wishlists: 'customer/wishlists',
  stockAlerts: 'customer/account/stock-alerts',
  giftCards: 'customer/account/gift-cards',
  verifyEmail: 'customer/account/verify-email',
} as const;

export const accountPath = (prefix: string, screen: keyof typeof accountPaths) => `/${prefix}/${accountPaths[screen]}`;

/**
 * Where to go after logging in: only a path inside the same storefront, never another site
 * (an open redirect would let a phishing link borrow our login page).
 */
export function safeReturnTo(value: string | null | undefined, prefix: string): string {
  const home = `/${prefix}/customer`;
  const inStore = (path: string) => path.startsWith(`/${prefix}/`) && !path.startsWith('//') && !path.includes('\\');
  if (!value || !inStore(value)) return home;
  try {
    // Checked again once normalised: "/en/..//evil.com" resolves to "//evil.com", another site.
    const url = new URL(value, 'http://local');
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.host === 'local' && inStore(url.pathname) ? path : home;
  } catch {
    return home;
  }
}

export function loginPath(
  prefix: string,
  returnTo?: string,
  reason?: 'expired' | 'revoked' | 'wishlist' | 'password-reset' | 'account-deleted' | null,
): string {
  const params = new URLSearchParams();
  if (returnTo) params.set('returnTo', returnTo);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return `${accountPath(prefix, 'login')}${query ? `?${query}` : ''}`;
}
