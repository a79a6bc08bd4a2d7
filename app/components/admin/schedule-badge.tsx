import type { ScheduleState } from '#app/modules/schedule/content-schedule.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

const tone = { live: 'active', scheduled: 'pending', hidden: 'disabled', ended: 'disabled' } as const;

/** Whether an item shows now, later, no more, or not at all (content-schedule.server.ts). */
export function ScheduleBadge({ state }: { state: ScheduleState }) {
  const { t } = useI18n();
  return <span className={`admin-badge admin-badge--${tone[state]}`}>{t(`admin.content.states.${state}`)}</span>;
}
