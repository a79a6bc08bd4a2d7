import { Link, useLocation } from 'react-router';
import { contentPagePath, footerPages, pageLabelKey } from '#app/modules/content/information-pages.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { giftCardPagePath } from '#app/modules/gift-cards/gift-card-paths.ts';
import { type LocaleCode, storefrontByCode, storefronts } from '#app/modules/i18n/locales.ts';
import { usePriceDisplay, useVatLabel } from '#app/modules/pricing/price-context.tsx';
import type { Alternates } from '#app/components/page-head.tsx';
import { FooterNewsletter } from '#app/components/newsletter/footer-newsletter.tsx';
import { SupportContacts, type SupportContactDetails } from '#app/components/content/content-widgets.tsx';
import type { PaymentMethod } from '#app/modules/checkout/checkout-details.ts';
import { usePlainLinkClicks } from '#app/components/ui/plain-links.tsx';
import { siteFooterId } from './page-regions.ts';

interface SiteFooterProps {
  prefix: string;
  shopName: string;
  currencies: readonly string[];
  alternates: Alternates;
  /** what the checkout offers in this store's currency (offeredPaymentMethods) */
  paymentMethods: readonly PaymentMethod[];
  supportContacts: SupportContactDetails;
}

export function SiteFooter({ prefix, shopName, currencies, alternates, paymentMethods, supportContacts }: SiteFooterProps) {
  const { t, locale } = useI18n();
  const followLink = usePlainLinkClicks();
  return (
    <footer id={siteFooterId} className="site-footer">
      <div className="site-footer__grid container">
        {/* plain <a> elements followed by one handler (decision 0050) */}
        <nav aria-labelledby="footer-information" onClick={followLink}>
          <h2 id="footer-information">{t('footer.information')}</h2>
          <ul className="site-footer__links">
            {footerPages.map((code) => (
              <li key={code}>
                <a href={contentPagePath(prefix, code, locale)}>{t(pageLabelKey(code), { shopName })}</a>
              </li>
            ))}
            <li>
              <a href={`/${prefix}/stores`}>{t('content.pages.stores')}</a>
            </li>
            <li>
              <a href={`/${prefix}/${giftCardPagePath(locale)}`}>{t('giftCards.pageTitle')}</a>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-service">
          <h2 id="footer-service">{t('footer.customerService')}</h2>
          <SupportContacts contacts={supportContacts} />
          <h2 id="footer-payment">{t('footer.paymentMethods')}</h2>
          <ul className="payment-methods" aria-labelledby="footer-payment">
            {paymentMethods.map((method) => (
              <li key={method} className="payment-methods__item">
                {t(`payment.method.${method}`)}
              </li>
            ))}
          </ul>
        </section>
        <FooterNewsletter prefix={prefix} />
        <Preferences currencies={currencies} alternates={alternates} />
      </div>
      <div className="site-footer__legal container">
        <p>{t('footer.copyright', { year: new Date().getFullYear(), shopName })}</p>
        <Link to="?cookie-settings" preventScrollReset>
          {t('footer.cookieSettings')}
        </Link>
      </div>
    </footer>
  );
}

/** Store, currency and VAT display: plain links, so they work without JavaScript too. */
function Preferences({ currencies, alternates }: { currencies: readonly string[]; alternates: Alternates }) {
  const { t, locale } = useI18n();
  const display = usePriceDisplay();
  const vatLabel = useVatLabel();
  const { pathname, search } = useLocation();
  const withParam = (name: string, value: string) => {
    const params = new URLSearchParams(search);
    params.set(name, value);
    return `${pathname}?${params}`;
  };
  const current = storefrontByCode(locale);
  return (
    <section aria-labelledby="footer-preferences" className="preferences">
      <h2 id="footer-preferences">{t('footer.preferences')}</h2>
      <details className="preferences__stores">
        <summary>
          {t('locale.label')}: <strong>{current?.name}</strong>
        </summary>
        <ul>
          {storefronts.map((store) => (
            <li key={store.code}>
              <a
                href={`${alternates[store.code] ?? `/${store.prefix}`}?locale=${store.code}`}
                hrefLang={store.code}
                lang={store.code}
                aria-current={store.code === locale ? 'true' : undefined}
              >
                {store.name}
              </a>
            </li>
          ))}
        </ul>
      </details>
      {currencies.length > 1 && (
        <div className="preferences__currencies">
          <span id="currency-label">{t('currency.label')}:</span>
          <ul aria-labelledby="currency-label">
            {currencies.map((code) => (
              <li key={code}>
                <a href={withParam('currency', code)} aria-current={code === display.currency ? 'true' : undefined} rel="nofollow">
                  {code}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {display.vatRateBp > 0 && (
        <p className="preferences__vat">
          {t('vat.label')}: {vatLabel} ·{' '}
          <a href={withParam('vat', display.includeVat ? 'excl' : 'incl')} rel="nofollow">
            {display.includeVat ? t('vat.showExclVat') : t('vat.showInclVat')}
          </a>
        </p>
      )}
    </section>
  );
}

/** Invites visitors whose browser language points to another store to switch (spec §1). */
/** The prompt's words, in the language of the suggested store (the visitor's browser language). */
export interface RegionPromptTexts {
  locale: LocaleCode;
  label: string;
  /** why we ask (left out on phones, where the prompt must stay small) */
  reason: string;
  question: string;
  go: string;
  stay: string;
}

export function RegionPrompt({ prompt, alternates }: { prompt: RegionPromptTexts; alternates: Alternates }) {
  const { locale } = useI18n();
  const { pathname, search } = useLocation();
  const target = storefrontByCode(prompt.locale);
  const current = storefrontByCode(locale);
  if (!target || !current) return null;
  const stay = new URLSearchParams(search);
  stay.set('locale', current.code);
  return (
    <section className="region-prompt" aria-labelledby="region-prompt-heading" lang={target.code}>
      <div className="region-prompt__inner container">
        <h2 id="region-prompt-heading" className="visually-hidden">
          {prompt.label}
        </h2>
        <p>
          <span className="region-prompt__reason">{prompt.reason} </span>
          {prompt.question}
        </p>
        <p className="region-prompt__actions">
          <a className="button button--primary" href={`${alternates[target.code] ?? `/${target.prefix}`}?locale=${target.code}`} hrefLang={target.code}>
            {prompt.go}
          </a>
          <a className="button" href={`${pathname}?${stay}`}>
            {prompt.stay}
          </a>
        </p>
      </div>
    </section>
  );
}
