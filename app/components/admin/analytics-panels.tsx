import type { FunnelRow, VitalSummary } from '#app/modules/analytics/analytics-store.server.ts';
import { vitalThresholds } from '#app/modules/analytics/reports.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

const steps = ['views', 'cart', 'checkout', 'purchase'] as const;

/**
 * The first-party analytics in the dashboard (issue 17): the funnel per store and day, and the
 * 75th percentile of each web vital per page type against the thresholds of spec §9.
 */
export function AnalyticsPanels({ funnel, vitals }: { funnel: FunnelRow[]; vitals: VitalSummary[] }) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const unit = (metric: VitalSummary['metric'], value: number) => (metric === 'CLS' ? number.format(value) : `${number.format(value)} ms`);
  return (
    <>
      <section className="admin-panel" aria-labelledby="funnel-heading">
        <h2 id="funnel-heading">{t('admin.analytics.funnelTitle')}</h2>
        {funnel.length === 0 ? (
          <p className="admin-muted">{t('admin.analytics.noEvents')}</p>
        ) : (
          <div className="admin-table-wrap" role="region" aria-labelledby="funnel-heading" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.analytics.day')}</th>
                  <th scope="col">{t('admin.dashboard.store')}</th>
                  {steps.map((step) => (
                    <th key={step} scope="col" className="admin-number">
                      {t(`admin.analytics.${step}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {funnel.map((row) => (
                  <tr key={`${row.day}-${row.storefront}`}>
                    <td>{new Date(`${row.day}T12:00:00Z`).toLocaleDateString(locale)}</td>
                    <td>{row.storefront}</td>
                    {steps.map((step) => (
                      <td key={step} className="admin-number">
                        {number.format(row[step])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="admin-panel" aria-labelledby="vitals-heading">
        <h2 id="vitals-heading">{t('admin.analytics.vitalsTitle')}</h2>
        {vitals.length === 0 ? (
          <p className="admin-muted">{t('admin.analytics.noVitals')}</p>
        ) : (
          <div className="admin-table-wrap" role="region" aria-labelledby="vitals-heading" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.analytics.pageType')}</th>
                  <th scope="col">{t('admin.analytics.metric')}</th>
                  <th scope="col" className="admin-number">
                    {t('admin.analytics.p75')}
                  </th>
                  <th scope="col">{t('admin.analytics.rating')}</th>
                  <th scope="col" className="admin-number">
                    {t('admin.analytics.samples')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {vitals.map((row) => (
                  <tr key={`${row.pageType}-${row.metric}`} className={row.rating === 'poor' ? 'admin-stats__alert' : undefined}>
                    <td>{row.pageType}</td>
                    <td>{row.metric}</td>
                    <td className="admin-number">{unit(row.metric, row.p75)}</td>
                    <td>
                      {t(`admin.analytics.ratings.${row.rating}`)}{' '}
                      <span className="admin-muted">
                        (
                        {t('admin.analytics.thresholds', {
                          good: unit(row.metric, vitalThresholds[row.metric].good),
                          poor: unit(row.metric, vitalThresholds[row.metric].poor),
                        })}
                        )
                      </span>
                    </td>
                    <td className="admin-number">{number.format(row.samples)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
