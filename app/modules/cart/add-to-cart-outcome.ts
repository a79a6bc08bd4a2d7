/**
 * The outcome markers of the product forms posted without JavaScript (see http/form-submission.ts):
 * which product went into the cart, and whether other cart lines ran out meanwhile.
 */
export const addedOutcome = (productId: number, otherLinesOutOfStock: boolean) => `added-${productId}${otherLinesOutOfStock ? '-warning' : ''}`;

/** The add-to-cart answer a marker stands for, when it is about this product. */
export function addedFromOutcome(outcome: string | null, productId: number): { ok: true; otherLinesOutOfStock: boolean } | null {
  const match = /^added-(\d+)(-warning)?$/.exec(outcome ?? '');
  if (!match || Number(match[1]) !== productId) return null;
  return { ok: true, otherLinesOutOfStock: match[2] !== undefined };
}

export const stockAlertOutcome = 'stock-alert';
