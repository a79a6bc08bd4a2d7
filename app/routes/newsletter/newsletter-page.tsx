import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/newsletter-page';
import { CsrfField, FormAlert, FormNotice, TextField } from '#app/components/forms/form-fields.tsx';
import { PageHead, samePathAlternates } from '#app/components/page-head.tsx';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { newsletterPath } from '#app/modules/newsletter/newsletter-paths.ts';
import { requestSubscription, subscribeFields, subscribeSchema } from '#app/modules/newsletter/newsletter.server.ts';

/** /{prefix}/newsletter: the sign-up form; the footer's form posts here too, so both work without JavaScript. */
export function loader({ context }: Route.LoaderArgs) {
  const { prefix } = context.get(storefrontContext).storefront;
  return { prefix, alternates: samePathAlternates(`/${newsletterPath}`) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const parsed = parseForm(subscribeSchema, form, subscribeFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() =>
    requestSubscription(services, { email: parsed.data.email, storefront, source: 'footer', clientAddress: context.get(requestInfoContext).clientAddress }),
  );
  if (!result.ok) return data(formFailure(form, subscribeFields, {}, { key: 'account.tooManyAttempts' }), { status: 429 });
  // Already subscribed or not, the answer is the same: it must not tell others who reads the newsletter.
  return { ok: true as const, email: parsed.data.email };
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { prefix, alternates } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="container newsletter-page">
      <PageHead title={t('newsletter.title')} description={t('newsletter.intro')} alternates={alternates} />
      <Breadcrumbs items={[{ name: t('product.home'), href: `/${prefix}` }, { name: t('newsletter.title') }]} />
      <div className="auth-card newsletter-card">
        <h1>{t('newsletter.title')}</h1>
        {actionData?.ok ? (
          <FormNotice message={t('newsletter.checkMailbox', { email: actionData.email })} />
        ) : (
          <>
            <p>{t('newsletter.intro')}</p>
            <Form method="post" noValidate className="form-stack">
              <CsrfField />
              <FormAlert error={failure?.formError} />
              <TextField
                name="email"
                type="email"
                label={t('newsletter.emailLabel')}
                autoComplete="email"
                required
                defaultValue={failure?.values.email}
                error={failure?.fieldErrors.email}
                idPrefix="newsletter"
              />
              <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
                {t('newsletter.subscribeButton')}
              </button>
            </Form>
            <p className="form-field__hint">{t('newsletter.privacyNote')}</p>
          </>
        )}
      </div>
    </div>
  );
}
