import type { ReactNode } from 'react';
import { useMatches, useRouteLoaderData } from 'react-router';
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
