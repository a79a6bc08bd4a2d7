import type { Route } from './+types/gift-cards';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { accountPaths } from '#app/modules/customers/account-paths.ts';
import { boughtGiftCards } from '#app/modules/gift-cards/sold-gift-cards.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { TableScroll } from '#app/components/ui/table-scroll.tsx';

/** The gift cards the customer bought and whether they went out (issue 15); the codes are the recipients'. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const cards = await orUnavailable(() => boughtGiftCards(db, context.get(customerContext)!.id));
  return { cards, locale: storefront.code, prefix: storefront.prefix };
}

export default function GiftCardsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { cards, locale, prefix } = loaderData;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <AccountPage title={t('giftCards.account.title')} path={accountPaths.giftCards} inArea>
      {cards.length === 0 ? (
        <p>{t('giftCards.account.empty')}</p>
      ) : (
        <>
          <p>{t('giftCards.account.intro')}</p>
          <TableScroll label={t('giftCards.account.title')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('giftCards.account.recipient')}</th>
                  <th scope="col">{t('giftCards.account.amount')}</th>
                  <th scope="col">{t('giftCards.account.deliverOn')}</th>
                  <th scope="col">{t('giftCards.account.status')}</th>
                  <th scope="col">{t('giftCards.account.order')}</th>
                </tr>
              </thead>
              <tbody>
                {cards.map((card, index) => (
                  <tr key={`${card.orderNumber}-${index}`}>
                    <td>
                      {card.purchase.recipientName}
                      <br />
                      <span className="muted">{card.purchase.recipientEmail}</span>
                    </td>
                    <td>{formatMoney(card.purchase.amountEurCents, 'EUR', locale)}</td>
                    <td>{day.format(new Date(`${card.purchase.deliverOn}T00:00:00Z`))}</td>
                    <td>{t(`giftCards.account.state.${card.state}`)}</td>
                    <td>
                      <a href={`/${prefix}/${accountPaths.orders}/${card.orderNumber}`}>{card.orderNumber}</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </AccountPage>
  );
}
