import { useActionData, useFetcher, useRouteLoaderData, useSearchParams } from 'react-router';
import { stockAlertOutcome } from '#app/modules/cart/add-to-cart-outcome.ts';
import type { StockAlertResult } from '#app/modules/engagement/stock-alerts.server.ts';
import { outcomeParam } from '#app/lib/http/form-submission.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { loader as rootLoader } from '#app/root.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Notice } from '#app/components/ui/notice.tsx';

/** Out of stock: leave an e-mail address to hear when it is back (works without JavaScript too). */
export function BackInStockForm({ variantId }: { variantId: number }) {
  const { t } = useI18n();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const fetcher = useFetcher<StockAlertResult>();
  // Without JavaScript: the page's own answer (an error) or the marker of the redirect after success.
  const pageResult = useActionData<StockAlertResult>();
  const [search] = useSearchParams();
  const result = fetcher.data ?? (pageResult && 'ok' in pageResult ? pageResult : undefined);
  if (result?.ok || (!fetcher.data && search.get(outcomeParam) === stockAlertOutcome)) {
    return <Notice tone="success">{t('product.backInStockConfirmation')}</Notice>;
  }
  const error = result && !result.ok ? result.fieldErrors.email : undefined;
  return (
    <fetcher.Form method="post" className="back-in-stock" noValidate>
      <h2>{t('product.backInStockTitle')}</h2>
      <p>{t('product.backInStockText')}</p>
      <input type="hidden" name="_csrf" value={root?.csrfToken ?? ''} />
      <input type="hidden" name="intent" value="back-in-stock" />
      <input type="hidden" name="variantId" value={variantId} />
      <label htmlFor="back-in-stock-email">{t('product.backInStockEmail')}</label>
      <input
        id="back-in-stock-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result && !result.ok ? result.email : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'back-in-stock-error' : undefined}
      />
      {error && (
        <p id="back-in-stock-error" className="field-error">
          {t(error)}
        </p>
      )}
      <Button type="submit" look="primary" disabled={fetcher.state !== 'idle'}>
        {t('product.backInStockSubmit')}
      </Button>
    </fetcher.Form>
  );
}
