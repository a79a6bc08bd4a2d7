import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { customers, passwordResetTokens } from '#app/db/schema.ts';
import { rateLimitPolicies, takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { hashPassword } from './password.server.ts';
import { endAllSessions } from './session.server.ts';

/** A reset link works once, for one hour. */
const tokenMinutes = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResetRequest {
  /** The token to mail, or null when nothing is sent (unknown address, rate-limited). */
  token: string | null;
  customer: { firstName: string; email: string; locale: string } | null;
  limited: boolean;
}

/**
 * Creates a reset token for the account of an e-mail address. The caller shows the same answer
 * whether or not the address has an account, so the form cannot be used to probe for accounts.
 */
export async function createPasswordResetToken(db: Database, email: string, clientAddress: string): Promise<ResetRequest> {
  const [accountAllowed, addressAllowed] = await Promise.all([
    takeAttempt(db, `reset:account:${email}`, rateLimitPolicies.resetPerAccount),
    takeAttempt(db, `reset:address:${clientAddress}`, rateLimitPolicies.resetPerAddress),
  ]);
  if (!accountAllowed || !addressAllowed) return { token: null, customer: null, limited: true };
  const [customer] = await db
    .select({ id: customers.id, firstName: customers.firstName, email: customers.email, locale: customers.locale })
    .from(customers)
    .where(and(eq(sql`lower(${customers.email})`, email), isNull(customers.anonymisedAt)));
  if (!customer) return { token: null, customer: null, limited: false };
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    id: hashToken(token),
    customerId: customer.id,
    expiresAt: sql`now() + make_interval(mins => ${tokenMinutes})`,
  });
  return { token, customer, limited: false };
}

/** True when a token can still be used (to show the form, or the error straight away). */
export async function isUsableResetToken(db: Database, token: string): Promise<boolean> {
  if (!/^[\w-]{43}$/.test(token)) return false;
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)));
  return row !== undefined;
}

/**
 * Sets a new password with a token. Claiming the token is one conditional update, so a token
 * works exactly once even when two requests race. Every session of the account ends.
 */
export async function resetPassword(db: Database, token: string, newPassword: string): Promise<{ ok: true; customerId: number } | { ok: false }> {
  if (!/^[\w-]{43}$/.test(token)) return { ok: false };
  const passwordHash = await hashPassword(newPassword);
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ customerId: passwordResetTokens.customerId });
  if (!claimed) return { ok: false };
  await db
    .update(customers)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(customers.id, claimed.customerId));
  // Older links of the same account stop working too.
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.customerId, claimed.customerId), isNull(passwordResetTokens.usedAt)));
  await endAllSessions(db, claimed.customerId);
  return { ok: true, customerId: claimed.customerId };
}
