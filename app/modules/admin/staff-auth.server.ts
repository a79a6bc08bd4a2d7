/**
 * Staff login: password (argon2id, the customers' hashing module), then a TOTP code or a recovery
 * code. Attempts are limited per account and per client address like the storefront login, and
 * second-factor attempts per staff member.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { staffPasswordTokens, staffUsers } from '#app/db/schema.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '#app/modules/customers/password.server.ts';
import { clearAttempts, type RateLimit, rateLimitPolicies, takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { endAllStaffSessions } from './staff-session.server.ts';
import { acceptTotp, useRecoveryCode } from './two-factor.server.ts';

/** Five wrong codes per quarter hour: a 6-digit code cannot be guessed in the time left. */
export const secondFactorPolicy: RateLimit = { limit: 5, windowSeconds: 15 * 60 };

export type StaffLogInResult = { ok: true; staffId: number } | { ok: false; reason: 'invalid-credentials' | 'too-many-attempts' };

export async function logInStaff(db: Database, email: string, password: string, clientAddress: string): Promise<StaffLogInResult> {
  const accountKey = `staff-login:account:${email.toLowerCase()}`;
  const [accountAllowed, addressAllowed] = await Promise.all([
    takeAttempt(db, accountKey, rateLimitPolicies.loginPerAccount),
    takeAttempt(db, `staff-login:address:${clientAddress}`, rateLimitPolicies.loginPerAddress),
  ]);
  if (!accountAllowed || !addressAllowed) return { ok: false, reason: 'too-many-attempts' };
  const [staff] = await db
    .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash, disabledAt: staffUsers.disabledAt })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email.toLowerCase()));
  const valid = await verifyPassword(staff?.passwordHash ?? (await decoyPasswordHash()), password);
  if (!staff || !valid || staff.disabledAt) return { ok: false, reason: 'invalid-credentials' };
  await clearAttempts(db, accountKey);
  return { ok: true, staffId: staff.id };
}

export type SecondFactorResult = { ok: true; usedRecoveryCode: boolean } | { ok: false; reason: 'invalid-code' | 'too-many-attempts' };

/** Checks a TOTP code, or a recovery code (xxxxx-xxxxx) when that is what was typed. */
export async function verifySecondFactor(db: Database, staffId: number, code: string): Promise<SecondFactorResult> {
  const key = `staff-2fa:${staffId}`;
  if (!(await takeAttempt(db, key, secondFactorPolicy))) return { ok: false, reason: 'too-many-attempts' };
  const [staff] = await db.select({ secret: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, staffId));
  if (!staff?.secret) return { ok: false, reason: 'invalid-code' };
  const trimmed = code.trim();
  const isRecoveryCode = /^[0-9a-f]{5}-?[0-9a-f]{5}$/i.test(trimmed);
  const ok = isRecoveryCode ? await useRecoveryCode(db, staffId, trimmed) : await acceptTotp(db, staffId, staff.secret, trimmed);
  if (!ok) return { ok: false, reason: 'invalid-code' };
  await clearAttempts(db, key);
  return { ok: true, usedRecoveryCode: isRecoveryCode };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const passwordLinkHours = 72;

/** A one-time link token to set the password (first owner, invited staff, resets). */
export async function createPasswordToken(db: Database, staffId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffPasswordTokens).values({ id: hashToken(token), staffId, expiresAt: sql`now() + make_interval(hours => ${passwordLinkHours})` });
  return token;
}

/** The staff member a password link is for, while it is unused and not expired. */
export async function passwordTokenStaff(db: Database, token: string): Promise<{ staffId: number; email: string } | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ staffId: staffPasswordTokens.staffId, email: staffUsers.email })
    .from(staffPasswordTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordTokens.staffId))
    .where(
      and(
        eq(staffPasswordTokens.id, hashToken(token)),
        isNull(staffPasswordTokens.usedAt),
        gt(staffPasswordTokens.expiresAt, sql`now()`),
        isNull(staffUsers.disabledAt),
      ),
    );
  return row ?? null;
}

/**
 * Sets the password through a link and uses the link up (in one statement, so a link works once).
 * Two-factor is set up again after a reset: the link may have been meant for someone who lost both.
 */
export async function setPasswordWithToken(db: Database, token: string, password: string): Promise<number | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffPasswordTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffPasswordTokens.id, hashToken(token)), isNull(staffPasswordTokens.usedAt), gt(staffPasswordTokens.expiresAt, sql`now()`)))
      .returning({ staffId: staffPasswordTokens.staffId });
    if (!used) return null;
    await tx
      .update(staffUsers)
      .set({ passwordHash, totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(staffUsers.id, used.staffId));
    await endAllStaffSessions(tx, used.staffId);
    return used.staffId;
  });
}
