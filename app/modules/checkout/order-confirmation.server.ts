import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long the success page's link works. It must outlive a payment on the provider's page (a
 * Stripe Checkout Session stays open for 24 hours), and no longer: the link sits in the browser's
 * history, and the page shows the buyer's e-mail address.
 */
export const successLinkSeconds = 24 * 60 * 60;

const successSignature = (secret: string, orderNumber: string, expires: string) =>
  createHmac('sha256', secret).update(`order-success:${orderNumber}:${expires}`).digest('base64url').slice(0, 32);

/** The success page is reached with the order number and this signed, expiring token, so only the buyer sees it. */
export function successToken(secret: string, orderNumber: string, now = Date.now()): string {
  const expires = String(Math.floor(now / 1000) + successLinkSeconds);
  return `${expires}.${successSignature(secret, orderNumber, expires)}`;
}

export function isSuccessToken(secret: string, orderNumber: string, token: string, now = Date.now()): boolean {
  const [expires = '', signature = ''] = token.split('.');
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now) return false;
  const expected = Buffer.from(successSignature(secret, orderNumber, expires));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
