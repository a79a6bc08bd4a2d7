import { data, Form } from 'react-router';
import type { Route } from './+types/reviews';
import { AdminPager, AdminSortLinks, AdminTabs } from '#app/components/admin/admin-list.tsx';
import { AdminActionForm } from '#app/components/admin/admin-action-form.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { CsrfField, FieldMessage } from '#app/components/forms/form-fields.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { parseListSort } from '#app/lib/paging/list-sort.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import {
  listReviews,
  moderateReview,
  rejectSchema,
  replySchema,
  replyToReview,
  reviewSortFor,
  reviewStatuses,
} from '#app/modules/engagement/review-moderation.server.ts';
import { fieldErrorsOf } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { requestedPage } from '#app/lib/paging/page-window.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, context, 'reviews.moderate');
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const status = reviewStatuses.find((candidate) => candidate === url.searchParams.get('status')) ?? 'pending';
  const sort = parseListSort(reviewSortFor(status), url.searchParams);
  const reviews = await orUnavailable(() => listReviews(db, status, requestedPage(url), adminLocaleOf(me.locale), sort));
  return { status, statuses: reviewStatuses, sort, ...reviews };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'reviews.moderate');
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const intent = intentOf(form, ['approve', 'reject', 'reply'] as const);
  const reviewId = idOf(form.get('reviewId'));
  const failure = (field: 'reason' | 'reply', errors: ReturnType<typeof fieldErrorsOf>) =>
    data({ ok: false as const, reviewId, field, error: errors[field], value: String(form.get(field) ?? '') }, { status: 400 });
  if (intent === 'reject') {
    const parsed = rejectSchema.safeParse({ reason: form.get('reason') ?? '' });
    if (!parsed.success) return failure('reason', fieldErrorsOf(parsed.error));
    const done = await orUnavailable(() => moderateReview(db, reviewId, 'rejected', { staffId: me.id, reason: parsed.data.reason }));
    return done
      ? { ok: true as const, message: 'admin.reviews.rejected' }
      : data({ ok: true as const, message: 'admin.reviews.alreadyDecided' }, { status: 409 });
  }
  if (intent === 'reply') {
    const parsed = replySchema.safeParse({ reply: form.get('reply') ?? '' });
    if (!parsed.success) return failure('reply', fieldErrorsOf(parsed.error));
    if (!(await orUnavailable(() => replyToReview(db, me.id, reviewId, parsed.data.reply)))) throw data(null, { status: 404 });
    return { ok: true as const, message: parsed.data.reply ? 'admin.reviews.replied' : 'admin.reviews.replyRemoved' };
  }
  const done = await orUnavailable(() => moderateReview(db, reviewId, 'approved', { staffId: me.id }));
  return done
    ? { ok: true as const, message: 'admin.reviews.approved' }
    : data({ ok: true as const, message: 'admin.reviews.alreadyDecided' }, { status: 409 });
}

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { status, statuses, sort, rows, window } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <>
      <AdminPageHeader title={t('admin.reviews.title')} />
      {actionData?.ok && <AdminNotice>{t(actionData.message)}</AdminNotice>}
      <AdminTabs
        label={t('admin.reviews.statusFilter')}
        tabs={statuses.map((candidate) => ({
          to: `${adminPath('reviews')}?status=${candidate}`,
          label: t(`admin.reviews.statuses.${candidate}`),
          current: candidate === status,
        }))}
      />
      {window.total > 1 && (
        <AdminSortLinks
          label={t('admin.list.sortBy')}
          sort={sort}
          options={[
            { key: 'createdAt', label: t('admin.reviews.sort.createdAt') },
            { key: 'rating', label: t('admin.reviews.sort.rating') },
            { key: 'product', label: t('admin.reviews.sort.product') },
          ]}
        />
      )}
      {rows.length === 0 && <p>{t('admin.reviews.empty')}</p>}
      <ol className="admin-cards">
        {rows.map((review) => {
          const error = failure?.reviewId === review.id ? failure : undefined;
          return (
            <li key={review.id}>
              <article className="admin-panel admin-review" aria-labelledby={`review-${review.id}`}>
                <header>
                  <h2 id={`review-${review.id}`}>
                    <span aria-label={t('admin.reviews.rating', { rating: review.rating })}>{'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}</span>{' '}
                    {review.title}
                  </h2>
                  <p className="admin-muted">
                    {review.productName ?? review.sku} (<code>{review.sku}</code>) · {review.authorName}
                    {review.customerEmail && ` <${review.customerEmail}>`} · {review.locale} · {date.format(new Date(review.createdAt))}
                  </p>
                </header>
                <p lang={review.locale}>{review.body}</p>
                {review.rejectionReason && (
                  <p>
                    <strong>{t('admin.reviews.reasonShown')}</strong> {review.rejectionReason}
                  </p>
                )}
                {status === 'pending' && (
                  <div className="admin-review__actions">
                    <AdminActionForm intent="approve" label={t('admin.reviews.approve')} tone="primary" fields={{ reviewId: review.id }} preventScrollReset />
                    <Form method="post" className="admin-inline-form" noValidate preventScrollReset>
                      <CsrfField />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <label htmlFor={`reason-${review.id}`} className="visually-hidden">
                        {t('admin.reviews.reason')}
                      </label>
                      <input
                        id={`reason-${review.id}`}
                        name="reason"
                        placeholder={t('admin.reviews.reason')}
                        defaultValue={error?.field === 'reason' ? error.value : undefined}
                        aria-invalid={error?.field === 'reason' ? true : undefined}
                        aria-describedby={error?.field === 'reason' ? `reason-${review.id}-error` : undefined}
                      />
                      <button type="submit" name="intent" value="reject" className="button admin-button button--danger">
                        {t('admin.reviews.reject')}
                      </button>
                      {error?.field === 'reason' && <FieldMessage id={`reason-${review.id}-error`} error={error.error} />}
                    </Form>
                  </div>
                )}
                {status !== 'rejected' && (
                  <Form method="post" className="admin-form" noValidate preventScrollReset>
                    <CsrfField />
                    <input type="hidden" name="reviewId" value={review.id} />
                    <div className="form-field">
                      <label htmlFor={`reply-${review.id}`}>{t('admin.reviews.reply')}</label>
                      <textarea
                        id={`reply-${review.id}`}
                        name="reply"
                        rows={2}
                        defaultValue={error?.field === 'reply' ? error.value : (review.reply ?? '')}
                        aria-invalid={error?.field === 'reply' ? true : undefined}
                        aria-describedby={`reply-${review.id}-hint${error?.field === 'reply' ? ` reply-${review.id}-error` : ''}`}
                      />
                      <p id={`reply-${review.id}-hint`} className="form-field__hint">
                        {t('admin.reviews.replyHint')}
                      </p>
                      {error?.field === 'reply' && <FieldMessage id={`reply-${review.id}-error`} error={error.error} />}
                    </div>
                    <div>
                      <button type="submit" name="intent" value="reply" className="button admin-button">
                        {t('admin.reviews.saveReply')}
                      </button>
                    </div>
                  </Form>
                )}
              </article>
            </li>
          );
        })}
      </ol>
      <AdminPager window={window} path={adminPath('reviews')} />
    </>
  );
}
