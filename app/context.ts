import { createContext } from 'react-router';
import type { Database } from './db/client.server.ts';
import type { StaffSessionState } from './modules/admin/staff-session.server.ts';
import type { SessionCustomer } from './modules/customers/session.server.ts';
import type { Mailer } from './lib/mail/mailer.server.ts';
import type { BusinessRules } from './modules/config/business-rules.ts';
import type { BankAccount } from './modules/payments/bank-account.ts';
import type { ShippingRules } from './modules/pricing/shipping.ts';
import type { PaymentGateway } from './modules/payments/stripe-gateway.server.ts';
import type { PageCache } from './modules/page-cache/page-cache.server.ts';
import type { StorefrontSelection } from './modules/i18n/storefront-request.server.ts';
import type { Logger } from './lib/observability/logger.server.ts';
import type { MessageTree } from './modules/i18n/messages.ts';

/** Long-lived services, created once at start by server/shop-process.ts. */
export interface AppServices {
  db: Database;
  logger: Logger;
  siteUrl: string;
  shopName: string;
  isProduction: boolean;
  dataDir: string;
  sessionSecret: string;
  /** Cookies get the Secure flag when the shop is served over https. */
  secureCookies: boolean;
  pageCache: PageCache;
  mailer: Mailer;
  /** Card, iDEAL and Bancontact through Stripe; null when STRIPE_SECRET_KEY is not set. */
  payments: PaymentGateway | null;
  /** Unpaid-order expiry, stock share per order, invoice credit limit; defaultBusinessRules when not given. */
  businessRules?: BusinessRules;
  /** Where bank transfers go (BANK_*); demoBankAccount when not given. */
  bankAccount?: BankAccount;
  /** Where pickup at the warehouse is offered (WAREHOUSE_PICKUP_COUNTRIES); defaultShippingRules when not given. */
  shippingRules?: ShippingRules;
}

/** Per-request values set by the Express layer. */
export interface RequestInfo {
  requestId: string;
  cspNonce: string;
  /** The client's IP address (behind a local proxy: the forwarded one), for rate limits. */
  clientAddress: string;
  /** The path came with a broken percent-encoding (server/app.ts escaped it): answer 400. */
  malformedTarget: boolean;
}

export const servicesContext = createContext<AppServices>();
export const requestInfoContext = createContext<RequestInfo>();
/** The CSRF token of this visitor, for forms and the csrf-token meta tag. */
export const csrfTokenContext = createContext<string>();
/** Storefront, currency and VAT display of a request below a locale prefix. */
export const storefrontContext = createContext<StorefrontSelection>();
/** The logged-in customer of this request, or null for a guest (set by the session middleware). */
export const customerContext = createContext<SessionCustomer | null>(null);
/** Set when the visitor's session cookie no longer works: why, for the login page's message. */
export const sessionProblemContext = createContext<'expired' | 'revoked' | null>(null);
/** The staff member of an admin request (set by the admin layout's middleware), or null. */
export const staffContext = createContext<StaffSessionState>({ kind: 'none' });
/** The UI messages a storefront page renders with on the server (its browser reads them from their file, decision 0032). */
export const pageMessagesContext = createContext<MessageTree | null>(null);
