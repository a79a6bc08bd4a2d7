import { Link } from 'react-router';
import type { Route } from './+types/overview';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { AddressLines, OrderTable } from '#app/components/account/account-display.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { getAccountOverview } from '#app/modules/customers/account-overview.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { listCustomerOrders } from '#app/modules/orders/customer-orders.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const customer = context.get(customerContext)!;
  const [overview, orders] = await orUnavailable(() =>
    Promise.all([getAccountOverview(db, customer.id), listCustomerOrders(db, customer.id, { pageSize: 3 })]),
  );
  return { prefix: context.get(storefrontContext).storefront.prefix, ...overview, recentOrders: orders.orders, orderCount: orders.window.total };
}

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, personal, defaultShipping, defaultBilling, recentOrders, orderCount, wishlistItemCount } = loaderData;
  return (
    <AccountPage title={t('account.overviewTitle', { name: personal.firstName })} path="customer" inArea>
      <div className="account-cards">
        <section className="account-card" aria-labelledby="overview-personal">
          <h2 id="overview-personal">{t('account.nav.personalData')}</h2>
          <p>
            {personal.firstName} {personal.lastName}
            <br />
            {personal.email}
            {personal.companyName && (
              <>
                <br />
                {personal.companyName}
              </>
            )}
          </p>
          <p>{personal.newsletterSubscribed ? t('account.newsletterOn') : t('account.newsletterOff')}</p>
          <Link to={accountPath(prefix, 'personalData')}>{t('account.edit')}</Link>
        </section>
        <section className="account-card" aria-labelledby="overview-shipping">
          <h2 id="overview-shipping">{t('account.defaultShipping')}</h2>
          {defaultShipping ? <AddressLines address={defaultShipping} /> : <p>{t('account.noDefaultAddress')}</p>}
          <Link to={accountPath(prefix, 'addresses')}>{t('account.manageAddresses')}</Link>
        </section>
        <section className="account-card" aria-labelledby="overview-billing">
          <h2 id="overview-billing">{t('account.defaultBilling')}</h2>
          {defaultBilling ? <AddressLines address={defaultBilling} /> : <p>{t('account.noDefaultAddress')}</p>}
          <Link to={accountPath(prefix, 'addresses')}>{t('account.manageAddresses')}</Link>
        </section>
        <section className="account-card" aria-labelledby="overview-wishlist">
          <h2 id="overview-wishlist">{t('account.nav.wishlists')}</h2>
          <p>{t('account.wishlistCount', { count: wishlistItemCount })}</p>
          <Link to={accountPath(prefix, 'wishlists')}>{t('account.viewWishlists')}</Link>
        </section>
      </div>
      <section aria-labelledby="overview-orders" className="account-section">
        <h2 id="overview-orders">{t('account.recentOrders')}</h2>
        {recentOrders.length === 0 ? <p>{t('account.orders.none')}</p> : <OrderTable orders={recentOrders} prefix={prefix} />}
        {orderCount > recentOrders.length && <Link to={accountPath(prefix, 'orders')}>{t('account.orders.all', { count: orderCount })}</Link>}
      </section>
    </AccountPage>
  );
}
