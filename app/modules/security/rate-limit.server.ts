import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.server.ts';
import { rateLimits } from '../../db/schema.ts';

export interface RateLimit {
  /** attempts allowed per window */
  limit: number;
  windowSeconds: number;
}

/** Login, password reset and contact limits (docs/decisions/0007-customer-accounts.md). */
export const rateLimitPolicies = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  reauthPerCustomer: { limit: 10, windowSeconds: 15 * 60 },
  registerPerAddress: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

/**
 * Counts one attempt against a key in a fixed window, atomically in the database so every app
 * process shares the count. Returns whether the attempt is within the limit.
 */
export async function takeAttempt(db: Database, key: string, { limit, windowSeconds }: RateLimit): Promise<boolean> {
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
  return (row?.attempts ?? 0) <= limit;
}

/** Forgets the attempts of a key (after a successful login). */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
