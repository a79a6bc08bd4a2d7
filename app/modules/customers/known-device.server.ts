import { createHmac, timingSafeEqual } from 'node:crypto';
import { readCookie, serializeCookie } from '#app/lib/http/cookies.server.ts';

/**
 * A browser a customer logged in from before: a signed, long-lived cookie set at each successful
 * login. Its right password gets in even while strangers have the account's login limit used up
 * (docs/decisions/0018-business-risks.md). It holds no secret of the account, only its id.
 */
export const deviceCookie = 'known_device';
const maxAgeSeconds = 365 * 24 * 60 * 60;

const signature = (secret: string, payload: string) => createHmac('sha256', secret).update(`known-device:${payload}`).digest('base64url');

export function deviceSetCookie(secret: string, customerId: number, secure: boolean): string {
  const payload = `${customerId}.${Math.floor(Date.now() / 1000)}`;
  return serializeCookie(deviceCookie, `${payload}.${signature(secret, payload)}`, { secure, maxAgeSeconds });
}

/** The customer whose device this browser is, from a valid and unexpired cookie; null otherwise. */
export function knownDeviceCustomerId(secret: string, request: Request): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(readCookie(request, deviceCookie) ?? '');
  if (!match) return null;
  const expected = Buffer.from(signature(secret, `${match[1]}.${match[2]}`));
  const actual = Buffer.from(match[3]!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (Number(match[2]) + maxAgeSeconds < Date.now() / 1000) return null;
  return Number(match[1]);
}
