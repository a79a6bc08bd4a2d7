import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { lineName, type NamedLine } from '#app/modules/orders/line-name.ts';

/** "2 × Paracord 550, 10 m … €9.90" per line (free samples say so): the order summary, the payment step and the success page. */
export function ReviewLines({
  lines,
  money,
}: {
  lines: (NamedLine & { id: number; quantity: number; rowTotal: number })[];
  money: (amount: number) => string;
}) {
  const { t, locale } = useI18n();
  return (
    <ul className="review-lines">
      {lines.map((line) => (
        <li key={line.id}>
          <span>
            {line.quantity} × {lineName(line, t, locale)}
          </span>
          <span>{line.isSample ? t('cart.free') : money(line.rowTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
