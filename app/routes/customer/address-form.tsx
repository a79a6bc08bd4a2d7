import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/address-form';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { AddressFields } from '#app/components/account/address-fields.tsx';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { addressFields, addressSchema } from '#app/modules/customers/address-form.ts';
import { getAddress, saveAddress } from '#app/modules/customers/addresses.server.ts';
import { parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { recordId } from '#app/lib/forms/record-id.ts';

/** The address id of the edit route; null on address/create. A bad id is a 404. */
function addressIdOf(params: { addressId?: string }): number | null {
  if (params.addressId === undefined) return null;
  const id = recordId(params.addressId);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const addressId = addressIdOf(params);
  const address = addressId === null ? null : await orUnavailable(() => getAddress(db, context.get(customerContext)!.id, addressId));
  // Someone else's address looks exactly like one that does not exist.
  if (addressId !== null && !address) throw data(null, { status: 404 });
  return { prefix: storefront.prefix, defaultCountry: storefront.countryCode ?? 'NL', address };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const addressId = addressIdOf(params);
  const form = await request.formData();
  const parsed = parseForm(addressSchema, form, addressFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const saved = await orUnavailable(() => saveAddress(db, context.get(customerContext)!.id, addressId, parsed.data));
  if (!saved) throw data(null, { status: 404 });
  throw redirect(`${accountPath(context.get(storefrontContext).storefront.prefix, 'addresses')}?notice=saved`);
}

export default function AddressFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { prefix, address, defaultCountry } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const title = address ? t('account.editAddress') : t('account.addAddress');
  return (
    <AccountPage title={title} path={address ? `customer/address/${address.id}` : 'customer/address/create'} inArea>
      <Form method="post" noValidate className="form-stack account-form">
        <CsrfField />
        <AddressFields values={failure?.values ?? address ?? { countryCode: defaultCountry }} errors={failure?.fieldErrors ?? {}} withDefaults />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {t('account.saveAddress')}
          </button>
          <Link to={accountPath(prefix, 'addresses')}>{t('account.cancel')}</Link>
        </div>
      </Form>
    </AccountPage>
  );
}
