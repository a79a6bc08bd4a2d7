import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ReviewLines } from './review-lines.tsx';
import { useNavigationType } from 'react-router';
import { type CheckoutStep, checkoutSteps } from '#app/modules/checkout/checkout-details.ts';
import type { FieldErrors } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { CheckoutSummaryView } from '#app/modules/checkout/checkout-summary.server.ts';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { CheckoutStepsNav } from './checkout-steps.tsx';
import { OrderTotals, useCartMoney } from './order-totals.tsx';

/**
 * The frame of a checkout step: its heading, the step list, the form and the order summary (beside
 * the form on a desktop, folded above it on a phone). Arriving at a step moves the focus to its
 * heading and the live region of the checkout header says which step this is; a form with errors
 * takes the focus to its error summary instead (ErrorSummary).
 */
export function CheckoutPage({
  step,
  prefix,
  summary,
  hasErrors,
  children,
}: {
  step: CheckoutStep;
  prefix: string;
  summary?: CheckoutSummaryView;
  hasErrors?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const title = t(`checkout.step.${step}`);
  const heading = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  useEffect(() => {
    // A page loaded afresh keeps the browser's own start; a step reached from another one moves on to its heading.
    if (navigationType !== 'POP' && !hasErrors) heading.current?.focus();
    const announcer = document.getElementById('checkout-announcer');
    if (announcer) announcer.textContent = t('checkout.stepOf', { step: title, number: checkoutSteps.indexOf(step) + 1, count: checkoutSteps.length });
    // Once per step page: a failed submit of the same step is the error summary's to announce.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);
  return (
    <div className="container account-page checkout-page">
      <PageHead title={title} alternates={samePathAlternates(`/checkout/${step}`)} noindex />
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <CheckoutStepsNav prefix={prefix} current={step} />
      {summary ? (
        <div className="checkout-layout">
          <CheckoutOrderSummary summary={summary} folded />
          <div className="checkout-layout__form">{children}</div>
          <CheckoutOrderSummary summary={summary} />
        </div>
      ) : (
        children
      )}
    </div>
  );
}

/** The cart's lines and totals; `folded`: the phone's version, a disclosure above the form naming the total. */
function CheckoutOrderSummary({ summary, folded }: { summary: CheckoutSummaryView; folded?: boolean }) {
  const { t } = useI18n();
  const money = useCartMoney(summary.totals);
  const content = (
    <>
      <ReviewLines lines={summary.lines} money={money} />
      <OrderTotals totals={summary.totals} vatKind={summary.vatKind} />
    </>
  );
  if (folded) {
    return (
      <details className="checkout-summary checkout-summary--folded">
        <summary>
          {t('cart.summary')} · <strong>{money(summary.totals.total)}</strong>
        </summary>
        {content}
      </details>
    );
  }
  return (
    <aside className="checkout-summary checkout-summary--aside cart-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">{t('cart.summary')}</h2>
      {content}
    </aside>
  );
}

/**
 * "There is a problem" at the top of a form that came back with errors: focused at once, each
 * error a link to its field. `fields` names the form's fields in page order with their labels and
 * ids; an error for a field not listed is still shown, without a link. Without JavaScript it is
 * the first thing of the page after the heading and an alert.
 */
export function ErrorSummary({ errors, answer, fields }: { errors: FieldErrors; answer: unknown; fields: { name: string; id: string; label: string }[] }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const names = Object.keys(errors).filter((name) => errors[name]);
  const shown = names.length > 0;
  // Focused once per answer of the server (`answer`), not again while the shopper fixes fields.
  useEffect(() => {
    if (box.current) box.current.focus();
  }, [answer]);
  if (!shown) return null;
  const ordered = [
    ...fields.filter((field) => errors[field.name]),
    ...names.filter((name) => !fields.some((field) => field.name === name)).map((name) => ({ name, id: '', label: '' })),
  ];
  return (
    <div ref={box} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-heading">
      <h2 id="error-summary-heading">{t('checkout.errorSummary', { count: names.length })}</h2>
      <ul>
        {ordered.map((field) => {
          const error = errors[field.name]!;
          const message = t(error.key, error.values);
          return <li key={field.name}>{field.id ? <a href={`#${field.id}`}>{`${field.label}: ${message}`}</a> : message}</li>;
        })}
      </ul>
    </div>
  );
}

/**
 * The errors the server returned, minus the ones the shopper has fixed since: as a field with an
 * error changes, the form is checked again (`check`, the step's own rules) and the field's message
 * goes once it passes. While typing, not on leaving the field: a message that went on blur would
 * move the submit button away under a pressed mouse. A new answer from the server starts again.
 */
export function useLiveFieldErrors(serverErrors: FieldErrors | undefined, check: (fields: Record<string, string>) => FieldErrors) {
  const [fixed, setFixed] = useState<{ from: FieldErrors | undefined; names: string[] }>({ from: serverErrors, names: [] });
  const names = fixed.from === serverErrors ? fixed.names : [];
  const errors: FieldErrors = Object.fromEntries(Object.entries(serverErrors ?? {}).filter(([name]) => !names.includes(name)));
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as Element).getAttribute('name');
    if (!name || !errors[name]) return;
    const fields: Record<string, string> = {};
    new FormData(event.currentTarget).forEach((value, name) => {
      if (typeof value === 'string') fields[name] = value;
    });
    if (!check(fields)[name]) setFixed({ from: serverErrors, names: [...names, name] });
  };
  return { errors, onChange };
}
