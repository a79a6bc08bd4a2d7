import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/reviews';
import { AccountPage } from '#app/components/account/account-page.tsx';
import { useFormatDate } from '#app/components/account/account-display.tsx';
import { CsrfField, FieldMessage, FormNotice, TextField } from '#app/components/forms/form-fields.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { customerContext, servicesContext, storefrontContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { accountPath } from '#app/modules/customers/account-paths.ts';
import { listCustomerReviews, reviewableProducts, reviewFields, reviewSchema, submitReview } from '#app/modules/customers/customer-reviews.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const customerId = context.get(customerContext)!.id;
  const [reviews, reviewable] = await orUnavailable(() =>
    Promise.all([listCustomerReviews(db, customerId, storefront.code), reviewableProducts(db, customerId, storefront.code)]),
  );
  const query = new URL(request.url).searchParams;
  // The review invitation's links choose the product (issue 15).
  return { reviews, reviewable, submitted: query.has('submitted'), chosen: query.get('product') ?? undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { storefront } = context.get(storefrontContext);
  const form = await request.formData();
  const parsed = parseForm(reviewSchema, form, reviewFields);
  if (!parsed.ok) return data(parsed, { status: 400 });
  if (!(await orUnavailable(() => submitReview(db, context.get(customerContext)!.id, storefront.code, parsed.data)))) {
    return data(formFailure(form, reviewFields, { productId: { key: 'account.reviewNotAllowed' } }), { status: 400 });
  }
  throw redirect(`${accountPath(storefront.prefix, 'reviews')}?submitted`);
}

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const formatDate = useFormatDate();
  const { reviews, reviewable, submitted, chosen } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errors = failure?.fieldErrors ?? {};
  return (
    <AccountPage title={t('account.nav.reviews')} path="customer/account/reviews" inArea>
      <FormNotice message={submitted && !failure ? t('account.reviewSubmitted') : null} />
      {reviewable.length > 0 && (
        <section className="account-section" aria-labelledby="write-review">
          <h2 id="write-review">{t('account.writeReview')}</h2>
          <Form method="post" noValidate className="form-stack account-form">
            <CsrfField />
            <Field id="review-productId" label={t('account.reviewProduct')} error={errors.productId}>
              {(control) => (
                <select id={control.id} name="productId" defaultValue={failure?.values.productId ?? chosen} aria-describedby={control['aria-describedby']}>
                  {reviewable.map((product) => (
                    <option key={product.productId} value={product.productId}>
                      {product.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <fieldset className="form-fieldset rating-input" aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
              <legend>{t('account.reviewRating')}</legend>
              {[5, 4, 3, 2, 1].map((stars) => (
                <label key={stars}>
                  <input type="radio" name="rating" value={stars} defaultChecked={failure?.values.rating === String(stars)} />{' '}
                  {t('account.stars', { count: stars })}
                </label>
              ))}
              <FieldMessage id="review-rating-error" error={errors.rating} />
            </fieldset>
            <TextField name="title" idPrefix="review" label={t('account.reviewTitle')} required defaultValue={failure?.values.title} error={errors.title} />
            <TextField
              idPrefix="review"
              name="body"
              rows={5}
              label={t('account.reviewBody')}
              required
              defaultValue={failure?.values.body}
              error={errors.body}
            />
            <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
              {t('account.submitReview')}
            </button>
          </Form>
        </section>
      )}
      <section className="account-section" aria-labelledby="my-reviews">
        <h2 id="my-reviews">{t('account.myReviews')}</h2>
        {reviews.length === 0 ? (
          <p>{t('account.noReviews')}</p>
        ) : (
          <ul className="review-list">
            {reviews.map((review) => (
              <li key={review.id} className="account-card">
                <h3>{review.productName}</h3>
                <p>
                  <span aria-label={t('account.stars', { count: review.rating })}>{'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}</span> ·{' '}
                  {formatDate(review.createdAt)} · {t(`account.reviewStatus.${review.status}`)}
                </p>
                <p>
                  <strong>{review.title}</strong>
                </p>
                <p>{review.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AccountPage>
  );
}
