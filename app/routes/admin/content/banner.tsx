import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/banner';
import { AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ScheduleBadge } from '#app/components/admin/schedule-badge.tsx';
import { CheckboxField, CsrfField, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { parseForm } from '#app/lib/forms/field-errors.ts';
import { utcDateInput } from '#app/lib/forms/utc-dates.ts';
import { idOf, storeOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { bannerFields, bannerForEditing, bannerSchema, saveBanner } from '#app/modules/content/banners-admin.server.ts';
import { scheduleStateOf } from '#app/modules/schedule/content-schedule.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

type Field = (typeof bannerFields)[number];

const bannerOf = (params: { bannerId?: string; locale?: string }) => ({ locale: storeOf(params.locale), bannerId: idOf(params.bannerId) });

/** A banner's picture, window and published flag (every store) and one store's texts and link. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const { bannerId, locale } = bannerOf(params);
  const found = await orUnavailable(() => bannerForEditing(db, bannerId, locale));
  if (!found) throw data(null, { status: 404 });
  const { banner } = found;
  return { ...found, locale, state: scheduleStateOf({ published: banner.isPublished, from: banner.startsAt, until: banner.endsAt }) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const { bannerId, locale } = bannerOf(params);
  const form = await request.formData();
  const parsed = parseForm(bannerSchema, form, bannerFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  if (!(await orUnavailable(() => saveBanner(db, me.id, bannerId, locale, parsed.data)))) throw data(null, { status: 404 });
  throw redirect(`${adminPath('banners')}?saved#banner-${bannerId}`);
}

export default function BannerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { banner, text, locale, state } = loaderData;
  const field = (name: Field, label: string, stored: string, more: { hint?: string; required?: boolean; rows?: number; type?: 'datetime-local' } = {}) => (
    <TextField idPrefix="banner" name={name} label={label} defaultValue={actionData?.values[name] ?? stored} error={actionData?.fieldErrors[name]} {...more} />
  );
  return (
    <>
      <AdminPageHeader title={t('admin.banners.editTitle', { banner: text?.heading ?? banner.code, locale })}>
        <ScheduleBadge state={state} />
      </AdminPageHeader>
      <p>
        <Link to={adminPath('banners')}>{t('admin.banners.back')}</Link>
      </p>
      {actionData && <FormAlert error={{ key: 'admin.contentPages.notSaved' }} />}
      <Form method="post" noValidate className="admin-panel admin-form">
        <CsrfField />
        <fieldset>
          <legend>{t('admin.blog.textIn', { locale })}</legend>
          {field('heading', t('admin.banners.heading'), text?.heading ?? '', { required: true })}
          {field('text', t('admin.banners.text'), text?.text ?? '', { required: true, rows: 3 })}
          {field('linkPath', t('admin.banners.link'), text?.linkPath ?? '', { required: true, hint: t('admin.banners.linkHint') })}
          {field('linkLabel', t('admin.banners.linkLabel'), text?.linkLabel ?? '', { required: true })}
          {field('imageAlt', t('admin.blog.imageAlt'), text?.imageAlt ?? '')}
        </fieldset>
        <fieldset>
          <legend>{t('admin.blog.settings')}</legend>
          {field('imagePath', t('admin.blog.image'), banner.imagePath, { required: true, hint: t('admin.blog.imageHint') })}
          <CheckboxField
            idPrefix="banner"
            name="isPublished"
            label={t('admin.content.published')}
            defaultChecked={actionData ? actionData.values.isPublished === 'on' : banner.isPublished}
          />
          {field('startsAt', t('admin.content.from'), utcDateInput(banner.startsAt), { type: 'datetime-local', hint: t('admin.content.fromHint') })}
          {field('endsAt', t('admin.content.until'), utcDateInput(banner.endsAt), { type: 'datetime-local', hint: t('admin.content.untilHint') })}
        </fieldset>
        <div className="admin-actions">
          <button type="submit" className="button admin-button button--primary">
            {t('admin.save')}
          </button>
        </div>
      </Form>
    </>
  );
}
