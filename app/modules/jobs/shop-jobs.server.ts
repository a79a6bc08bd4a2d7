/**
 * The shop's background work as jobs of the queue (decision 0024): which jobs there are, how often
 * the periodic ones run, and the handler of each. Started by the worker role (server/shop-process.ts).
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
import { type JobHandler, JobRunner, type JobRunnerOptions, schedulePeriodicJob } from './job-queue.server.ts';

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

export const shopJobNames = ['mail-delivery', 'back-in-stock', 'review-invitations', 'gift-card-delivery', 'unpaid-orders', 'search-refresh'] as const;
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
    // Product imports land here as one-off jobs: enqueueJob(db, 'product-import', `product-import:${id}`, { importId: id })
    // queued by the import page, run by  'product-import': (payload) => runImportJob(services, Number(payload.importId)).
  };
}

/** Periodic jobs and their intervals in seconds. */
function periodicJobs(settings: ShopJobSettings): [ShopJobName, number][] {
  const searchRefresh: [ShopJobName, number][] = settings.searchRefreshSeconds ? [['search-refresh', settings.searchRefreshSeconds]] : [];
  return [
    ['mail-delivery', mailDeliverySeconds],
    ['back-in-stock', settings.intervalSeconds],
    ['review-invitations', settings.intervalSeconds],
    ['gift-card-delivery', settings.intervalSeconds],
    ['unpaid-orders', settings.intervalSeconds],
    ...searchRefresh,
  ];
}

/** The worker: schedules the periodic jobs and starts running due jobs; `stop()` lets the current job finish. */
export async function startShopJobs(
  services: ShopJobServices,
  settings: ShopJobSettings,
  options: JobRunnerOptions & { pollMs?: number } = {},
): Promise<JobRunner> {
  // The search documents were just built with the catalogue (or at start): their first rebuild waits its turn.
  for (const [name, seconds] of periodicJobs(settings)) await schedulePeriodicJob(services.db, name, seconds, { firstRunNow: name !== 'search-refresh' });
  const runner = new JobRunner(services.db, shopJobHandlers(services, settings), services.logger, options);
  // Looking for due jobs as often as the routine jobs are due, at most every 5 s.
  runner.start(options.pollMs ?? Math.min(settings.intervalSeconds, 5) * 1000);
  return runner;
}
