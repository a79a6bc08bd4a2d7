/**
 * The shop's background work as jobs of the queue (decisions 0024, 0043): which jobs there are, how
 * often each runs, and its handler. Started by the worker role (server/shop-process.ts).
 */
import { sendBackInStockMails, type JobServices } from '#app/modules/engagement/back-in-stock.server.ts';
import { sendReviewInvitations } from '#app/modules/engagement/review-invitations.server.ts';
import { deliverDueGiftCards } from '#app/modules/gift-cards/sold-gift-cards.server.ts';
import type { MailOutbox } from '#app/lib/mail/outbox.server.ts';
import type { BusinessRules } from '#app/modules/config/business-rules.ts';
import type { OrderServices } from '#app/modules/orders/order-status.server.ts';
import { runUnpaidOrderRules } from '#app/modules/orders/unpaid-orders.server.ts';
import { asDatabaseWork } from '#app/db/database-work.server.ts';
import { rebuildSearchIndex } from '#app/modules/search/search-index.server.ts';
import { resumeImportJobs } from '#app/modules/catalogue-transfer/import-runner.server.ts';
import type { JobQueueConnection } from '#app/db/client.server.ts';
import { createJobQueue, type JobHandler, JobWorker, type JobWorkerOptions, type PeriodicJob } from './job-queue.server.ts';

export type ShopJobServices = JobServices & OrderServices & { businessRules?: BusinessRules; mailer: Pick<MailOutbox, 'deliverDue'> };

export interface ShopJobSettings {
  /** Seconds between runs of the shop's routine jobs (BACKGROUND_JOBS_INTERVAL_SECONDS). */
  intervalSeconds: number;
  reviewInvitationDays: number;
  /**
   * How often the search documents are rebuilt from the catalogue; null: only on request. The
   * rebuild is one long transaction: on PostgreSQL readers keep the old documents meanwhile, on
   * the embedded database every request would wait for it (a minute on the demo catalogue).
   */
  searchRefreshSeconds?: number | null;
}

/** On PostgreSQL the search documents are rebuilt every hour: a safety net (admin edits, imports and page saves refresh their own documents) that writes, and so empties caches, only where documents drifted. */
export const searchRefreshSecondsFor = (driver: 'pglite' | 'postgres') => (driver === 'postgres' ? 60 * 60 : null);
/** Mails that failed are retried by the worker; new mails go out beside the request that queued them. */
const mailDeliverySeconds = 60;

/** Applied imports are picked up within seconds of "apply" (issue 16). */
const catalogueImportSeconds = 2;
/** An import of many rows rests between its batches (import-runner.server.ts): it may run for hours. */
const catalogueImportMaxRunSeconds = 6 * 60 * 60;

export const shopJobNames = [
  'mail-delivery',
  'back-in-stock',
  'review-invitations',
  'gift-card-delivery',
  'unpaid-orders',
  'search-refresh',
  'catalogue-imports',
] as const;
export type ShopJobName = (typeof shopJobNames)[number];

export function shopJobHandlers(services: ShopJobServices, settings: ShopJobSettings): Record<ShopJobName, JobHandler> {
  return {
    'mail-delivery': () => services.mailer.deliverDue(),
    'back-in-stock': () => sendBackInStockMails(services),
    'review-invitations': () => sendReviewInvitations(services, settings.reviewInvitationDays),
    'gift-card-delivery': () => deliverDueGiftCards(services),
    'unpaid-orders': async () => {
      const round = await runUnpaidOrderRules(services);
      if (round.reminded.length + round.cancelled.length > 0) services.logger.info(round, 'unpaid orders: reminders sent and orders cancelled');
      return round;
    },
    // A full rebuild runs long statements on purpose (decision 0017).
    'search-refresh': () => asDatabaseWork('import', () => rebuildSearchIndex(services.db)),
    // Each import keeps its cursor and lease in import_jobs; its own queue, so a long import does not hold up the mails.
    'catalogue-imports': () => resumeImportJobs(services),
  };
}

/** The periodic jobs: how often each runs. */
export function shopPeriodicJobs(services: ShopJobServices, settings: ShopJobSettings): PeriodicJob[] {
  const handlers = shopJobHandlers(services, settings);
  const job = (name: ShopJobName, everySeconds: number, more: Partial<PeriodicJob> = {}): PeriodicJob => ({
    name,
    everySeconds,
    handler: handlers[name],
    ...more,
  });
  return [
    job('mail-delivery', mailDeliverySeconds),
    job('back-in-stock', settings.intervalSeconds),
    job('review-invitations', settings.intervalSeconds),
    job('gift-card-delivery', settings.intervalSeconds),
    job('unpaid-orders', settings.intervalSeconds),
    // The search documents were just built with the catalogue (or at start): their first rebuild waits.
    ...(settings.searchRefreshSeconds ? [job('search-refresh', settings.searchRefreshSeconds, { firstRunNow: false, maxRunSeconds: 60 * 60 })] : []),
    job('catalogue-imports', catalogueImportSeconds, { maxRunSeconds: catalogueImportMaxRunSeconds }),
  ];
}

/** The worker: starts the job queue and ticks the periodic jobs; `stop()` lets the runs in hand finish. */
export async function startShopJobs(
  services: ShopJobServices,
  connection: JobQueueConnection,
  settings: ShopJobSettings,
  options: JobWorkerOptions = {},
): Promise<JobWorker> {
  const worker = new JobWorker(createJobQueue(connection, services.logger, options), shopPeriodicJobs(services, settings), services.logger, options);
  await worker.start();
  return worker;
}
