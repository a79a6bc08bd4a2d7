import { data, Form, Link } from 'react-router';
import type { Route } from './+types/contact-message';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FieldMessage, TextField } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import { contactReplyFields, contactReplySchema, getContactMessage, replyToContact, setContactHandled } from '#app/modules/content/contact-inbox.server.ts';
import { parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { MailOutbox } from '#app/lib/mail/outbox.server.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'contact.inbox');
  const { db } = context.get(servicesContext);
  const message = await orUnavailable(() => getContactMessage(db, idOf(params.messageId)));
  if (!message) throw data(null, { status: 404 });
  return { message };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'contact.inbox');
  const services = context.get(servicesContext);
  const messageId = idOf(params.messageId);
  const form = await request.formData();
  const intent = intentOf(form, ['reply', 'handled', 'reopen'] as const);
  if (intent === 'reply') {
    const parsed = parseForm(contactReplySchema, form, contactReplyFields);
    if (!parsed.ok) return data(parsed, { status: 400 });
    if (!(await orUnavailable(() => replyToContact(services, me.id, messageId, parsed.data)))) throw data(null, { status: 404 });
    if (services.mailer instanceof MailOutbox) services.mailer.deliverSoon();
    return { ok: true as const, message: 'admin.contactInbox.replied' };
  }
  const handled = intent === 'handled';
  if (!(await orUnavailable(() => setContactHandled(services.db, me.id, messageId, handled)))) {
    if (!(await orUnavailable(() => getContactMessage(services.db, messageId)))) throw data(null, { status: 404 });
    return data({ ok: false as const, message: 'admin.contactInbox.unchanged' }, { status: 409 });
  }
  return { ok: true as const, message: handled ? 'admin.contactInbox.markedHandled' : 'admin.contactInbox.reopened' };
}

export default function ContactMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { message } = loaderData;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const failure = actionData && 'fieldErrors' in actionData ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  const notice = actionData && 'message' in actionData ? actionData : undefined;
  return (
    <>
      <AdminPageHeader title={message.subject}>
        <Link to={adminPath('contact')} className="button admin-button">
          {t('admin.contactInbox.back')}
        </Link>
      </AdminPageHeader>
      {notice && <AdminNotice tone={notice.ok ? 'success' : 'error'}>{t(notice.message)}</AdminNotice>}
      <section className="admin-panel" aria-labelledby="contact-message">
        <h2 id="contact-message">{t(`admin.contactInbox.kinds.${message.kind}`)}</h2>
        <dl className="admin-facts">
          <dt>{t('admin.contactInbox.from')}</dt>
          <dd>
            {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
          </dd>
          {message.company && (
            <>
              <dt>{t('admin.contactInbox.company')}</dt>
              <dd>{message.company}</dd>
            </>
          )}
          {message.orderNumber && (
            <>
              <dt>{t('admin.contactInbox.orderNumber')}</dt>
              <dd>
                <Link to={adminPath(`orders/${message.orderNumber}`)}>{message.orderNumber}</Link>
              </dd>
            </>
          )}
          <dt>{t('admin.contactInbox.store')}</dt>
          <dd>{message.locale}</dd>
          <dt>{t('admin.contactInbox.received')}</dt>
          <dd>{time.format(new Date(message.createdAt))}</dd>
          <dt>{t('admin.contactInbox.state')}</dt>
          <dd>
            {message.handledAt
              ? t('admin.contactInbox.handledBy', { name: message.handledBy ?? '—', time: time.format(new Date(message.handledAt)) })
              : t('admin.contactInbox.open')}
          </dd>
        </dl>
        <p className="admin-message-text">{message.message}</p>
        {message.handledAt ? (
          <AdminActionForm intent="reopen" label={t('admin.contactInbox.reopen')} className="admin-inline-form" />
        ) : (
          <AdminActionForm intent="handled" label={t('admin.contactInbox.markHandled')} className="admin-inline-form" />
        )}
      </section>
      {message.replies.length > 0 && (
        <section className="admin-panel" aria-labelledby="contact-replies">
          <h2 id="contact-replies">{t('admin.contactInbox.replies')}</h2>
          <ol className="admin-cards">
            {message.replies.map((reply) => (
              <li key={reply.id}>
                <article aria-labelledby={`reply-${reply.id}`}>
                  <h3 id={`reply-${reply.id}`}>{reply.subject}</h3>
                  <p className="admin-muted">
                    {t('admin.contactInbox.sentBy', { name: reply.staffName ?? '—', time: time.format(new Date(reply.createdAt)) })}
                  </p>
                  <p className="admin-message-text">{reply.body}</p>
                </article>
              </li>
            ))}
          </ol>
        </section>
      )}
      <section className="admin-panel" aria-labelledby="contact-reply">
        <h2 id="contact-reply">{t('admin.contactInbox.reply')}</h2>
        <Form method="post" noValidate className="form-stack">
          <CsrfField />
          <TextField
            name="subject"
            idPrefix="reply"
            label={t('admin.contactInbox.replySubject')}
            required
            defaultValue={failure?.values.subject ?? t('admin.contactInbox.replySubjectDefault', { subject: message.subject })}
            error={errors.subject}
          />
          <div className="form-field">
            <label htmlFor="reply-body">{t('admin.contactInbox.replyBody')}</label>
            <textarea
              id="reply-body"
              name="body"
              rows={8}
              required
              defaultValue={failure?.values.body}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? 'reply-body-error' : undefined}
            />
            <FieldMessage id="reply-body-error" error={errors.body} />
          </div>
          <p className="admin-muted">{t('admin.contactInbox.replyHint', { email: message.email })}</p>
          <button type="submit" name="intent" value="reply" className="button admin-button button--primary">
            {t('admin.contactInbox.send')}
          </button>
        </Form>
      </section>
    </>
  );
}
