import { sendBackInStockMails, type JobServices } from './back-in-stock.server.ts';
import { sendReviewInvitations } from './review-invitations.server.ts';

export interface JobRound {
  backInStock: number;
  reviewInvitations: number;
}

/**
 * The shop's periodic jobs (issue 15), run by every process: back-in-stock mails and review
 * invitations. Each job claims its work in the database, so processes running at the same time
 * share it without sending anything twice; in one process a round never overlaps the previous one.
 */
export class BackgroundJobs {
  readonly #services: JobServices;
  readonly #reviewInvitationDays: number;
  #round: Promise<JobRound> | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(services: JobServices, { reviewInvitationDays }: { reviewInvitationDays: number }) {
    this.#services = services;
    this.#reviewInvitationDays = reviewInvitationDays;
  }

  /** One round of every job; a round already running is joined. */
  runOnce(): Promise<JobRound> {
    this.#round ??= (async () => ({
      backInStock: await sendBackInStockMails(this.#services),
      reviewInvitations: await sendReviewInvitations(this.#services, this.#reviewInvitationDays),
    }))().finally(() => {
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
