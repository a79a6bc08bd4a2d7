import { type ReactNode, useEffect, useRef } from 'react';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

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

/**
 * A confirmation of what an action did, announced to screen readers. It takes the focus when it
 * appears or says something new: the button that was pressed is often gone with the step it took
 * (e.g. "Mark as paid"), and a keyboard user would otherwise be sent back to the top of the page.
 */
export function AdminNotice({ children, tone = 'success' }: { children?: ReactNode; tone?: 'success' | 'error' }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const text = ref.current?.textContent ?? null;
    if (text !== null && text !== shown.current) ref.current?.focus();
    shown.current = text;
  });
  if (!children) return null;
  return (
    <p ref={ref} className={`admin-notice admin-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
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
