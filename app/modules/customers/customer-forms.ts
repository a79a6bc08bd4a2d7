import { z } from 'zod';
import { isValidVatNumber } from './vat-number.ts';

/**
 * The customer forms of spec §5. Error messages are message keys (see forms/field-errors.ts).
 * The spec gives only the password minimum; the other minimum lengths are ours
 * (docs/decisions/0007-customer-accounts.md).
 */
export const minimumLength = { name: 2, companyName: 2, street: 3, city: 2, zipCode: 3, phone: 6, vatNumber: 8, password: 8 } as const;

const required = (min: number) => z.string().trim().min(1, 'validation.required').min(min, 'validation.tooShort');
const optionalText = (min: number) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || value.length >= min, { message: 'validation.tooShort', params: { min } })
    .transform((value) => value || null);
/** Optional VAT number, checked against the formats of the countries we know. */
const vatNumberField = optionalText(minimumLength.vatNumber).refine((vat) => vat === null || isValidVatNumber(vat), 'validation.vatFormat');
const checkbox = z.string().transform((value) => value === 'on' || value === 'true' || value === '1');

export const emailField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.email')
  .pipe(z.email('validation.email'))
  .transform((email) => email.toLowerCase());

/** "Password must be at least 8 characters" and the letter/number/special-character rule. */
export const newPasswordField = z
  .string()
  .min(1, 'validation.required')
  .min(minimumLength.password, 'validation.passwordLength')
  .max(256, 'validation.passwordTooLong')
  .refine((password) => /\p{L}/u.test(password) && /\p{N}/u.test(password) && /[^\p{L}\p{N}\s]/u.test(password), 'validation.passwordCharacters');

const currentPasswordField = z.string().min(1, 'validation.required');

export const nameFields = { firstName: required(minimumLength.name), lastName: required(minimumLength.name) };

export const registerFields = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'newsletter', 'companyName', 'vatNumber'] as const;
export const registerSchema = z
  .object({
    ...nameFields,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string(),
    newsletter: checkbox,
    companyName: optionalText(minimumLength.companyName),
    vatNumber: vatNumberField,
  })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMatch' });
export type RegisterInput = z.output<typeof registerSchema>;

export const loginFields = ['email', 'password'] as const;
export const loginSchema = z.object({ email: emailField, password: currentPasswordField });

export const forgotPasswordFields = ['email'] as const;
export const forgotPasswordSchema = z.object({ email: emailField });

export const newPasswordFields = ['password', 'confirmPassword'] as const;
export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMatch' });

export const passwordChangeFields = ['currentPassword', 'password', 'confirmPassword'] as const;
export const passwordChangeSchema = z
  .object({ currentPassword: currentPasswordField, password: newPasswordField, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsMatch' });

export const personalDataFields = ['firstName', 'lastName', 'email', 'currentPassword', 'companyName', 'vatNumber', 'isBusiness'] as const;
export const personalDataSchema = z.object({
  ...nameFields,
  email: emailField,
  /** Only checked when the e-mail address changes (spec §5). */
  currentPassword: z.string(),
  companyName: optionalText(minimumLength.companyName),
  vatNumber: vatNumberField,
  isBusiness: checkbox,
});
export type PersonalDataInput = z.output<typeof personalDataSchema>;

export { checkbox, optionalText, required };
