/**
 * Issue 16: the catalogue in the admin — the product editor (URL-key redirects, version check,
 * caches and search after an edit, permissions), image uploads judged by their content, and bulk
 * price changes in minor units.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productImages, products, productTranslations, productVariants, urlRedirects } from '#app/db/schema.ts';
import { invalidateCachesOnStorefrontChanges } from '#app/modules/catalogue/storefront-changes.server.ts';
import { getListingIndex } from '#app/modules/catalogue/listing-index.server.ts';
import { getProductDetail } from '#app/modules/catalogue/product-detail.server.ts';
import { fieldName, formatTiers, newVariantId, relatedKinds, translationParts } from '#app/modules/catalogue-admin/product-editor-fields.ts';
import type { ProductForEditing } from '#app/modules/catalogue-admin/product-editor.server.ts';
import { checkImage, maxImageBytes } from '#app/modules/catalogue-admin/product-images.server.ts';
import { resolveCataloguePath } from '#app/modules/catalogue/resolve-path.server.ts';
import { minorUnitsToDecimal } from '#app/modules/currency/money.ts';
import { getCurrencyRates } from '#app/modules/currency/exchange-rates.server.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import { convertToEur } from '#app/modules/pricing/currency-conversion.ts';
import { searchCatalogue } from '#app/modules/search/search.server.ts';
import * as editorRoute from '#app/routes/admin/catalogue/product-editor.tsx';
import * as listRoute from '#app/routes/admin/catalogue/product-list.tsx';
import { createDemoDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { callRoute, createStaff, loggedIn } from './admin-support.ts';

type Staff = Awaited<ReturnType<typeof loggedIn>>;

/** The editor's form exactly as the page would send it, with some fields changed. */
function editorForm(editing: ProductForEditing, overrides: Record<string, string> = {}): URLSearchParams {
  const form = new URLSearchParams({ intent: 'save', version: String(editing.product.version) });
  if (editing.product.isActive) form.set('isActive', 'on');
  if (editing.product.hasSample) form.set('hasSample', 'on');
  if (editing.product.soldByLength) form.set('soldByLength', 'on');
  for (const locale of localeCodes) for (const part of translationParts) form.set(fieldName.text(locale, part), editing.texts[locale]?.[part] ?? '');
  for (const variant of editing.variants) {
    form.set(fieldName.variant(variant.id, 'sku'), variant.sku);
    form.set(fieldName.variant(variant.id, 'price'), minorUnitsToDecimal(variant.priceCents));
    form.set(fieldName.variant(variant.id, 'stock'), String(variant.stockQuantity));
    form.set(fieldName.variant(variant.id, 'tiers'), formatTiers(variant.tiers));
    if (variant.isActive) form.set(fieldName.variant(variant.id, 'active'), 'on');
    for (const [attributeId, optionId] of Object.entries(variant.options)) form.set(fieldName.variantOption(variant.id, Number(attributeId)), String(optionId));
  }
  for (const specification of editing.specifications) {
    if (specification.valueType === 'select')
      for (const optionId of specification.selected) form.append(fieldName.specification(specification.id), String(optionId));
    else form.set(fieldName.specification(specification.id), specification.value);
  }
  for (const kind of relatedKinds) form.set(fieldName.related(kind), editing.related[kind]);
  for (const [name, value] of Object.entries(overrides)) form.set(name, value);
  return form;
}

