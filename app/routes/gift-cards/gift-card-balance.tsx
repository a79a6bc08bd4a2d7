import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/gift-card-balance';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { CsrfField, FormAlert, FormNotice, TextField } from '#app/components/forms/form-fields.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { requestInfoContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { lookUpBalance } from '#app/modules/gift-cards/gift-card-balance.server.ts';
import { giftCardBalancePath, giftCardPagePath, isOwnGiftCardPath } from '#app/modules/gift-cards/gift-card-paths.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { shopTimeZone, storefronts } from '#app/modules/i18n/locales.ts';

/** /{prefix}/{gift-card segment}/{balance segment}: a card's balance and expiry by its code (issue 15). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { storefront } = context.get(storefrontContext);
  if (!isOwnGiftCardPath(new URL(request.url).pathname, storefront.prefix, giftCardBalancePath(storefront.code))) throw data(null, { status: 404 });
  return {
    prefix: storefront.prefix,
    giftCardPath: `/${storefront.prefix}/${giftCardPagePath(storefront.code)}`,
    alternates: Object.fromEntries(storefronts.map((store) => [store.code, `/${store.prefix}/${giftCardBalancePath(store.code)}`])),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const code = String(form.get('code') ?? '').slice(0, 100);
  if (!code.trim()) return data({ ok: false as const, code, fieldError: { key: 'validation.required' }, formError: undefined }, { status: 400 });
  const result = await orUnavailable(() => lookUpBalance(db, context.get(requestInfoContext).clientAddress, code));
  if (result.ok) {
    const dates = new Intl.DateTimeFormat(storefront.code, { dateStyle: 'long', timeZone: shopTimeZone });
    return {
      ok: true as const,
      code,
      balance: formatMoney(result.balanceEurCents, 'EUR', storefront.code),
      initial: formatMoney(result.initialEurCents, 'EUR', storefront.code),
      expiresOn: result.expiresAt ? dates.format(result.expiresAt) : null,
      expired: result.expired,
    };
  }
  if (result.reason === 'rate-limited')
    return data({ ok: false as const, code, fieldError: undefined, formError: { key: 'giftCards.balance.rateLimited' } }, { status: 429 });
  const key = result.reason === 'mistyped' ? 'giftCards.codeMistyped' : 'giftCards.balance.notFound';
  return data({ ok: false as const, code, fieldError: { key }, formError: undefined }, { status: 400 });
}

export default function GiftCardBalancePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { prefix, giftCardPath, alternates } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const found = actionData?.ok ? actionData : undefined;
  return (
    <div className="container">
      <PageHead title={t('giftCards.balance.title')} description={t('giftCards.balance.intro')} alternates={alternates} />
      <Breadcrumbs
        items={[
          { name: t('product.home'), href: `/${prefix}` },
          { name: t('giftCards.pageTitle'), href: giftCardPath },
          { name: t('giftCards.balance.title') },
        ]}
      />
      <div className="auth-card gift-card-balance">
        <h1>{t('giftCards.balance.title')}</h1>
        <p>{t('giftCards.balance.intro')}</p>
        {found && (
          <div role="status">
            <FormNotice message={t('giftCards.balance.result', { balance: found.balance, initial: found.initial })} />
            {found.expiresOn && (
              <p>{found.expired ? t('giftCards.balance.expired', { date: found.expiresOn }) : t('giftCards.validUntil', { date: found.expiresOn })}</p>
            )}
          </div>
        )}
        <Form method="post" noValidate className="form-stack">
          <CsrfField />
          <FormAlert error={failure?.formError} />
          <TextField
            name="code"
            label={t('giftCards.balance.code')}
            autoComplete="off"
            required
            defaultValue={actionData?.code}
            error={failure?.fieldError}
            idPrefix="gift-card-balance"
          />
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {t('giftCards.balance.submit')}
          </button>
        </Form>
      </div>
    </div>
  );
}
