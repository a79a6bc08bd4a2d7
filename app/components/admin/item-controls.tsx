import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * The buttons of one item in an ordered content list (FAQ entries, banners): up and down among
 * its siblings (keyboard users move it without dragging), publish or hide, delete. Each posts its
 * intent with `fields` (the item's id) to the page's action; the labels name the item for screen
 * readers.
 */
export function ItemControls({
  name,
  fields,
  isFirst,
  isLast,
  isPublished,
}: {
  name: string;
  fields: Record<string, string | number>;
  isFirst: boolean;
  isLast: boolean;
  isPublished: boolean;
}) {
  const { t } = useI18n();
  const hidden = (text: string) => <span className="visually-hidden">{text}</span>;
  return (
    <div className="admin-inline-form">
      <AdminActionForm
        intent="up"
        label={
          <>
            <span aria-hidden="true">↑</span>
            {hidden(t('admin.content.moveUp', { name }))}
          </>
        }
        fields={fields}
        disabled={isFirst}
        preventScrollReset
      />
      <AdminActionForm
        intent="down"
        label={
          <>
            <span aria-hidden="true">↓</span>
            {hidden(t('admin.content.moveDown', { name }))}
          </>
        }
        fields={fields}
        disabled={isLast}
        preventScrollReset
      />
      <AdminActionForm
        intent={isPublished ? 'unpublish' : 'publish'}
        label={
          <>
            {t(isPublished ? 'admin.content.unpublish' : 'admin.content.publish')}
            {hidden(`: ${name}`)}
          </>
        }
        fields={fields}
        preventScrollReset
      />
      <AdminActionForm
        intent="delete"
        tone="danger"
        label={
          <>
            {t('admin.content.delete')}
            {hidden(`: ${name}`)}
          </>
        }
        fields={fields}
        preventScrollReset
      />
    </div>
  );
}
