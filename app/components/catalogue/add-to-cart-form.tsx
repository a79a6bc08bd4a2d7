import { Link, useActionData, useFetcher, useParams, useSearchParams } from 'react-router';
import type { AddToCartResult } from '../../modules/cart/add-to-cart.server.ts';
import { addedFromOutcome } from '../../modules/cart/add-to-cart-outcome.ts';
import { outcomeParam } from '../../modules/http/form-submission.ts';

/** What the page's action answers an add-to-cart form with. */
type PageAnswer = { cart?: AddToCartResult; productId?: number; quantity?: string };
import { useI18n } from '../../modules/i18n/i18n.tsx';
import { CsrfField } from '../forms/form-fields.tsx';

const failures: Record<Exclude<AddToCartResult, { ok: true }>['reason'], string> = {
  quantity: 'errors.quantity',
  unavailable: 'errors.productsGone',
  length: 'cart.chooseLength',
  'sample-limit': 'cart.sampleLimit',
  'stock-share': 'businessRisks.stockShare',
};

/** Quantity and "Add to cart" (and the free sample), posted to the product page itself. */
export function AddToCartForm({ productId, variantId, metres, inStock, hasSample }: { productId: number; variantId: number; metres: number | null; inStock: boolean; hasSample: boolean }) {
  const { t } = useI18n();
  const { lang } = useParams();
  const fetcher = useFetcher<PageAnswer>();
  // Without JavaScript: the page's own answer (an error, with what was typed) or the marker of the redirect after success.
  const pageAnswer = useActionData<PageAnswer>();
  const [search] = useSearchParams();
  const answer = fetcher.data ?? (pageAnswer?.productId === productId ? pageAnswer : undefined);
  const result = answer?.cart ?? (fetcher.data ? undefined : addedFromOutcome(search.get(outcomeParam), productId));
  const typedQuantity = answer?.cart && !answer.cart.ok ? answer.quantity : undefined;
  return (
    <div className="add-to-cart">
      <fetcher.Form method="post" className="form-inline">
        <CsrfField />
        <input type="hidden" name="variantId" value={variantId} />
        {metres !== null && <input type="hidden" name="metres" value={metres} />}
        {inStock && (
          <>
            <label htmlFor="add-quantity">{metres !== null ? t('cart.pieces') : t('cart.quantity')}</label>
            <input
              id="add-quantity"
              type="number"
              name="quantity"
              min={1}
              max={9999}
              defaultValue={typedQuantity || 1}
              aria-invalid={typedQuantity !== undefined ? true : undefined}
              aria-describedby={result && !result.ok ? 'add-to-cart-message' : undefined}
              className="quantity-input"
              inputMode="numeric"
            />
            <button type="submit" name="intent" value="add-to-cart" className="button button--primary" disabled={fetcher.state !== 'idle'}>
              {t('cart.add')}
            </button>
          </>
        )}
        {hasSample && (
          <button type="submit" name="intent" value="sample" className="button" disabled={fetcher.state !== 'idle'}>
            {t('cart.orderSample')}
          </button>
        )}
      </fetcher.Form>
      {result && (
        <p id="add-to-cart-message" className={result.ok ? 'notice notice--success' : 'form-alert'} role={result.ok ? 'status' : 'alert'}>
          {result.ok ? (result.otherLinesOutOfStock ? t('errors.addWarning') : t('cart.added')) : t(failures[result.reason])}{' '}
          {result.ok && <Link to={`/${lang}/checkout`}>{t('cart.view')}</Link>}
        </p>
      )}
    </div>
  );
}

/** "Add to cart" on a listing card, for simple products (posted to the listing page itself). */
export function ListingAddToCart({ productId, variantId, productName }: { productId: number; variantId: number; productName: string }) {
  const { t } = useI18n();
  const { lang } = useParams();
  const fetcher = useFetcher<{ cart?: AddToCartResult; productId?: number }>();
  const pageResult = useActionData<PageAnswer>();
  const [search] = useSearchParams();
  const answer = fetcher.data ?? (pageResult?.productId === productId ? pageResult : undefined);
  const result = answer?.cart ?? (fetcher.data ? undefined : addedFromOutcome(search.get(outcomeParam), productId));
  return (
    <fetcher.Form method="post" className="listing-add">
      <CsrfField />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="variantId" value={variantId} />
      <input type="hidden" name="quantity" value={1} />
      <button type="submit" name="intent" value="add-to-cart" className="button listing-add__button" disabled={fetcher.state !== 'idle'} aria-label={t('cart.addOf', { name: productName })}>
        {t('cart.add')}
      </button>
      {result && (
        <span className={result.ok ? 'listing-add__done' : 'field-error'} role={result.ok ? 'status' : 'alert'}>
          {result.ok ? <Link to={`/${lang}/checkout`}>{t('cart.addedShort')}</Link> : t(failures[result.reason])}
        </span>
      )}
    </fetcher.Form>
  );
}
