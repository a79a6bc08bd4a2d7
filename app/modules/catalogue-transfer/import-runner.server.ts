import { setTimeout } from 'node:timers/promises';
/**
 * Applies a previewed import in the background (issue 16): batches of rows, each batch in one
 * transaction with multi-row statements, together with the job's cursor, so a batch is applied
 * whole or not at all and a restarted process resumes after the last applied batch. A job is
 * claimed with FOR UPDATE SKIP LOCKED and a lease, so two processes never run the same job.
 *
 * Storefront caches: the batches hold back the catalogue tables' NOTIFY (migrations 0021, 0031)
 * and the runner tells the storefront at most every few seconds and at the end, and only when a
 * batch wrote something pages show (a price, a sell-out...). Once per batch (20 times for 10,000
 * rows) kept every process emptying its caches and rebuilding its listing index throughout the
 * import (decision 0029).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '#app/db/client.server.ts';
import { asDatabaseWork } from '#app/db/database-work.server.ts';
import { importJobRows, importJobs } from '#app/db/schema.ts';
import { yieldToRequests } from '#app/db/sliced-reads.server.ts';
import { retryingTransaction } from '#app/db/transaction.server.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';
import { HeldStorefrontChanges, holdingStorefrontChanges, nothingHeld } from '#app/modules/catalogue/storefront-changes.server.ts';
import { refreshProductSearchDocuments } from '#app/modules/search/search-index.server.ts';
import type { RowWrites } from './import-preview.server.ts';

export interface ImportServices {
  db: Database;
  logger: Logger;
}

export const importBatchSize = 500;
const leaseSeconds = 120;

const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Rows per statement. On PGlite each statement runs on the thread that serves the pages: the
 * 500 variants of a batch in one update held every page hit for ~25 ms, in slices of 100 with
 * a turn for waiting requests between them for ~5 ms at a time (the batch stays one transaction).
 */
const rowsPerStatement = 100;

/**
 * After each batch the import rests this many times as long as the batch took: it takes about a
 * thirteenth of the time the shop has, however fast the machine, so shoppers' pages stay within
 * 20 % of their usual speed (issue 16, bench:import: at 4 and 8 times the p95 still rose 14–38 %).
 * 10,000 stock rows then take some 20 s instead of 2; the target is a minute.
 */
const restPerBatchTime = 12;

/** Runs `write` for each slice of `rows`, letting waiting requests in between. */
async function inStatements<Row>(rows: Row[], write: (slice: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    if (start > 0) await yieldToRequests();
    await write(rows.slice(start, start + rowsPerStatement));
  }
}

