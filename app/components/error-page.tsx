import { isRouteErrorResponse, Link, useLocation, useRouteLoaderData } from 'react-router';
import { useI18n } from '../modules/i18n/i18n.tsx';
import { storefrontByCode } from '../modules/i18n/locales.ts';
import type { loader as rootLoader } from '../root.tsx';

/** The not-found page and the generic error page of spec §2 and §8. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t, locale } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const home = `/${storefrontByCode(locale)?.prefix ?? 'en-us'}`;

  if (status === 404) {
    return (
      <section className="error-page" aria-labelledby="error-heading">
        <title>{t('errors.notFoundTitle')}</title>
        <meta name="description" content={t('errors.notFoundDescription')} />
        <meta name="robots" content="noindex" />
        <h1 id="error-heading">{t('errors.notFound')}</h1>
        <p className="error-page__actions">
          <Link to={home} className="button button--primary">
            {t('errors.backHome')}
          </Link>
          <a href={`${pathname}${search}`} className="button">
            {t('errors.reload')}
          </a>
        </p>
      </section>
    );
  }

  const message =
    status === 503 ? t('errors.unavailable') : status === 403 ? t('errors.forbidden') : status === 400 ? t('errors.badRequest') : t('errors.somethingBroke');
  const showRawError = !(root?.isProduction ?? true) && error instanceof Error;
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <title>{t('errors.errorTitle', { status })}</title>
      <meta name="description" content={t('errors.generalMessage')} />
      <meta name="robots" content="noindex" />
      <h1 id="error-heading">{t('errors.oops')}</h1>
      <p className="error-page__status">{t('errors.statusCode', { status })}</p>
      <p>{message}</p>
      <p className="error-page__general">{t('errors.generalMessage')}</p>
      {showRawError && <pre className="error-page__raw">{error.stack ?? error.message}</pre>}
      <p className="error-page__actions">
        <Link to={home} className="button button--primary">
          {t('errors.backHome')}
        </Link>
        <a href={`${pathname}${search}`} className="button">
          {t('errors.reload')}
        </a>
      </p>
    </section>
  );
}
