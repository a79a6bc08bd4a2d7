import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/wishlists';
import { AccountPage } from '../../components/account/account-page.tsx';
import { imageSources } from '../../components/catalogue/product-card.tsx';
import { CsrfField, FormAlert, FormNotice, TextField } from '../../components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { addToCart, cartSetCookie } from '../../modules/cart/add-to-cart.server.ts';
import { cartCookie } from '../../modules/cart/cart-count.server.ts';
import { getListingIndex } from '../../modules/catalogue/listing-index.server.ts';
import { lineOptionsByVariant } from '../../modules/catalogue/variant-options.server.ts';
import { accountPath } from '../../modules/customers/account-paths.ts';
import { readCookie } from '../../modules/http/cookies.server.ts';
import { lineName } from '../../modules/orders/line-name.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';
import { usePriceDisplay } from '../../modules/pricing/price-context.tsx';
import { formatPrice } from '../../modules/pricing/price-display.ts';
import { wishlistActions } from '../../modules/wishlists/wishlist-actions.server.ts';
import { getWishlists } from '../../modules/wishlists/wishlists.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const [lists, index] = await orUnavailable(() => Promise.all([getWishlists(db, context.get(customerContext)!.id), getListingIndex(db)]));
  const products = new Map(index.products.map((product) => [product.id, product]));
  const variantIds = lists.flatMap((list) => list.items.flatMap((item) => (item.variantId ? [item.variantId] : [])));
  const options = await orUnavailable(() => lineOptionsByVariant(db, variantIds, storefront.code));
  return {
    prefix: storefront.prefix,
    notice: new URL(request.url).searchParams.get('notice'),
    lists: lists.map((list) => ({
      ...list,
      items: list.items.flatMap((item) => {
        const product = products.get(item.productId);
        if (!product) return [];
        return [
          {
            id: item.id,
            variantId: item.variantId,
            name: product.names[storefront.code] ?? product.sku,
            isSample: false,
            options: (item.variantId && options.get(item.variantId)) || [],
            urlKey: product.urlKeys[storefront.code] ?? '',
            imagePath: product.imagePath,
            sku: item.variantSku ?? product.sku,
            priceCents: item.variantPriceCents ?? product.minPriceCents,
            inStock: item.variantInStock ?? product.inStock,
          },
        ];
      }),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const selection = context.get(storefrontContext);
  const customerId = context.get(customerContext)!.id;
  const form = await request.formData();
  const back = (notice: string, headers?: HeadersInit) => redirect(`${accountPath(selection.storefront.prefix, 'wishlists')}?notice=${notice}`, { headers });
  if (form.get('intent') === 'add-to-cart') {
    const item = await orUnavailable(() => wishlistActions.itemOf(db, customerId, form));
    if (!item) throw data(null, { status: 404 });
    if (item.variantId === null) {
      // Saved without a variant: the product page lets the shopper choose colour and length.
      const product = (await orUnavailable(() => getListingIndex(db))).products.find((candidate) => candidate.id === item.productId);
      throw redirect(`/${selection.storefront.prefix}/${product?.urlKeys[selection.storefront.code] ?? ''}`);
    }
    const variantId = item.variantId;
    const added = await orUnavailable(() =>
      addToCart(db, { cartId: readCookie(request, cartCookie), customerId, locale: selection.storefront.code, currency: selection.currency, variantId, quantity: 1 }),
    );
    if (!added.ok) return data({ formError: { key: added.reason === 'quantity' ? 'errors.quantity' : 'errors.productsGone' } }, { status: 400 });
    throw back('added-to-cart', { 'Set-Cookie': cartSetCookie(added.cartId, secureCookies) });
  }
  const result = await orUnavailable(() => wishlistActions.run(db, customerId, form));
  if (result.kind === 'not-found') throw data(null, { status: 404 });
  if (result.kind === 'invalid') return data({ formError: result.error, intent: form.get('intent'), wishlistId: form.get('wishlistId') }, { status: 400 });
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
                    <span>{item.variantId ? formatPrice(item.priceCents, display) : t('product.priceFrom', { price: formatPrice(item.priceCents, display) })}</span>
                    <span className={`stock-badge ${item.inStock ? 'stock-badge--in' : 'stock-badge--out'}`}>{item.inStock ? t('product.inStock') : t('product.outOfStock')}</span>
                  </div>
                  <div className="wishlist-item__actions">
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="itemId" value={item.id} />
                      <button type="submit" name="intent" value="add-to-cart" className="button button--primary" disabled={!item.inStock} aria-label={t('wishlist.addToCartOf', { name: item.name })}>
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
