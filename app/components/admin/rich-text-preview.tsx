/** The save and preview of the back office's rich-text editors (information pages, blog posts, FAQ answers). */
import { useNavigation } from 'react-router';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** "Save" and "Preview" as the form's two intents. */
export function SaveAndPreviewButtons() {
  const { t } = useI18n();
  const submitting = useNavigation().state === 'submitting';
  return (
    <div className="admin-actions">
      <button type="submit" name="intent" value="save" className="button admin-button button--primary" disabled={submitting}>
        {t('admin.save')}
      </button>
      <button type="submit" name="intent" value="preview" className="button admin-button" disabled={submitting}>
        {t('admin.contentPages.preview')}
      </button>
    </div>
  );
}

/**
 * The text as the storefront shows it: `html` is sanitised on the server (spec §5) exactly as the
 * storefront's page, post or answer is. `typed`: a preview of what was typed, not of what is stored.
 */
export function SanitisedPreview({ html, typed }: { html: string | null; typed: boolean }) {
  const { t } = useI18n();
  if (html === null) return null;
  return (
    <section className="admin-panel" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t(typed ? 'admin.contentPages.previewTyped' : 'admin.contentPages.previewStored')}</h2>
      <div className="content-page" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
