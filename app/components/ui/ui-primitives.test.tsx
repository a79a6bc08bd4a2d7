import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { TextField } from '#app/components/forms/form-fields.tsx';
import { I18nProvider } from '#app/modules/i18n/i18n.tsx';
import { Button, buttonClass } from './button.tsx';
import { Field } from './field.tsx';
import { Notice } from './notice.tsx';

/** The primitives write exactly the markup the components wrote by hand before (no visible change). */
describe('UI primitives', () => {
  it('writes a notice: a confirmation is a status, a plain one has no role unless given', () => {
    expect(renderToStaticMarkup(<Notice tone="success">Saved.</Notice>)).toBe('<p class="notice notice--success" role="status">Saved.</p>');
    expect(renderToStaticMarkup(<Notice>Choose a length.</Notice>)).toBe('<p class="notice">Choose a length.</p>');
    expect(renderToStaticMarkup(<Notice role="note">Only 500 shown.</Notice>)).toBe('<p class="notice" role="note">Only 500 shown.</p>');
  });

  it('writes a button in each look, a plain button unless it submits', () => {
    expect(renderToStaticMarkup(<Button>Calculate</Button>)).toBe('<button type="button" class="button">Calculate</button>');
    expect(
      renderToStaticMarkup(
        <Button type="submit" look="primary" disabled>
          Notify me
        </Button>,
      ),
    ).toBe('<button type="submit" class="button button--primary" disabled="">Notify me</button>');
    expect(buttonClass('primary', { block: true })).toBe('button button--primary button--block');
    expect(buttonClass('danger')).toBe('button button--danger');
  });

  const inEnglish = (node: ReactNode) =>
    renderToStaticMarkup(
      <I18nProvider locale="en-GB" messages={{ form: { optional: 'optional' }, validation: { required: 'Please fill in this field.' } }}>
        {node}
      </I18nProvider>,
    );

  it("writes a field: label, the caller's control tied to its hint and error, the error in words", () => {
    const message = (hint?: string, error?: { key: string }) =>
      inEnglish(
        <Field id="gift-card-message" label="Message" hint={hint} error={error}>
          {(control) => (
            <textarea id={control.id} name="message" rows={3} aria-invalid={control['aria-invalid']} aria-describedby={control['aria-describedby']} />
          )}
        </Field>,
      );
    expect(message()).toBe(
      '<div class="form-field"><label for="gift-card-message">Message</label><textarea id="gift-card-message" name="message" rows="3"></textarea></div>',
    );
    expect(message('Up to 300 characters.', { key: 'validation.required' })).toBe(
      '<div class="form-field"><label for="gift-card-message">Message</label><textarea id="gift-card-message" name="message" rows="3" aria-invalid="true" aria-describedby="gift-card-message-hint gift-card-message-error"></textarea>' +
        '<p id="gift-card-message-hint" class="form-field__hint">Up to 300 characters.</p><p id="gift-card-message-error" class="field-error">Please fill in this field.</p></div>',
    );
  });

  it('writes a text field through the field as before: optional marked, required not', () => {
    expect(
      inEnglish(<TextField name="email" idPrefix="login" label="Email" type="email" autoComplete="email" required error={{ key: 'validation.required' }} />),
    ).toBe(
      '<div class="form-field"><label for="login-email">Email</label><input id="login-email" type="email" autoComplete="email" required="" aria-invalid="true" aria-describedby="login-email-error" name="email"/>' +
        '<p id="login-email-error" class="field-error">Please fill in this field.</p></div>',
    );
    expect(inEnglish(<TextField name="remarks" label="Remarks" rows={4} defaultValue="Leave it at no. 9." hint="For the courier." />)).toBe(
      '<div class="form-field"><label for="field-remarks">Remarks<span class="form-field__optional"> (optional)</span></label>' +
        '<textarea id="field-remarks" name="remarks" rows="4" aria-describedby="field-remarks-hint">Leave it at no. 9.</textarea><p id="field-remarks-hint" class="form-field__hint">For the courier.</p></div>',
    );
  });
});
