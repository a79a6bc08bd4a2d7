import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** New recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useI18n();
  return (
    <section className="admin-recovery" aria-labelledby="recovery-heading">
      <h2 id="recovery-heading">{t('admin.twoFactor.recoveryTitle')}</h2>
      <p role="status">{t('admin.twoFactor.recoveryText')}</p>
      <ul className="admin-recovery__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
