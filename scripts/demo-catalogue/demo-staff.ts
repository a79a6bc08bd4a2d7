/**
 * Demo back-office accounts, one per role, only in databases seeded with the demo catalogue
 * (README "Back office"). Two-factor authentication stays on for them, with one fixed secret
 * that is published in the README: add it to an authenticator app, or compute the code with
 * `currentTotp(demoStaffTotpSecret)`. A real shop starts with `npm run admin -- create-owner`.
 */
import type { Database } from '#app/db/client.server.ts';
import { staffUsers } from '#app/db/schema.ts';
import type { StaffRole } from '#app/modules/admin/permissions.ts';
import { hashPassword } from '#app/modules/customers/password.server.ts';

export const demoStaffPassword = 'Cordial-admin-2026!';
/** Public on purpose (demo only); base32 as authenticator apps expect it. */
export const demoStaffTotpSecret = 'JBSWY3DPEHPK3PXPCORDIALDEMOTWOFA';

export const demoStaff: Record<StaffRole, { email: string; name: string }> = {
  owner: { email: 'owner@cordial.example', name: 'Olivia Owner' },
  manager: { email: 'manager@cordial.example', name: 'Max Manager' },
  support: { email: 'support@cordial.example', name: 'Sam Support' },
  editor: { email: 'editor@cordial.example', name: 'Eva Editor' },
};

export async function loadDemoStaff(db: Database): Promise<void> {
  const passwordHash = await hashPassword(demoStaffPassword);
  await db
    .insert(staffUsers)
    .values(
      Object.entries(demoStaff).map(([role, { email, name }]) => ({ email, name, role: role as StaffRole, passwordHash, totpSecret: demoStaffTotpSecret })),
    )
    .onConflictDoNothing();
}
