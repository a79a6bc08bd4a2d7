import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/coupon';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CheckboxField, CsrfField, FieldMessage, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { can } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { formatCurrencyAmount, minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { utcDateInput } from '#app/lib/forms/utc-dates.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { couponFields, couponSchema, couponUsage, getCoupon, saveCoupon, setCouponActive } from '#app/modules/promotions/promotions-admin.server.ts';

/** 'new' or a coupon id. */
const couponIdOf = (param: string | undefined) => (param === 'new' ? null : idOf(param));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'coupons.read');
  const { db } = context.get(servicesContext);
  const couponId = couponIdOf(params.couponId);
  const canWrite = can(me.role, 'coupons.write');
  if (couponId === null) {
    if (!canWrite) throw data({ reason: 'forbidden' }, { status: 403 });
    return { coupon: null, usage: [], canWrite, saved: false };
  }
  const [coupon, usage] = await orUnavailable(() => Promise.all([getCoupon(db, couponId), couponUsage(db, couponId)]));
  if (!coupon) throw data(null, { status: 404 });
  return { coupon, usage, canWrite, saved: new URL(request.url).searchParams.has('saved') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'coupons.write');
  const { db } = context.get(servicesContext);
  const couponId = couponIdOf(params.couponId);
  const form = await request.formData();
  const intent = intentOf(form, ['save', 'disable', 'enable'] as const);
  if (intent !== 'save') {
    if (couponId === null || !(await orUnavailable(() => setCouponActive(db, me.id, couponId, intent === 'enable')))) throw data(null, { status: 404 });
    throw redirect(`${adminPath(`coupons/${couponId}`)}?saved`);
  }
  const parsed = parseForm(couponSchema, form, couponFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const result = await orUnavailable(() => saveCoupon(db, me.id, couponId, parsed.data));
  if (!result.ok) {
    if (result.reason === 'not-found') throw data(null, { status: 404 });
    const error = result.reason === 'code-taken' ? { code: { key: 'admin.coupons.codeTaken' } } : { usageLimit: { key: 'admin.coupons.limitBelowUse' } };
    return data(formFailure(form, couponFields, error), { status: 400 });
  }
  throw redirect(`${adminPath(`coupons/${result.id}`)}?saved`);
}

