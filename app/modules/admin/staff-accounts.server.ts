/** Staff accounts as the owner manages them: invite, change role, disable, send a new password link. */
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#app/db/client.server.ts';
import { staffUsers } from '#app/db/schema.ts';
import { type StaffRole, staffRoles } from './permissions.ts';
import { type ListSort, listSortSpec } from '#app/lib/paging/list-sort.ts';
import { orderByOf } from '#app/lib/paging/list-sort.server.ts';
import { localeCodes } from '#app/modules/i18n/locales.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { endAllStaffSessions } from './staff-session.server.ts';
import { createPasswordToken } from './staff-auth.server.ts';

export const staffInviteSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').max(254, 'validation.invalid').pipe(z.email('validation.email')),
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.invalid'),
  role: z.enum(staffRoles, 'validation.invalid'),
});
export const staffInviteFields = ['email', 'name', 'role'] as const;

export const staffLocaleSchema = z.enum(localeCodes);

/** The columns the staff list sorts by; by name unless asked. */
export const staffSort = listSortSpec(['name', 'email', 'role', 'status', 'since'], { key: 'name', direction: 'asc' });

export async function listStaff(db: Database, sort: ListSort<(typeof staffSort.keys)[number]> = staffSort.fallback) {
  return db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      hasTotp: sql<boolean>`${staffUsers.totpSecret} is not null`,
      hasPassword: sql<boolean>`${staffUsers.passwordHash} is not null`,
      disabledAt: staffUsers.disabledAt,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .orderBy(
      ...orderByOf(
        sort,
        {
          name: sql`lower(${staffUsers.name})`,
          email: sql`lower(${staffUsers.email})`,
          role: staffUsers.role,
          status: sql`${staffUsers.disabledAt} is not null`,
          since: staffUsers.createdAt,
        },
        asc(sql`lower(${staffUsers.name})`),
        asc(staffUsers.id),
      ),
    );
}

const staffSnapshot = async (db: Database, id: number) => {
  const [row] = await db
    .select({ email: staffUsers.email, name: staffUsers.name, role: staffUsers.role, disabledAt: staffUsers.disabledAt })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row ?? null;
};

export type InviteResult = { ok: true; staffId: number; token: string } | { ok: false; reason: 'email-taken' };

/** A new staff member without a password, and the one-time link token to set it. */
export async function inviteStaff(db: Database, actorId: number | null, input: z.output<typeof staffInviteSchema>): Promise<InviteResult> {
  const [existing] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, input.email.toLowerCase()));
  if (existing) return { ok: false, reason: 'email-taken' };
  const [created] = await db.insert(staffUsers).values({ email: input.email, name: input.name, role: input.role }).returning({ id: staffUsers.id });
  const staffId = created!.id;
  await recordAudit(db, { staffId: actorId, action: 'staff.invite', entity: 'staff', entityId: staffId, after: input });
  return { ok: true, staffId, token: await createPasswordToken(db, staffId) };
}

export type StaffChangeResult = { ok: true } | { ok: false; reason: 'not-found' | 'own-account' };

/**
 * Nobody changes their own role or access here: so the acting owner always remains, and the shop
 * can never be left without an owner.
 */
async function guardOwnership(db: Database, actorId: number, staffId: number): Promise<StaffChangeResult | null> {
  if (actorId === staffId) return { ok: false, reason: 'own-account' };
  const target = await staffSnapshot(db, staffId);
  if (!target) return { ok: false, reason: 'not-found' };
  return null;
}

export async function changeStaffRole(db: Database, actorId: number, staffId: number, role: StaffRole): Promise<StaffChangeResult> {
  const refused = await guardOwnership(db, actorId, staffId);
  if (refused) return refused;
  const before = await staffSnapshot(db, staffId);
  await db
    .update(staffUsers)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, staffId));
  // The new role applies at once: sessions opened under the old one end.
  await endAllStaffSessions(db, staffId);
  await recordAudit(db, { staffId: actorId, action: 'staff.role', entity: 'staff', entityId: staffId, before, after: await staffSnapshot(db, staffId) });
  return { ok: true };
}

export async function setStaffDisabled(db: Database, actorId: number, staffId: number, disabled: boolean): Promise<StaffChangeResult> {
  const refused = await guardOwnership(db, actorId, staffId);
  if (refused) return refused;
  const before = await staffSnapshot(db, staffId);
  await db
    .update(staffUsers)
    .set({ disabledAt: disabled ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, staffId));
  if (disabled) await endAllStaffSessions(db, staffId);
  await recordAudit(db, {
    staffId: actorId,
    action: disabled ? 'staff.disable' : 'staff.enable',
    entity: 'staff',
    entityId: staffId,
    before,
    after: await staffSnapshot(db, staffId),
  });
  return { ok: true };
}

/** A new one-time link that sets a new password and asks for two-factor enrolment again. */
export async function resetStaffAccess(
  db: Database,
  actorId: number,
  staffId: number,
): Promise<{ ok: true; token: string } | { ok: false; reason: 'not-found' | 'own-account' }> {
  const refused = await guardOwnership(db, actorId, staffId);
  if (refused && !refused.ok) return refused;
  await recordAudit(db, { staffId: actorId, action: 'staff.reset-access', entity: 'staff', entityId: staffId });
  return { ok: true, token: await createPasswordToken(db, staffId) };
}

/** The admin language a staff member chose for themselves. */
export async function setStaffLocale(db: Database, staffId: number, locale: z.output<typeof staffLocaleSchema>): Promise<void> {
  const before = await db.select({ locale: staffUsers.locale }).from(staffUsers).where(eq(staffUsers.id, staffId));
  await db
    .update(staffUsers)
    .set({ locale, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, staffId));
  await recordAudit(db, { staffId, action: 'staff.locale', entity: 'staff', entityId: staffId, before: before[0], after: { locale } });
}

/** Creates the first (or another) owner from the command line; returns the link token. */
export async function createOwner(db: Database, email: string): Promise<InviteResult> {
  const parsed = staffInviteSchema.parse({ email, name: email.split('@')[0], role: 'owner' });
  return inviteStaff(db, null, parsed);
}
