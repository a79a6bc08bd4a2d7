import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffRecoveryCodes, staffSessions, staffUsers } from '#app/db/schema.ts';
import { listAudit, recordAudit } from '#app/lib/observability/audit.server.ts';
import { can } from '#app/modules/admin/permissions.ts';
import {
  createPasswordToken,
  logInStaff,
  passwordTokenStaff,
  secondFactorPolicy,
  setPasswordWithToken,
  verifySecondFactor,
} from '#app/modules/admin/staff-auth.server.ts';
import { createOwner } from '#app/modules/admin/staff-accounts.server.ts';
import { readStaffSession, staffAbsoluteMs, staffIdleMs, staffSessionCookie, startStaffSession } from '#app/modules/admin/staff-session.server.ts';
import { beginEnrolment, confirmEnrolment, currentTotp } from '#app/modules/admin/two-factor.server.ts';
import { rateLimitPolicies } from '#app/lib/security/rate-limit.server.ts';
import { createTestDatabase, type TestDatabase, testDrivers } from '../support/database.ts';
import { createStaff, staffPassword } from './admin-support.ts';

const thirtySeconds = 30_000;

describe.each(testDrivers)('staff accounts and sessions on %s', (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database?.destroy());

  const ageSession = (token: string, column: 'last_seen_at' | 'second_factor_at' | 'created_at', ms: number) =>
    database.db.execute(
      sql`update staff_sessions set ${sql.raw(column)} = now() - make_interval(secs => ${ms / 1000}) where id = ${createHash('sha256').update(token).digest('hex')}`,
    );

  it('logs in with the right password only, the same answer for unknown and wrong, never for a disabled account', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'manager');
    expect(await logInStaff(db, staff.email.toUpperCase(), staffPassword, 'a1')).toEqual({ ok: true, staffId: staff.id });
    expect(await logInStaff(db, staff.email, 'Wrong&Pass1', 'a1')).toEqual({ ok: false, reason: 'invalid-credentials' });
    expect(await logInStaff(db, 'nobody@example.com', staffPassword, 'a1')).toEqual({ ok: false, reason: 'invalid-credentials' });
    await db
      .update(staffUsers)
      .set({ disabledAt: sql`now()` })
      .where(eq(staffUsers.id, staff.id));
    expect(await logInStaff(db, staff.email, staffPassword, 'a1')).toEqual({ ok: false, reason: 'invalid-credentials' });
  });

  it('throttles logins per account and per client address', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'support');
    for (let attempt = 0; attempt < rateLimitPolicies.loginPerAccount.limit; attempt++) {
      expect(await logInStaff(db, staff.email, 'Wrong&Pass1', `spread-${attempt}`)).toMatchObject({ reason: 'invalid-credentials' });
    }
    // The right password is refused too once the account's window is used up.
    expect(await logInStaff(db, staff.email, staffPassword, 'fresh')).toEqual({ ok: false, reason: 'too-many-attempts' });

    const other = await createStaff(db, 'support');
    for (let attempt = 0; attempt < rateLimitPolicies.loginPerAddress.limit; attempt++)
      await logInStaff(db, `guess-${attempt}@example.com`, 'x', 'one-address');
    expect(await logInStaff(db, other.email, staffPassword, 'one-address')).toEqual({ ok: false, reason: 'too-many-attempts' });
    expect(await logInStaff(db, other.email, staffPassword, 'another-address')).toEqual({ ok: true, staffId: other.id });
  });

  it('asks for the second factor: a pending session, then a new session id when the code is right', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'owner');
    const pendingToken = await startStaffSession(db, staff.id, undefined, false);
    expect((await readStaffSession(db, pendingToken)).kind).toBe('pending');
    expect(await verifySecondFactor(db, staff.id, '000000')).toEqual({ ok: false, reason: 'invalid-code' });
    expect(await verifySecondFactor(db, staff.id, currentTotp(staff.totpSecret))).toEqual({ ok: true, usedRecoveryCode: false });
    const activeToken = await startStaffSession(db, staff.id, pendingToken, true);
    expect(activeToken).not.toBe(pendingToken);
    expect((await readStaffSession(db, pendingToken)).kind).toBe('none');
    expect((await readStaffSession(db, activeToken)).kind).toBe('active');
  });

  it('accepts a TOTP code once only (no replay), and one step of clock drift', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'manager');
    const code = currentTotp(staff.totpSecret);
    expect(await verifySecondFactor(db, staff.id, code)).toMatchObject({ ok: true });
    expect(await verifySecondFactor(db, staff.id, code)).toEqual({ ok: false, reason: 'invalid-code' });
    const next = currentTotp(staff.totpSecret, Date.now() + thirtySeconds);
    expect(await verifySecondFactor(db, staff.id, next)).toMatchObject({ ok: true });
    expect(await verifySecondFactor(db, staff.id, currentTotp(staff.totpSecret, Date.now() + 10 * thirtySeconds))).toEqual({
      ok: false,
      reason: 'invalid-code',
    });
  });

  it('limits wrong second-factor codes per staff member', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'editor');
    for (let attempt = 0; attempt < secondFactorPolicy.limit; attempt++)
      expect(await verifySecondFactor(db, staff.id, '000000')).toMatchObject({ reason: 'invalid-code' });
    expect(await verifySecondFactor(db, staff.id, currentTotp(staff.totpSecret))).toEqual({ ok: false, reason: 'too-many-attempts' });
  });

  it('enrols with a server-drawn QR code, stores recovery codes hashed and accepts each once', async () => {
    const { db } = database;
    const created = await createOwner(db, `first-${driver}@example.com`);
    if (!created.ok) throw new Error('owner not created');
    const enrolment = await beginEnrolment(db, created.staffId, `first-${driver}@example.com`);
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await beginEnrolment(db, created.staffId, 'x')).secret).toBe(enrolment.secret);
    expect(await confirmEnrolment(db, created.staffId, '123456')).toBeNull();
    const codes = await confirmEnrolment(db, created.staffId, currentTotp(enrolment.secret));
    expect(codes).toHaveLength(10);
    const stored = await db.select({ hash: staffRecoveryCodes.codeHash }).from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, created.staffId));
    expect(stored.map((row) => row.hash)).not.toContain(codes![0]);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
    expect(await verifySecondFactor(db, created.staffId, codes![0]!.toUpperCase())).toEqual({ ok: true, usedRecoveryCode: true });
    expect(await verifySecondFactor(db, created.staffId, codes![0]!)).toEqual({ ok: false, reason: 'invalid-code' });
    expect(await verifySecondFactor(db, created.staffId, codes![1]!.replace('-', ''))).toEqual({ ok: true, usedRecoveryCode: true });
  });

  it('ends a session after 30 idle minutes and after 12 hours however busy', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'support');
    const idle = await startStaffSession(db, staff.id, undefined, true);
    await ageSession(idle, 'last_seen_at', staffIdleMs - 60_000);
    expect((await readStaffSession(db, idle)).kind).toBe('active');
    await ageSession(idle, 'last_seen_at', staffIdleMs + 1000);
    expect((await readStaffSession(db, idle)).kind).toBe('expired');
    expect((await readStaffSession(db, idle)).kind).toBe('none');

    const busy = await startStaffSession(db, staff.id, undefined, true);
    await ageSession(busy, 'second_factor_at', staffAbsoluteMs + 1000);
    expect((await readStaffSession(db, busy)).kind).toBe('expired');

    const halfway = await startStaffSession(db, staff.id, undefined, false);
    await ageSession(halfway, 'created_at', 11 * 60_000);
    expect((await readStaffSession(db, halfway)).kind).toBe('expired');
  });

  it('a visit moves the idle deadline', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'support');
    const token = await startStaffSession(db, staff.id, undefined, true);
    await ageSession(token, 'last_seen_at', staffIdleMs - 60_000);
    expect((await readStaffSession(db, token)).kind).toBe('active');
    const [row] = await db
      .select({ lastSeenAt: staffSessions.lastSeenAt })
      .from(staffSessions)
      .where(sql`${staffSessions.staffId} = ${staff.id}`);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, with __Host- on https', () => {
    expect(staffSessionCookie('t', true)).toBe('__Host-staff_session=t; Path=/; SameSite=Strict; Max-Age=43200; HttpOnly; Secure');
    expect(staffSessionCookie('t', false)).toBe('staff_session=t; Path=/; SameSite=Strict; Max-Age=43200; HttpOnly');
  });

  it('sets a password through a one-time link that works once and ends old sessions', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'manager');
    const session = await startStaffSession(db, staff.id, undefined, true);
    const token = await createPasswordToken(db, staff.id);
    expect(await passwordTokenStaff(db, token)).toEqual({ staffId: staff.id, email: staff.email });
    expect(await setPasswordWithToken(db, token, 'New&Rope2027')).toBe(staff.id);
    expect(await setPasswordWithToken(db, token, 'Other&Rope2027')).toBeNull();
    expect(await passwordTokenStaff(db, token)).toBeNull();
    expect((await readStaffSession(db, session)).kind).toBe('none');
    expect(await logInStaff(db, staff.email, 'New&Rope2027', 'b')).toMatchObject({ ok: true });
    const [row] = await db.select({ totp: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(row?.totp).toBeNull();
  });

  it('records audit entries with before and after, filterable', async () => {
    const { db } = database;
    const staff = await createStaff(db, 'owner');
    await recordAudit(db, { staffId: staff.id, action: 'coupon.update', entity: 'coupon', entityId: 7, before: { percent: 10 }, after: { percent: 15 } });
    const { rows, window } = await listAudit(db, { staffId: staff.id, entity: 'coupon' }, 1);
    expect(window.total).toBe(1);
    expect(rows[0]).toMatchObject({ action: 'coupon.update', entityId: '7', before: { percent: 10 }, after: { percent: 15 }, staffEmail: staff.email });
    expect((await listAudit(db, { action: 'coupon.' }, 1)).rows.length).toBeGreaterThan(0);
    expect((await listAudit(db, { action: 'coupon%' }, 1)).rows).toEqual([]);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(count!.n).toBeGreaterThan(0);
  });

  it('gives each role its permissions', () => {
    expect(can('owner', 'staff.manage')).toBe(true);
    expect(can('manager', 'staff.manage')).toBe(false);
    expect(can('manager', 'coupons.write')).toBe(true);
    expect(can('support', 'orders.read')).toBe(true);
    expect(can('support', 'orders.write')).toBe(false);
    expect(can('support', 'orders.notes')).toBe(true);
    expect(can('support', 'customers.write')).toBe(false);
    expect(can('editor', 'catalogue.write')).toBe(true);
    expect(can('editor', 'orders.read')).toBe(false);
  });
});
