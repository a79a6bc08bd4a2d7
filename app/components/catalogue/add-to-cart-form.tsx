import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useActionData, useFetcher, useParams, useSearchParams } from 'react-router';
import type { AddToCartResult } from '#app/modules/cart/add-to-cart.server.ts';
import { addedFromOutcome } from '#app/modules/cart/add-to-cart-outcome.ts';
import { outcomeParam } from '#app/lib/http/form-submission.ts';

/** What the page's action answers an add-to-cart form with. */
type PageAnswer = { cart?: AddToCartResult; productId?: number; quantity?: string };
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { Icon } from '#app/components/shell/icons.tsx';

const failures: Record<Exclude<AddToCartResult, { ok: true }>['reason'], string> = {
  quantity: 'errors.quantity',
  unavailable: 'errors.productsGone',
  length: 'cart.chooseLength',
  'sample-limit': 'cart.sampleLimit',
  'stock-share': 'businessRisks.stockShare',
};

/** What the product page tells the form about itself: for the sticky bar and the mini-cart. */
export interface AddToCartProduct {
  name: string;
  /** the chosen option or length, as the cart line will name it */
  detail: string | null;
  /** the price as shown on the page */
  price: ReactNode;
  image: ReactNode;
  /** "2 pieces are in your cart" and the like, null when none */
  inCart: string | null;
}

/**
 * Quantity and "Add to cart" (and the free sample), posted to the product page itself. One success
 * message: without JavaScript the notice after the redirect (with what the cart holds); with it, a
 * mini-cart that opens with the focus on it and a live region that says so (issue 22). On a phone a
 * bar with the price and the button stays at the bottom once the form has scrolled away.
 */
