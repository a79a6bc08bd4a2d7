/**
 * Product images uploaded in the admin (issue 16). A file is judged by its content, not its name:
 * sharp must read it as a JPEG, PNG, WebP, AVIF or GIF of at most 40 megapixels, and it may not be
 * larger than 20 MB. Accepted files are stored under DATA_DIR/media/products/ by their content
 * hash (a new file is a new address, so no cached rendering is ever stale) and served through the
 * image pipeline like every other image. Images are ordered and carry alt text per locale.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '#app/db/client.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { productImages, products } from '#app/db/schema.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { type LocaleCode, localeCodes } from '#app/modules/i18n/locales.ts';
import { swapped } from '#app/modules/catalogue/reorder.ts';

export const maxImageBytes = 20 * 1024 * 1024;
export const maxImagePixels = 40_000_000;
const acceptedFormats: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', heif: 'avif', gif: 'gif' };

export type ImageRefusal = 'missing' | 'too-large' | 'not-an-image' | 'too-many-pixels';
export type ImageCheck = { ok: true; format: string; extension: string; width: number; height: number } | { ok: false; reason: ImageRefusal };

/** What the file is, read by sharp from its bytes. */
export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'missing' };
  if (bytes.byteLength > maxImageBytes) return { ok: false, reason: 'too-large' };
  let metadata: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked on its dimensions below.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
  const extension = metadata.format ? acceptedFormats[metadata.format] : undefined;
  if (!extension || !metadata.width || !metadata.height) return { ok: false, reason: 'not-an-image' };
  if (metadata.width * metadata.height > maxImagePixels) return { ok: false, reason: 'too-many-pixels' };
  return { ok: true, format: metadata.format!, extension, width: metadata.width, height: metadata.height };
}

export type AddImageResult = { ok: true; imageId: number } | { ok: false; reason: ImageRefusal | 'not-found' };

/** Checks, stores and appends an image to a product's gallery. */
export async function addProductImage(db: Database, mediaDir: string, staffId: number, productId: number, bytes: Uint8Array): Promise<AddImageResult> {
  const [product] = await db.select({ id: products.id, sku: products.sku }).from(products).where(eq(products.id, productId));
  if (!product) return { ok: false, reason: 'not-found' };
  const checked = await checkImage(bytes);
  if (!checked.ok) return checked;
  const path = `products/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${checked.extension}`;
  await mkdir(join(mediaDir, 'products'), { recursive: true });
  await writeFile(join(mediaDir, path), bytes);
  const imageId = await retryingTransaction(db, async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    const [row] = await tx
      .insert(productImages)
      .values({ productId, path, width: checked.width, height: checked.height, position: (last?.position ?? -1) + 1 })
      .returning({ id: productImages.id });
    await recordAudit(tx, {
      staffId,
      action: 'product.image-add',
      entity: 'product',
      entityId: productId,
      after: { imageId: row!.id, path, width: checked.width, height: checked.height },
    });
    return row!.id;
  });
  return { ok: true, imageId };
}

/** Moves an image one place up or down in its product's gallery. */
export async function moveProductImage(db: Database, staffId: number, productId: number, imageId: number, direction: 'up' | 'down'): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const images = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));
    if (!images.some((image) => image.id === imageId)) return false;
    const order = swapped(
      images.map((image) => image.id),
      imageId,
      direction,
    );
    for (const [position, id] of order.entries()) await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    await recordAudit(tx, {
      staffId,
      action: 'product.image-move',
      entity: 'product',
      entityId: productId,
      before: { order: images.map((image) => image.id) },
      after: { order },
    });
    return true;
  });
}

/** Alt texts of one image per locale; an empty one falls back to the product's name. */
export async function saveImageAlt(
  db: Database,
  staffId: number,
  productId: number,
  imageId: number,
  alt: Partial<Record<LocaleCode, string>>,
): Promise<boolean> {
  const cleaned = Object.fromEntries(localeCodes.flatMap((locale) => (alt[locale]?.trim() ? [[locale, alt[locale]!.trim().slice(0, 250)]] : [])));
  return retryingTransaction(db, async (tx) => {
    const [image] = await tx
      .select({ alt: productImages.alt })
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .for('update');
    if (!image) return false;
    await tx.update(productImages).set({ alt: cleaned }).where(eq(productImages.id, imageId));
    await recordAudit(tx, {
      staffId,
      action: 'product.image-alt',
      entity: 'product',
      entityId: productId,
      before: { imageId, alt: image.alt },
      after: { imageId, alt: cleaned },
    });
    return true;
  });
}

/** Takes an image out of the gallery (the file stays: an order or a cached page may still show it). */
export async function removeProductImage(db: Database, staffId: number, productId: number, imageId: number): Promise<boolean> {
  return retryingTransaction(db, async (tx) => {
    const [removed] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning();
    if (!removed) return false;
    await recordAudit(tx, { staffId, action: 'product.image-remove', entity: 'product', entityId: productId, before: removed });
    return true;
  });
}
