import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { customers, sessions, wishlists } from '#app/db/schema.ts';
import { serializeCookie } from '#app/lib/http/cookies.server.ts';
import type { PersonalInput } from '#app/modules/page-cache/personal-inputs.ts';

/** The customer token cookie (spec §3 Cookies); the page cache skips visitors who carry it. */
export const sessionCookie = 'session';

/** A session lasts 30 days after the last visit; visits extend it at most once an hour. */
const sessionDays = 30;
const extendAfterMs = 60 * 60 * 1000;

export interface SessionCustomer {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** How many wishlists the customer has, read with the session: only several lists need a choice on product pages. */
  wishlistCount: number;
  /** The stored id (hash) of the current session, to keep it when ending the others. */
  sessionId: string;
}

export type SessionState =
  | { kind: 'guest' }
  /** A cookie this shop never issued, or whose session is long gone: cleared without a word. */
  | { kind: 'unknown' }
  | { kind: 'customer'; customer: SessionCustomer }
  /** The session ran out: "Your session has expired. Please log in again." */
  | { kind: 'expired' }
  /** The session was ended elsewhere (log out everywhere, password reset, deleted account). */
  | { kind: 'revoked' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `keepEnded`: an ended session is reported but its row stays, for a look ahead of the page's own
 * read (the page cache's): the page then still finds it ended and tells the visitor so.
 */
export async function readSession(db: Database, token: string | undefined, { keepEnded = false } = {}): Promise<SessionState> {
  if (!token) return { kind: 'guest' };
  if (!/^[\w-]{43}$/.test(token)) return { kind: 'unknown' };
  const id = hashToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      blockedAt: customers.blockedAt,
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
      wishlistCount: sql<number>`(select count(*)::int from ${wishlists} where ${wishlists.customerId} = ${customers.id})`,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(eq(sessions.id, id));
  if (!row) return { kind: 'unknown' };
  // A customer blocked in the admin has no working session, whichever way it was started.
  const now = Date.now();
  const ended = row.revokedAt || row.blockedAt ? 'revoked' : row.expiresAt.getTime() <= now ? 'expired' : null;
  if (ended) {
    if (!keepEnded) await db.delete(sessions).where(eq(sessions.id, id));
    return { kind: ended };
  }
  if (now - row.lastSeenAt.getTime() > extendAfterMs) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(days => ${sessionDays})` })
      .where(eq(sessions.id, id));
  }
  return { kind: 'customer', customer: { ...row.customer, wishlistCount: row.wishlistCount, sessionId: id } };
}

/**
 * Starts a session for a customer with a new random token (session rotation: whatever token the
 * visitor had before is ended, so a planted token never becomes a logged-in session).
 */
export async function startSession(db: Database, customerId: number, previousToken: string | undefined): Promise<string> {
  if (previousToken) await endSession(db, previousToken);
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: hashToken(token), customerId, expiresAt: sql`now() + make_interval(days => ${sessionDays})` });
  // Housekeeping on the way: sessions that ran out are of no use to anyone.
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), lt(sessions.expiresAt, sql`now()`)));
  return token;
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a customer, optionally except the current one; their browsers are told at the next visit. */
export async function endAllSessions(db: Database, customerId: number, exceptSessionId?: string): Promise<void> {
  const mine = and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(exceptSessionId ? and(mine, sql`${sessions.id} <> ${exceptSessionId}`) : mine);
}

export function sessionSetCookie(token: string, secure: boolean): string {
  return serializeCookie(sessionCookie, token, { secure, maxAgeSeconds: sessionDays * 24 * 60 * 60 });
}

export function sessionClearCookie(secure: boolean): string {
  return serializeCookie(sessionCookie, '', { secure, maxAgeSeconds: 0 });
}

/** The first name in the header, as a personal input of shared pages (decision 0020). */
export const customerFirstNameInput: PersonalInput<string | null> = { key: 'first-name', read: async (_db, shopper) => shopper.customer?.firstName ?? null };
