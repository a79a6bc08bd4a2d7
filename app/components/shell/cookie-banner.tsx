import { useLocation, useRouteLoaderData } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { ConsentState } from '#app/modules/privacy/consent.ts';
import type { loader as rootLoader } from '#app/root.tsx';

/**
 * Asks for cookie consent before anything non-essential runs. A plain form posting to
 * /api/consent, so it works without JavaScript; "Choose cookies" opens the detailed settings.
 */
export function CookieBanner({ consent, expanded }: { consent: ConsentState | null; expanded: boolean }) {
  const { t } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { pathname, search } = useLocation();
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-heading">
      <form method="post" action="/api/consent" className="cookie-banner__form container">
        <input type="hidden" name="_csrf" value={root?.csrfToken ?? ''} />
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        <h2 id="cookie-banner-heading">{t('consent.title')}</h2>
        {/* The short text on phones keeps the banner small (issue 22); the settings explain each kind. */}
        <p className="cookie-banner__text">
          <span className="cookie-banner__long">{t('consent.text')}</span>
          <span className="cookie-banner__short">{t('consent.textShort')}</span>
        </p>
        <details className="cookie-banner__settings" open={expanded}>
          <summary>{t('consent.customize')}</summary>
          <fieldset>
            <legend className="visually-hidden">{t('consent.customize')}</legend>
            <label className="cookie-banner__option">
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t('consent.necessary')}</strong> {t('consent.necessaryText')}
              </span>
            </label>
            <label className="cookie-banner__option">
              <input type="checkbox" name="analytics" defaultChecked={consent?.analytics ?? false} />
              <span>
                <strong>{t('consent.analytics')}</strong> {t('consent.analyticsText')}
              </span>
            </label>
            <label className="cookie-banner__option">
              <input type="checkbox" name="marketing" defaultChecked={consent?.marketing ?? false} />
              <span>
                <strong>{t('consent.marketing')}</strong> {t('consent.marketingText')}
              </span>
            </label>
            <button type="submit" name="choice" value="custom" className="button">
              {t('consent.save')}
            </button>
          </fieldset>
        </details>
        <p className="cookie-banner__actions">
          <button type="submit" name="choice" value="necessary" className="button">
            {t('consent.necessaryOnly')}
          </button>
          <button type="submit" name="choice" value="all" className="button button--primary">
            {t('consent.acceptAll')}
          </button>
        </p>
      </form>
    </section>
  );
}
