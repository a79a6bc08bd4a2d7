import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/personal-data';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { CheckboxField, CsrfField, FormNotice, TextField } from '#app/components/forms/form-fields.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { personalDataFields, personalDataSchema } from '#app/modules/customers/customer-forms.ts';
import { sendVerificationMail } from '#app/modules/customers/email-verification.server.ts';
import { getPersonalData, updatePersonalData } from '#app/modules/customers/personal-data.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const personal = await orUnavailable(() => getPersonalData(db, context.get(customerContext)!.id));
  const query = new URL(request.url).searchParams;
  return { personal, saved: query.has('saved'), verification: query.get('verification') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const customerId = context.get(customerContext)!.id;
  const form = await request.formData();
  // The e-mail verification link again (issue 15), at most a few times an hour.
  if (form.get('intent') === 'resend-verification') {
    const sent = await orUnavailable(() => sendVerificationMail(services, storefront, customerId));
    throw redirect(`${accountPath(storefront.prefix, 'personalData')}?verification=${sent ? 'sent' : 'limited'}`);
  }
  const parsed = parseForm(personalDataSchema, form, personalDataFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => updatePersonalData(services.db, customerId, parsed.data));
  if (!result.ok) return data(formFailure(form, personalDataFields, result.fieldErrors), { status: result.status });
  if (result.emailChangePending) await orUnavailable(() => sendVerificationMail(services, storefront, customerId));
  throw redirect(`${accountPath(storefront.prefix, 'personalData')}?saved${result.emailChangePending ? '&verification=change' : ''}`);
}

export default function PersonalDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { personal, saved, verification } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  // After a failed save the form shows what was typed, otherwise what is stored.
  const values = failure?.values ?? { ...personal, companyName: personal.companyName ?? '', vatNumber: personal.vatNumber ?? '' };
  return (
    <AccountPage title={t('account.nav.personalData')} path="customer/account/edit" inArea>
      <FormNotice
        message={
          failure
            ? null
            : verification === 'change' && personal.pendingEmail
              ? t('emailVerification.account.changeRequested', { email: personal.pendingEmail })
              : saved
                ? t('account.saved')
                : null
        }
      />
      <EmailVerificationStatus personal={personal} verification={verification} />
      <Form method="post" noValidate className="form-stack account-form">
        <CsrfField />
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
          <TextField
            name="companyName"
            label={t('account.companyName')}
            autoComplete="organization"
            defaultValue={values.companyName}
            error={errors.companyName}
          />
          <TextField name="vatNumber" label={t('account.vatNumber')} defaultValue={values.vatNumber} error={errors.vatNumber} />
        </fieldset>
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          {t('account.save')}
        </button>
      </Form>
    </AccountPage>
  );
}

/** Whether the address is verified, a new address waiting for its link, and the resend button (issue 15). */
function EmailVerificationStatus({
  personal,
  verification,
}: {
  personal: { email: string; emailVerifiedAt: Date | string | null; pendingEmail: string | null };
  verification: string | null;
}) {
  const { t } = useI18n();
  const waitingFor = personal.pendingEmail ?? (personal.emailVerifiedAt === null ? personal.email : null);
  if (!waitingFor) {
    return <p className="account-verified">✓ {t('emailVerification.account.verified')}</p>;
  }
  return (
    <section className="notice" aria-label={t('emailVerification.page.title')}>
      <p>
        {personal.pendingEmail
          ? t('emailVerification.account.pending', { email: personal.pendingEmail, current: personal.email })
          : t('emailVerification.account.notVerified')}
      </p>
      {verification === 'sent' && <p role="status">{t('emailVerification.account.resent', { email: waitingFor })}</p>}
      {verification === 'limited' && <p role="alert">{t('emailVerification.account.tooMany')}</p>}
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" className="button">
          {t('emailVerification.account.resend')}
        </button>
      </Form>
    </section>
  );
}
