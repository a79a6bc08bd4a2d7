import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { loader as rootLoader } from '#app/root.tsx';
import { Field, FieldMessage } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';

/** The CSRF token every state-changing form carries (checked by the root middleware). */
export function CsrfField() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return <input type="hidden" name="_csrf" value={root?.csrfToken ?? ''} />;
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'datetime-local';
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string | null;
  error?: FieldError;
  hint?: string;
  /** Distinguishes fields of the same name when a page has two forms. */
  idPrefix?: string;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
}

/**
 * A labelled input with its error right below it, tied together with aria-describedby.
 * Browser validation stays off (forms use noValidate) so every shopper sees the same messages.
 */
export function TextField({ name, label, type = 'text', autoComplete, required, defaultValue, error, hint, idPrefix = 'field', rows }: TextFieldProps) {
  const { t } = useI18n();
  const labelWithOptional = (
    <>
      {label}
      {!required && <span className="form-field__optional"> ({t('form.optional')})</span>}
    </>
  );
  return (
    <Field id={`${idPrefix}-${name}`} label={labelWithOptional} hint={hint} error={error}>
      {(control) =>
        rows ? (
          <textarea
            id={control.id}
            name={name}
            rows={rows}
            required={required}
            defaultValue={defaultValue ?? undefined}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
          />
        ) : (
          <input
            id={control.id}
            name={name}
            type={type}
            autoComplete={autoComplete}
            required={required}
            defaultValue={defaultValue ?? undefined}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
          />
        )
      }
    </Field>
  );
}

export { FieldMessage };

/**
 * A new password and its confirmation, with the password rules as the hint: registration, a
 * password change or reset, and the account made from a guest order. `label` names the first field.
 */
/** A new password and its confirmation; the back office passes its own wording. */
export function NewPasswordFields({
  label,
  confirmLabel,
  hint,
  errors,
}: {
  label: string;
  confirmLabel?: string;
  hint?: string;
  errors: { password?: FieldError; confirmPassword?: FieldError } | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        hint={hint ?? t('account.passwordRules')}
        error={errors?.password}
      />
      <TextField
        name="confirmPassword"
        type="password"
        label={confirmLabel ?? t('account.confirmPassword')}
        autoComplete="new-password"
        required
        error={errors?.confirmPassword}
      />
    </>
  );
}

export function CheckboxField({
  name,
  label,
  defaultChecked,
  idPrefix = 'field',
}: {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  idPrefix?: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="form-field form-field--checkbox">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A message for the whole form (failed login, rate limit), announced to screen readers. */
export function FormAlert({ error }: { error?: FieldError }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p className="form-alert" role="alert">
      {t(error.key, error.values)}
    </p>
  );
}

/** A confirmation after a change ("Your address has been saved."). */
export function FormNotice({ message }: { message?: string | null }) {
  if (!message) return null;
  return <Notice tone="success">{message}</Notice>;
}