export default function CouponPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const { coupon, usage, canWrite } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const value = (field: (typeof couponFields)[number], stored: string) => failure?.values[field] ?? stored;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <>
      <AdminPageHeader title={coupon ? t('admin.coupons.editTitle', { code: coupon.code }) : t('admin.coupons.new')}>
        {coupon && canWrite && (
          <Form method="post">
            <CsrfField />
            <button
              type="submit"
              name="intent"
              value={coupon.isActive ? 'disable' : 'enable'}
              className={`button admin-button${coupon.isActive ? ' button--danger' : ''}`}
            >
              {t(coupon.isActive ? 'admin.coupons.disable' : 'admin.coupons.enable')}
            </button>
          </Form>
        )}
      </AdminPageHeader>
      <p>
        <Link to={adminPath('coupons')}>{t('admin.coupons.back')}</Link>
      </p>
      {loaderData.saved && !failure && <AdminNotice>{t('admin.coupons.saved')}</AdminNotice>}
      {failure && <FormAlert error={{ key: 'admin.coupons.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form admin-form--grid">
        <CsrfField />
        <fieldset disabled={!canWrite} className="admin-fieldset">
          <legend className="visually-hidden">{t('admin.coupons.title')}</legend>
          <TextField
            idPrefix="coupon"
            name="code"
            label={t('admin.coupons.code')}
            required
            defaultValue={value('code', coupon?.code ?? '')}
            error={failure?.fieldErrors.code}
          />
          <div className="form-field">
            <label htmlFor="coupon-kind">{t('admin.coupons.kind')}</label>
            <select id="coupon-kind" name="kind" defaultValue={value('kind', coupon?.kind ?? 'percent')}>
              {(['percent', 'fixed', 'free_shipping'] as const).map((kind) => (
                <option key={kind} value={kind}>
                  {t(`admin.coupons.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            idPrefix="coupon"
            name="percent"
            label={t('admin.coupons.percent')}
            hint={t('admin.coupons.percentHint')}
            defaultValue={value('percent', coupon?.kind === 'percent' ? String(coupon.value / 100) : '')}
            error={failure?.fieldErrors.percent}
          />
          <TextField
            idPrefix="coupon"
            name="amount"
            label={t('admin.coupons.amount')}
            hint={t('admin.coupons.amountHint')}
            defaultValue={value('amount', coupon?.kind === 'fixed' ? minorUnitsToDecimal(coupon.value) : '')}
            error={failure?.fieldErrors.amount}
          />
          <DateField
            name="startsAt"
            label={t('admin.coupons.startsAt')}
            defaultValue={value('startsAt', utcDateInput(coupon?.startsAt ?? null))}
            error={failure?.fieldErrors.startsAt}
          />
          <DateField
            name="endsAt"
            label={t('admin.coupons.endsAt')}
            defaultValue={value('endsAt', utcDateInput(coupon?.endsAt ?? null))}
            error={failure?.fieldErrors.endsAt}
          />
          <TextField
            idPrefix="coupon"
            name="minSubtotal"
            label={t('admin.coupons.minSubtotal')}
            defaultValue={value('minSubtotal', coupon ? minorUnitsToDecimal(coupon.minSubtotalEurCents) : '0')}
            error={failure?.fieldErrors.minSubtotal}
          />
          <TextField
            idPrefix="coupon"
            name="usageLimit"
            label={t('admin.coupons.usageLimit')}
            hint={t('admin.coupons.emptyUnlimited')}
            defaultValue={value('usageLimit', coupon?.usageLimit?.toString() ?? '')}
            error={failure?.fieldErrors.usageLimit}
          />
          <TextField
            idPrefix="coupon"
            name="perCustomerLimit"
            label={t('admin.coupons.perCustomerLimit')}
            hint={t('admin.coupons.emptyUnlimited')}
            defaultValue={value('perCustomerLimit', coupon?.perCustomerLimit?.toString() ?? '')}
            error={failure?.fieldErrors.perCustomerLimit}
          />
          <CheckboxField
            idPrefix="coupon"
            name="isActive"
            label={t('admin.coupons.isActive')}
            defaultChecked={failure ? failure.values.isActive === 'on' : (coupon?.isActive ?? true)}
          />
        </fieldset>
        {canWrite && (
          <div>
            <button type="submit" name="intent" value="save" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
              {t('admin.save')}
            </button>
          </div>
        )}
      </Form>
      {coupon && (
        <section className="admin-panel" aria-labelledby="usage-heading">
          <h2 id="usage-heading">{t('admin.coupons.usage', { count: coupon.timesUsed })}</h2>
          {usage.length > 0 && (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.customers.orderNumber')}</th>
                  <th scope="col">{t('admin.customers.email')}</th>
                  <th scope="col">{t('admin.customers.date')}</th>
                  <th scope="col" className="admin-number">
                    {t('admin.coupons.discount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {usage.map((use) => (
                  <tr key={use.orderNumber}>
                    <th scope="row">
                      <Link to={adminPath(`orders/${use.orderNumber}`)}>{use.orderNumber}</Link>
                    </th>
                    <td>{use.email}</td>
                    <td>{date.format(new Date(use.createdAt))}</td>
                    <td className="admin-number">{formatCurrencyAmount(use.discountCents, use.currencyCode, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}

/** Dates are entered and shown in UTC, which the hint says. */
function DateField({ name, label, defaultValue, error }: { name: string; label: string; defaultValue: string; error?: { key: string } }) {
  const { t } = useI18n();
  const id = `coupon-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="datetime-local"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        {t('admin.coupons.utcHint')}
      </p>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
