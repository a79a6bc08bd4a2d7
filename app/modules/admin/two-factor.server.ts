/**
 * TOTP two-factor authentication for staff (RFC 6238 through `otpauth`), the enrolment QR code
 * drawn on the server as SVG (`qrcode`), and single-use recovery codes stored as SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '#app/db/client.server.ts';
import { staffRecoveryCodes, staffUsers } from '#app/db/schema.ts';

const periodSeconds = 30;
export const recoveryCodeCount = 10;

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: 'Cordial admin', label, algorithm: 'SHA1', digits: 6, period: periodSeconds, secret: Secret.fromBase32(secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The current code of a secret (tests and the demo documentation compute codes the same way). */
export const currentTotp = (secret: string, timestamp = Date.now()) => totpOf(secret, 'x').generate({ timestamp });

/** The time step a code belongs to, or null when it is not valid now (one step of clock drift allowed). */
function matchingStep(secret: string, code: string, timestamp = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, 'x').validate({ token, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / periodSeconds) + delta;
}

/**
 * Accepts a code once: the step is stored only if it is later than the last accepted one, in one
 * statement, so the same code cannot log in twice even from two requests at the same moment.
 */
export async function acceptTotp(db: Database, staffId: number, secret: string, code: string): Promise<boolean> {
  const step = matchingStep(secret, code);
  if (step === null) return false;
  const updated = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return updated.length === 1;
}

export interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** The secret to enrol (kept until confirmed, so reloading the page shows the same QR code). */
export async function beginEnrolment(db: Database, staffId: number, email: string): Promise<Enrolment> {
  const [staff] = await db.select({ pending: staffUsers.totpPendingSecret }).from(staffUsers).where(eq(staffUsers.id, staffId));
  let secret = staff?.pending;
  if (!secret) {
    secret = newTotpSecret();
    await db.update(staffUsers).set({ totpPendingSecret: secret }).where(eq(staffUsers.id, staffId));
  }
  const uri = totpOf(secret, email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** Confirms enrolment with a first code; returns the new recovery codes (shown once) or null. */
export async function confirmEnrolment(db: Database, staffId: number, code: string): Promise<string[] | null> {
  const [staff] = await db.select({ pending: staffUsers.totpPendingSecret }).from(staffUsers).where(eq(staffUsers.id, staffId));
  const step = staff?.pending ? matchingStep(staff.pending, code) : null;
  if (!staff?.pending || step === null) return null;
  await db
    .update(staffUsers)
    .set({ totpSecret: staff.pending, totpPendingSecret: null, totpLastStep: step, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, staffId));
  return replaceRecoveryCodes(db, staffId);
}

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Ten new codes (xxxxx-xxxxx, 50 random bits each); the old ones stop working. */
export async function replaceRecoveryCodes(db: Database, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, () => {
    const raw = randomBytes(7).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashCode(code) })));
  return codes;
}

/** Uses up a recovery code; true only the first time (marked used in the same statement). */
export async function useRecoveryCode(db: Database, staffId: number, code: string): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashCode(code)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

export async function unusedRecoveryCodeCount(db: Database, staffId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}
