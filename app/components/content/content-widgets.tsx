import { Form, Link, useNavigation } from 'react-router';
import type { ContentWidgetData, ContentWidgetName, ShowroomInfo } from '#app/modules/content/content-widgets.server.ts';
import type { ContactField, ContactOutcome, QuoteField } from '#app/modules/content/contact-messages.server.ts';
import { countryName } from '#app/modules/customers/countries.ts';
import { formatMoney } from '#app/modules/currency/money.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { TableScroll } from '#app/components/ui/table-scroll.tsx';
import { Notice } from '#app/components/ui/notice.tsx';

export type ContactActionData = ContactOutcome<ContactField> | ContactOutcome<QuoteField>;

/** One computed part of a content page (see content-widgets.server.ts). */
export function ContentWidget({ name, data, actionData }: { name: ContentWidgetName; data: ContentWidgetData; actionData?: ContactActionData }) {
  switch (name) {
    case 'company':
      return data.company ? <CompanyAddress company={data.company} full /> : null;
    case 'companyAddress':
      return data.companyAddress ? <CompanyAddress company={data.companyAddress} /> : null;
    case 'shippingRates':
      return data.shippingRates ? <ShippingRates table={data.shippingRates} /> : null;
    case 'paymentMethods':
      return data.paymentMethods ? <PaymentMethods {...data.paymentMethods} /> : null;
    case 'cookies':
      return data.cookies ? <CookieTable cookies={data.cookies} /> : null;
    case 'supportContacts':
      return data.supportContacts ? <SupportContacts contacts={data.supportContacts} /> : null;
    case 'showroom':
      return data.showroom ? <Showroom showroom={data.showroom} /> : null;
    case 'vatDisplay':
      return data.vatDisplay ? <VatDisplay {...data.vatDisplay} /> : null;
    case 'contactForm':
      return <ContactForm kind="contact" actionData={actionData} />;
    case 'quoteForm':
      return <ContactForm kind="quote" actionData={actionData} />;
  }
}

function CompanyAddress({ company, full }: { company: NonNullable<ContentWidgetData['company']>; full?: boolean }) {
  const { t, locale } = useI18n();
  return (
    <address className="content-address">
      <strong>{company.legalName}</strong>
      <br />
      {company.street}
      <br />
      {company.postalCity}
      <br />
      {countryName(company.countryCode, locale)}
      {full && (
        <>
          <br />
          {t('content.company.email')}: <a href={`mailto:${company.email}`}>{company.email}</a>
          <br />
          {t('content.company.vatNumber')}: {company.vatNumber}
          <br />
          {t('content.company.registration')}: {company.registration}
        </>
      )}
    </address>
  );
}

const euro = (cents: number, locale: string) => formatMoney(cents, 'EUR', locale);

/** "500 g", "2 kg": the weights of the rate table in the reader's language. */
const weight = (grams: number, locale: string) =>
  grams < 1_000
    ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'gram' }).format(grams)
    : new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 }).format(grams / 1_000);

