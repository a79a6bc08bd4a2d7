import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/client.server.ts';
import { customers } from '#app/db/schema.ts';
import type { FieldErrors } from '#app/lib/forms/field-errors.ts';
import type { PersonalDataInput } from './customer-forms.ts';
import { checkCurrentPassword, currentPasswordFailures } from './current-password.server.ts';
import { requestEmailChange } from './email-verification.server.ts';
import { hashPassword } from './password.server.ts';
import { endAllSessions } from './session.server.ts';

export async function getPersonalData(db: Database, customerId: number) {
  const [customer] = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      companyName: customers.companyName,
      vatNumber: customers.vatNumber,
      isBusiness: customers.isBusiness,
      newsletterSubscribed: customers.newsletterSubscribed,
      emailVerifiedAt: customers.emailVerifiedAt,
      pendingEmail: customers.pendingEmail,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new Error(`customer ${customerId} not found`);
  return customer;
}

export type ChangeResult<Field extends string> = { ok: true } | { ok: false; fieldErrors: FieldErrors<Field>; status: 400 | 429 };

/**
 * Saves name and company; a new e-mail address needs the current password (spec §5) and takes
 * effect only once its mailed link is opened (issue 15): `emailChangePending` asks the caller to
 * send that link (sendVerificationMail).
 */
export async function updatePersonalData(
  db: Database,
  customerId: number,
  input: PersonalDataInput,
): Promise<{ ok: true; emailChangePending: boolean } | Exclude<ChangeResult<'email' | 'currentPassword'>, { ok: true }>> {
  const [current] = await db.select({ email: customers.email, passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  if (!current) throw new Error(`customer ${customerId} not found`);
  const emailChanges = current.email.toLowerCase() !== input.email;
  if (emailChanges) {
    if (input.currentPassword === '') return { ok: false, fieldErrors: { currentPassword: { key: 'account.currentPasswordForEmail' } }, status: 400 };
    const check = await checkCurrentPassword(db, customerId, current.passwordHash, input.currentPassword);
    if (check !== 'ok')
      return { ok: false, fieldErrors: { currentPassword: currentPasswordFailures[check].error }, status: currentPasswordFailures[check].status };
    const change = await requestEmailChange(db, customerId, input.email);
    if (!change.ok) return { ok: false, fieldErrors: { email: { key: 'account.emailTaken' } }, status: 400 };
  }
  await db
    .update(customers)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      companyName: input.companyName,
      vatNumber: input.vatNumber,
      isBusiness: input.isBusiness,
      updatedAt: sql`now()`,
    })
    .where(eq(customers.id, customerId));
  return { ok: true, emailChangePending: emailChanges };
}

/** A new password after checking the current one; other devices are logged out. */
export async function changePassword(
  db: Database,
  customerId: number,
  currentSessionId: string,
  currentPassword: string,
  newPassword: string,
): Promise<ChangeResult<'currentPassword'>> {
  const [current] = await db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(and(eq(customers.id, customerId)));
  const check = await checkCurrentPassword(db, customerId, current?.passwordHash ?? null, currentPassword);
  if (check !== 'ok')
    return { ok: false, fieldErrors: { currentPassword: currentPasswordFailures[check].error }, status: currentPasswordFailures[check].status };
  await db
    .update(customers)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
  await endAllSessions(db, customerId, currentSessionId);
  return { ok: true };
}
