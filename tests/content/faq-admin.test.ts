/** The FAQ edited in the back office (issue 16): texts per store, sanitised answers, order, publish, create, delete. */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, faqCategories, faqQuestions } from '#app/db/schema.ts';
import type { StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { seedFaq } from '#app/modules/faq/faq-seed.server.ts';
import { getFaqCategory, getFaqIndex } from '#app/modules/faq/faq.server.ts';
import * as categoryEditor from '#app/routes/admin/content/faq-category.tsx';
import * as list from '#app/routes/admin/content/faq.tsx';
import * as questionEditor from '#app/routes/admin/content/faq-question.tsx';
import { callRoute, createStaff, loggedIn } from '../admin/admin-support.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';

const siteUrl = 'http://shop.test';

describe.each(testDrivers)('the FAQ in the back office on %s (issue 16)', (driver) => {
  let database: TestDatabase;
  let editor: StaffMember;
  let support: StaffMember;
  let shipping: number;
  let deliveryTime: number;
  let shippingCosts: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedFaq(database.db);
    editor = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    support = await loggedIn(database.db, await createStaff(database.db, 'support'));
    [{ id: shipping }] = (await database.db.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.code, 'shipping'))) as [{ id: number }];
    const questionId = async (code: string) =>
      (
        await database.db
          .select({ id: faqQuestions.id })
          .from(faqQuestions)
          .where(and(eq(faqQuestions.categoryId, shipping), eq(faqQuestions.code, code)))
      )[0]!.id;
    deliveryTime = await questionId('delivery-time');
    shippingCosts = await questionId('shipping-costs');
  });
  afterAll(() => database?.destroy());

  const listAction = (form: Record<string, string | number>, staff = editor) => callRoute(list.action, { db: database.db, staff, path: 'faq', form });
  const saveQuestion = (form: Record<string, string>, questionId = deliveryTime, staff = editor) =>
    callRoute(questionEditor.action, {
      db: database.db,
      staff,
      path: `faq/questions/${questionId}/de-DE`,
      params: { questionId: String(questionId), locale: 'de-DE' },
      form,
    });
  const germanShipping = async () => (await getFaqCategory(database.db, 'de-DE', 'versand-und-lieferung', siteUrl))!;

  it('saves a German answer, shown sanitised on the German FAQ page only, and audits it', async () => {
    const preview = await saveQuestion({ question: 'Wie lange dauert es?', answerHtml: '<p>Zwei Tage.</p><script>x()</script>', intent: 'preview' });
    expect((preview.data as { preview: string }).preview).toBe('<p>Zwei Tage.</p>');
    expect((await germanShipping()).questions.map((question) => question.question)).not.toContain('Wie lange dauert es?');

    expect((await saveQuestion({ question: 'Wie lange dauert es?', answerHtml: '<p>Zwei Tage.</p><script>x()</script>', intent: 'save' })).status).toBe(302);
    const shown = (await germanShipping()).questions.find((question) => question.id === deliveryTime)!;
    expect(shown).toEqual({ id: deliveryTime, question: 'Wie lange dauert es?', answerHtml: '<p>Zwei Tage.</p>' });
    const english = await getFaqCategory(database.db, 'en', 'shipping', siteUrl);
    expect(english!.questions.find((question) => question.id === deliveryTime)!.question).not.toBe('Wie lange dauert es?');
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ staffId: editor.id, action: 'faqQuestion.update', entityId: `${deliveryTime}:de-DE` });
  });

  it('answers an empty answer next to its field with 400, keeping what was typed', async () => {
    expect(await saveQuestion({ question: 'Nur die Frage', answerHtml: '  ', intent: 'save' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { answerHtml: { key: 'validation.required' } }, values: { question: 'Nur die Frage' } },
    });
  });

  it('moves a question down and up, and hides and publishes it', async () => {
    const order = async () => (await germanShipping()).questions.map((question) => question.id);
    expect((await order()).slice(0, 2)).toEqual([deliveryTime, shippingCosts]);
    expect((await listAction({ intent: 'down', kind: 'question', id: deliveryTime })).status).toBe(302);
    expect((await order()).slice(0, 2)).toEqual([shippingCosts, deliveryTime]);
    expect((await listAction({ intent: 'up', kind: 'question', id: deliveryTime })).status).toBe(302);
    expect((await order()).slice(0, 2)).toEqual([deliveryTime, shippingCosts]);

    expect((await listAction({ intent: 'unpublish', kind: 'question', id: deliveryTime })).status).toBe(302);
    expect(await order()).not.toContain(deliveryTime);
    expect((await listAction({ intent: 'publish', kind: 'question', id: deliveryTime })).status).toBe(302);
    expect(await order()).toContain(deliveryTime);
  });

  it('hides a category with its subcategories', async () => {
    const [whichCord] = await database.db.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.code, 'which-cord'));
    expect(await getFaqCategory(database.db, 'de-DE', 'welche-schnur/paracord-typen', siteUrl)).not.toBeNull();
    await listAction({ intent: 'unpublish', kind: 'category', id: whichCord!.id });
    expect(await getFaqCategory(database.db, 'de-DE', 'welche-schnur/paracord-typen', siteUrl)).toBeNull();
    expect((await getFaqIndex(database.db, 'de-DE')).categories.map((category) => category.id)).not.toContain(whichCord!.id);
    await listAction({ intent: 'publish', kind: 'category', id: whichCord!.id });
    expect(await getFaqCategory(database.db, 'de-DE', 'welche-schnur/paracord-typen', siteUrl)).not.toBeNull();
  });

  it('creates a category and a question, hidden until texts are written and it is published; deletes only what is empty', async () => {
    const created = await listAction({ intent: 'newCategory', code: 'gifts', parentId: '' });
    expect(created.status).toBe(302);
    const [gifts] = await database.db.select().from(faqCategories).where(eq(faqCategories.code, 'gifts'));
    expect(gifts).toMatchObject({ isPublished: false, parentId: null });
    expect(await listAction({ intent: 'newCategory', code: 'gifts', parentId: '' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { code: { key: 'admin.faq.codeTaken' } }, values: { code: 'gifts' } },
    });
    expect(await listAction({ intent: 'newQuestion', code: 'wrapping', parentId: '' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { parentId: { key: 'validation.required' } } },
    });
    expect((await listAction({ intent: 'newQuestion', code: 'wrapping', parentId: String(gifts!.id) })).status).toBe(302);
    const [wrapping] = await database.db.select().from(faqQuestions).where(eq(faqQuestions.categoryId, gifts!.id));

    const saveCategory = (form: Record<string, string>) =>
      callRoute(categoryEditor.action, {
        db: database.db,
        staff: editor,
        path: `faq/categories/${gifts!.id}/de-DE`,
        params: { categoryId: String(gifts!.id), locale: 'de-DE' },
        form,
      });
    expect(await saveCategory({ title: 'Geschenke', slug: 'versand-und-lieferung', description: '' })).toMatchObject({
      status: 400,
      data: { fieldErrors: { slug: { key: 'admin.faq.slugTaken' } }, values: { title: 'Geschenke' } },
    });
    expect((await saveCategory({ title: 'Geschenke', slug: 'geschenke', description: 'Verpackung und Gutscheine' })).status).toBe(302);
    expect((await saveQuestion({ question: 'Verpackt ihr Geschenke?', answerHtml: '<p>Ja.</p>', intent: 'save' }, wrapping!.id)).status).toBe(302);
    expect(await getFaqCategory(database.db, 'de-DE', 'geschenke', siteUrl)).toBeNull();
    await listAction({ intent: 'publish', kind: 'category', id: gifts!.id });
    expect((await getFaqCategory(database.db, 'de-DE', 'geschenke', siteUrl))?.questions).toEqual([]);
    await listAction({ intent: 'publish', kind: 'question', id: wrapping!.id });
    expect((await getFaqCategory(database.db, 'de-DE', 'geschenke', siteUrl))?.questions.map((question) => question.question)).toEqual([
      'Verpackt ihr Geschenke?',
    ]);

    expect(await listAction({ intent: 'delete', kind: 'category', id: gifts!.id })).toMatchObject({ status: 400, data: { notice: 'admin.faq.notEmpty' } });
    expect((await listAction({ intent: 'delete', kind: 'question', id: wrapping!.id })).status).toBe(302);
    expect((await listAction({ intent: 'delete', kind: 'category', id: gifts!.id })).status).toBe(302);
    expect(await database.db.select().from(faqCategories).where(eq(faqCategories.id, gifts!.id))).toEqual([]);
  });

  it('lets editors in and refuses support', async () => {
    expect((await callRoute(list.loader, { db: database.db, staff: editor, path: 'faq' })).status).toBe(200);
    expect((await callRoute(list.loader, { db: database.db, staff: support, path: 'faq' })).status).toBe(403);
    expect((await listAction({ intent: 'unpublish', kind: 'question', id: deliveryTime }, support)).status).toBe(403);
    expect((await saveQuestion({ question: 'x', answerHtml: '<p>x</p>', intent: 'save' }, deliveryTime, support)).status).toBe(403);
  });
});
