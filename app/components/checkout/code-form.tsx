import { Form } from 'react-router';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { CsrfField, FieldMessage } from '#app/components/forms/form-fields.tsx';

interface CodeFormProps {
  /** form field and id stem: couponCode, giftCardCode */
  name: string;
  label: string;
  applyIntent: string;
  applyLabel: string;
  removeIntent: string;
  removeLabel: string;
  /** set when a code is in use: what to say about it */
  inUse: string | null;
  defaultValue?: string;
  error?: FieldError;
}

/** A code to apply (coupon, gift card) or, once one is in use, the button to remove it. */
export function CodeForm({ name, label, applyIntent, applyLabel, removeIntent, removeLabel, inUse, defaultValue, error }: CodeFormProps) {
  if (inUse !== null) {
    return (
      <Form method="post" className="form-inline">
        <CsrfField />
        {inUse && <span>{inUse}</span>}
        <button type="submit" name="intent" value={removeIntent} className="link-button">
          {removeLabel}
        </button>
      </Form>
    );
  }
  const id = `${name}-field`;
  return (
    <Form method="post" noValidate className="form-inline coupon-form">
      <CsrfField />
      <div className="form-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          type="text"
          autoComplete="off"
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldMessage id={`${id}-error`} error={error} />
      </div>
      <button type="submit" name="intent" value={applyIntent} className="button">
        {applyLabel}
      </button>
    </Form>
  );
}
