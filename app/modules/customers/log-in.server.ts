import { eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { customers } from '#app/db/schema.ts';
import { clearAttempts, countAttempt, rateLimitPolicies, takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { decoyPasswordHash, verifyPassword } from './password.server.ts';

export type LogInResult = { ok: true; customerId: number } | { ok: false; reason: 'invalid-credentials' | 'too-many-attempts' | 'blocked' };

export interface LogInOptions {
  /** The customer whose known device (signed cookie) this browser is, if any (known-device.server.ts). */
  knownDeviceCustomerId?: number | null;
  /** Tells the account's owner about failed attempts; called once per window (rateLimitPolicies.loginNotice). */
  notifyFailedAttempts?: (customer: { id: number; email: string; firstName: string; locale: string }) => Promise<void>;
  /** Waits (the slow-down of a busy address); tests pass their own clock. */
  pause?: (milliseconds: number) => Promise<void>;
}

/** The slow-down for an address `over` attempts past its limit: 0.25 s, doubling, at most 8 s. */
export const addressDelayMs = (over: number) => (over <= 0 ? 0 : Math.min(250 * 2 ** (over - 1), 8_000));

const sleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * Checks an e-mail address and password (docs/decisions/0007-customer-accounts.md, 0018). Unknown
 * address and wrong password fail the same way and take the same time. Limits: per account and
 * client address pair (a stranger's guesses lock only their own pair); per account from everywhere
 * (a distributed attack), which a known device passes with the right password; per client address
 * a growing delay instead of a refusal. The owner gets one mail per window about failed attempts.
 */
export async function logIn(db: Database, email: string, password: string, clientAddress: string, options: LogInOptions = {}): Promise<LogInResult> {
  const address = email.toLowerCase();
  const accountKey = `login:account:${address}`;
  const pairKey = `login:pair:${address}:${clientAddress}`;
  const [pairAllowed, accountAttempts, addressAttempts] = await Promise.all([
    takeAttempt(db, pairKey, rateLimitPolicies.loginPerAccountAndAddress),
    countAttempt(db, accountKey, rateLimitPolicies.customerLoginPerAccount),
    countAttempt(db, `login:address:${clientAddress}`, rateLimitPolicies.loginPerAddress),
  ]);
  const delay = addressDelayMs(addressAttempts - rateLimitPolicies.loginPerAddress.limit);
  if (delay > 0) await (options.pause ?? sleep)(delay);
  const [customer] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      locale: customers.locale,
      passwordHash: customers.passwordHash,
      blockedAt: customers.blockedAt,
    })
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, address));
  const knownDevice = customer !== undefined && options.knownDeviceCustomerId === customer.id;
  if (!knownDevice && (!pairAllowed || accountAttempts > rateLimitPolicies.customerLoginPerAccount.limit)) return { ok: false, reason: 'too-many-attempts' };
  const valid = await verifyPassword(customer?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!customer || !valid) {
    // Counted for unknown addresses too, so both take the same path; only an account gets the mail.
    const failures = await countAttempt(db, `login:failures:${address}`, rateLimitPolicies.loginNotice);
    if (customer && failures === rateLimitPolicies.loginNotice.limit) await options.notifyFailedAttempts?.(customer);
    return { ok: false, reason: 'invalid-credentials' };
  }
  // Blocked by staff in the admin: told so only after the right password.
  if (customer.blockedAt) return { ok: false, reason: 'blocked' };
  await Promise.all([clearAttempts(db, accountKey), clearAttempts(db, pairKey)]);
  return { ok: true, customerId: customer.id };
}
