import { Link, useActionData, useFetcher, useLocation, useParams, useRouteLoaderData } from 'react-router';
import type { loader as catalogueLoader } from '#app/routes/catalogue-page.tsx';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import type { WishlistSaveResult } from '#app/modules/wishlists/save-to-wishlist.server.ts';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { Icon } from '#app/components/shell/icons.tsx';

/**
 * "Save to wishlist" on product pages and product cards. It posts to the page itself, so it works
 * without JavaScript too; a guest is sent to log in and comes back to this page.
 */
export function WishlistButton({
  productId,
  variantId,
  productName,
  compact,
}: {
  productId: number;
  variantId?: number;
  productName: string;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const { lang } = useParams();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher<{ wishlist?: WishlistSaveResult }>();
  const pageResult = useActionData<{ wishlist?: WishlistSaveResult }>()?.wishlist;
  const result = fetcher.data?.wishlist ?? (pageResult?.productId === productId ? pageResult : undefined);
  // With several lists, the product page lets the customer choose one (the default list preselected).
  // The customer's lists come with the product page (its loader); listings offer no choice.
  const page = useRouteLoaderData<typeof catalogueLoader>('routes/catalogue-page');
  const lists = page?.kind === 'product' ? page.wishlists : [];
  const choice = !compact && lists.length > 1 ? lists : null;
  if (result?.ok) {
    return (
      <p className="wishlist-saved" role="status">
        <Icon name="heart" size={18} /> {t('wishlist.savedIn', { name: result.listName })}{' '}
        {!compact && (
          <Link to={`/${lang}/customer/wishlists`} discover="none">
            {t('wishlist.view')}
          </Link>
        )}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="wishlist-form">
      <CsrfField />
      <input type="hidden" name="intent" value="wishlist" />
      {/* where a guest comes back to after logging in */}
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      <input type="hidden" name="productId" value={productId} />
      {variantId !== undefined && <input type="hidden" name="variantId" value={variantId} />}
      {choice && (
        <>
          <label htmlFor={`wishlist-choice-${productId}`}>{t('wishlistChoice.label')}</label>
          <select id={`wishlist-choice-${productId}`} name="wishlistId" defaultValue={choice.find((list) => list.isDefault)?.id ?? choice[0]!.id}>
            {choice.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </>
      )}
      <button
        type="submit"
        className={compact ? 'icon-button wishlist-form__icon' : 'button wishlist-form__button'}
        aria-label={compact ? t('wishlist.saveOf', { name: productName }) : undefined}
        disabled={fetcher.state !== 'idle'}
      >
        <Icon name="heart" size={20} />
        {!compact && <span>{t('wishlist.save')}</span>}
      </button>
    </fetcher.Form>
  );
}
