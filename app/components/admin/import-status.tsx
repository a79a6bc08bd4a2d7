import { useI18n } from '#app/modules/i18n/i18n.tsx';

const tone: Record<string, string> = { done: 'active', queued: 'pending', running: 'pending', previewed: 'invited', failed: 'failed', stopped: 'disabled' };

/** An import job's state as a coloured label. */
export function ImportStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return <span className={`admin-badge admin-badge--${tone[status] ?? 'pending'}`}>{t(`admin.imports.statuses.${status}`)}</span>;
}
