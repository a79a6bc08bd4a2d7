import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The order's own reference and the shopper's remarks (spec §3), where the shopper sees the order. */
export function OrderNotes({ ownReference, remarks }: { ownReference: string | null; remarks: string | null }) {
  const { t } = useI18n();
  if (!ownReference && !remarks) return null;
  return (
    <>
      {ownReference && <p className="order-notes">{t('account.orders.ownReference', { reference: ownReference })}</p>}
      {remarks && <p className="order-notes order-notes--remarks">{t('account.orders.remarks', { remarks })}</p>}
    </>
  );
}
