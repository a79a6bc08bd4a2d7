import { Link } from 'react-router';
import type { Route } from './+types/dashboard';
import { AnalyticsPanels } from '#app/components/admin/analytics-panels.tsx';
import { DailyChart } from '#app/components/admin/daily-chart.tsx';
import { funnelByStoreAndDay, webVitalsP75 } from '#app/modules/analytics/analytics-store.server.ts';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { lowStockThreshold, lowStockVariants, recentFailedMails, salesByStore, salesPerDay, waitingWork } from '#app/modules/admin/dashboard.server.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formatCurrencyAmount, formatMoney } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';

/** Each block shows to the roles that may open what it summarises. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'dashboard.read');
  const { db } = context.get(servicesContext);
  const seesOrders = can(me.role, 'orders.read');
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const [sales, days, waiting, lowStock, failedMails, funnel, vitals] = await orUnavailable(() =>
    Promise.all([
      seesOrders ? salesByStore(db) : null,
      seesOrders ? salesPerDay(db) : null,
      seesOrders || can(me.role, 'mail.outbox') ? waitingWork(db) : null,
      can(me.role, 'catalogue.read') ? lowStockVariants(db, adminLocaleOf(me.locale)) : null,
      can(me.role, 'mail.outbox') ? recentFailedMails(db) : null,
      // First-party analytics (issue 17): the funnel of the last two weeks, web vitals of four.
      seesOrders ? funnelByStoreAndDay(db, daysAgo(14)) : null,
      seesOrders ? webVitalsP75(db, daysAgo(28)) : null,
    ]),
  );
  return { name: me.name, seesOrders, sales, days, waiting, lowStock, lowStockThreshold, failedMails, funnel, vitals };
}

const periods = ['today', 'week', 'month'] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { sales, days, waiting, lowStock, failedMails } = loaderData;
  const eur = (cents: number) => formatMoney(cents, 'EUR', locale);
  const totals = periods.map((period) => ({
    orders: (sales ?? []).reduce((sum, row) => sum + row.periods[period].orders, 0),
    eur: (sales ?? []).reduce((sum, row) => sum + row.periods[period].revenueEurCents, 0),
  }));
  return (
    <>
      <AdminPageHeader title={t('admin.dashboard.title')} />
      <p className="admin-muted">{t('admin.dashboard.welcome', { name: loaderData.name })}</p>
      {waiting && (
        <ul className="admin-stats" aria-label={t('admin.dashboard.waiting')}>
          {loaderData.seesOrders && (
            <>
              <li>
                <Link to={`${adminPath('orders')}?status=pending_payment`}>
                  <strong>{waiting.awaitingPayment}</strong> {t('admin.dashboard.awaitingPayment')}
                </Link>
              </li>
              {/* Pay-on-invoice orders held for review (decision 0018) */}
              <li className={waiting.awaitingReview > 0 ? 'admin-stats__alert' : undefined}>
                <Link to={`${adminPath('orders')}?status=on_hold`}>
                  <strong>{waiting.awaitingReview}</strong> {t('businessRisks.admin.awaitingReview')}
                </Link>
              </li>
              <li>
                <Link to={`${adminPath('orders')}?status=paid`}>
                  <strong>{waiting.toShip}</strong> {t('admin.dashboard.toShip')}
                </Link>
              </li>
            </>
          )}
          {failedMails && (
            <li className={waiting.failedMails > 0 ? 'admin-stats__alert' : undefined}>
              <Link to={adminPath('mail')}>
                <strong>{waiting.failedMails}</strong> {t('admin.dashboard.failedMails')}
              </Link>
            </li>
          )}
        </ul>
      )}
      {sales && (
        <section className="admin-panel" aria-labelledby="sales-heading">
          <h2 id="sales-heading">{t('admin.dashboard.sales')}</h2>
          <div className="admin-table-wrap" role="region" aria-labelledby="sales-heading" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.dashboard.store')}</th>
                  {periods.map((period) => (
                    <th key={period} scope="col" className="admin-number">
                      {t(`admin.dashboard.periods.${period}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sales.length === 0 && (
                  <tr>
                    <td colSpan={4}>{t('admin.dashboard.noOrders')}</td>
                  </tr>
                )}
                {sales.map((row) => (
                  <tr key={`${row.locale}-${row.currencyCode}`}>
                    <th scope="row">
                      {storefrontByCode(row.locale)?.name ?? row.locale} <span className="admin-muted">{row.currencyCode}</span>
                    </th>
                    {periods.map((period) => {
                      const figures = row.periods[period];
                      return (
                        <td key={period} className="admin-number">
                          {t('admin.dashboard.ordersCount', { count: figures.orders })}
                          <br />
                          {formatCurrencyAmount(figures.revenue, row.currencyCode, locale)}
                          {row.currencyCode !== 'EUR' && <span className="admin-muted admin-eur"> ≈ {eur(figures.revenueEurCents)}</span>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('admin.dashboard.totalEur')}</th>
                  {totals.map((total, index) => (
                    <td key={periods[index]} className="admin-number">
                      {t('admin.dashboard.ordersCount', { count: total.orders })}
                      <br />
                      <strong>{eur(total.eur)}</strong>
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="admin-muted">{t('admin.dashboard.revenueNote')}</p>
        </section>
      )}
      {days && (
        <section className="admin-panel" aria-labelledby="chart-heading">
          <h2 id="chart-heading">{t('admin.dashboard.perDay')}</h2>
          <DailyChart days={days} />
        </section>
      )}
      <div className="admin-columns">
        {lowStock && (
          <section className="admin-panel" aria-labelledby="stock-heading">
            <h2 id="stock-heading">{t('admin.dashboard.lowStock', { threshold: loaderData.lowStockThreshold })}</h2>
            {lowStock.length === 0 ? (
              <p>{t('admin.dashboard.noLowStock')}</p>
            ) : (
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.dashboard.sku')}</th>
                    <th scope="col">{t('admin.dashboard.product')}</th>
                    <th scope="col" className="admin-number">
                      {t('admin.dashboard.stock')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lowStock.map((variant) => (
                    <tr key={variant.variantId}>
                      <td>
                        <code>{variant.sku}</code>
                      </td>
                      <td>{variant.name}</td>
                      <td className="admin-number">{variant.stock}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        )}
        {failedMails && (
          <section className="admin-panel" aria-labelledby="mails-heading">
            <h2 id="mails-heading">{t('admin.dashboard.failedMailsTitle')}</h2>
            {failedMails.length === 0 ? (
              <p>{t('admin.dashboard.noFailedMails')}</p>
            ) : (
              <ul className="admin-list">
                {failedMails.map((mail) => (
                  <li key={mail.id}>
                    <strong>{mail.subject}</strong> → {mail.toAddress}
                    <br />
                    <span className="admin-muted">{mail.lastError}</span>
                  </li>
                ))}
              </ul>
            )}
            <p>
              <Link to={adminPath('mail')}>{t('admin.dashboard.openOutbox')}</Link>
            </p>
          </section>
        )}
      </div>
      {loaderData.funnel && loaderData.vitals && <AnalyticsPanels funnel={loaderData.funnel} vitals={loaderData.vitals} />}
    </>
  );
}