/** One batch's writes as a handful of multi-row statements. */
export async function applyWrites(tx: Queryable, writes: RowWrites[]): Promise<void> {
  const variants = writes
    .filter((write) => write.variant)
    .map((write) => ({
      id: write.variantId,
      price_cents: write.variant!.priceCents ?? null,
      stock: write.variant!.stock ?? null,
      weight_grams: write.variant!.weightGrams ?? null,
      is_active: write.variant!.isActive ?? null,
    }));
  await inStatements(variants, (slice) =>
    tx.execute(sql`
      update product_variants v set
        price_cents = coalesce(d.price_cents, v.price_cents), stock_quantity = coalesce(d.stock, v.stock_quantity),
        weight_grams = coalesce(d.weight_grams, v.weight_grams), is_active = coalesce(d.is_active, v.is_active)
      from jsonb_to_recordset(${jsonParam(slice)}) as d(id int, price_cents int, stock int, weight_grams int, is_active boolean)
      where v.id = d.id`),
  );
  const tiered = writes.filter((write) => write.tiers);
  if (tiered.length > 0) {
    await tx.execute(
      sql`delete from price_tiers where variant_id in (select (jsonb_array_elements_text(${jsonParam(tiered.map((write) => write.variantId))}))::int)`,
    );
    const tiers = tiered.flatMap((write) =>
      write.tiers!.map((tier) => ({ variant_id: write.variantId, min_quantity: tier.minQuantity, unit_price_cents: tier.unitPriceCents })),
    );
    if (tiers.length > 0) {
      await tx.execute(sql`
        insert into price_tiers (variant_id, min_quantity, unit_price_cents)
        select variant_id, min_quantity, unit_price_cents from jsonb_to_recordset(${jsonParam(tiers)}) as d(variant_id int, min_quantity int, unit_price_cents int)`);
    }
  }
  const products = writes.filter((write) => write.product).map((write) => ({ id: write.product!.id, is_active: write.product!.isActive }));
  if (products.length > 0) {
    await tx.execute(sql`
      update products p set is_active = d.is_active, updated_at = now()
      from jsonb_to_recordset(${jsonParam(products)}) as d(id int, is_active boolean) where p.id = d.id`);
  }
  const texts = writes
    .flatMap((write) => write.texts ?? [])
    .map((text) => ({
      product_id: text.productId,
      locale: text.locale,
      name: text.name,
      url_key: text.urlKey,
      description: text.description,
      previous_url_key: text.previousUrlKey ?? null,
    }));
  if (texts.length > 0) {
    await inStatements(texts, (slice) =>
      tx.execute(sql`
        insert into product_translations (product_id, locale, name, url_key, description)
        select product_id, locale, name, url_key, description
        from jsonb_to_recordset(${jsonParam(slice)}) as d(product_id int, locale text, name text, url_key text, description text)
        on conflict (product_id, locale) do update set name = excluded.name, url_key = excluded.url_key, description = excluded.description`),
    );
    // A changed URL key keeps the old address working; a redirect from the new key would only be shadowed.
    const moved = texts
      .filter((text) => text.previous_url_key)
      .map((text) => ({ locale: text.locale, from_path: text.previous_url_key, to_path: text.url_key }));
    if (moved.length > 0) {
      await tx.execute(sql`
        insert into url_redirects (locale, from_path, to_path, status_code)
        select locale, from_path, to_path, 301 from jsonb_to_recordset(${jsonParam(moved)}) as d(locale text, from_path text, to_path text)
        on conflict (locale, from_path) do update set to_path = excluded.to_path, status_code = 301`);
      await tx.execute(sql`
        delete from url_redirects r using jsonb_to_recordset(${jsonParam(moved)}) as d(locale text, from_path text, to_path text)
        where r.locale = d.locale and r.from_path = d.to_path`);
    }
  }
}

/** Takes the job if it waits or its runner's lease ran out; null when another process has it. */
async function claim(db: Database, id: number): Promise<{ cursorLine: number; staffId: number | null } | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: importJobs.id, cursorLine: importJobs.cursorLine, staffId: importJobs.staffId })
      .from(importJobs)
      .where(
        and(
          eq(importJobs.id, id),
          inArray(importJobs.status, ['queued', 'running']),
          sql`(${importJobs.claimedUntil} is null or ${importJobs.claimedUntil} < now())`,
        ),
      )
      .for('update', { skipLocked: true });
    if (!job) return null;
    await tx
      .update(importJobs)
      .set({ status: 'running', claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(eq(importJobs.id, id));
    return job;
  });
}

async function finish(db: Database, id: number, status: 'done' | 'stopped' | 'failed', error: string | null = null) {
  await db
    .update(importJobs)
    .set({ status, error, claimedUntil: null, finishedAt: sql`now()` })
    .where(eq(importJobs.id, id));
}

export type ImportRunOutcome = 'done' | 'stopped' | 'failed' | 'not-claimed';

/**
 * Runs one import job to its end (or its stop, or its first failing batch). A plain function of
 * the services and the job's id: the caller decides where it runs.
 */
export function runImportJob(services: ImportServices, id: number): Promise<ImportRunOutcome> {
  return asDatabaseWork('import', () => runClaimedJob(services, id));
}

async function runClaimedJob(services: ImportServices, id: number): Promise<ImportRunOutcome> {
  const claimed = await claim(services.db, id);
  if (!claimed) return 'not-claimed';
  const changes = new HeldStorefrontChanges(services.db);
  try {
    return await applyClaimedJob(services, id, claimed, changes);
  } finally {
    // Also after a failure or a stop: the batches before it committed. (The minute expiry and the
    // listing index's rebuild every ten minutes cover a notification that could not be sent.)
    await changes.flush().catch((error: unknown) => services.logger.warn({ err: error }, 'could not tell the storefront of an import'));
  }
}

