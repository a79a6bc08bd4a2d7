import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { CsrfField, FieldMessage } from '#app/components/forms/form-fields.tsx';
import type { FieldError } from '#app/lib/forms/field-errors.ts';

const toneClass = { plain: 'button admin-button', primary: 'button admin-button button--primary', danger: 'button admin-button button--danger' } as const;

/**
 * A form that posts one intent with its button and the CSRF field: block or unblock, mark handled,
 * mark completed… `fields` are hidden values it carries (a record's id, the version it was read
 * at); `children` are fields to fill in above the button (a confirmation box, a reason). The route's
 * action reads the intent with `intentOf` and confirms what it did.
 */
export function AdminActionForm({
  intent,
  label,
  tone = 'plain',
  fields = {},
  className,
  disabled,
  noValidate,
  preventScrollReset,
  children,
}: {
  intent: string;
  label: ReactNode;
  tone?: keyof typeof toneClass;
  fields?: Record<string, string | number>;
  className?: string;
  disabled?: boolean;
  noValidate?: boolean;
  preventScrollReset?: boolean;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className={className} noValidate={noValidate} preventScrollReset={preventScrollReset}>
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" name="intent" value={intent} className={toneClass[tone]} disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

/**
 * The box a destructive action's form asks to be ticked (`confirm=yes`), with the message next
 * to it when the action came back unconfirmed or refused.
 */
export function ConfirmBox({ label, error }: { label: string; error?: FieldError }) {
  return (
    <>
      <div className="form-field form-field--checkbox">
        <input
          id="confirm-delete"
          type="checkbox"
          name="confirm"
          value="yes"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'confirm-delete-error' : undefined}
        />
        <label htmlFor="confirm-delete">{label}</label>
      </div>
      <FieldMessage id="confirm-delete-error" error={error} />
    </>
  );
}
