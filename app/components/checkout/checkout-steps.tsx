import { Link } from 'react-router';
import { type CheckoutStep, checkoutSteps } from '#app/modules/checkout/checkout-details.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The four steps of spec §4, with links back to the ones already done. */
export function CheckoutStepsNav({ prefix, current }: { prefix: string; current: CheckoutStep }) {
  const { t } = useI18n();
  const currentIndex = checkoutSteps.indexOf(current);
  return (
    <nav aria-label={t('checkout.steps')} className="checkout-steps">
      <ol>
        {checkoutSteps.map((step, index) => (
          <li key={step} className={index === currentIndex ? 'is-current' : index < currentIndex ? 'is-done' : undefined}>
            {index < currentIndex ? (
              <Link to={`/${prefix}/checkout/${step}`}>{t(`checkout.step.${step}`)}</Link>
            ) : (
              <span aria-current={index === currentIndex ? 'step' : undefined}>{t(`checkout.step.${step}`)}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
