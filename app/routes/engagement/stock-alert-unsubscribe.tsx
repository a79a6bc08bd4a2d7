import { data, Form, Link } from 'react-router';
import type { Route } from './+types/stock-alert-unsubscribe';
import { CsrfField, FormNotice } from '#app/components/forms/form-fields.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { isStockAlertUnsubscribeToken, unsubscribeStockAlerts } from '#app/modules/engagement/back-in-stock.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * The unsubscribe link of back-in-stock mails: /{prefix}/stock-alerts/unsubscribe?token=. Opening
 * it shows a button; pressing it (a POST) cancels every open alert of the token's address, so a
 * mail scanner that opens links changes nothing. A forged token shows what is wrong.
 */
const noStore = { 'Cache-Control': 'no-store' };
type Outcome = 'ready' | 'done' | 'invalid';

export function loader({ url, context }: Route.LoaderArgs) {
  const { sessionSecret } = context.get(servicesContext);
  const token = url.searchParams.get('token') ?? '';
  const outcome: Outcome = isStockAlertUnsubscribeToken(sessionSecret, token) ? 'ready' : 'invalid';
  return data({ prefix: context.get(storefrontContext).storefront.prefix, token, outcome }, { status: outcome === 'ready' ? 200 : 400, headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, sessionSecret } = context.get(servicesContext);
  const token = String((await request.formData()).get('token') ?? '');
  const removed = await orUnavailable(() => unsubscribeStockAlerts(db, sessionSecret, token));
  const outcome: Outcome = removed === null ? 'invalid' : 'done';
  return data({ prefix: context.get(storefrontContext).storefront.prefix, token, outcome }, { status: outcome === 'done' ? 200 : 400, headers: noStore });
}

export function headers() {
  return noStore;
}

export default function StockAlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, token, outcome } = actionData ?? loaderData;
  const title = t('stockAlerts.unsubscribe.title');
  return (
    <div className="container newsletter-page">
      <PageHead title={title} alternates={{}} noindex />
      <div className="auth-card newsletter-card">
        <h1>{title}</h1>
        {outcome === 'ready' && (
          <Form method="post" className="form-stack">
            <CsrfField />
            <input type="hidden" name="token" value={token} />
            <p>{t('stockAlerts.unsubscribe.text')}</p>
            <button type="submit" className="button button--primary">
              {t('stockAlerts.unsubscribe.button')}
            </button>
          </Form>
        )}
        {outcome === 'invalid' && (
          <p className="form-alert" role="alert">
            {t('stockAlerts.unsubscribe.invalid')}
          </p>
        )}
        {outcome === 'done' && <FormNotice message={t('stockAlerts.unsubscribe.done')} />}
        {outcome !== 'ready' && (
          <p>
            <Link to={`/${prefix}`}>{t('stockAlerts.unsubscribe.continue')}</Link>
          </p>
        )}
      </div>
    </div>
  );
}
