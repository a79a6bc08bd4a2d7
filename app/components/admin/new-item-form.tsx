/** The "new …" form of the back office's content lists (FAQ, blog posts, banners): a code, perhaps more, and "Create". */
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export interface NewItemFailure {
  values: Record<string, string | undefined>;
  fieldErrors: Record<string, FieldError | undefined>;
}

/**
 * `fieldsBefore` stand above the code and `children` below it; `failed` is the refused attempt
 * (its message, its values kept); `intent` names the form's intent when the page has several.
 */
export function NewItemForm({
  idPrefix,
  heading,
  intent,
  failed,
  fieldsBefore,
  children,
}: {
  idPrefix: string;
  heading: string;
  intent?: string;
  failed: NewItemFailure | undefined;
  fieldsBefore?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const headingId = `${idPrefix}-new-heading`;
  return (
    <Form method="post" noValidate className="admin-panel admin-form admin-form--grid" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <CsrfField />
      {failed && <FormAlert error={{ key: 'admin.faq.notCreated' }} />}
      {fieldsBefore}
      <TextField
        idPrefix={idPrefix}
        name="code"
        label={t('admin.faq.code')}
        hint={t('admin.faq.codeHint')}
        required
        defaultValue={failed?.values.code}
        error={failed?.fieldErrors.code}
      />
      {children}
      <div>
        <button type="submit" name={intent ? 'intent' : undefined} value={intent} className="button admin-button button--primary">
          {t('admin.faq.create')}
        </button>
      </div>
    </Form>
  );
}
