import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/register';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CheckboxField, CsrfField, FormAlert, TextField, NewPasswordFields } from '#app/components/forms/form-fields.tsx';
import { customerContext, requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath, safeReturnTo } from '#app/modules/customers/account-paths.ts';
import { registerFields, registerSchema } from '#app/modules/customers/customer-forms.ts';
import { redirectAsLoggedIn } from '#app/modules/customers/log-in-response.server.ts';
import { registerCustomer } from '#app/modules/customers/register.server.ts';
import { sendVerificationMail } from '#app/modules/customers/email-verification.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestSubscription } from '#app/modules/newsletter/newsletter.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { prefix } = context.get(storefrontContext).storefront;
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'), prefix);
  if (context.get(customerContext)) throw redirect(returnTo);
  return { prefix, returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const parsed = parseForm(registerSchema, form, registerFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => registerCustomer(db, parsed.data, storefront.code, context.get(requestInfoContext).clientAddress));
  if (!result.ok && result.reason === 'too-many-attempts')
    return data(formFailure(form, registerFields, {}, { key: 'account.tooManyAttempts' }), { status: 429 });
  if (!result.ok) return data(formFailure(form, registerFields, { email: { key: 'account.emailTaken' } }), { status: 400 });
  // The account can shop at once; its address is verified through the mailed link (issue 15).
  await orUnavailable(() => sendVerificationMail(context.get(servicesContext), storefront, result.customerId));
  if (parsed.data.newsletter) {
    const services = context.get(servicesContext);
    await orUnavailable(() =>
      requestSubscription(services, {
        email: parsed.data.email,
        storefront,
        source: 'registration',
        customerId: result.customerId,
        clientAddress: context.get(requestInfoContext).clientAddress,
      }),
    );
  }
  const returnTo = safeReturnTo(String(form.get('returnTo') ?? ''), storefront.prefix);
  return orUnavailable(() => redirectAsLoggedIn(db, request, result.customerId, returnTo, secureCookies));
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { prefix, returnTo } = loaderData;
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values ?? {};
  return (
    <AccountPage title={t('account.registerTitle')} path="customer/account/create" narrow>
      <Form method="post" noValidate className="form-stack auth-card">
        <CsrfField />
        <FormAlert error={failure?.formError} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="form-row">
          <TextField
            name="firstName"
            label={t('account.firstName')}
            autoComplete="given-name"
            required
            defaultValue={values.firstName}
            error={errors.firstName}
          />
          <TextField name="lastName" label={t('account.lastName')} autoComplete="family-name" required defaultValue={values.lastName} error={errors.lastName} />
        </div>
        <TextField name="email" type="email" label={t('account.email')} autoComplete="email" required defaultValue={values.email} error={errors.email} />
        <NewPasswordFields label={t('account.password')} errors={errors} />
        <fieldset className="form-fieldset">
          <legend>{t('account.businessHeading')}</legend>
          <p className="form-field__hint">{t('account.businessText')}</p>
          <TextField
            name="companyName"
            label={t('account.companyName')}
            autoComplete="organization"
            defaultValue={values.companyName}
            error={errors.companyName}
          />
          <TextField name="vatNumber" label={t('account.vatNumber')} defaultValue={values.vatNumber} error={errors.vatNumber} />
        </fieldset>
        <CheckboxField name="newsletter" label={t('account.newsletterOptIn')} defaultChecked={values.newsletter === 'on'} />
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          {t('account.createAccount')}
        </button>
        <p>
          {t('account.haveAccount')} <Link to={`${accountPath(prefix, 'login')}?returnTo=${encodeURIComponent(returnTo)}`}>{t('account.logIn')}</Link>
        </p>
      </Form>
    </AccountPage>
  );
}
