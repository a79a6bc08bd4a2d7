import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { Icon } from './icons.tsx';

/**
 * The phone menu: a <details> (it opens and closes without JavaScript). With JavaScript it also
 * closes with Esc and with its own close button, focus going back to the menu button, and after
 * a link in it was followed (issue 22).
 */
export function NavDrawer({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const { key } = useLocation();
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [key]);
  const close = () => {
    if (details.current) details.current.open = false;
    summary.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <details className="nav-drawer" ref={details} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="icon-button" aria-label={t('header.menu')} ref={summary}>
        <Icon name="menu" />
      </summary>
      <div className="nav-drawer__panel">
        {enhanced && (
          <button type="button" className="icon-button nav-drawer__close" onClick={close} aria-label={t('header.closeMenu')}>
            <Icon name="close" />
          </button>
        )}
        {children}
      </div>
    </details>
  );
}
