import { data, redirect } from 'react-router';
import type { Route } from './+types/faq';
import { AdminTable } from '#app/components/admin/admin-list.tsx';
import { AdminNotice, AdminPageHeader } from '#app/components/admin/admin-ui.tsx';
import { ItemControls } from '#app/components/admin/item-controls.tsx';
import { LocaleChips } from '#app/components/admin/locale-chips.tsx';
import { NewItemForm } from '#app/components/admin/new-item-form.tsx';
import { FieldMessage } from '#app/components/ui/field.tsx';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { formFailure, parseForm } from '#app/lib/forms/field-errors.ts';
import { idOf, intentOf } from '#app/modules/admin/admin-forms.server.ts';
import { adminLocaleOf } from '#app/modules/admin/admin-locale.ts';
import { adminPath } from '#app/modules/admin/admin-paths.ts';
import { requireStaff } from '#app/modules/admin/require-staff.server.ts';
import {
  type AdminFaqCategory,
  createFaqItem,
  deleteFaqItem,
  type FaqKind,
  listFaqForAdmin,
  moveFaqItem,
  newFaqItemFields,
  newFaqItemSchema,
  setFaqItemPublished,
} from '#app/modules/faq/faq-admin.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';

const notices = ['saved', 'deleted'] as const;

/** The FAQ's categories in tree order with their questions: texts per store, order, publish, delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  return { categories: await orUnavailable(() => listFaqForAdmin(db)), notice: notices.find((notice) => params.has(notice)) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, context, 'content.write');
  const { db } = context.get(servicesContext);
  const form = await request.formData();
  const intent = intentOf(form, ['up', 'down', 'publish', 'unpublish', 'delete', 'newCategory', 'newQuestion'] as const);
  if (intent === 'newCategory' || intent === 'newQuestion') {
    const kind: FaqKind = intent === 'newCategory' ? 'category' : 'question';
    const parsed = parseForm(newFaqItemSchema, form, newFaqItemFields);
    if (!parsed.ok) return data({ ...parsed, intent, notice: null }, { status: 400 });
    const result = await orUnavailable(() => createFaqItem(db, me.id, kind, parsed.data));
    if (!result.ok) {
      const error = result.reason === 'code-taken' ? { code: { key: 'admin.faq.codeTaken' } } : { parentId: { key: 'validation.required' } };
      return data({ ...formFailure(form, newFaqItemFields, error), intent, notice: null }, { status: 400 });
    }
    throw redirect(adminPath(`faq/${kind === 'category' ? 'categories' : 'questions'}/${result.id}/${adminLocaleOf(me.locale)}`));
  }
  const kind = form.get('kind') === 'category' ? 'category' : 'question';
  const id = idOf(form.get('id') as string | null);
  if (intent === 'delete') {
    const outcome = await orUnavailable(() => deleteFaqItem(db, me.id, kind, id));
    if (outcome === 'not-found') throw data(null, { status: 404 });
    if (outcome === 'not-empty') return data({ ok: false as const, intent, notice: 'admin.faq.notEmpty' }, { status: 400 });
    throw redirect(`${adminPath('faq')}?deleted`);
  }
  const done = await orUnavailable(() =>
    intent === 'up' || intent === 'down' ? moveFaqItem(db, me.id, kind, id, intent) : setFaqItemPublished(db, me.id, kind, id, intent === 'publish'),
  );
  if (!done) throw data(null, { status: 404 });
  throw redirect(`${adminPath('faq')}#faq-${kind}-${id}`);
}

export default function FaqAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { categories } = loaderData;
  const failure = actionData && 'fieldErrors' in actionData ? actionData : undefined;
  const errorsOf = (intent: string) => (failure?.intent === intent ? failure : undefined);
  const siblings = (category: AdminFaqCategory) => categories.filter((other) => other.parentId === category.parentId);
  const stateOf = (item: { isPublished: boolean; locales: string[] }) => (locale: string) =>
    !item.locales.includes(locale) ? 'missing' : item.isPublished ? 'published' : 'hidden';
  return (
    <>
      <AdminPageHeader title={t('admin.faq.title')} />
      <p className="admin-muted">{t('admin.faq.intro')}</p>
      {loaderData.notice && <AdminNotice>{t(`admin.faq.${loaderData.notice}`)}</AdminNotice>}
      {actionData?.notice && <AdminNotice tone="error">{t(actionData.notice)}</AdminNotice>}
      <AdminTable
        caption={t('admin.faq.title')}
        columns={[{ label: t('admin.faq.entry') }, { label: t('admin.contentPages.stores') }, { label: t('admin.content.actions') }]}
        empty={categories.length === 0}
        emptyText={t('admin.faq.none')}
      >
        {categories.flatMap((category) => {
          const around = siblings(category);
          const name = category.title || category.code;
          return [
            <tr key={`c${category.id}`} id={`faq-category-${category.id}`} className="admin-faq__category">
              <th scope="row" style={{ paddingInlineStart: `${category.depth * 1.5 + 0.5}rem` }}>
                <strong>{name}</strong>{' '}
                {!category.isPublished && <span className="admin-badge admin-badge--pending">{t('admin.contentPages.states.hidden')}</span>}
                <br />
                <code>{category.code}</code>
              </th>
              <td>
                <LocaleChips hrefOf={(locale) => adminPath(`faq/categories/${category.id}/${locale}`)} stateOf={stateOf(category)} />
              </td>
              <td>
                <ItemControls
                  name={name}
                  fields={{ kind: 'category', id: category.id }}
                  isFirst={around[0] === category}
                  isLast={around.at(-1) === category}
                  isPublished={category.isPublished}
                />
              </td>
            </tr>,
            ...category.questions.map((question, index) => {
              const questionName = question.title || question.code;
              return (
                <tr key={`q${question.id}`} id={`faq-question-${question.id}`}>
                  <th scope="row" style={{ paddingInlineStart: `${category.depth * 1.5 + 2}rem`, fontWeight: 'normal' }}>
                    {questionName} {!question.isPublished && <span className="admin-badge admin-badge--pending">{t('admin.contentPages.states.hidden')}</span>}
                  </th>
                  <td>
                    <LocaleChips hrefOf={(locale) => adminPath(`faq/questions/${question.id}/${locale}`)} stateOf={stateOf(question)} />
                  </td>
                  <td>
                    <ItemControls
                      name={questionName}
                      fields={{ kind: 'question', id: question.id }}
                      isFirst={index === 0}
                      isLast={index === category.questions.length - 1}
                      isPublished={question.isPublished}
                    />
                  </td>
                </tr>
              );
            }),
          ];
        })}
      </AdminTable>
      <p className="admin-muted">{t('admin.contentPages.legend')}</p>
      {(['newCategory', 'newQuestion'] as const).map((intent) => {
        const errors = errorsOf(intent);
        const parentLabel = intent === 'newCategory' ? t('admin.faq.parent') : t('admin.faq.category');
        return (
          <NewItemForm
            key={intent}
            idPrefix={intent}
            heading={t(`admin.faq.${intent}`)}
            intent={intent}
            failed={errors}
            fieldsBefore={
              <div className="form-field">
                <label htmlFor={`${intent}-parentId`}>{parentLabel}</label>
                <select
                  id={`${intent}-parentId`}
                  name="parentId"
                  defaultValue={errors?.values.parentId ?? ''}
                  aria-invalid={errors?.fieldErrors.parentId ? true : undefined}
                  aria-describedby={errors?.fieldErrors.parentId ? `${intent}-parentId-error` : undefined}
                >
                  {intent === 'newCategory' ? <option value="">{t('admin.faq.topLevel')}</option> : <option value="">{t('admin.faq.chooseCategory')}</option>}
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {`${'– '.repeat(category.depth)}${category.title || category.code}`}
                    </option>
                  ))}
                </select>
                <FieldMessage id={`${intent}-parentId-error`} error={errors?.fieldErrors.parentId} />
              </div>
            }
          />
        );
      })}
    </>
  );
}
