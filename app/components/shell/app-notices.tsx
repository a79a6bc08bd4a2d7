import { useEffect, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router';
import { applyUpdateNow, promptInstall } from '#app/modules/pwa/app-shell.ts';
import { appStatus } from '#app/modules/pwa/app-status.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { Icon } from './icons.tsx';

function useAppStatus() {
  return useSyncExternalStore(appStatus.subscribe, appStatus.get, appStatus.getServer);
}

/**
 * What the app says about itself (issue 17), in polite live regions on every page:
 * offline, a form kept until the connection is back, additions to the cart waiting or sent, a new
 * version (loaded at the next navigation, or now with the button), the advice after failed chunks.
 */
export function AppNotices() {
  const { t } = useI18n();
  const status = useAppStatus();
  const { revalidate } = useRevalidator();
  // Additions sent from the queue: the page and the header's cart count follow.
  useEffect(() => {
    if (status.sentAdditions > 0) void revalidate();
  }, [status.sentAdditions, revalidate]);
  const notices: { key: string; text: string; action?: React.ReactNode }[] = [];
  if (status.formNeedsConnection) notices.push({ key: 'form', text: t('app.formNeedsConnection') });
  if (status.queuedAdditions > 0) notices.push({ key: 'queued', text: t('app.cartQueued', { count: status.queuedAdditions }) });
  if (status.sentAdditions > 0 && status.queuedAdditions === 0) notices.push({ key: 'sent', text: t('app.cartQueueSent', { count: status.sentAdditions }) });
  if (status.updateReady)
    notices.push({
      key: 'update',
      text: t('app.updateReady'),
      action: (
        <button type="button" className="button" onClick={() => void applyUpdateNow()}>
          {t('app.updateNow')}
        </button>
      ),
    });
  if (status.chunkAdvice) notices.push({ key: 'chunk', text: t('app.chunkAdvice') });
  return (
    <>
      {/* Offline: a band under the header for as long as it lasts. */}
      {/* Live regions without the status role: a page's own status message stays the only one. */}
      <div aria-live="polite">{status.offline && <p className="offline-band">{t('app.offlineNotice')}</p>}</div>
      {/* What just happened: cards at the bottom of the window that cover nothing they block. */}
      <div className="app-notices" aria-live="polite">
        {notices.map((notice) => (
          <p key={notice.key} className={`app-notice app-notice--${notice.key}`}>
            <span>{notice.text}</span> {notice.action}
          </p>
        ))}
      </div>
    </>
  );
}

/**
 * "Install app", only when the browser offers it and the app does not run installed: a full-width
 * button in the phone menu, an icon button with its label among the header's actions on a desktop
 * (the menu is hidden there).
 */
export function InstallAppEntry({ placement }: { placement: 'menu' | 'header' }) {
  const { t } = useI18n();
  const { installOffered } = useAppStatus();
  if (!installOffered) return null;
  if (placement === 'header')
    return (
      <button type="button" className="icon-button install-app--header" onClick={() => void promptInstall()}>
        <Icon name="install" />
        <span className="icon-button__label">{t('app.install')}</span>
      </button>
    );
  return (
    <button type="button" className="button install-app" onClick={() => void promptInstall()}>
      {t('app.install')}
    </button>
  );
}
