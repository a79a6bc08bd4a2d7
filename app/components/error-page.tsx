import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import type { loader as rootLoader } from '#app/root.tsx';

/** The not-found page and the generic error page of spec §2 and §8. */
export function ErrorPage({ error }: { error: unknown }) {
  const { locale } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const home = `/${storefrontByCode(locale)?.prefix ?? 'en-us'}`;

  if (status === 404) return <NotFound home={home} />;
  return <GeneralError status={status} error={error} home={home} showRawError={!(root?.isProduction ?? true) && error instanceof Error} />;
}

/**
 * Spec §8: a page whose script failed to load once too often (no more reloads): the advice to
 * clear the browser cache or contact support, a way home and a reload.
 */
export function ScriptsFailedPage() {
  const { t, locale } = useI18n();
  return (
    <main id="main" className="error-layout">
      <section className="error-page" aria-labelledby="error-heading">
        <h1 id="error-heading">{t('errors.oops')}</h1>
        <p>{t('app.chunkAdvice')}</p>
        <ErrorActions home={`/${storefrontByCode(locale)?.prefix ?? 'en-us'}`} />
      </section>
    </main>
  );
}

/** Set once the app has hydrated: later 404s come from client-side navigation. */
let hydrated = false;
export function markHydrated() {
  hydrated = true;
}

/**
 * Spec §2: after a client-side navigation that ends in 404, ask the server whether the path is
 * known after all (a new product, a redirect); go there if so, else show the not-found page.
 * A server-rendered 404 is already the server's answer and shows at once.
 */
function NotFound({ home }: { home: string }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [searching, setSearching] = useState(() => hydrated);
  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    fetch(`/api/route?url=${encodeURIComponent(pathname)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((route: { type: string | null; relative_url?: string } | null) => {
        if (route?.relative_url && route.relative_url !== pathname) navigate(`${route.relative_url}${search}`, { replace: true });
        else setSearching(false);
      })
      .catch(() => setSearching(false));
    return () => controller.abort();
  }, [searching, pathname, search, navigate]);

  if (searching) {
    return (
      <section className="error-page" aria-busy="true">
        <p role="status" className="spinner">
          {t('errors.stillSearching')}
        </p>
      </section>
    );
  }
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <title>{t('errors.notFoundTitle')}</title>
      <meta name="description" content={t('errors.notFoundDescription')} />
      <meta name="robots" content="noindex" />
      <h1 id="error-heading">{t('errors.notFound')}</h1>
      <ErrorActions home={home} />
    </section>
  );
}

function GeneralError({ status, error, home, showRawError }: { status: number; error: unknown; home: string; showRawError: boolean }) {
  const { t } = useI18n();
  const message =
    status === 503 ? t('errors.unavailable') : status === 403 ? t('errors.forbidden') : status === 400 ? t('errors.badRequest') : t('errors.somethingBroke');
  return (
    <section className="error-page" aria-labelledby="error-heading">
      <title>{t('errors.errorTitle', { status })}</title>
      <meta name="description" content={t('errors.generalMessage')} />
      <meta name="robots" content="noindex" />
      <h1 id="error-heading">{t('errors.oops')}</h1>
      <p className="error-page__status">{t('errors.statusCode', { status })}</p>
      <p>{message}</p>
      <p className="error-page__general">{t('errors.generalMessage')}</p>
      {showRawError && error instanceof Error && <pre className="error-page__raw">{error.stack ?? error.message}</pre>}
      <ErrorActions home={home} />
    </section>
  );
}

/** A way home and a reload of the same address. */
function ErrorActions({ home }: { home: string }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <p className="error-page__actions">
      <Link to={home} className="button button--primary">
        {t('errors.backHome')}
      </Link>
      <a href={`${pathname}${search}`} className="button">
        {t('errors.reload')}
      </a>
    </p>
  );
}
