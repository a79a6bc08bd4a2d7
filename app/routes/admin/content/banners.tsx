import { data, redirect } from 'react-router';
import type { Route } from './+types/banners';
import { AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ItemControls } from '#app/components/admin/item-controls.tsx';
import { LocaleChips } from '#app/components/admin/locale-chips.tsx';
import { ScheduleBadge } from '#app/components/admin/schedule-badge.tsx';
import { NewItemForm } from '#app/components/admin/new-item-form.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { changeBanner, createBanner, listBannersForAdmin, newBannerFields, newBannerSchema } from '#app/modules/content/banners-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

/** The home-page banners in their order: texts per store, window, publish, order, delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  return { banners: await orUnavailable(() => listBannersForAdmin(db)), saved: new URL(request.url).searchParams.has('saved') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const intent = intentOf(form, ['new', 'up', 'down', 'publish', 'unpublish', 'delete'] as const);
  if (intent === 'new') {
    const parsed = parseForm(newBannerSchema, form, newBannerFields);
    if (!parsed.ok) return data(parsed, { status: 400 });
    const result = await orUnavailable(() => createBanner(db, me.id, parsed.data));
    if (!result.ok) return data(formFailure(form, newBannerFields, { code: { key: 'admin.faq.codeTaken' } }), { status: 400 });
    throw redirect(adminPath(`banners/${result.id}/${adminLocaleOf(me.locale)}`));
  }
  const id = idOf(form.get('id') as string | null);
  if (!(await orUnavailable(() => changeBanner(db, me.id, id, intent)))) throw data(null, { status: 404 });
  throw redirect(intent === 'delete' ? adminPath('banners') : `${adminPath('banners')}#banner-${id}`);
}

export default function BannersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { banners } = loaderData;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const when = (value: string | null) => (value ? `${time.format(new Date(value))} UTC` : '–');
  return (
    <>
      <AdminPageHeader title={t('admin.banners.title')} />
      <p className="admin-muted">{t('admin.banners.intro')}</p>
      {loaderData.saved && <AdminNotice>{t('admin.banners.saved')}</AdminNotice>}
      <AdminTable
        caption={t('admin.banners.title')}
        columns={[
          { label: t('admin.banners.banner') },
          { label: t('admin.banners.window') },
          { label: t('admin.blog.state') },
          { label: t('admin.contentPages.stores') },
          { label: t('admin.content.actions') },
        ]}
        empty={banners.length === 0}
        emptyText={t('admin.banners.none')}
      >
        {banners.map((banner, index) => {
          const name = banner.heading || banner.code;
          return (
            <tr key={banner.id} id={`banner-${banner.id}`}>
              <th scope="row">
                {name}
                <br />
                <code>{banner.code}</code>
              </th>
              <td>{banner.startsAt || banner.endsAt ? `${when(banner.startsAt)} – ${when(banner.endsAt)}` : t('admin.banners.always')}</td>
              <td>
                <ScheduleBadge state={banner.state} />
              </td>
              <td>
                <LocaleChips
                  hrefOf={(code) => adminPath(`banners/${banner.id}/${code}`)}
                  stateOf={(code) => (!banner.locales.includes(code) ? 'missing' : banner.isPublished ? 'published' : 'hidden')}
                />
              </td>
              <td>
                <ItemControls
                  name={name}
                  fields={{ id: banner.id }}
                  isFirst={index === 0}
                  isLast={index === banners.length - 1}
                  isPublished={banner.isPublished}
                />
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <NewItemForm idPrefix="banner" heading={t('admin.banners.new')} intent="new" failed={actionData} />
    </>
  );
}
