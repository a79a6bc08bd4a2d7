import { data, Form } from 'react-router';
import type { Route } from './+types/mail-outbox';
import { AdminPager, AdminTable, AdminTabs } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import { discardMail, listOutbox, outboxSort, outboxViews, retryMail } from '#app/modules/admin/mail-outbox.server.ts';
import { requestedPage } from '#app/lib/paging/page-window.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'mail.outbox');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const view = outboxViews.find((candidate) => candidate === url.searchParams.get('view')) ?? 'failed';
  const sort = parseListSort(outboxSort, url.searchParams);
  const list = await orUnavailable(() => listOutbox(db, view, requestedPage(url), sort));
  return { view, views: outboxViews, sort, ...list };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'mail.outbox');
  const { db, mailer } = context.get(servicesContext);
  const form = await request.formData();
  const intent = intentOf(form, ['retry', 'discard'] as const);
  const mailId = idOf(form.get('mailId'));
  const done = await orUnavailable(() => (intent === 'retry' ? retryMail(db, me.id, mailId) : discardMail(db, me.id, mailId)));
  if (!done) return data({ ok: false as const, message: 'admin.mail.notPossible' }, { status: 409 });
  if (intent === 'retry' && mailer instanceof MailOutbox) mailer.deliverSoon();
  return { ok: true as const, message: intent === 'retry' ? 'admin.mail.retrying' : 'admin.mail.discarded' };
}

export default function MailOutboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { view, views, sort, rows, window } = loaderData;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const actionable = view === 'failed' || view === 'pending';
  return (
    <>
      <AdminPageHeader title={t('admin.mail.title')} />
      {actionData && <AdminNotice tone={actionData.ok ? 'success' : 'error'}>{t(actionData.message)}</AdminNotice>}
      <AdminTabs
        label={t('admin.mail.views')}
        tabs={views.map((candidate) => ({
          to: `${adminPath('mail')}?view=${candidate}`,
          label: t(`admin.mail.view.${candidate}`),
          current: candidate === view,
        }))}
      />
      <AdminTable
        caption={t(`admin.mail.view.${view}`)}
        sort={sort}
        columns={[
          { label: t('admin.mail.created'), sortKey: 'created', sortFirst: 'desc' },
          { label: t('admin.mail.to'), sortKey: 'to' },
          { label: t('admin.mail.subject'), sortKey: 'subject' },
          { label: t('admin.mail.attempts'), numeric: true, sortKey: 'attempts', sortFirst: 'desc' },
          { label: t('admin.mail.state') },
          ...(actionable ? [{ label: t('admin.mail.actions') }] : []),
        ]}
        empty={rows.length === 0}
        emptyText={t('admin.mail.empty')}
      >
        {rows.map((mail) => (
          <tr key={mail.id}>
            <td className="admin-nowrap">{time.format(new Date(mail.createdAt))}</td>
            <td>{mail.toAddress}</td>
            <th scope="row">{mail.subject}</th>
            <td className="admin-number">{mail.attempts}</td>
            <td>
              {mail.sentAt
                ? t('admin.mail.sentAt', { time: time.format(new Date(mail.sentAt)) })
                : mail.discardedAt
                  ? t('admin.mail.discardedAt', { time: time.format(new Date(mail.discardedAt)) })
                  : mail.nextAttemptAt
                    ? t('admin.mail.nextAttempt', { time: time.format(new Date(mail.nextAttemptAt)) })
                    : t('admin.mail.givenUp')}
              {mail.lastError && !mail.sentAt && <span className="admin-error-text">{mail.lastError}</span>}
            </td>
            {actionable && (
              <td>
                <Form method="post" className="admin-inline-form">
                  <CsrfField />
                  <input type="hidden" name="mailId" value={mail.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="retry"
                    className="button admin-button admin-button--small"
                    aria-label={t('admin.mail.retryFor', { subject: mail.subject, to: mail.toAddress })}
                  >
                    {t('admin.mail.retry')}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="discard"
                    className="button admin-button admin-button--small button--danger"
                    aria-label={t('admin.mail.discardFor', { subject: mail.subject, to: mail.toAddress })}
                  >
                    {t('admin.mail.discard')}
                  </button>
                </Form>
              </td>
            )}
          </tr>
        ))}
      </AdminTable>
      <AdminPager window={window} path={adminPath('mail')} />
    </>
  );
}
