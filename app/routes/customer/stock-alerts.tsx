import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/stock-alerts';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { useFormatDate } from '#app/components/account/account-display.tsx';
import { CsrfField, FormNotice } from '#app/components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath, accountPaths } from '#app/modules/customers/account-paths.ts';
import { accountEmailState } from '#app/modules/customers/email-verification.server.ts';
import { listAccountStockAlerts, removeAccountStockAlert } from '#app/modules/engagement/back-in-stock.server.ts';
import { recordId } from '#app/lib/forms/record-id.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { TableScroll } from '#app/components/ui/table-scroll.tsx';

/** The account's back-in-stock alerts (issue 15): those made while logged in, and by its address once verified. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const alerts = await orUnavailable(async () => listAccountStockAlerts(db, await accountEmailState(db, context.get(customerContext)!.id), storefront.code));
  return { alerts, prefix: storefront.prefix, removed: new URL(request.url).searchParams.has('removed') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const id = recordId((await request.formData()).get('alertId'));
  const removed =
    id !== null && (await orUnavailable(async () => removeAccountStockAlert(db, await accountEmailState(db, context.get(customerContext)!.id), id)));
  if (!removed) return data({ notFound: true }, { status: 404 });
  throw redirect(`${accountPath(storefront.prefix, 'stockAlerts')}?removed`);
}

export default function StockAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const formatDate = useFormatDate();
  const { alerts, prefix, removed } = loaderData;
  return (
    <AccountPage title={t('stockAlerts.account.title')} path={accountPaths.stockAlerts} inArea>
      <FormNotice message={removed && !actionData ? t('stockAlerts.account.removed') : null} />
      {actionData?.notFound && (
        <p className="form-alert" role="alert">
          {t('stockAlerts.account.notFound')}
        </p>
      )}
      {alerts.length === 0 ? (
        <p>{t('stockAlerts.account.none')}</p>
      ) : (
        <>
          <p>{t('stockAlerts.account.intro')}</p>
          <TableScroll label={t('stockAlerts.account.title')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('stockAlerts.account.product')}</th>
                  <th scope="col">{t('stockAlerts.account.sku')}</th>
                  <th scope="col">{t('stockAlerts.account.since')}</th>
                  <td />
                </tr>
              </thead>
              <tbody>
                {alerts.map((alert) => (
                  <tr key={alert.id}>
                    <td>
                      <Link to={`/${prefix}/${alert.urlKey}`}>{alert.name}</Link>
                    </td>
                    <td>{alert.sku}</td>
                    <td>{formatDate(alert.createdAt)}</td>
                    <td>
                      <Form method="post">
                        <CsrfField />
                        <input type="hidden" name="alertId" value={alert.id} />
                        <button type="submit" className="button" aria-label={t('stockAlerts.account.removeLabel', { product: alert.name })}>
                          {t('stockAlerts.account.remove')}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </AccountPage>
  );
}
