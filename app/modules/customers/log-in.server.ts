import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { customers } from '../../db/schema.ts';
import { clearAttempts, rateLimitPolicies, takeAttempt } from '../security/rate-limit.server.ts';
import { decoyPasswordHash, verifyPassword } from './password.server.ts';

export type LogInResult = { ok: true; customerId: number } | { ok: false; reason: 'invalid-credentials' | 'too-many-attempts' | 'blocked' };

/**
 * Checks an e-mail address and password. Unknown address and wrong password fail the same way
 * and take the same time; attempts are limited per account and per client address.
 */
export async function logIn(db: Database, email: string, password: string, clientAddress: string): Promise<LogInResult> {
  const accountKey = `login:account:${email.toLowerCase()}`;
  const [accountAllowed, addressAllowed] = await Promise.all([
    takeAttempt(db, accountKey, rateLimitPolicies.loginPerAccount),
    takeAttempt(db, `login:address:${clientAddress}`, rateLimitPolicies.loginPerAddress),
  ]);
  if (!accountAllowed || !addressAllowed) return { ok: false, reason: 'too-many-attempts' };
  const [customer] = await db
    .select({ id: customers.id, passwordHash: customers.passwordHash, blockedAt: customers.blockedAt })
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, email.toLowerCase()));
  const valid = await verifyPassword(customer?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!customer || !valid) return { ok: false, reason: 'invalid-credentials' };
  // Blocked by staff in the admin: told so only after the right password.
  if (customer.blockedAt) return { ok: false, reason: 'blocked' };
  await clearAttempts(db, accountKey);
  return { ok: true, customerId: customer.id };
}
