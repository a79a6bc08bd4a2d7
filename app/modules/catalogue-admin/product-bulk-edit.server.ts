/**
 * Bulk actions of the admin's products list (issue 16): activate, deactivate, move to a category,
 * change prices by a percentage or an amount, set or add stock, on a selection of products, in one
 * transaction, each product's change in the audit log with what it was before. Every changed
 * product gets a new version, so an editor opened before the bulk change cannot overwrite it.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { categories, productCategories, products, productVariants } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import type { CurrencyRate } from '#app/modules/currency/exchange-rates.server.ts';
import { parseAmount } from '#app/modules/currency/money.ts';
import { formFailure, type FormFailure } from '#app/lib/forms/field-errors.ts';
import { recordId } from '#app/lib/forms/record-id.ts';
import { convertToEur } from '#app/modules/pricing/currency-conversion.ts';
import { changedPriceCents, type PriceChange } from '#app/modules/pricing/price-change.ts';
import { refreshProductSearchDocuments } from '#app/modules/search/search-index.server.ts';

export const bulkIntents = ['activate', 'deactivate', 'move', 'price', 'stock'] as const;

export type BulkAction =
  | { kind: 'activate' }
  | { kind: 'deactivate' }
  | { kind: 'move'; categoryId: number }
  | { kind: 'price'; change: PriceChange }
  | { kind: 'stock'; mode: 'set' | 'add'; quantity: number };

export type BulkResult = { ok: true; changed: number } | { ok: false; reason: 'unknown-category' };

/** At most one page of the list at a time. */
export const bulkSelectionLimit = 200;