export function AddToCartForm({
  productId,
  variantId,
  metres,
  inStock,
  hasSample,
  product,
  onAdded,
}: {
  /** told how many were added (analytics) */
  onAdded?: (quantity: number) => void;
  productId: number;
  variantId: number;
  metres: number | null;
  inStock: boolean;
  hasSample: boolean;
  product: AddToCartProduct;
}) {
  const { t } = useI18n();
  const fetcher = useFetcher<PageAnswer>();
  // Without JavaScript: the page's own answer (an error, with what was typed) or the marker of the redirect after success.
  const pageAnswer = useActionData<PageAnswer>();
  const [search] = useSearchParams();
  const answer = fetcher.data ?? (pageAnswer?.productId === productId ? pageAnswer : undefined);
  const result = answer?.cart ?? (fetcher.data ? undefined : addedFromOutcome(search.get(outcomeParam), productId));
  const typedQuantity = answer?.cart && !answer.cart.ok ? answer.quantity : undefined;
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  const miniCart = useRef<HTMLDialogElement>(null);
  // The button that added (the bar's or the form's): focus goes back to it when the mini-cart closes.
  const opener = useRef<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const submittedQuantity = useRef(1);
  // With JavaScript the mini-cart is the success message; the page keeps only what the cart holds.
  const addedHere = fetcher.data?.cart?.ok === true;
  useEffect(() => {
    if (fetcher.state === 'submitting') setAnnouncement('');
    if (fetcher.state !== 'idle' || !fetcher.data?.cart?.ok) return;
    setAnnouncement(t(fetcher.data.cart.otherLinesOutOfStock ? 'errors.addWarning' : 'cart.added'));
    onAdded?.(submittedQuantity.current);
    const dialog = miniCart.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector('h2')?.focus();
    }
  }, [fetcher.state, fetcher.data, t]);
  const barVisible = useScrolledPast(form, inStock);
  const message = result && !(result.ok && addedHere) && (
    <p id="add-to-cart-message" className={result.ok ? 'notice notice--success' : 'form-alert'} role={result.ok ? 'status' : 'alert'}>
      {result.ok ? (result.otherLinesOutOfStock ? t('errors.addWarning') : t('cart.added')) : t(failures[result.reason])} {result.ok && product.inCart}{' '}
      {result.ok && <CartLink>{t('cart.view')}</CartLink>}
    </p>
  );
  return (
    <div className="add-to-cart">
      <fetcher.Form
        method="post"
        className="form-inline"
        id={formId}
        ref={form}
        onSubmit={(event) => {
          opener.current = (event.nativeEvent as SubmitEvent).submitter;
          submittedQuantity.current = Math.max(1, Number(new FormData(event.currentTarget).get('quantity')) || 1);
        }}
      >
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
      {message}
      {!(result?.ok && !addedHere) && product.inCart && (
        <p className="in-cart">
          {product.inCart} <CartLink>{t('cart.view')}</CartLink>
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {inStock && (
        // Always in the page (no layout shift), shown by a class; it posts the form above.
        <div className="sticky-buy" hidden={!barVisible}>
          <div className="sticky-buy__inner container">
            <p className="sticky-buy__text">
              <span className="sticky-buy__name">{product.name}</span>
              <span className="sticky-buy__price">{product.price}</span>
            </p>
            <button type="submit" form={formId} name="intent" value="add-to-cart" className="button button--primary" disabled={fetcher.state !== 'idle'}>
              {/* The name read out begins with the words shown (WCAG 2.5.3) and says which product. */}
              {t('cart.add')} <span className="visually-hidden">({product.name})</span>
            </button>
          </div>
        </div>
      )}
      <dialog ref={miniCart} className="mini-cart" aria-labelledby={`${formId}-mini-cart`} onClose={() => opener.current?.focus()}>
        <div className="mini-cart__head">
          <h2 id={`${formId}-mini-cart`} tabIndex={-1}>
            {t('cart.miniCartTitle')}
          </h2>
          <form method="dialog">
            <button type="submit" className="icon-button" aria-label={t('cart.close')}>
              <Icon name="close" />
            </button>
          </form>
        </div>
        <div className="mini-cart__line">
          {product.image}
          <p>
            <strong>{product.name}</strong>
            {product.detail && <span className="mini-cart__detail">{product.detail}</span>}
            {product.inCart && <span className="mini-cart__detail">{product.inCart}</span>}
          </p>
        </div>
        <p className="mini-cart__actions">
          <CartLink className="button button--primary">{t('cart.view')}</CartLink>
          <button type="button" className="button" onClick={() => miniCart.current?.close()}>
            {t('cart.continueShopping')}
          </button>
        </p>
      </dialog>
    </div>
  );
}

/**
 * Whether `target` has scrolled up out of view (the sticky bar's cue). Below the screen, or still
 * visible, it has not: a desktop that shows the form never shows the bar.
 */
function useScrolledPast(target: React.RefObject<HTMLElement | null>, active: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    // The root reaches far below the screen, so the form counts as out of view only above it
    // (and a jump past it, to an anchor, changes the state as scrolling does).
    const observer = new IntersectionObserver(([entry]) => entry && setPast(!entry.isIntersecting), { rootMargin: '0px 0px 1000000px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, active]);
  // The page makes room at its end so the bar never covers the last lines (see .has-sticky-buy).
  useEffect(() => {
    document.body.classList.toggle('has-sticky-buy', past);
    return () => document.body.classList.remove('has-sticky-buy');
  }, [past]);
  return past;
}

/**
 * A link to the cart from a catalogue page. Its route is found when it is followed: found at the
 * page's load, it would add a route, and React Router then renders the whole page again (decision 0050).
 */
export function CartLink({ className, children }: { className?: string; children: ReactNode }) {
  const { lang } = useParams();
  return (
    <Link to={`/${lang}/checkout`} className={className} discover="none">
      {children}
    </Link>
  );
}

/** "Add to cart" on a listing card, for simple products (posted to the listing page itself). */
export function ListingAddToCart({ productId, variantId, productName }: { productId: number; variantId: number; productName: string }) {
  const { t } = useI18n();
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
      <button
        type="submit"
        name="intent"
        value="add-to-cart"
        className="button listing-add__button"
        disabled={fetcher.state !== 'idle'}
        aria-label={t('cart.addOf', { name: productName })}
      >
        {t('cart.add')}
      </button>
      {result && (
        <span className={result.ok ? 'listing-add__done' : 'field-error'} role={result.ok ? 'status' : 'alert'}>
          {result.ok ? <CartLink>{t('cart.addedShort')}</CartLink> : t(failures[result.reason])}
        </span>
      )}
    </fetcher.Form>
  );
}
