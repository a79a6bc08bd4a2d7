import type { Database } from '#app/db/client.server.ts';
import { customers } from '#app/db/schema.ts';
import { isUniqueViolation } from '#app/db/errors.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import type { RegisterInput } from './customer-forms.ts';
import { rateLimitPolicies, takeAttempt } from '#app/lib/security/rate-limit.server.ts';
import { hashPassword } from './password.server.ts';

export type RegisterResult = { ok: true; customerId: number } | { ok: false; reason: 'email-taken' | 'too-many-attempts' };

/**
 * A new account. Limited per client address: "already registered" tells whether an address has an
 * account, so trying a list of addresses must not be free. The newsletter box starts a double
 * opt-in (register.tsx); the account's newsletter flag is set once the address confirms.
 */
export async function registerCustomer(db: Database, input: RegisterInput, locale: LocaleCode, clientAddress: string): Promise<RegisterResult> {
  if (!(await takeAttempt(db, `register:address:${clientAddress}`, rateLimitPolicies.registerPerAddress))) return { ok: false, reason: 'too-many-attempts' };
  const passwordHash = await hashPassword(input.password);
  try {
    const [customer] = await db
      .insert(customers)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        vatNumber: input.vatNumber,
        isBusiness: input.companyName !== null,
        locale,
      })
      .returning({ id: customers.id });
    return { ok: true, customerId: customer!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'email-taken' };
    throw error;
  }
}