export async function applyBulkAction(db: Database, staffId: number, productIds: readonly number[], action: BulkAction): Promise<BulkResult> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b).slice(0, bulkSelectionLimit);
  if (ids.length === 0) return { ok: true, changed: 0 };
  const result = await retryingTransaction(db, async (tx): Promise<BulkResult> => {
    // Products first, in id order, then their variants: the order every catalogue write locks in.
    const locked = await tx
      .select({ id: products.id, isActive: products.isActive })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('update');
    const lockedIds = locked.map((row) => row.id);
    if (lockedIds.length === 0) return { ok: true, changed: 0 };
    if (action.kind === 'move') {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, action.categoryId));
      if (!category) return { ok: false, reason: 'unknown-category' };
    }
    const variants = await tx
      .select({ id: productVariants.id, productId: productVariants.productId, priceCents: productVariants.priceCents, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(inArray(productVariants.productId, lockedIds))
      .orderBy(asc(productVariants.id))
      .for('update');
    const before = new Map(locked.map((row) => [row.id, { isActive: row.isActive, variants: variants.filter((variant) => variant.productId === row.id) }]));
    switch (action.kind) {
      case 'activate':
      case 'deactivate':
        await tx
          .update(products)
          .set({ isActive: action.kind === 'activate' })
          .where(inArray(products.id, lockedIds));
        break;
      case 'move': {
        const categoryBefore = await tx
          .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
          .from(productCategories)
          .where(inArray(productCategories.productId, lockedIds));
        for (const row of locked)
          Object.assign(before.get(row.id)!, { categories: categoryBefore.filter((entry) => entry.productId === row.id).map((entry) => entry.categoryId) });
        await tx.delete(productCategories).where(inArray(productCategories.productId, lockedIds));
        // Moved products go to the end of their new category, in the order they were selected.
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${productCategories.position}), 0)::int` })
          .from(productCategories)
          .where(eq(productCategories.categoryId, action.categoryId));
        await tx
          .insert(productCategories)
          .values(lockedIds.map((productId, index) => ({ productId, categoryId: action.categoryId, position: (last?.position ?? 0) + index + 1 })));
        break;
      }
      case 'price':
        for (const variant of variants) {
          const priceCents = changedPriceCents(variant.priceCents, action.change);
          if (priceCents !== variant.priceCents) await tx.update(productVariants).set({ priceCents }).where(eq(productVariants.id, variant.id));
        }
        break;
      case 'stock':
        await tx
          .update(productVariants)
          .set({ stockQuantity: action.mode === 'set' ? action.quantity : sql`greatest(0, ${productVariants.stockQuantity} + ${action.quantity})` })
          .where(inArray(productVariants.productId, lockedIds));
        break;
    }
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(inArray(products.id, lockedIds));
    const after = await tx
      .select({ id: productVariants.id, productId: productVariants.productId, priceCents: productVariants.priceCents, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(inArray(productVariants.productId, lockedIds))
      .orderBy(asc(productVariants.id));
    for (const id of lockedIds) {
      await recordAudit(tx, {
        staffId,
        action: `product.bulk-${action.kind}`,
        entity: 'product',
        entityId: id,
        before: before.get(id),
        after: {
          ...(action.kind === 'move' ? { categories: [action.categoryId] } : {}),
          ...(action.kind === 'activate' || action.kind === 'deactivate' ? { isActive: action.kind === 'activate' } : {}),
          variants: after.filter((variant) => variant.productId === id),
          change: action,
        },
      });
    }
    return { ok: true, changed: lockedIds.length };
  });
  // Inactive products leave the search; activated ones come back (only these products' documents).
  if (result.ok && (action.kind === 'activate' || action.kind === 'deactivate')) await refreshProductSearchDocuments(db, ids);
  return result;
}

// ---------------------------------------------------------------- reading the list's bulk form

export const bulkFields = ['categoryId', 'priceMode', 'priceValue', 'currency', 'stockMode', 'stockQuantity'] as const;
type BulkField = (typeof bulkFields)[number] | 'productId';

/** A signed decimal typed by staff ("-5", "2,50") in minor units, or null. */
function signedAmount(text: string, minorUnits: number): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const amount = parseAmount(trimmed.replace(/^[-+]/, ''), minorUnits);
  return amount === null ? null : negative ? -amount : amount;
}

/** The bulk form's answer when nothing was applied: the field to fix and what was typed. */
export const bulkRefusal = (form: FormData, field: BulkField, key: string): FormFailure<BulkField> =>
  formFailure<BulkField>(form, bulkFields, { [field]: { key } }, { key: 'admin.catalogue.bulk.notApplied' });

/**
 * The selection and the action of the list's bulk form: which button was pressed and the fields
 * it needs. A price amount is typed in any currency with a rate and converted to EUR cents, the
 * currency prices are kept in.
 */
export function parseBulkForm(
  form: FormData,
  rates: ReadonlyMap<string, CurrencyRate>,
): { ok: true; productIds: number[]; action: BulkAction } | FormFailure<BulkField> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const fail = (field: BulkField, key: string) => bulkRefusal(form, field, key);
  const productIds = form.getAll('productId').flatMap((value) => {
    const id = recordId(value);
    return id === null ? [] : [id];
  });
  if (productIds.length === 0) return fail('productId', 'admin.catalogue.bulk.noneSelected');
  const intent = text('intent');
  switch (intent) {
    case 'activate':
    case 'deactivate':
      return { ok: true, productIds, action: { kind: intent } };
    case 'move': {
      const categoryId = recordId(text('categoryId'));
      return categoryId === null ? fail('categoryId', 'validation.required') : { ok: true, productIds, action: { kind: 'move', categoryId } };
    }
    case 'price': {
      if (text('priceMode') === 'percent') {
        const basisPoints = signedAmount(text('priceValue'), 2);
        return basisPoints === null || basisPoints === 0 || basisPoints <= -10_000 || basisPoints > 100_000
          ? fail('priceValue', 'admin.catalogue.bulk.percent')
          : { ok: true, productIds, action: { kind: 'price', change: { kind: 'percent', basisPoints } } };
      }
      const rate = rates.get(text('currency') || 'EUR');
      if (!rate) return fail('currency', 'validation.required');
      const minor = signedAmount(text('priceValue'), rate.minorUnits);
      if (minor === null || minor === 0) return fail('priceValue', 'admin.catalogue.bulk.amount');
      const eurCents = Math.sign(minor) * convertToEur(Math.abs(minor), rate.rate, rate.minorUnits);
      return { ok: true, productIds, action: { kind: 'price', change: { kind: 'amount', eurCents } } };
    }
    case 'stock': {
      const mode = text('stockMode') === 'add' ? 'add' : 'set';
      const quantity = /^[-+]?\d{1,7}$/.test(text('stockQuantity')) ? Number(text('stockQuantity')) : null;
      if (quantity === null || (mode === 'set' && quantity < 0)) return fail('stockQuantity', 'admin.catalogue.bulk.quantity');
      return { ok: true, productIds, action: { kind: 'stock', mode, quantity } };
    }
    default:
      return fail('productId', 'validation.invalid');
  }
}
