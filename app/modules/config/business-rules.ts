/**
 * The shop's limits against the business risks of unpaid orders (docs/decisions/0018-business-risks.md),
 * read from the environment at start (env.server.ts); these are the defaults.
 */
export interface BusinessRules {
  /** Days after which an unpaid bank-transfer order gets its one payment reminder. */
  unpaidReminderDays: number;
  /** Days after which an unpaid bank-transfer order is cancelled (its stock, coupon and gift card come back). */
  unpaidExpiryDays: number;
  /** Percent of a variant's stock one order may take (without a verified business account). */
  maxStockSharePercent: number;
  /** An order may always take this many (so small stocks still sell), whatever the share says. */
  maxStockShareMinQuantity: number;
  /** Unpaid pay-on-invoice orders of one verified business may add up to this (EUR cents), unless staff set another limit. */
  invoiceCreditLimitEurCents: number;
}

export const defaultBusinessRules: BusinessRules = {
  unpaidReminderDays: 5,
  unpaidExpiryDays: 10,
  maxStockSharePercent: 50,
  maxStockShareMinQuantity: 5,
  invoiceCreditLimitEurCents: 100_000,
};
