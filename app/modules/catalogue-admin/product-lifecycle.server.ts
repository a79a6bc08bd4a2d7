/**
 * A product's beginning and end in the admin (issue 16, decision 0023). A new product starts
 * with what a shopper's page needs at the least — type, category, SKU, a name in the staff
 * member's language, a price — as one simple variant with no stock; the editor does the rest.
 * A product is deleted only while no order names one of its variants: an ordered product stays
 * for the orders' history and is deactivated instead (the refusal says so).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { categories, orderItems, productCategories, products, productTranslations, productVariants } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { parseAmount } from '#app/modules/currency/money.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { recordId } from '#app/lib/forms/record-id.ts';
import { slugify } from '#app/lib/text/slugify.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { refreshProductSearchDocuments } from '#app/modules/search/search-index.server.ts';
import { skuPattern } from './product-editor.server.ts';

export const newProductFields = ['productType', 'categoryId', 'sku', 'name', 'price'] as const;

export interface NewProduct {
  productType: string;
  categoryId: number | null;
  sku: string;
  name: string;
  priceCents: number;
}

const productTypePattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

type NewProductValues = Record<(typeof newProductFields)[number], string>;

/** The form read: the product asked for, or the errors; what was typed either way. */
export type NewProductForm = ({ ok: true; data: NewProduct } | { ok: false; fieldErrors: Record<string, FieldError> }) & { values: NewProductValues };

/** Reads the "new product" form; errors per field, what was typed kept. */
export function parseNewProductForm(form: FormData): NewProductForm {
  const values = Object.fromEntries(newProductFields.map((field) => [field, String(form.get(field) ?? '').trim()])) as NewProductValues;
  const errors: Record<string, FieldError> = {};
  if (!productTypePattern.test(values.productType)) errors.productType = { key: 'admin.catalogue.errors.code' };
  const categoryId = values.categoryId === '' ? null : recordId(values.categoryId);
  if (values.categoryId !== '' && categoryId === null) errors.categoryId = { key: 'validation.invalid' };
  if (!skuPattern.test(values.sku)) errors.sku = { key: 'admin.catalogue.errors.sku' };
  if (!values.name) errors.name = { key: 'validation.required' };
  else if (values.name.length > 200) errors.name = { key: 'validation.tooLong', values: { max: 200 } };
  else if (!slugify(values.name)) errors.name = { key: 'admin.catalogue.errors.nameWithoutKey' };
  const priceCents = parseAmount(values.price, 2);
  if (priceCents === null) errors.price = { key: 'admin.validation.amount' };
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors, values };
  return { ok: true, data: { productType: values.productType, categoryId, sku: values.sku, name: values.name, priceCents: priceCents! }, values };
}

export type CreateProductResult = { ok: true; productId: number } | { ok: false; fieldErrors: Record<string, FieldError> };

/**
 * Creates the product, active, named in `locale` with a URL key made from the name (a number
 * added while the key is taken), in the category at its end. Its search documents are written at
 * once; the catalogue tables' triggers empty the storefront's caches and listing index.
 */
export async function createProduct(db: Database, staffId: number, locale: LocaleCode, input: NewProduct): Promise<CreateProductResult> {
  const result = await retryingTransaction(db, async (tx): Promise<CreateProductResult> => {
    const sku = input.sku.toLowerCase();
    const [takenProduct] = await tx
      .select({ id: products.id })
      .from(products)
      .where(sql`lower(${products.sku}) = ${sku}`);
    const [takenVariant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`lower(${productVariants.sku}) = ${sku}`);
    if (takenProduct || takenVariant) return { ok: false, fieldErrors: { sku: { key: 'admin.catalogue.errors.skuTaken' } } };
    if (input.categoryId !== null) {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
      if (!category) return { ok: false, fieldErrors: { categoryId: { key: 'validation.invalid' } } };
    }
    const base = slugify(input.name);
    const used = await tx
      .select({ urlKey: productTranslations.urlKey })
      .from(productTranslations)
      .where(and(eq(productTranslations.locale, locale), sql`${productTranslations.urlKey} like ${`${base}%`}`));
    const taken = new Set(used.map((row) => row.urlKey));
    let urlKey = base;
    for (let n = 2; taken.has(urlKey); n++) urlKey = `${base}-${n}`;

    const [product] = await tx.insert(products).values({ sku: input.sku, kind: 'simple', productType: input.productType }).returning({ id: products.id });
    const productId = product!.id;
    await tx.insert(productTranslations).values({ productId, locale, name: input.name, urlKey });
    await tx.insert(productVariants).values({ productId, sku: input.sku, priceCents: input.priceCents, stockQuantity: 0 });
    if (input.categoryId !== null) {
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${productCategories.position}), -1)::int` })
        .from(productCategories)
        .where(eq(productCategories.categoryId, input.categoryId));
      await tx.insert(productCategories).values({ productId, categoryId: input.categoryId, position: (last?.position ?? -1) + 1 });
    }
    await recordAudit(tx, { staffId, action: 'product.create', entity: 'product', entityId: productId, after: { ...input, locale, urlKey } });
    return { ok: true, productId };
  });
  if (result.ok) await refreshProductSearchDocuments(db, [result.productId]);
  return result;
}

export type DeleteProductResult = { ok: true; sku: string } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'ordered'; orders: number };

/**
 * Deletes a product that was never ordered, with everything hanging on it (texts, variants,
 * images' rows, category places, wishlist entries, carts' lines). One that was ordered is refused:
 * the orders keep their lines, and the product is to be deactivated instead.
 */
export async function deleteProduct(db: Database, staffId: number, productId: number): Promise<DeleteProductResult> {
  const result = await retryingTransaction(db, async (tx): Promise<DeleteProductResult> => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
    if (!product) return { ok: false, reason: 'not-found' };
    const variants = await tx
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const [ordered] =
      variants.length > 0
        ? await tx
            .select({ orders: sql<number>`count(distinct ${orderItems.orderId})::int` })
            .from(orderItems)
            .where(
              inArray(
                orderItems.variantId,
                variants.map((variant) => variant.id),
              ),
            )
        : [];
    if (ordered && ordered.orders > 0) return { ok: false, reason: 'ordered', orders: ordered.orders };
    const texts = await tx
      .select({ locale: productTranslations.locale, name: productTranslations.name, urlKey: productTranslations.urlKey })
      .from(productTranslations)
      .where(eq(productTranslations.productId, productId));
    await tx.delete(products).where(eq(products.id, productId));
    await recordAudit(tx, {
      staffId,
      action: 'product.delete',
      entity: 'product',
      entityId: productId,
      before: { sku: product.sku, productType: product.productType, texts, variants: variants.map((variant) => variant.sku) },
    });
    return { ok: true, sku: product.sku };
  });
  // Its search documents go with it (the refresh finds no product to write them for).
  if (result.ok) await refreshProductSearchDocuments(db, [productId]);
  return result;
}