async function applyClaimedJob(
  { db, logger }: ImportServices,
  id: number,
  claimed: { cursorLine: number; staffId: number | null },
  changes: HeldStorefrontChanges,
): Promise<ImportRunOutcome> {
  let cursor = claimed.cursorLine;
  for (;;) {
    const batchStarted = performance.now();
    const [state] = await db.select({ stopRequested: importJobs.stopRequested }).from(importJobs).where(eq(importJobs.id, id));
    if (!state || state.stopRequested) {
      await finish(db, id, 'stopped');
      await recordAudit(db, { staffId: claimed.staffId, action: 'import.stopped', entity: 'import', entityId: id, after: { cursorLine: cursor } });
      return 'stopped';
    }
    const batch = await db
      .select({ line: importJobRows.line, writes: importJobRows.writes })
      .from(importJobRows)
      .where(and(eq(importJobRows.jobId, id), gt(importJobRows.line, cursor), inArray(importJobRows.outcome, ['new', 'changed'])))
      .orderBy(asc(importJobRows.line))
      .limit(importBatchSize);
    if (batch.length === 0) break;
    const lastLine = batch.at(-1)!.line;
    try {
      const { result: kept, changed } = await retryingTransaction(db, async (tx) => {
        // The job row is locked first: a runner whose lease was taken over finds another cursor and stops.
        const [job] = await tx.select({ cursorLine: importJobs.cursorLine }).from(importJobs).where(eq(importJobs.id, id)).for('update');
        if (job?.cursorLine !== cursor) return { result: false, changed: nothingHeld };
        return holdingStorefrontChanges(tx, async () => {
          await applyWrites(
            tx,
            batch.map((row) => row.writes as RowWrites),
          );
          await tx
            .update(importJobs)
            .set({
              cursorLine: lastLine,
              appliedRows: sql`${importJobs.appliedRows} + ${batch.length}`,
              claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
            })
            .where(eq(importJobs.id, id));
          return true;
        });
      });
      await changes.committed(changed);
      if (!kept) return 'not-claimed';
    } catch (error) {
      logger.error({ err: error, importJob: id, fromLine: batch[0]!.line, toLine: lastLine }, 'import batch failed; the batch was rolled back');
      const message = error instanceof Error ? ((error as Error & { cause?: Error }).cause?.message ?? error.message) : String(error);
      await finish(db, id, 'failed', JSON.stringify({ fromLine: batch[0]!.line, toLine: lastLine, message: message.slice(0, 300) }));
      await recordAudit(db, {
        staffId: claimed.staffId,
        action: 'import.failed',
        entity: 'import',
        entityId: id,
        after: { fromLine: batch[0]!.line, toLine: lastLine },
      });
      return 'failed';
    }
    cursor = lastLine;
    await setTimeout((performance.now() - batchStarted) * restPerBatchTime);
  }
  // Names, URL keys and active flags are in the search documents: those of the products changed, once, at the end.
  const touched = await db
    .selectDistinct({
      productId: sql<number>`coalesce((${importJobRows.writes}->'product'->>'id')::int, (${importJobRows.writes}->'texts'->0->>'productId')::int)`,
    })
    .from(importJobRows)
    .where(
      and(
        eq(importJobRows.jobId, id),
        inArray(importJobRows.outcome, ['new', 'changed']),
        sql`(${importJobRows.writes} ? 'texts' or ${importJobRows.writes} ? 'product')`,
      ),
    );
  const productIds = touched.map((row) => Number(row.productId));
  for (let start = 0; start < productIds.length; start += importBatchSize) {
    const { changed } = await db.transaction((tx) =>
      holdingStorefrontChanges(tx, () => refreshProductSearchDocuments(tx, productIds.slice(start, start + importBatchSize))),
    );
    await changes.committed(changed);
    await yieldToRequests();
  }
  await finish(db, id, 'done');
  await recordAudit(db, { staffId: claimed.staffId, action: 'import.done', entity: 'import', entityId: id });
  logger.info({ importJob: id }, 'import applied');
  return 'done';
}

/** Jobs waiting, or abandoned by a process that stopped: run one after the other (the worker's `catalogue-imports` job, every few seconds). */
export async function resumeImportJobs(services: ImportServices): Promise<number> {
  const waiting = await services.db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(inArray(importJobs.status, ['queued', 'running']), sql`(${importJobs.claimedUntil} is null or ${importJobs.claimedUntil} < now())`))
    .orderBy(asc(importJobs.id));
  let ran = 0;
  for (const { id } of waiting) if ((await runImportJob(services, id)) !== 'not-claimed') ran += 1;
  return ran;
}