function ShippingRates({ table }: { table: NonNullable<ContentWidgetData['shippingRates']> }) {
  const { t, locale } = useI18n();
  const columns = table.rows[0]?.prices ?? [];
  return (
    <>
      <TableScroll label={t('content.shipping.caption')}>
        <table className="content-table">
          <caption>{t('content.shipping.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('content.shipping.destination')}</th>
              {columns.map((column) => (
                <th key={column.upToGrams} scope="col">
                  {t(column.letterbox ? 'content.shipping.letterboxUpTo' : 'content.shipping.parcelUpTo', { weight: weight(column.upToGrams, locale) })}
                </th>
              ))}
              <th scope="col">{t('content.shipping.perKg')}</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.zone}>
                <th scope="row">
                  {t(`content.shipping.zone.${row.zone}`)}
                  {row.countries.length > 1 && (
                    <span className="content-table__detail">{row.countries.map((code) => countryName(code, locale)).join(', ')}</span>
                  )}
                </th>
                {row.prices.map((price) => (
                  <td key={price.upToGrams}>{euro(price.cents, locale)}</td>
                ))}
                <td>{euro(row.perExtraKgCents, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ul>
        <li>{t('content.shipping.pickupPointLess', { amount: euro(table.pickupPointDiscountCents, locale) })}</li>
        {table.freeShipping && (
          <li>
            {t('content.shipping.freeWithin', {
              country: countryName(table.freeShipping.countryCode, locale),
              amount: euro(table.freeShipping.fromCents, locale),
            })}
          </li>
        )}
        <li>{t('content.shipping.minimumOrder', { amount: euro(table.minimumOrderCents, locale) })}</li>
        <li>{t('content.shipping.warehousePickupWhere')}</li>
      </ul>
    </>
  );
}

function PaymentMethods({ currency, groups }: NonNullable<ContentWidgetData['paymentMethods']>) {
  const { t, locale } = useI18n();
  const names = (methods: readonly string[]) => methods.map((method) => t(`payment.method.${method}`)).join(', ');
  return (
    <TableScroll label={t('content.payment.caption', { currency })}>
      <table className="content-table">
        <caption>{t('content.payment.caption', { currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('content.payment.countries')}</th>
            <th scope="col">{t('content.payment.consumers')}</th>
            <th scope="col">{t('content.payment.business')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.countries.join()}>
              <th scope="row">{group.countries.map((code) => countryName(code, locale)).join(', ')}</th>
              <td>{names(group.consumer)}</td>
              <td>{names(group.business)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function lifetime(seconds: number | null, locale: string, untilClosed: string): string {
  if (seconds === null) return untilClosed;
  const days = Math.round(seconds / 86_400);
  const [unit, count] = days % 365 === 0 ? (['year', days / 365] as const) : (['day', days] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
}

function CookieTable({ cookies }: { cookies: NonNullable<ContentWidgetData['cookies']> }) {
  const { t, locale } = useI18n();
  return (
    <TableScroll label={t('content.cookies.caption')}>
      <table className="content-table">
        <caption>{t('content.cookies.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('content.cookies.name')}</th>
            <th scope="col">{t('content.cookies.purpose')}</th>
            <th scope="col">{t('content.cookies.lifetime')}</th>
          </tr>
        </thead>
        <tbody>
          {cookies.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row">
                <code>{cookie.name}</code>
              </th>
              <td>{t(`content.cookies.purposes.${cookie.name}`)}</td>
              <td>{lifetime(cookie.maxAgeSeconds, locale, t('content.cookies.untilClosed'))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export type SupportContactDetails = NonNullable<ContentWidgetData['supportContacts']>;

/** Customer service of spec §9: e-mail, WhatsApp and phone with their hours (contact page and footer). */
export function SupportContacts({ contacts }: { contacts: SupportContactDetails }) {
  const { t } = useI18n();
  const whatsapp = `https://wa.me/${contacts.whatsapp.replace(/\D/g, '')}`;
  return (
    <dl className="support-contacts">
      <div>
        <dt>{t('content.support.email')}</dt>
        <dd>
          <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
        </dd>
      </div>
      <div>
        <dt>{t('content.support.whatsapp')}</dt>
        <dd>
          <a href={whatsapp} rel="noopener noreferrer">
            {contacts.whatsapp}
          </a>
        </dd>
      </div>
      <div>
        <dt>{t('content.support.phone')}</dt>
        <dd>
          <a href={`tel:${contacts.phone.replace(/\s/g, '')}`}>{contacts.phone}</a>
        </dd>
      </div>
      <div>
        <dt>{t('content.support.hours')}</dt>
        <dd>
          {t('content.support.writtenHours', { from: contacts.writtenHours[0], until: contacts.writtenHours[1] })}
          <br />
          {t('content.support.phoneHours', { from: contacts.phoneHours[0], until: contacts.phoneHours[1] })}
        </dd>
      </div>
    </dl>
  );
}

export function OpeningHours({ hours, closures }: { hours: { weekday: number; opens: string; closes: string }[]; closures: { date: string; name: string }[] }) {
  const { t, locale } = useI18n();
  // 2024-01-07 was a Sunday: weekday n is that date plus n days.
  const weekdayName = (weekday: number) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + weekday)));
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const open = new Set(hours.map((entry) => entry.weekday));
  return (
    <>
      <table className="content-table opening-hours">
        <caption>{t('content.stores.openingHours')}</caption>
        <tbody>
          {[1, 2, 3, 4, 5, 6, 0].map((weekday) => {
            const entry = hours.find((hour) => hour.weekday === weekday);
            return (
              <tr key={weekday}>
                <th scope="row">{weekdayName(weekday)}</th>
                <td>{open.has(weekday) && entry ? `${entry.opens}–${entry.closes}` : t('content.stores.closed')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {closures.length > 0 && (
        <div className="closures">
          <h3>{t('content.stores.holidays')}</h3>
          <ul>
            {closures.map((closure) => (
              <li key={closure.date}>
                <time dateTime={closure.date}>{dateFormat.format(new Date(`${closure.date}T00:00:00Z`))}</time> ({closure.name}): {t('content.stores.closed')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** A store's postal address and phone number. */
export function StoreAddress({ store }: { store: Pick<ShowroomInfo, 'street' | 'zipCode' | 'city' | 'countryCode' | 'phone'> }) {
  const { t, locale } = useI18n();
  return (
    <address>
      {store.street}
      <br />
      {store.zipCode} {store.city}
      <br />
      {countryName(store.countryCode, locale)}
      <br />
      {t('content.support.phone')}: <a href={`tel:${store.phone.replace(/\s/g, '')}`}>{store.phone}</a>
    </address>
  );
}

function Showroom({ showroom }: { showroom: NonNullable<ContentWidgetData['showroom']> }) {
  const { t, locale } = useI18n();
  const prefix = storefrontByCode(locale)?.prefix ?? 'en';
  return (
    <section className="showroom-card" aria-labelledby="showroom-heading">
      <h2 id="showroom-heading">{showroom.name}</h2>
      <StoreAddress store={showroom} />
      <OpeningHours hours={showroom.hours} closures={showroom.closures} />
      <p>
        <Link to={`/${prefix}/stores`}>{t('content.stores.allStores')}</Link>
      </p>
    </section>
  );
}

function VatDisplay({ includeVat, storeDefaultIncludesVat, vatRateBp }: NonNullable<ContentWidgetData['vatDisplay']>) {
  const { t, locale } = useI18n();
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(vatRateBp / 10_000);
  return (
    <div className="notice notice--info vat-display">
      <p>
        <strong>{includeVat ? t('content.vat.nowIncl', { rate }) : t('content.vat.nowExcl')}</strong>
      </p>
      <p>{storeDefaultIncludesVat ? t('content.vat.storeDefaultIncl') : t('content.vat.storeDefaultExcl')}</p>
    </div>
  );
}

/** The contact form and the wholesale quote request; a plain POST form, so it works without JavaScript. */
function ContactForm({ kind, actionData }: { kind: 'contact' | 'quote'; actionData?: ContactActionData }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  if (actionData?.ok && actionData.kind !== 'ignored' && actionData.kind === kind) {
    return <Notice tone="success">{t(kind === 'quote' ? 'content.quote.sent' : 'content.contact.sent', { email: actionData.email })}</Notice>;
  }
  if (actionData?.ok && actionData.kind === 'ignored') {
    return <Notice tone="success">{t('content.contact.sentShort')}</Notice>;
  }
  const failure =
    actionData && !actionData.ok
      ? (actionData as { fieldErrors: Record<string, { key: string } | undefined>; values: Record<string, string | undefined>; formError?: { key: string } })
      : undefined;
  const errors = failure?.fieldErrors ?? {};
  const values = failure?.values ?? {};
  const id = kind;
  return (
    <Form
      method="post"
      noValidate
      className="form-stack contact-form"
      aria-label={t(kind === 'quote' ? 'content.quote.formLabel' : 'content.contact.formLabel')}
    >
      <FormAlert error={failure?.formError} />
      <CsrfField />
      <input type="hidden" name="intent" value={kind} />
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t('content.contact.honeypot')}</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <TextField idPrefix={id} name="name" label={t('content.contact.name')} autoComplete="name" required defaultValue={values.name} error={errors.name} />
      <TextField
        idPrefix={id}
        name="email"
        type="email"
        label={t('content.contact.email')}
        autoComplete="email"
        required
        defaultValue={values.email}
        error={errors.email}
      />
      {kind === 'contact' ? (
        <>
          <TextField
            idPrefix={id}
            name="orderNumber"
            label={t('content.contact.orderNumber')}
            defaultValue={values.orderNumber}
            error={errors.orderNumber}
            hint={t('content.contact.orderNumberHint')}
          />
          <TextField idPrefix={id} name="subject" label={t('content.contact.subject')} required defaultValue={values.subject} error={errors.subject} />
        </>
      ) : (
        <TextField
          idPrefix={id}
          name="company"
          label={t('content.quote.company')}
          autoComplete="organization"
          required
          defaultValue={values.company}
          error={errors.company}
        />
      )}
      <TextField
        idPrefix={id}
        name="message"
        rows={6}
        label={t(kind === 'quote' ? 'content.quote.message' : 'content.contact.message')}
        required
        defaultValue={values.message}
        error={errors.message}
      />
      <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
        {t(kind === 'quote' ? 'content.quote.send' : 'content.contact.send')}
      </button>
    </Form>
  );
}
