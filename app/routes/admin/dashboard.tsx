import type { Route } from './+types/dashboard';
import { AdminPageHeader } from '../../components/admin/admin-ui.tsx';
import { requireStaff } from '../../modules/admin/require-staff.server.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'dashboard.read');
  return { name: me.name };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <AdminPageHeader title={t('admin.dashboard.title')} />
      <p>{t('admin.dashboard.welcome', { name: loaderData.name })}</p>
    </>
  );
}
