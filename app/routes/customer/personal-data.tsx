import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/personal-data';
import { AccountPage } from '../../components/account/account-page.tsx';
import { CheckboxField, CsrfField, FormNotice, TextField } from '../../components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '../../context.ts';
import { orUnavailable } from '../../db/with-database.server.ts';
import { accountPath } from '../../modules/customers/account-paths.ts';
import { personalDataFields, personalDataSchema } from '../../modules/customers/customer-forms.ts';
import { getPersonalData, updatePersonalData } from '../../modules/customers/personal-data.server.ts';
import { formFailure, parseForm } from '../../modules/forms/field-errors.ts';
import { useI18n } from '../../modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const personal = await orUnavailable(() => getPersonalData(db, context.get(customerContext)!.id));
  return { personal, saved: new URL(request.url).searchParams.has('saved') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(personalDataSchema, form, personalDataFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => updatePersonalData(db, context.get(customerContext)!.id, parsed.data));
  if (!result.ok) return data(formFailure(form, personalDataFields, result.fieldErrors), { status: result.status });
  throw redirect(`${accountPath(context.get(storefrontContext).storefront.prefix, 'personalData')}?saved`);
}

export default function PersonalDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { personal, saved } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  // After a failed save the form shows what was typed, otherwise what is stored.
  const values = failure?.values ?? { ...personal, companyName: personal.companyName ?? '', vatNumber: personal.vatNumber ?? '' };
  return (
    <AccountPage title={t('account.nav.personalData')} path="customer/account/edit" inArea>
      <FormNotice message={saved && !failure ? t('account.saved') : null} />
      <Form method="post" noValidate className="form-stack account-form">
        <CsrfField />
        <div className="form-row">
          <TextField name="firstName" label={t('account.firstName')} autoComplete="given-name" required defaultValue={values.firstName} error={errors.firstName} />
          <TextField name="lastName" label={t('account.lastName')} autoComplete="family-name" required defaultValue={values.lastName} error={errors.lastName} />
        </div>
        <TextField name="email" type="email" label={t('account.email')} autoComplete="email" required defaultValue={values.email} error={errors.email} />
        <TextField
          name="currentPassword"
          type="password"
          label={t('account.currentPassword')}
          autoComplete="current-password"
          hint={t('account.currentPasswordHint')}
          error={errors.currentPassword}
        />
        <fieldset className="form-fieldset">
          <legend>{t('account.businessHeading')}</legend>
          <CheckboxField name="isBusiness" label={t('account.isBusiness')} defaultChecked={failure ? values.isBusiness === 'on' : personal.isBusiness} />
          <TextField name="companyName" label={t('account.companyName')} autoComplete="organization" defaultValue={values.companyName} error={errors.companyName} />
          <TextField name="vatNumber" label={t('account.vatNumber')} defaultValue={values.vatNumber} error={errors.vatNumber} />
        </fieldset>
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          {t('account.save')}
        </button>
      </Form>
    </AccountPage>
  );
}
