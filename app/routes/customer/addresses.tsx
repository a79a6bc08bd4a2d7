import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/addresses';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { AddressLines } from '#app/components/account/account-display.tsx';
import { CsrfField, FormNotice } from '#app/components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { deleteAddress, listAddresses } from '#app/modules/customers/addresses.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { recordId } from '#app/lib/forms/record-id.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const addresses = await orUnavailable(() => listAddresses(db, context.get(customerContext)!.id));
  return { prefix: context.get(storefrontContext).storefront.prefix, addresses, notice: new URL(request.url).searchParams.get('notice') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const addressId = recordId(form.get('addressId'));
  if (form.get('intent') !== 'delete' || addressId === null) throw data(null, { status: 400 });
  // Someone else's address id finds nothing to delete: the same 404 as an id that never existed.
  if (!(await orUnavailable(() => deleteAddress(db, context.get(customerContext)!.id, addressId)))) throw data(null, { status: 404 });
  throw redirect(`${accountPath(context.get(storefrontContext).storefront.prefix, 'addresses')}?notice=deleted`);
}

const notices: Record<string, string> = { saved: 'account.addressSaved', deleted: 'account.addressDeleted' };

export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, addresses, notice } = loaderData;
  return (
    <AccountPage title={t('account.nav.addresses')} path="customer/address" inArea>
      <FormNotice message={notice && notices[notice] ? t(notices[notice]) : null} />
      <p>
        <Link to={accountPath(prefix, 'addressCreate')} className="button button--primary">
          {t('account.addAddress')}
        </Link>
      </p>
      {addresses.length === 0 ? (
        <p>{t('account.noAddresses')}</p>
      ) : (
        <ul className="account-cards">
          {addresses.map((address) => (
            <li key={address.id} className="account-card">
              <AddressLines address={address} />
              {(address.isDefaultShipping || address.isDefaultBilling) && (
                <ul className="chips chips--static">
                  {address.isDefaultShipping && <li className="chip">{t('account.defaultShipping')}</li>}
                  {address.isDefaultBilling && <li className="chip">{t('account.defaultBilling')}</li>}
                </ul>
              )}
              <div className="account-card__actions">
                <Link
                  to={`${accountPath(prefix, 'addresses')}/${address.id}`}
                  aria-label={t('account.editAddressOf', { name: `${address.street} ${address.houseNumber}` })}
                >
                  {t('account.edit')}
                </Link>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="addressId" value={address.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className="link-button"
                    aria-label={t('account.deleteAddressOf', { name: `${address.street} ${address.houseNumber}` })}
                  >
                    {t('account.delete')}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
