import type { OrderServices } from '../orders/order-status.server.ts';
import { runUnpaidOrderRules, type UnpaidOrdersRound } from '../orders/unpaid-orders.server.ts';
import type { BusinessRules } from '../config/business-rules.ts';
import { sendBackInStockMails, type JobServices } from './back-in-stock.server.ts';
import { sendReviewInvitations } from './review-invitations.server.ts';
import { deliverDueGiftCards } from '../gift-cards/sold-gift-cards.server.ts';

export interface JobRound {
  backInStock: number;
  reviewInvitations: number;
  giftCards: number;
  unpaidOrders: UnpaidOrdersRound;
}

type BackgroundJobServices = JobServices & OrderServices & { businessRules?: BusinessRules };

/**
 * The shop's periodic jobs, run by every process: back-in-stock mails and review invitations
 * (issue 15), gift cards mailed on their day, reminders for unpaid bank transfers and their cancellation (decision 0018). Each job claims its work in the database, so processes running at the same time
 * share it without sending anything twice; in one process a round never overlaps the previous one.
 */
export class BackgroundJobs {
  readonly #services: BackgroundJobServices;
  readonly #reviewInvitationDays: number;
  #round: Promise<JobRound> | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(services: BackgroundJobServices, { reviewInvitationDays }: { reviewInvitationDays: number }) {
    this.#services = services;
    this.#reviewInvitationDays = reviewInvitationDays;
  }

  /** One round of every job; a round already running is joined. */
  runOnce(): Promise<JobRound> {
    this.#round ??= (async () => {
      const round = {
        backInStock: await sendBackInStockMails(this.#services),
        reviewInvitations: await sendReviewInvitations(this.#services, this.#reviewInvitationDays),
        giftCards: await deliverDueGiftCards(this.#services),
        unpaidOrders: await runUnpaidOrderRules(this.#services),
      };
      const { reminded, cancelled } = round.unpaidOrders;
      if (reminded.length + cancelled.length > 0) this.#services.logger.info(round.unpaidOrders, 'unpaid orders: reminders sent and orders cancelled');
      return round;
    })().finally(() => {
      this.#round = null;
    });
    return this.#round;
  }

  start(intervalMs: number): void {
    const run = () => void this.runOnce().catch((error: unknown) => this.#services.logger.error({ err: error }, 'background job round failed'));
    this.#timer ??= setInterval(run, intervalMs);
    this.#timer.unref();
    run();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#round?.catch(() => undefined);
  }
}