/** A PNG whose header claims `width` × `height` (valid checksum), without the pixels to match. */
async function pngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR data starts after the 8-byte signature, 4-byte length and 4-byte type.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(testDrivers)('the catalogue in the admin on %s', (driver) => {
  let database: TestDatabase;
  let editor: Staff;
  let dataDir: string;
  let productIds: number[];
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    database = await createDemoDatabase(driver, 0.01);
    editor = await loggedIn(database.db, await createStaff(database.db, 'editor'));
    dataDir = mkdtempSync(join(tmpdir(), 'cordial-catalogue-admin-'));
    const rows = await database.db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).orderBy(asc(products.id)).limit(8);
    productIds = rows.map((row) => row.id);
    stopListening = await invalidateCachesOnStorefrontChanges(database, storefrontPageCache());
  }, 120_000);
  afterAll(async () => {
    await stopListening?.();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (productId: number, staff: Staff = editor) => {
    const loaded = await callRoute(editorRoute.loader, { db: database.db, staff, path: `products/${productId}`, params: { productId: String(productId) } });
    expect(loaded.status).toBe(200);
    return loaded.data as ProductForEditing;
  };
  const save = (productId: number, form: URLSearchParams | FormData, staff: Staff = editor) =>
    callRoute(editorRoute.action, {
      db: database.db,
      staff,
      path: `products/${productId}`,
      params: { productId: String(productId) },
      form,
      services: { dataDir },
    });
  /** Notifications reach the listener a moment after the commit. */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 50 && !(await check()); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    return check();
  };

  it('keeps the old URL of every locale whose key changed with a 301, and no other', async () => {
    const productId = productIds[0]!;
    const editing = await open(productId);
    const oldGerman = editing.texts['de-DE']!.urlKey;
    const oldBritish = editing.texts['en-GB']!.urlKey;
    const saved = await save(
      productId,
      editorForm(editing, { [fieldName.text('de-DE', 'urlKey')]: `${oldGerman}-neu`, [fieldName.text('en-GB', 'urlKey')]: `${oldBritish}-new` }),
    );
    expect(saved.status).toBe(302);
    const redirects = await database.db
      .select()
      .from(urlRedirects)
      .where(inArray(urlRedirects.fromPath, [oldGerman, oldBritish]));
    expect(
      redirects.map(({ locale, fromPath, toPath, statusCode }) => ({ locale, fromPath, toPath, statusCode })).sort((a, b) => a.locale.localeCompare(b.locale)),
    ).toEqual([
      { locale: 'de-DE', fromPath: oldGerman, toPath: `${oldGerman}-neu`, statusCode: 301 },
      { locale: 'en-GB', fromPath: oldBritish, toPath: `${oldBritish}-new`, statusCode: 301 },
    ]);
    expect(
      await database.db
        .select()
        .from(urlRedirects)
        .where(eq(urlRedirects.toPath, `${editing.texts.en!.urlKey}`)),
    ).toEqual([]);
    expect(await eventually(async () => (await resolveCataloguePath(database.db, 'de-DE', oldGerman))?.type === 'REDIRECT')).toBe(true);
    expect(await resolveCataloguePath(database.db, 'de-DE', oldGerman)).toEqual({
      type: 'REDIRECT',
      redirectCode: 301,
      relativeUrl: `/de-de/${oldGerman}-neu`,
    });
    // Changing it back: the new key forwards to the old one, and no redirect loops.
    const again = await open(productId);
    await save(productId, editorForm(again, { [fieldName.text('de-DE', 'urlKey')]: oldGerman }));
    const german = await database.db.select().from(urlRedirects).where(eq(urlRedirects.locale, 'de-DE'));
    expect(german.filter((row) => row.fromPath === oldGerman)).toEqual([]);
    expect(german.find((row) => row.fromPath === `${oldGerman}-neu`)?.toPath).toBe(oldGerman);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, String(productId))))
      .limit(1);
    expect(entry).toMatchObject({ staffId: editor.id });
  });

  it('refuses a save based on an older version with 409 and overwrites nothing', async () => {
    const productId = productIds[1]!;
    const [first, second] = [await open(productId), await open(productId)];
    const name = fieldName.text('en', 'name');
    expect((await save(productId, editorForm(first, { [name]: 'Saved first' }))).status).toBe(302);
    const late = await save(productId, editorForm(second, { [name]: 'Saved second' }));
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({ formError: { key: 'admin.catalogue.conflict' }, values: { [name]: 'Saved second' } });
    const [row] = await database.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, 'en')));
    expect(row?.name).toBe('Saved first');
    // Two saves at the same moment from the same version: one wins, the other is told.
    const fresh = await open(productId);
    const statuses = (await Promise.all([save(productId, editorForm(fresh, { [name]: 'A' })), save(productId, editorForm(fresh, { [name]: 'B' }))]))
      .map((answer) => answer.status)
      .sort();
    expect(statuses).toEqual([302, 409]);
  });

  it('shows the new name on the product page and in search within moments, through the caches', async () => {
    const productId = productIds[2]!;
    const index = await getListingIndex(database.db);
    const before = await getProductDetail(database.db, index, productId, 'de-DE');
    expect(before?.product.name).toBeTruthy();
    const renamed = `Kletterschnur Zugspitze ${driver}`;
    expect((await save(productId, editorForm(await open(productId), { [fieldName.text('de-DE', 'name')]: renamed }))).status).toBe(302);
    expect(
      await eventually(async () => (await getProductDetail(database.db, await getListingIndex(database.db), productId, 'de-DE'))?.product.name === renamed),
    ).toBe(true);
    expect(
      await eventually(async () =>
        (await searchCatalogue(database.db, 'de-DE', 'zugspitze')).hits.some((hit) => hit.refId === productId && hit.title === renamed),
      ),
    ).toBe(true);
  });

  it('refuses bad input next to the field with status 400 and keeps what was typed', async () => {
    const productId = productIds[3]!;
    const editing = await open(productId);
    const variant = editing.variants[0]!;
    const refused = await save(
      productId,
      editorForm(editing, {
        [fieldName.text('fr-FR', 'urlKey')]: 'Pas Bon!',
        [fieldName.variant(variant.id, 'price')]: 'abc',
        [fieldName.variant(variant.id, 'tiers')]: '1: 2',
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      fieldErrors: {
        [fieldName.text('fr-FR', 'urlKey')]: { key: 'admin.catalogue.errors.urlKey' },
        [fieldName.variant(variant.id, 'price')]: { key: 'admin.validation.amount' },
        [fieldName.variant(variant.id, 'tiers')]: { key: 'admin.catalogue.errors.tiers' },
      },
      values: { [fieldName.text('fr-FR', 'urlKey')]: 'Pas Bon!' },
    });
    // A rich-text description goes through the sanitiser; tier prices are stored in cents.
    const saved = await save(
      productId,
      editorForm(editing, {
        [fieldName.text('en', 'description')]: '<p onclick="x()">Strong<script>alert(1)</script></p>',
        [fieldName.variant(variant.id, 'price')]: '4,00',
        [fieldName.variant(variant.id, 'tiers')]: '10: 3,50; 50: 3',
      }),
    );
    expect(saved.status).toBe(302);
    const reopened = await open(productId);
    expect(reopened.texts.en?.description).toBe('<p>Strong</p>');
    expect(reopened.variants[0]).toMatchObject({
      priceCents: 400,
      tiers: [
        { minQuantity: 10, unitPriceCents: 350 },
        { minQuantity: 50, unitPriceCents: 300 },
      ],
    });

    // A new variant: its options must differ from the others', then it is added last.
    const fresh = (id: number, part: Parameters<typeof fieldName.variant>[1]) => fieldName.variant(id, part);
    const sameOptions = Object.fromEntries(
      Object.entries(variant.options).map(([attributeId, optionId]) => [fieldName.variantOption(newVariantId, Number(attributeId)), String(optionId)]),
    );
    const row = {
      [fresh(newVariantId, 'sku')]: `${variant.sku}-XL`,
      [fresh(newVariantId, 'price')]: '12.00',
      [fresh(newVariantId, 'stock')]: '7',
      [fresh(newVariantId, 'active')]: 'on',
    };
    if (reopened.variantAttributes.length > 0) {
      const twin = await save(productId, editorForm(reopened, { ...row, ...sameOptions }));
      expect(twin.data).toMatchObject({
        fieldErrors: { [fieldName.variantOption(newVariantId, reopened.variantAttributes[0]!.id)]: { key: 'admin.catalogue.errors.sameOptions' } },
      });
    }
    const used = new Set(reopened.variants.map((existing) => existing.options[reopened.variantAttributes[0]?.id ?? -1]));
    const free = reopened.variantAttributes[0]?.options.find((option) => !used.has(option.id));
    const options = free ? { ...sameOptions, [fieldName.variantOption(newVariantId, reopened.variantAttributes[0]!.id)]: String(free.id) } : {};
    expect((await save(productId, editorForm(reopened, { ...row, ...options }))).status).toBe(302);
    const withNew = await open(productId);
    expect(withNew.variants.at(-1)).toMatchObject({ sku: `${variant.sku}-XL`, priceCents: 1200, stockQuantity: 7, isActive: true });
    expect(withNew.variants.length).toBe(reopened.variants.length + 1);
  });

  it('lets editors edit the catalogue and refuses support with 403, logged', async () => {
    const support = await loggedIn(database.db, await createStaff(database.db, 'support'));
    const productId = productIds[4]!;
    const editing = await open(productId);
    expect(
      (await callRoute(editorRoute.loader, { db: database.db, staff: support, path: `products/${productId}`, params: { productId: String(productId) } }))
        .status,
    ).toBe(403);
    expect((await save(productId, editorForm(editing, { [fieldName.text('en', 'name')]: 'Support was here' }), support)).status).toBe(403);
    expect((await callRoute(listRoute.action, { db: database.db, staff: support, path: 'products', form: { intent: 'activate', productId } })).status).toBe(
      403,
    );
    const denied = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, support.id), eq(auditLog.action, 'access.denied')));
    expect(denied.length).toBe(3);
    const [row] = await database.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, 'en')));
    expect(row?.name).toBe(editing.texts.en?.name);
    expect((await save(productId, editorForm(editing, { [fieldName.text('en', 'name')]: 'Edited by the editor' }))).status).toBe(302);
  });

  it('judges uploads by their content: wrong type, over 20 MB or over 40 megapixels refused', async () => {
    expect(await checkImage(new TextEncoder().encode('GIF89a but really a text file'))).toEqual({ ok: false, reason: 'not-an-image' });
    expect(await checkImage(new Uint8Array(maxImageBytes + 1))).toEqual({ ok: false, reason: 'too-large' });
    expect(await checkImage(await pngClaiming(8000, 6000))).toEqual({ ok: false, reason: 'too-many-pixels' });
    expect(await checkImage(await pngClaiming(6000, 6000))).toMatchObject({ ok: true, format: 'png', width: 6000, height: 6000 });

    const productId = productIds[5]!;
    const upload = (bytes: Uint8Array<ArrayBuffer> | Buffer<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.set('intent', 'image-upload');
      form.set('image', new File([bytes], name, { type: 'image/jpeg' }));
      return save(productId, form);
    };
    const disguised = await upload(new TextEncoder().encode('<svg onload="alert(1)"/>'), 'cord.jpg');
    expect(disguised).toMatchObject({ status: 400, data: { imageError: { key: 'admin.catalogue.images.notAnImage' } } });
    const before = await database.db.select().from(productImages).where(eq(productImages.productId, productId));
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg, 'red.png')).status).toBe(302);
    const after = await database.db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position));
    expect(after.length).toBe(before.length + 1);
    const added = after.at(-1)!;
    expect(added).toMatchObject({ width: 300, height: 200 });
    expect(added.path).toMatch(/^products\/[0-9a-f]{32}\.jpg$/);
    expect(readdirSync(join(dataDir, 'media', 'products'))).toContain(added.path.slice('products/'.length));
    // Alt text per locale reaches the product page; moving it first makes it the main image.
    await save(productId, new URLSearchParams({ intent: 'image-alt', imageId: String(added.id), 'alt.de-DE': 'Rote Kordel' }));
    for (let step = 0; step < after.length - 1; step++) await save(productId, new URLSearchParams({ intent: 'image-up', imageId: String(added.id) }));
    expect(
      await eventually(
        async () => (await getProductDetail(database.db, await getListingIndex(database.db), productId, 'de-DE'))?.images[0]?.alt === 'Rote Kordel',
      ),
    ).toBe(true);
  });

  it('changes prices of a selection in minor units, by percent or by an amount in another currency, audited', async () => {
    const selection = productIds.slice(6, 8);
    const variantsBefore = await database.db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, selection))
      .orderBy(asc(productVariants.id));
    await database.db.update(productVariants).set({ priceCents: 995 }).where(eq(productVariants.id, variantsBefore[0]!.id));
    const bulk = (form: Record<string, string>) => {
      const body = new URLSearchParams(form);
      for (const id of selection) body.append('productId', String(id));
      return callRoute(listRoute.action, { db: database.db, staff: editor, path: 'products?sort=name', form: body });
    };
    const refused = await bulk({ intent: 'price', priceMode: 'percent', priceValue: 'ten' });
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldErrors: { priceValue: { key: 'admin.catalogue.bulk.percent' } }, values: { priceValue: 'ten' } },
    });
    const raised = await bulk({ intent: 'price', priceMode: 'percent', priceValue: '10' });
    expect(raised.status).toBe(302);
    expect(raised.headers.get('location')).toBe('/paracord_admin/products?sort=name&changed=2');
    const raisedRows = await database.db.select().from(productVariants).where(inArray(productVariants.productId, selection)).orderBy(asc(productVariants.id));
    expect(raisedRows[0]!.priceCents).toBe(1095); // 995 + 99.5, rounded half away from zero
    const gbp = (await getCurrencyRates(database.db)).get('GBP')!;
    await bulk({ intent: 'price', priceMode: 'amount', priceValue: '-0,50', currency: 'GBP' });
    const loweredRows = await database.db.select().from(productVariants).where(inArray(productVariants.productId, selection)).orderBy(asc(productVariants.id));
    const fiftyPence = convertToEur(50, gbp.rate, gbp.minorUnits);
    expect(loweredRows.map((row) => row.priceCents)).toEqual(raisedRows.map((row) => Math.max(0, row.priceCents - fiftyPence)));
    expect(Number.isInteger(fiftyPence) && fiftyPence > 50).toBe(true);
    await bulk({ intent: 'stock', stockMode: 'add', stockQuantity: '-3' });
    const stocked = await database.db.select().from(productVariants).where(inArray(productVariants.productId, selection)).orderBy(asc(productVariants.id));
    expect(stocked.map((row) => row.stockQuantity)).toEqual(loweredRows.map((row) => Math.max(0, row.stockQuantity - 3)));
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.bulk-price'), inArray(auditLog.entityId, selection.map(String))));
    expect(entries.length).toBe(4);
    // Bulk changes give the products a new version: an editor opened before cannot overwrite them.
    const [product] = await database.db.select({ version: products.version }).from(products).where(eq(products.id, selection[0]!));
    expect(product!.version).toBe(4);
  });
});
