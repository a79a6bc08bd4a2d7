import { eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { rateLimits } from '#app/db/schema.ts';

export interface RateLimit {
  /** attempts allowed per window */
  limit: number;
  windowSeconds: number;
}

/** Login, password reset and contact limits (docs/decisions/0007-customer-accounts.md). */
export const rateLimitPolicies = {
  /** Logins of one account from one client address: a stranger's guesses lock only their own pair (decision 0018). */
  loginPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  /** Staff logins of one account (admin). */
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** Customer logins of one account from everywhere: past this, only a known device gets in (a distributed attack). */
  customerLoginPerAccount: { limit: 50, windowSeconds: 15 * 60 },
  /** Logins from one address across accounts: past this, every answer is slower (growing delay), not refused. */
  loginPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** Failed logins of one account after which its owner is told by mail, once per window. */
  loginNotice: { limit: 5, windowSeconds: 15 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  reauthPerCustomer: { limit: 10, windowSeconds: 15 * 60 },
  registerPerAddress: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

/**
 * Counts one attempt against a key in a fixed window, atomically in the database so every app
 * process shares the count. Returns whether the attempt is within the limit.
 */
export async function takeAttempt(db: Database, key: string, policy: RateLimit): Promise<boolean> {
  return (await countAttempt(db, key, policy)) <= policy.limit;
}

/** Counts one attempt like takeAttempt and returns the number of attempts in the current window. */
export async function countAttempt(db: Database, key: string, { windowSeconds }: Pick<RateLimit, 'windowSeconds'>): Promise<number> {
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, attempts: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        attempts: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.attempts} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then ${windowEnd} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ attempts: rateLimits.attempts });
  return row?.attempts ?? 0;
}

/** Forgets the attempts of a key (after a successful login). */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
