import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/wishlists';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { imageSources } from '#app/components/catalogue/product-card.tsx';
import { CsrfField, FormAlert, FormNotice, TextField } from '#app/components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { cartSetCookie } from '#app/modules/cart/add-to-cart.server.ts';
import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { lineName } from '#app/modules/orders/line-name.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { usePriceDisplay } from '#app/modules/pricing/price-context.tsx';
import { formatPrice } from '#app/modules/pricing/price-display.ts';
import { parseIntent } from '#app/lib/forms/field-errors.ts';
import { changeWishlist, type WishlistNotice, wishlistItemToCart } from '#app/modules/wishlists/wishlist-actions.server.ts';
import { wishlistChangeSchema, wishlistNotFound } from '#app/modules/wishlists/wishlist-forms.ts';
import { wishlistPageData } from '#app/modules/wishlists/wishlist-page.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const lists = await orUnavailable(() => wishlistPageData(db, context.get(customerContext)!.id, storefront.code));
  return { prefix: storefront.prefix, notice: new URL(request.url).searchParams.get('notice'), lists };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const customerId = context.get(customerContext)!.id;
  const form = await request.formData();
  const back = (notice: WishlistNotice, headers?: HeadersInit) =>
    redirect(`${accountPath(selection.storefront.prefix, 'wishlists')}?notice=${notice}`, { headers });
  const change = parseIntent(wishlistChangeSchema, form);
  if (!change.ok) {
    if (change.error.key === wishlistNotFound) throw data(null, { status: 404 });
    return data({ formError: change.error, intent: change.intent, wishlistId: form.get('wishlistId') }, { status: 400 });
  }
  const input = change.data;
  if (input.intent === 'add-to-cart') {
    const visitor = { cartId: readCookie(request, cartCookie), customerId, locale: selection.storefront.code, currency: selection.currency };
    const added = await orUnavailable(() => wishlistItemToCart(db, visitor, input.itemId));
    switch (added.kind) {
      case 'not-found':
        throw data(null, { status: 404 });
      case 'choose-options':
        throw redirect(`/${selection.storefront.prefix}/${added.urlKey}`);
      case 'refused':
        return data({ formError: { key: added.reason === 'quantity' ? 'errors.quantity' : 'errors.productsGone' } }, { status: 400 });
      case 'added':
        throw back('added-to-cart', { 'Set-Cookie': cartSetCookie(added.cartId, secureCookies) });
    }
  }
  const result = await orUnavailable(() => changeWishlist(db, customerId, input));
  if (result.kind === 'not-found') throw data(null, { status: 404 });
  if (result.kind === 'invalid') return data({ formError: result.error, intent: input.intent, wishlistId: form.get('wishlistId') }, { status: 400 });
  throw back(result.notice);
}

const notices: Record<string, string> = {
  created: 'wishlist.created',
  renamed: 'wishlist.renamed',
  deleted: 'wishlist.deleted',
  'default-set': 'wishlist.defaultSet',
  moved: 'wishlist.moved',
  removed: 'wishlist.removed',
  'added-to-cart': 'wishlist.addedToCart',
};

export default function WishlistsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const display = usePriceDisplay();
  const { prefix, lists, notice } = loaderData;
  const createError = actionData && 'intent' in actionData && actionData.intent === 'create' ? actionData.formError : undefined;
  return (
    <AccountPage title={t('account.nav.wishlists')} path="customer/wishlists" inArea>
      <FormNotice message={notice && notices[notice] ? t(notices[notice]) : null} />
      {actionData && !('intent' in actionData && actionData.intent === 'create') && <FormAlert error={actionData.formError} />}
      <Form method="post" noValidate className="wishlist-create" key={notice ?? ''}>
        <CsrfField />
        <input type="hidden" name="intent" value="create" />
        <TextField name="name" idPrefix="new-wishlist" label={t('wishlist.newListName')} required error={createError} />
        <button type="submit" className="button">
          {t('wishlist.create')}
        </button>
      </Form>
      {lists.length === 0 && <p>{t('wishlist.empty')}</p>}
      {lists.map((list) => (
        <section key={list.id} className="account-section wishlist" aria-labelledby={`wishlist-${list.id}`}>
          <header className="wishlist__header">
            <h2 id={`wishlist-${list.id}`}>
              {list.name} {list.isDefault && <span className="chip">{t('wishlist.default')}</span>}
            </h2>
            <details className="wishlist__manage">
              <summary>{t('wishlist.manage', { name: list.name })}</summary>
              <Form method="post" noValidate className="form-inline">
                <CsrfField />
                <input type="hidden" name="wishlistId" value={list.id} />
                <TextField name="name" idPrefix={`rename-${list.id}`} label={t('wishlist.rename')} required defaultValue={list.name} />
                <button type="submit" name="intent" value="rename" className="button">
                  {t('wishlist.renameButton')}
                </button>
              </Form>
              <Form method="post" className="form-inline">
                <CsrfField />
                <input type="hidden" name="wishlistId" value={list.id} />
                {!list.isDefault && (
                  <button type="submit" name="intent" value="set-default" className="button">
                    {t('wishlist.makeDefault')}
                  </button>
                )}
                <button type="submit" name="intent" value="delete" className="button button--danger">
                  {t('wishlist.deleteList')}
                </button>
              </Form>
            </details>
          </header>
          {list.items.length === 0 ? (
            <p>{t('wishlist.listEmpty')}</p>
          ) : (
            <ul className="wishlist__items">
              {list.items.map((item) => (
                <li key={item.id} className="wishlist-item">
                  {item.imagePath && <img {...imageSources(item.imagePath, 96)} width={96} height={96} alt="" loading="lazy" />}
                  <div className="wishlist-item__text">
                    <Link to={`/${prefix}/${item.urlKey}`}>{lineName(item, t, locale)}</Link>
                    <span className="data-table__sub">{t('product.itemNumber', { sku: item.sku })}</span>
                    <span>
                      {item.variantId ? formatPrice(item.priceCents, display) : t('product.priceFrom', { price: formatPrice(item.priceCents, display) })}
                    </span>
                    <span className={`stock-badge ${item.inStock ? 'stock-badge--in' : 'stock-badge--out'}`}>
                      {item.inStock ? t('product.inStock') : t('product.outOfStock')}
                    </span>
                  </div>
                  <div className="wishlist-item__actions">
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="itemId" value={item.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="add-to-cart"
                        className="button button--primary"
                        disabled={!item.inStock}
                        aria-label={t('wishlist.addToCartOf', { name: item.name })}
                      >
                        {item.variantId ? t('wishlist.addToCart') : t('wishlist.chooseOptions')}
                      </button>
                    </Form>
                    {lists.length > 1 && (
                      <Form method="post" className="form-inline">
                        <CsrfField />
                        <input type="hidden" name="itemId" value={item.id} />
                        <label htmlFor={`move-${item.id}`}>{t('wishlist.moveTo')}</label>
                        <select id={`move-${item.id}`} name="targetWishlistId">
                          {lists
                            .filter((other) => other.id !== list.id)
                            .map((other) => (
                              <option key={other.id} value={other.id}>
                                {other.name}
                              </option>
                            ))}
                        </select>
                        <button type="submit" name="intent" value="move" className="button" aria-label={t('wishlist.moveOf', { name: item.name })}>
                          {t('wishlist.move')}
                        </button>
                      </Form>
                    )}
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="itemId" value={item.id} />
                      <button type="submit" name="intent" value="remove" className="link-button" aria-label={t('wishlist.removeOf', { name: item.name })}>
                        {t('wishlist.remove')}
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </AccountPage>
  );
}
