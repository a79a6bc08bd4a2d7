import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/gift-cards';
import { AdminPager, AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode, storefronts } from '#app/modules/i18n/locales.ts';
import { requestedPage } from '#app/lib/paging/page-window.ts';
import {
  giftCardFields,
  giftCardSchema,
  giftCardSort,
  issueGiftCard,
  listGiftCards,
  sendGiftCardMail,
} from '#app/modules/promotions/promotions-admin.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'giftcards.read');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const sort = parseListSort(giftCardSort, url.searchParams);
  const { rows, window } = await orUnavailable(() => listGiftCards(db, requestedPage(url), sort));
  return { cards: rows, window, sort, canWrite: can(me.role, 'giftcards.write') };
}

/** Issues a card (EUR) and, with a recipient, mails its code in the chosen store's language. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'giftcards.write');
  const services = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseForm(giftCardSchema, form, giftCardFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const { amount, expiresAt, recipientEmail, mailLocale } = parsed.data;
  const card = await orUnavailable(() => issueGiftCard(services.db, me.id, { amountCents: amount, expiresAt, recipientEmail: recipientEmail || null }));
  if (card.recipientEmail) {
    const storefront = storefrontByCode(mailLocale) ?? storefronts[0]!;
    await orUnavailable(() => sendGiftCardMail(services, storefront, { ...card, recipientEmail: card.recipientEmail! }));
  }
  return { ok: true as const, code: card.code, mailed: card.recipientEmail };
}

export default function GiftCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const euros = (cents: number) => formatMoney(cents, 'EUR', locale);
  return (
    <>
      <AdminPageHeader title={t('admin.giftCards.title')} />
      {actionData?.ok && (
        <AdminNotice>
          {t('admin.giftCards.issued', { code: actionData.code })}
          {actionData.mailed && ` ${t('admin.giftCards.mailed', { email: actionData.mailed })}`}
        </AdminNotice>
      )}
      {loaderData.canWrite && (
        <section className="admin-panel" aria-labelledby="issue-heading">
          <h2 id="issue-heading">{t('admin.giftCards.issue')}</h2>
          <Form method="post" noValidate className="admin-form admin-form--row">
            <CsrfField />
            <TextField
              idPrefix="gift"
              name="amount"
              label={t('admin.giftCards.amount')}
              hint={t('admin.giftCards.amountHint')}
              required
              defaultValue={failure?.values.amount}
              error={failure?.fieldErrors.amount}
            />
            <div className="form-field">
              <label htmlFor="gift-expiresAt">
                {t('admin.giftCards.expiresAt')} <span className="form-field__optional">({t('form.optional')})</span>
              </label>
              <input
                id="gift-expiresAt"
                name="expiresAt"
                type="date"
                defaultValue={failure?.values.expiresAt}
                aria-invalid={failure?.fieldErrors.expiresAt ? true : undefined}
                aria-describedby={failure?.fieldErrors.expiresAt ? 'gift-expiresAt-error' : undefined}
              />
              {failure?.fieldErrors.expiresAt && (
                <p id="gift-expiresAt-error" className="field-error">
                  {t(failure.fieldErrors.expiresAt.key)}
                </p>
              )}
            </div>
            <TextField
              idPrefix="gift"
              name="recipientEmail"
              type="email"
              label={t('admin.giftCards.recipient')}
              defaultValue={failure?.values.recipientEmail}
              error={failure?.fieldErrors.recipientEmail}
            />
            <div className="form-field">
              <label htmlFor="gift-mailLocale">{t('admin.giftCards.mailLanguage')}</label>
              <select id="gift-mailLocale" name="mailLocale" defaultValue={failure?.values.mailLocale ?? 'en'}>
                {storefronts.map((storefront) => (
                  <option key={storefront.code} value={storefront.code}>
                    {storefront.name} ({storefront.code})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
              {t('admin.giftCards.issueButton')}
            </button>
          </Form>
        </section>
      )}
      <AdminTable
        caption={t('admin.giftCards.title')}
        sort={loaderData.sort}
        columns={[
          { label: t('admin.giftCards.code'), sortKey: 'code' },
          { label: t('admin.giftCards.balance'), numeric: true, sortKey: 'balance', sortFirst: 'desc' },
          { label: t('admin.giftCards.recipient'), sortKey: 'recipient', className: 'admin-wide' },
          { label: t('admin.giftCards.issuedOn'), sortKey: 'issued', sortFirst: 'desc', className: 'admin-wide' },
          { label: t('admin.giftCards.expiresAt'), sortKey: 'expires', className: 'admin-wide' },
          { label: t('admin.giftCards.state'), sortKey: 'state', sortFirst: 'desc' },
        ]}
        empty={loaderData.cards.length === 0}
        emptyText={t('admin.giftCards.none')}
      >
        {loaderData.cards.map((card) => (
          <tr key={card.id}>
            <th scope="row">
              <Link to={adminPath(`gift-cards/${card.id}`)}>
                <code>{card.code}</code>
              </Link>
            </th>
            <td className="admin-number">
              {euros(card.balanceCents)} / {euros(card.initialCents)}
            </td>
            <td className="admin-wide">{card.recipientEmail ?? '—'}</td>
            <td className="admin-nowrap admin-wide">{date.format(new Date(card.createdAt))}</td>
            <td className="admin-nowrap admin-wide">{card.expiresAt ? date.format(new Date(card.expiresAt)) : t('admin.giftCards.never')}</td>
            <td>
              <span className={`admin-badge admin-badge--${card.disabledAt ? 'disabled' : 'active'}`}>
                {t(card.disabledAt ? 'admin.giftCards.disabled' : 'admin.giftCards.active')}
              </span>
            </td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={loaderData.window} path={adminPath('gift-cards')} />
    </>
  );
}
