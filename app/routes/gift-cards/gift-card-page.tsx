import { useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/gift-card-page';
import { Breadcrumbs } from '#app/components/catalogue/product-card.tsx';
import { CsrfField, TextField } from '#app/components/forms/form-fields.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { PageHead } from '#app/components/page-head.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { cartCookie } from '#app/modules/cart/cart-count.server.ts';
import { readCookie } from '#app/lib/http/cookies.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefronts } from '#app/modules/i18n/locales.ts';
import { giftCardBalancePath, giftCardPagePath, isOwnGiftCardPath } from '#app/modules/gift-cards/gift-card-paths.ts';
import { buyGiftCard, giftCardBoundsText } from '#app/modules/gift-cards/gift-card-page.server.ts';
import { shopToday } from '#app/modules/gift-cards/gift-card-purchase.ts';

/** /{prefix}/{gift-card segment of the store}: choose, preview and buy a gift card (issue 15). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { storefront } = context.get(storefrontContext);
  if (!isOwnGiftCardPath(new URL(request.url).pathname, storefront.prefix, giftCardPagePath(storefront.code))) throw data(null, { status: 404 });
  return {
    prefix: storefront.prefix,
    locale: storefront.code,
    bounds: giftCardBoundsText(storefront),
    today: shopToday(),
    balancePath: `/${storefront.prefix}/${giftCardBalancePath(storefront.code)}`,
    alternates: Object.fromEntries(storefronts.map((store) => [store.code, `/${store.prefix}/${giftCardPagePath(store.code)}`])),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { storefront, currency } = context.get(storefrontContext);
  const form = await request.formData();
  const result = await orUnavailable(() =>
    buyGiftCard(services, { storefront, currency, cartId: readCookie(request, cartCookie), customerId: context.get(customerContext)?.id ?? null }, form),
  );
  if (!result.ok) return data(result.failure, { status: 400 });
  throw redirect(`/${storefront.prefix}/checkout`, { status: 303, headers: { 'Set-Cookie': result.setCookie } });
}

type Values = Partial<Record<'amount' | 'senderName' | 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn', string>>;

export default function GiftCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const { prefix, locale, bounds, today, balancePath, alternates } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const initial: Values = { amount: '50', deliverOn: today, ...failure?.values };
  // The preview follows the fields as they are typed; without JavaScript it shows what was last posted.
  const [values, setValues] = useState<Values>(initial);
  const cents = Math.round(Number((values.amount ?? '').replace(',', '.')) * 100);
  const amount = Number.isFinite(cents) && cents > 0 ? formatMoney(cents, 'EUR', locale) : '—';
  return (
    <div className="container gift-card-page">
      <PageHead title={t('giftCards.pageTitle')} description={t('giftCards.intro')} alternates={alternates} />
      <Breadcrumbs items={[{ name: t('product.home'), href: `/${prefix}` }, { name: t('giftCards.pageTitle') }]} />
      <h1>{t('giftCards.pageTitle')}</h1>
      <p>{t('giftCards.intro')}</p>
      <div className="gift-card-page__layout">
        <Form
          method="post"
          noValidate
          className="form-stack gift-card-form"
          onChange={(event) => setValues(Object.fromEntries(new FormData(event.currentTarget)) as Values)}
        >
          <CsrfField />
          <TextField
            name="amount"
            label={t('giftCards.amount')}
            hint={t('giftCards.amountHint', bounds)}
            required
            defaultValue={initial.amount}
            error={failure?.fieldErrors.amount}
            idPrefix="gift-card"
          />
          <TextField
            name="senderName"
            label={t('giftCards.senderName')}
            autoComplete="name"
            required
            defaultValue={initial.senderName}
            error={failure?.fieldErrors.senderName}
            idPrefix="gift-card"
          />
          <TextField
            name="recipientName"
            label={t('giftCards.recipientName')}
            autoComplete="off"
            required
            defaultValue={initial.recipientName}
            error={failure?.fieldErrors.recipientName}
            idPrefix="gift-card"
          />
          <TextField
            name="recipientEmail"
            type="email"
            label={t('giftCards.recipientEmail')}
            autoComplete="off"
            required
            defaultValue={initial.recipientEmail}
            error={failure?.fieldErrors.recipientEmail}
            idPrefix="gift-card"
          />
          <Field id="gift-card-message" label={t('giftCards.message')} error={failure?.fieldErrors.message}>
            {(control) => (
              <textarea
                id={control.id}
                name="message"
                rows={3}
                maxLength={300}
                defaultValue={initial.message}
                aria-invalid={control['aria-invalid']}
                aria-describedby={control['aria-describedby']}
              />
            )}
          </Field>
          <TextField
            name="deliverOn"
            type="date"
            label={t('giftCards.deliverOn')}
            hint={t('giftCards.deliverOnHint')}
            required
            defaultValue={initial.deliverOn}
            error={failure?.fieldErrors.deliverOn}
            idPrefix="gift-card"
          />
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {t('giftCards.add')}
          </button>
          <p className="form-field__hint">{t('giftCards.euroNote')}</p>
        </Form>
        <section className="gift-card-preview" aria-labelledby="gift-card-preview-title">
          <h2 id="gift-card-preview-title">{t('giftCards.preview')}</h2>
          <div className="gift-card-preview__card">
            <p className="gift-card-preview__title">{t('giftCards.pdf.title')}</p>
            <p className="gift-card-preview__amount">{amount}</p>
            <p>{t('giftCards.pdf.to', { name: values.recipientName || '…' })}</p>
            <p>{t('giftCards.pdf.from', { name: values.senderName || '…' })}</p>
            {values.message && <p className="gift-card-preview__message">“{values.message}”</p>}
            <p className="gift-card-preview__code">XXXX-XXXX-XXXX-XXXX</p>
          </div>
          <p>
            <a href={balancePath}>{t('giftCards.balance.link')}</a>
          </p>
        </section>
      </div>
    </div>
  );
}
