import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { formatMoney } from '#app/modules/currency/money.ts';

interface Day {
  day: string;
  orders: number;
  revenueEurCents: number;
}

const width = 720;
const height = 180;
const axis = 24;

/**
 * Revenue per day as bars, drawn on the server as SVG (no chart script to load). Each bar has a
 * <title> for pointer users; the same figures are in a table below for everyone else.
 */
export function DailyChart({ days }: { days: Day[] }) {
  const { t, locale } = useI18n();
  const max = Math.max(1, ...days.map((day) => day.revenueEurCents));
  const slot = width / Math.max(1, days.length);
  const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));
  const money = (cents: number) => formatMoney(cents, 'EUR', locale);
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${width} ${height + axis}`} role="img" aria-labelledby="chart-caption" preserveAspectRatio="none">
        <line x1="0" y1={height} x2={width} y2={height} className="admin-chart__axis" />
        {days.map((day, index) => {
          const barHeight = Math.round((day.revenueEurCents / max) * (height - 8));
          return (
            <g key={day.day}>
              <rect
                x={index * slot + slot * 0.15}
                y={height - barHeight}
                width={slot * 0.7}
                height={Math.max(barHeight, day.orders > 0 ? 1 : 0)}
                className="admin-chart__bar"
              >
                <title>{`${label(day.day)}: ${money(day.revenueEurCents)}, ${t('admin.dashboard.ordersCount', { count: day.orders })}`}</title>
              </rect>
              {/* Every fifth day is labelled, counting back from today (whose label ends at the edge). */}
              {(days.length - 1 - index) % 5 === 0 ? (
                <text
                  x={index === days.length - 1 ? width : index * slot + slot / 2}
                  y={height + 16}
                  textAnchor={index === days.length - 1 ? 'end' : 'middle'}
                  className="admin-chart__label"
                >
                  {label(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption id="chart-caption">{t('admin.dashboard.chartCaption', { max: money(max) })}</figcaption>
      <details>
        <summary>{t('admin.dashboard.chartTable')}</summary>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.dashboard.day')}</th>
              <th scope="col" className="admin-number">
                {t('admin.dashboard.orders')}
              </th>
              <th scope="col" className="admin-number">
                {t('admin.dashboard.revenueEur')}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{label(day.day)}</th>
                <td className="admin-number">{day.orders}</td>
                <td className="admin-number">{money(day.revenueEurCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
