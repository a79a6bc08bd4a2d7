import { Form } from 'react-router';
import { CsrfField, FieldMessage } from '#app/components/forms/form-fields.tsx';
import { formatCurrencyAmount, minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/**
 * The admin customer page's own invoice credit limit (decision 0018): euros, empty for the
 * store's default. After a refused value the field keeps what was typed, with the message next to it.
 */
export function CreditLimitForm({
  creditLimitCents,
  defaultEurCents,
  failed,
}: {
  creditLimitCents: number | null;
  defaultEurCents: number;
  failed?: { error: FieldError; value: string };
}) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-panel" aria-labelledby="credit-limit-title">
      <h2 id="credit-limit-title">{t('businessRisks.admin.creditLimitTitle')}</h2>
      <Form method="post" noValidate className="admin-form admin-form--narrow">
        <CsrfField />
        <div className="form-field">
          <label htmlFor="credit-limit">{t('businessRisks.admin.creditLimit')}</label>
          <input
            id="credit-limit"
            name="creditLimit"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={failed ? failed.value : creditLimitCents === null ? '' : minorUnitsToDecimal(creditLimitCents)}
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? 'credit-limit-hint credit-limit-error' : 'credit-limit-hint'}
          />
          <p id="credit-limit-hint" className="admin-muted">
            {t('businessRisks.admin.creditLimitHint', { amount: formatCurrencyAmount(defaultEurCents, 'EUR', locale) })}
          </p>
          <FieldMessage id="credit-limit-error" error={failed?.error} />
        </div>
        <button type="submit" name="intent" value="credit-limit" className="button admin-button">
          {t('businessRisks.admin.creditLimitSave')}
        </button>
      </Form>
    </section>
  );
}
