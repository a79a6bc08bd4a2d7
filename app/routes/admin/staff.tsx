import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/staff';
import { AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FieldMessage, FormAlert, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { staffRoles } from '#app/modules/admin/permissions.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  resetStaffAccess,
  setStaffDisabled,
  staffInviteFields,
  staffInviteSchema,
  staffSort,
} from '#app/modules/admin/staff-accounts.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'staff.manage');
  const { db } = context.get(servicesContext);
  const sort = parseListSort(staffSort, new URL(request.url).searchParams);
  return { staff: await orUnavailable(() => listStaff(db, sort)), sort, myId: me.id };
}

const intents = ['invite', 'role', 'disable', 'enable', 'reset'] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'staff.manage');
  const { db, siteUrl } = context.get(servicesContext);
  const form = await request.formData();
  const intent = intentOf(form, intents);
  const linkOf = (token: string) => `${siteUrl}${adminPath(`password/${token}`)}`;
  if (intent === 'invite') {
    const parsed = parseForm(staffInviteSchema, form, staffInviteFields);
    if (!parsed.ok) return data({ ...parsed, intent }, { status: 400 });
    const result = await orUnavailable(() => inviteStaff(db, me.id, parsed.data));
    if (!result.ok) return data({ ...formFailure(form, staffInviteFields, { email: { key: 'admin.staff.emailTaken' } }), intent }, { status: 400 });
    return { ok: true as const, intent, message: 'admin.staff.invited', link: linkOf(result.token) };
  }
  const staffId = idOf(form.get('staffId'));
  const outcome = await orUnavailable(async () => {
    if (intent === 'role') {
      const role = staffRoles.find((candidate) => candidate === form.get('role'));
      if (!role) throw data(null, { status: 400 });
      return { result: await changeStaffRole(db, me.id, staffId, role), message: 'admin.staff.roleChanged', link: null };
    }
    if (intent === 'reset') {
      const result = await resetStaffAccess(db, me.id, staffId);
      return { result, message: 'admin.staff.resetLink', link: result.ok ? linkOf(result.token) : null };
    }
    return {
      result: await setStaffDisabled(db, me.id, staffId, intent === 'disable'),
      message: intent === 'disable' ? 'admin.staff.disabled' : 'admin.staff.enabled',
      link: null,
    };
  });
  if (!outcome.result.ok) {
    if (outcome.result.reason === 'not-found') throw data(null, { status: 404 });
    return data({ ok: false as const, intent, formError: { key: 'admin.staff.notYourself' }, fieldErrors: {}, values: {} }, { status: 400 });
  }
  return { ok: true as const, intent, message: outcome.message, link: outcome.link };
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const inviteFailure = actionData && !actionData.ok && actionData.intent === 'invite' ? actionData : undefined;
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <>
      <AdminPageHeader title={t('admin.staff.title')} />
      {actionData?.ok && (
        <AdminNotice>
          {t(actionData.message)}
          {actionData.link && (
            <>
              {' '}
              <span className="admin-link-box">{actionData.link}</span>
            </>
          )}
        </AdminNotice>
      )}
      {actionData && !actionData.ok && actionData.intent !== 'invite' && <FormAlert error={actionData.formError} />}
      <AdminTable
        caption={t('admin.staff.title')}
        className="admin-table--staff"
        sort={loaderData.sort}
        columns={[
          { label: t('admin.staff.name'), sortKey: 'name' },
          { label: t('admin.staff.email'), sortKey: 'email', className: 'admin-wide' },
          { label: t('admin.staff.role'), sortKey: 'role' },
          { label: t('admin.staff.status'), sortKey: 'status' },
          { label: t('admin.staff.since'), sortKey: 'since', sortFirst: 'desc', className: 'admin-wide' },
          { label: t('admin.staff.actions') },
        ]}
      >
        {loaderData.staff.map((member) => {
          const self = member.id === loaderData.myId;
          const status = member.disabledAt ? 'disabled' : !member.hasPassword ? 'invited' : !member.hasTotp ? 'noTwoFactor' : 'active';
          return (
            <tr key={member.id}>
              <th scope="row">
                {member.name}
                <span className="admin-muted admin-narrow">{member.email}</span>
              </th>
              <td className="admin-wide">{member.email}</td>
              <td>
                {self ? (
                  t(`admin.roles.${member.role}`)
                ) : (
                  <Form method="post" className="admin-inline-form">
                    <CsrfField />
                    <input type="hidden" name="staffId" value={member.id} />
                    <label className="visually-hidden" htmlFor={`role-${member.id}`}>
                      {t('admin.staff.roleOf', { name: member.name })}
                    </label>
                    <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
                      {staffRoles.map((role) => (
                        <option key={role} value={role}>
                          {t(`admin.roles.${role}`)}
                        </option>
                      ))}
                    </select>
                    <button type="submit" name="intent" value="role" className="button admin-button admin-button--small">
                      {t('admin.staff.changeRole')}
                    </button>
                  </Form>
                )}
              </td>
              <td>
                <span className={`admin-badge admin-badge--${status}`}>{t(`admin.staff.statuses.${status}`)}</span>
              </td>
              <td className="admin-wide">{dateFormat.format(new Date(member.createdAt))}</td>
              <td>
                {!self && (
                  <Form method="post" className="admin-inline-form">
                    <CsrfField />
                    <input type="hidden" name="staffId" value={member.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="reset"
                      className="button admin-button admin-button--small"
                      aria-label={t('admin.staff.resetFor', { name: member.name })}
                    >
                      {t('admin.staff.reset')}
                    </button>
                    {member.disabledAt ? (
                      <button
                        type="submit"
                        name="intent"
                        value="enable"
                        className="button admin-button admin-button--small"
                        aria-label={t('admin.staff.enableFor', { name: member.name })}
                      >
                        {t('admin.staff.enable')}
                      </button>
                    ) : (
                      <button
                        type="submit"
                        name="intent"
                        value="disable"
                        className="button admin-button admin-button--small button--danger"
                        aria-label={t('admin.staff.disableFor', { name: member.name })}
                      >
                        {t('admin.staff.disable')}
                      </button>
                    )}
                  </Form>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <section className="admin-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t('admin.staff.inviteTitle')}</h2>
        <p className="admin-muted">{t('admin.staff.inviteText')}</p>
        <Form method="post" noValidate className="admin-form admin-form--row">
          <CsrfField />
          <TextField
            idPrefix="invite"
            name="name"
            label={t('admin.staff.name')}
            required
            defaultValue={inviteFailure?.values.name}
            error={inviteFailure?.fieldErrors.name}
          />
          <TextField
            idPrefix="invite"
            name="email"
            type="email"
            label={t('admin.staff.email')}
            required
            defaultValue={inviteFailure?.values.email}
            error={inviteFailure?.fieldErrors.email}
          />
          <div className="form-field">
            <label htmlFor="invite-role">{t('admin.staff.role')}</label>
            <select
              id="invite-role"
              name="role"
              defaultValue={inviteFailure?.values.role ?? 'support'}
              aria-describedby={inviteFailure?.fieldErrors.role ? 'invite-role-error' : undefined}
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`admin.roles.${role}`)}
                </option>
              ))}
            </select>
            <FieldMessage id="invite-role-error" error={inviteFailure?.fieldErrors.role} />
          </div>
          <button type="submit" name="intent" value="invite" className="button admin-button button--primary" disabled={navigation.state === 'submitting'}>
            {t('admin.staff.invite')}
          </button>
        </Form>
        <dl className="admin-roles">
          {staffRoles.map((role) => (
            <div key={role}>
              <dt>{t(`admin.roles.${role}`)}</dt>
              <dd>{t(`admin.roleDescriptions.${role}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
