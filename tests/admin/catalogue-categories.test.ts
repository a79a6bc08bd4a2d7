/** Issue 16: the category tree and the attribute labels in the admin. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeOptions,
  attributeOptionTranslations,
  attributes,
  attributeTranslations,
  categories,
  categoryTranslations,
  productAttributeValues,
  productCategories,
  productTranslations,
  searchDocuments,
  urlRedirects,
} from '#app/db/schema.ts';
import * as attributeEditor from '#app/routes/admin/catalogue/attribute-editor.tsx';
import * as categoryEditor from '#app/routes/admin/catalogue/category-editor.tsx';
import * as categoryTree from '#app/routes/admin/catalogue/category-tree.tsx';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { callRoute, createProductWithReview, createStaff, loggedIn } from './admin-support.ts';

describe.each(testDrivers)('categories and attributes in the admin on %s', (driver) => {
  let database: TestDatabase;
  let editor: Awaited<ReturnType<typeof loggedIn>>;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    editor = await loggedIn(database.db, await createStaff(database.db, 'editor'));
  });
  afterAll(() => database?.destroy());

  /** A top category with a child, named in English and German. */
  async function tree() {
    const code = randomUUID().slice(0, 8);
    const [top] = await database.db
      .insert(categories)
      .values({ code: `top-${code}`, level: 1 })
      .returning();
    const [child] = await database.db
      .insert(categories)
      .values({ code: `child-${code}`, level: 2, parentId: top!.id })
      .returning();
    await database.db.insert(categoryTranslations).values([
      { categoryId: top!.id, locale: 'en', name: 'Rope', urlSegment: `rope-${code}`, urlPath: `rope-${code}` },
      { categoryId: top!.id, locale: 'de-DE', name: 'Seil', urlSegment: `seil-${code}`, urlPath: `seil-${code}` },
      { categoryId: child!.id, locale: 'en', name: 'Climbing', urlSegment: 'climbing', urlPath: `rope-${code}/climbing` },
      { categoryId: child!.id, locale: 'de-DE', name: 'Klettern', urlSegment: 'klettern', urlPath: `seil-${code}/klettern` },
    ]);
    return { top: top!, child: child!, code };
  }
  const texts = (locale: string, name: string, urlSegment: string) => ({
    [`name.${locale}`]: name,
    [`urlSegment.${locale}`]: urlSegment,
    [`description.${locale}`]: '',
  });

  it('renames a category in one locale: its path and the paths below it move, each old one answering 301', async () => {
    const { top, child, code } = await tree();
    const saved = await callRoute(categoryEditor.action, {
      db: database.db,
      staff: editor,
      path: `categories/${top.id}`,
      params: { categoryId: String(top.id) },
      form: { intent: 'save', ...texts('en', 'Rope', `rope-${code}`), ...texts('de-DE', 'Seile', `seile-${code}`) },
    });
    expect(saved.status).toBe(302);
    const paths = await database.db
      .select({ locale: categoryTranslations.locale, urlPath: categoryTranslations.urlPath })
      .from(categoryTranslations)
      .where(eq(categoryTranslations.locale, 'de-DE'));
    expect(paths).toEqual(
      expect.arrayContaining([
        { locale: 'de-DE', urlPath: `seile-${code}` },
        { locale: 'de-DE', urlPath: `seile-${code}/klettern` },
      ]),
    );
    const redirects = await database.db
      .select({ locale: urlRedirects.locale, fromPath: urlRedirects.fromPath, toPath: urlRedirects.toPath, statusCode: urlRedirects.statusCode })
      .from(urlRedirects)
      .orderBy(asc(urlRedirects.fromPath));
    expect(redirects.filter((row) => row.fromPath.includes(code))).toEqual([
      { locale: 'de-DE', fromPath: `seil-${code}`, toPath: `seile-${code}`, statusCode: 301 },
      { locale: 'de-DE', fromPath: `seil-${code}/klettern`, toPath: `seile-${code}/klettern`, statusCode: 301 },
    ]);
    // A bad segment is refused next to its field, and nothing is half-saved.
    const refused = await callRoute(categoryEditor.action, {
      db: database.db,
      staff: editor,
      path: '',
      params: { categoryId: String(top.id) },
      form: { intent: 'save', ...texts('en', 'Rope!', 'Not OK'), ...texts('de-DE', 'Seil', `seil-${code}`) },
    });
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldErrors: { 'urlSegment.en': { key: 'admin.catalogue.errors.urlKey' } }, values: { 'urlSegment.en': 'Not OK' } },
    });
    const [german] = await database.db
      .select({ urlPath: categoryTranslations.urlPath })
      .from(categoryTranslations)
      .where(and(eq(categoryTranslations.categoryId, top.id), eq(categoryTranslations.locale, 'de-DE')));
    expect(german?.urlPath).toBe(`seile-${code}`);
    // The search finds the category under its new name, linked to its new path (and its child's).
    const documents = await database.db
      .select({ refId: searchDocuments.refId, title: searchDocuments.title, urlPath: searchDocuments.urlPath })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.kind, 'category'), eq(searchDocuments.locale, 'de-DE')))
      .orderBy(asc(searchDocuments.urlPath));
    expect(documents.filter((row) => row.urlPath.includes(code))).toEqual([
      { refId: top.id, title: 'Seile', urlPath: `seile-${code}` },
      { refId: child.id, title: 'Klettern', urlPath: `seile-${code}/klettern` },
    ]);
  });

  it('moves a category under another parent: its paths and those below it follow, old ones answer 301, a cycle is refused', async () => {
    const from = await tree();
    const to = await tree();
    const [grandchild] = await database.db
      .insert(categories)
      .values({ code: `grand-${from.code}`, level: 3, parentId: from.child.id })
      .returning();
    await database.db.insert(categoryTranslations).values([
      { categoryId: grandchild!.id, locale: 'en', name: 'Static', urlSegment: 'static', urlPath: `rope-${from.code}/climbing/static` },
      { categoryId: grandchild!.id, locale: 'de-DE', name: 'Statisch', urlSegment: 'statisch', urlPath: `seil-${from.code}/klettern/statisch` },
    ]);
    const move = (categoryId: number, parentId: number | '', staff = editor) =>
      callRoute(categoryEditor.action, {
        db: database.db,
        staff,
        path: `categories/${categoryId}`,
        params: { categoryId: String(categoryId) },
        form: { intent: 'move', parentId },
      });
    // The editor offers every category as the new parent but itself and those below it.
    const editing = await callRoute(categoryEditor.loader, {
      db: database.db,
      staff: editor,
      path: `categories/${from.child.id}`,
      params: { categoryId: String(from.child.id) },
    });
    const offered = (editing.data as { parents: { id: number }[] }).parents.map((parent) => parent.id);
    expect(offered).toEqual(expect.arrayContaining([from.top.id, to.top.id, to.child.id]));
    expect(offered).not.toContain(from.child.id);
    expect(offered).not.toContain(grandchild!.id);

    // Below its own descendant: refused with a message next to the field, nothing changed.
    expect(await move(from.child.id, grandchild!.id)).toMatchObject({
      status: 400,
      data: { form: 'move', fieldErrors: { parentId: { key: 'admin.catalogue.errors.parentCycle' } }, values: { parentId: String(grandchild!.id) } },
    });
    expect((await move(from.child.id, from.child.id)).status).toBe(400);
    // Support may look but not move.
    const support = await loggedIn(database.db, await createStaff(database.db, 'support'));
    expect((await move(from.child.id, to.top.id, support)).status).toBe(403);

    // Below the other top category, whose own 'climbing' already has the path: refused.
    expect(await move(from.child.id, to.top.id)).toMatchObject({
      status: 400,
      data: { fieldErrors: { parentId: { key: 'admin.catalogue.errors.urlKeyTaken' } } },
    });
    expect((await move(from.child.id, to.child.id)).status).toBe(302);
    const moved = await database.db
      .select({ id: categories.id, parentId: categories.parentId, level: categories.level })
      .from(categories)
      .where(inArray(categories.id, [from.child.id, grandchild!.id]))
      .orderBy(asc(categories.level));
    expect(moved).toEqual([
      { id: from.child.id, parentId: to.child.id, level: 3 },
      { id: grandchild!.id, parentId: from.child.id, level: 4 },
    ]);
    const paths = await database.db
      .select({ categoryId: categoryTranslations.categoryId, locale: categoryTranslations.locale, urlPath: categoryTranslations.urlPath })
      .from(categoryTranslations)
      .where(inArray(categoryTranslations.categoryId, [from.child.id, grandchild!.id]))
      .orderBy(asc(categoryTranslations.urlPath));
    expect(paths).toEqual([
      { categoryId: from.child.id, locale: 'en', urlPath: `rope-${to.code}/climbing/climbing` },
      { categoryId: grandchild!.id, locale: 'en', urlPath: `rope-${to.code}/climbing/climbing/static` },
      { categoryId: from.child.id, locale: 'de-DE', urlPath: `seil-${to.code}/klettern/klettern` },
      { categoryId: grandchild!.id, locale: 'de-DE', urlPath: `seil-${to.code}/klettern/klettern/statisch` },
    ]);
    const redirects = await database.db
      .select({ locale: urlRedirects.locale, fromPath: urlRedirects.fromPath, toPath: urlRedirects.toPath, statusCode: urlRedirects.statusCode })
      .from(urlRedirects)
      .where(
        inArray(
          urlRedirects.toPath,
          paths.map((row) => row.urlPath),
        ),
      )
      .orderBy(asc(urlRedirects.fromPath));
    expect(redirects).toEqual([
      { locale: 'en', fromPath: `rope-${from.code}/climbing`, toPath: `rope-${to.code}/climbing/climbing`, statusCode: 301 },
      { locale: 'en', fromPath: `rope-${from.code}/climbing/static`, toPath: `rope-${to.code}/climbing/climbing/static`, statusCode: 301 },
      { locale: 'de-DE', fromPath: `seil-${from.code}/klettern`, toPath: `seil-${to.code}/klettern/klettern`, statusCode: 301 },
      { locale: 'de-DE', fromPath: `seil-${from.code}/klettern/statisch`, toPath: `seil-${to.code}/klettern/klettern/statisch`, statusCode: 301 },
    ]);
    // The search links the moved categories to their new paths.
    const [document] = await database.db
      .select({ urlPath: searchDocuments.urlPath })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.kind, 'category'), eq(searchDocuments.refId, grandchild!.id), eq(searchDocuments.locale, 'de-DE')));
    expect(document?.urlPath).toBe(`seil-${to.code}/klettern/klettern/statisch`);

    // Moving it back to the top level: the old redirects lead to the newest path (no chains).
    expect((await move(from.child.id, '')).status).toBe(302);
    const [back] = await database.db
      .select({ toPath: urlRedirects.toPath })
      .from(urlRedirects)
      .where(and(eq(urlRedirects.locale, 'en'), eq(urlRedirects.fromPath, `rope-${from.code}/climbing/static`)));
    expect(back?.toPath).toBe('climbing/static');
    await database.db.delete(categories).where(eq(categories.id, from.child.id));
  });

  it('creates a category below another and moves categories and products with up and down', async () => {
    const { top, child, code } = await tree();
    const created = await callRoute(categoryTree.action, {
      db: database.db,
      staff: editor,
      path: 'categories',
      form: { intent: 'create', parentId: top.id, code: `knots-${code}`, name: 'Knots', urlSegment: 'knots' },
    });
    expect(created.status).toBe(302);
    const [knots] = await database.db
      .select()
      .from(categories)
      .where(eq(categories.code, `knots-${code}`));
    expect(knots).toMatchObject({ parentId: top.id, level: 2 });
    const [path] = await database.db
      .select({ urlPath: categoryTranslations.urlPath })
      .from(categoryTranslations)
      .where(eq(categoryTranslations.categoryId, knots!.id));
    expect(path?.urlPath).toBe(`rope-${code}/knots`);
    await callRoute(categoryTree.action, { db: database.db, staff: editor, path: 'categories', form: { intent: 'up', categoryId: knots!.id } });
    const siblings = await database.db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, top.id)).orderBy(asc(categories.position));
    expect(siblings.map((row) => row.id)).toEqual([knots!.id, child.id]);

    const [first, second] = [await createProductWithReview(database.db), await createProductWithReview(database.db)];
    await database.db.insert(productCategories).values([
      { productId: first.productId, categoryId: child.id, position: 5 },
      { productId: second.productId, categoryId: child.id, position: 9 },
    ]);
    await callRoute(categoryEditor.action, {
      db: database.db,
      staff: editor,
      path: `categories/${child.id}`,
      params: { categoryId: String(child.id) },
      form: { intent: 'product-down', productId: first.productId },
    });
    const order = await database.db
      .select({ productId: productCategories.productId })
      .from(productCategories)
      .where(eq(productCategories.categoryId, child.id))
      .orderBy(asc(productCategories.position));
    expect(order.map((row) => row.productId)).toEqual([second.productId, first.productId]);
  });

  it('labels an attribute and its options per locale and adds an option', async () => {
    const code = `colour-${randomUUID().slice(0, 6)}`;
    const [attribute] = await database.db.insert(attributes).values({ code, valueType: 'select' }).returning();
    const [red] = await database.db.insert(attributeOptions).values({ attributeId: attribute!.id, code: 'red' }).returning();
    const cord = await createProductWithReview(database.db);
    await database.db.insert(productAttributeValues).values({ productId: cord.productId, attributeId: attribute!.id, optionId: red!.id });
    await database.db
      .insert(productTranslations)
      .values({ productId: cord.productId, locale: 'de-DE', name: 'Testkordel', urlKey: `testkordel-${cord.productId}` });
    const params = { attributeId: String(attribute!.id) };
    await callRoute(attributeEditor.action, {
      db: database.db,
      staff: editor,
      path: `attributes/${attribute!.id}`,
      params,
      form: { intent: 'save', isFilterable: 'on', 'label.en': 'Colour', 'label.de-DE': 'Farbe' },
    });
    await callRoute(attributeEditor.action, {
      db: database.db,
      staff: editor,
      path: `attributes/${attribute!.id}?locale=de-DE`,
      params,
      form: { intent: 'option-labels', [`option.${red!.id}`]: 'Rot' },
    });
    expect(
      await database.db
        .select({ locale: attributeTranslations.locale, label: attributeTranslations.label })
        .from(attributeTranslations)
        .where(eq(attributeTranslations.attributeId, attribute!.id))
        .orderBy(asc(attributeTranslations.locale)),
    ).toEqual([
      { locale: 'de-DE', label: 'Farbe' },
      { locale: 'en', label: 'Colour' },
    ]);
    expect(
      await database.db
        .select({ locale: attributeOptionTranslations.locale, label: attributeOptionTranslations.label })
        .from(attributeOptionTranslations)
        .where(eq(attributeOptionTranslations.optionId, red!.id)),
    ).toEqual([{ locale: 'de-DE', label: 'Rot' }]);
    // The products with the option find it under its new name in that store's search.
    const [document] = await database.db
      .select({ keywords: searchDocuments.keywords })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.kind, 'product'), eq(searchDocuments.refId, cord.productId), eq(searchDocuments.locale, 'de-DE')));
    expect(document?.keywords).toContain('Rot');
    const [filterable] = await database.db.select({ isFilterable: attributes.isFilterable }).from(attributes).where(eq(attributes.id, attribute!.id));
    expect(filterable?.isFilterable).toBe(true);
    const taken = await callRoute(attributeEditor.action, {
      db: database.db,
      staff: editor,
      path: `attributes/${attribute!.id}`,
      params,
      form: { intent: 'option-add', code: 'red', englishLabel: 'Red' },
    });
    expect(taken).toMatchObject({ status: 400, data: { fieldErrors: { code: { key: 'admin.catalogue.errors.codeTaken' } } } });
    expect(
      (
        await callRoute(attributeEditor.action, {
          db: database.db,
          staff: editor,
          path: `attributes/${attribute!.id}`,
          params,
          form: { intent: 'option-add', code: 'blue', englishLabel: 'Blue' },
        })
      ).status,
    ).toBe(302);
  });
});
