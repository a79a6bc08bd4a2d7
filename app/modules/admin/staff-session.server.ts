/**
 * Staff sessions: separate from customer sessions (own table, own cookie). A session starts when
 * the password is right and only opens the two-factor pages until a code is given; then it is
 * replaced by a new one (new id at login). Idle 30 minutes, 12 hours at most (docs/decisions/0010).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { staffSessions, staffUsers } from '#app/db/schema.ts';
import type { StaffRole } from './permissions.ts';
import { serializeCookie } from '#app/lib/http/cookies.server.ts';

export const staffIdleMs = 30 * 60 * 1000;
export const staffAbsoluteMs = 12 * 60 * 60 * 1000;
/** Between the password and the second factor. */
export const staffPendingMs = 10 * 60 * 1000;
/** Visits move the idle deadline at most once a minute, to spare a write per request. */
const touchAfterMs = 60 * 1000;

/** `__Host-` binds the cookie to this host and path / (and needs Secure, so https only). */
export const staffCookieName = (secure: boolean) => (secure ? '__Host-staff_session' : 'staff_session');

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  locale: string;
  hasTotp: boolean;
  sessionId: string;
}

export type StaffSessionState =
  | { kind: 'none' }
  | { kind: 'expired' }
  /** Password checked, second factor (or its enrolment) still to come. */
  | { kind: 'pending'; staff: StaffMember }
  | { kind: 'active'; staff: StaffMember };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function readStaffSession(db: Database, token: string | undefined): Promise<StaffSessionState> {
  if (!token || !/^[\w-]{43}$/.test(token)) return { kind: 'none' };
  const id = hashToken(token);
  const [row] = await db
    .select({
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      secondFactorAt: staffSessions.secondFactorAt,
      disabledAt: staffUsers.disabledAt,
      staff: {
        id: staffUsers.id,
        email: staffUsers.email,
        name: staffUsers.name,
        role: staffUsers.role,
        locale: staffUsers.locale,
        totpSecret: staffUsers.totpSecret,
      },
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(eq(staffSessions.id, id));
  if (!row || row.disabledAt) return { kind: 'none' };
  const now = Date.now();
  const started = row.secondFactorAt ?? row.createdAt;
  const expired = row.secondFactorAt
    ? now - row.lastSeenAt.getTime() > staffIdleMs || now - started.getTime() > staffAbsoluteMs
    : now - started.getTime() > staffPendingMs;
  if (expired) {
    await db.delete(staffSessions).where(eq(staffSessions.id, id));
    return { kind: 'expired' };
  }
  if (now - row.lastSeenAt.getTime() > touchAfterMs)
    await db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(staffSessions.id, id));
  const { totpSecret, ...staff } = row.staff;
  const member: StaffMember = { ...staff, hasTotp: totpSecret !== null, sessionId: id };
  return row.secondFactorAt ? { kind: 'active', staff: member } : { kind: 'pending', staff: member };
}

/**
 * A new session with a new random token; the visitor's previous session (if any) ends, so a
 * planted or half-finished session never becomes a logged-in one.
 */
export async function startStaffSession(db: Database, staffId: number, previousToken: string | undefined, secondFactorDone: boolean): Promise<string> {
  if (previousToken) await endStaffSession(db, previousToken);
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({ id: hashToken(token), staffId, secondFactorAt: secondFactorDone ? sql`now()` : null });
  // Housekeeping: sessions of this staff member that can no longer be used.
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        or(
          lt(staffSessions.lastSeenAt, sql`now() - make_interval(secs => ${staffIdleMs / 1000})`),
          lt(staffSessions.createdAt, sql`now() - make_interval(secs => ${staffAbsoluteMs / 1000})`),
        ),
      ),
    );
  return token;
}

export async function endStaffSession(db: Database, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, hashToken(token)));
}

/** Ends every session of a staff member (disabled, role changed, password or 2FA reset). */
export async function endAllStaffSessions(db: Pick<Database, 'delete'>, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

export function staffSessionCookie(token: string, secure: boolean): string {
  return serializeCookie(staffCookieName(secure), token, { secure, sameSite: 'Strict', maxAgeSeconds: staffAbsoluteMs / 1000 });
}

export function staffSessionClearCookie(secure: boolean): string {
  return serializeCookie(staffCookieName(secure), '', { secure, sameSite: 'Strict', maxAgeSeconds: 0 });
}
