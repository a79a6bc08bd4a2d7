import type { ReactNode } from 'react';
import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { loginPath } from '#app/modules/customers/account-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { PriceDisplayProvider } from '#app/modules/pricing/price-context.tsx';
import type { loader as rootLoader } from '#app/root.tsx';
import type { loader as layoutLoader } from '#app/routes/storefront-layout.tsx';
import type { Alternates } from '#app/components/page-head.tsx';
import { AnalyticsConsent } from './analytics-consent.tsx';
import { AppNotices } from './app-notices.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { RegionPrompt, SiteFooter } from './site-footer.tsx';
import { CheckoutHeader, SiteHeader, UspBar } from './site-header.tsx';

type LayoutData = Awaited<ReturnType<typeof layoutLoader>>;

/** The visitor's session ended (ran out, or logged out elsewhere): said once, with a way back in to this page. */
function SessionEndedNotice({ prefix, reason }: { prefix: string; reason: 'expired' | 'revoked' }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <div className="container">
      <p className="notice session-ended" role="status">
        {t(reason === 'expired' ? 'errors.sessionExpired' : 'errors.loggedOut')} <a href={loginPath(prefix, pathname + search, reason)}>{t('header.logIn')}</a>
      </p>
    </div>
  );
}

/** Header, selling points, footer, cookie banner and region prompt around every storefront page. */
export function SiteShell({ layout, alternates, children }: { layout: LayoutData; alternates: Alternates; children: ReactNode }) {
  const { t } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const shopName = root?.shopName ?? 'Cordial';
  const prefix = storefrontByCode(layout.storefront)?.prefix ?? 'en-us';
  // The checkout steps mark themselves (handle.checkoutStep): a reduced header and no footer there.
  const inCheckout = useMatches().some((match) => (match.handle as { checkoutStep?: boolean } | undefined)?.checkoutStep);
  return (
    <PriceDisplayProvider display={layout.priceDisplay}>
      <a href="#main" className="skip-link">
        {t('header.skipToContent')}
      </a>
      {layout.regionPrompt && <RegionPrompt prompt={layout.regionPrompt} alternates={alternates} />}
      {inCheckout ? (
        <CheckoutHeader prefix={prefix} shopName={shopName} />
      ) : (
        <>
          <SiteHeader
            prefix={prefix}
            shopName={shopName}
            categoryTree={layout.categoryTree}
            cartItemCount={layout.cartItemCount}
            customerFirstName={layout.customerFirstName}
          />
          <UspBar />
        </>
      )}
      <AppNotices />
      <main id="main" className="site-main" tabIndex={-1}>
        {layout.sessionEnded && <SessionEndedNotice prefix={prefix} reason={layout.sessionEnded} />}
        {children}
      </main>
      {!inCheckout && (
        <SiteFooter
          prefix={prefix}
          shopName={shopName}
          currencies={layout.currencies}
          alternates={alternates}
          paymentMethods={layout.paymentMethods}
          supportContacts={layout.supportContacts}
        />
      )}
      <AnalyticsConsent consent={layout.consent} prefix={prefix} />
      {(layout.consent === null || layout.showCookieSettings) && <CookieBanner consent={layout.consent} expanded={layout.showCookieSettings} />}
    </PriceDisplayProvider>
  );
}
