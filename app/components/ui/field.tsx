import type { ReactNode } from 'react';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** What a field's control carries to be tied to its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled control with its hint and error right below it, tied together with aria-describedby:
 * the markup of every form field in one place. The control itself (input, select, text area) is
 * the caller's, given the ids to spread.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  children: (control: FieldControl) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's error in the shopper's language; nothing when there is none. */
export function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {t(error.key, error.values)}
    </p>
  );
}
