import type { Database } from '#app/db/client.server.ts';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { clearAttempts, rateLimitPolicies, takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { verifyPassword } from './password.server.ts';

export type CurrentPasswordCheck = 'ok' | 'wrong' | 'too-many-attempts';

/**
 * The logged-in customer's current password, asked before an e-mail change, a password change or
 * deleting the account. Limited per account like the login, so someone holding a borrowed session
 * cannot guess the password and take the account over.
 */
export async function checkCurrentPassword(db: Database, customerId: number, passwordHash: string | null, password: string): Promise<CurrentPasswordCheck> {
  const key = `reauth:${customerId}`;
  if (!(await takeAttempt(db, key, rateLimitPolicies.reauthPerCustomer))) return 'too-many-attempts';
  if (!(await verifyPassword(passwordHash, password))) return 'wrong';
  await clearAttempts(db, key);
  return 'ok';
}

/** The message next to the password field, and the status, for a check that did not pass. */
export const currentPasswordFailures: Record<Exclude<CurrentPasswordCheck, 'ok'>, { error: FieldError; status: 400 | 429 }> = {
  wrong: { error: { key: 'account.currentPasswordWrong' }, status: 400 },
  'too-many-attempts': { error: { key: 'account.tooManyAttempts' }, status: 429 },
};
