import type { ReactNode } from 'react';
import { useI18n } from '../../modules/i18n/i18n.tsx';

/** The heading of an admin page, with the page's <title> and room for actions on the right. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page-header">
      <title>{title}</title>
      <h1>{title}</h1>
      {children && <div className="admin-page-header__actions">{children}</div>}
    </div>
  );
}

/** A confirmation of what an action did, announced to screen readers. */
export function AdminNotice({ children, tone = 'success' }: { children?: ReactNode; tone?: 'success' | 'error' }) {
  if (!children) return null;
  return (
    <p className={`admin-notice admin-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/** A centred card for the login and set-up pages. */
export function AdminAuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <main id="admin-main" className="admin-auth">
      <title>{title}</title>
      <section className="admin-auth__card" aria-labelledby="admin-auth-heading">
        <p className="admin-auth__brand" aria-hidden="true">
          {t('admin.brand')}
        </p>
        <h1 id="admin-auth-heading">{title}</h1>
        {children}
      </section>
    </main>
  );
}
