import { z } from 'zod';
import { redirect, type RouterContextProvider } from 'react-router';
import { staffContext } from '#app/context.ts';
import { adminPath } from './admin-paths.ts';
import type { StaffMember } from './staff-session.server.ts';

/**
 * The two-factor pages are for a session between password and code; anyone else is sent to
 * the login (no session) or into the admin (already done).
 */
export function requirePendingLogin(context: Readonly<RouterContextProvider>): StaffMember {
  const session = context.get(staffContext);
  if (session.kind === 'active') throw redirect(adminPath());
  if (session.kind !== 'pending') throw redirect(`${adminPath('login')}${session.kind === 'expired' ? '?reason=expired' : ''}`);
  return session.staff;
}

/** The one field of the two-factor forms: a 6-digit code or a recovery code. */
export const codeFields = ['code'] as const;
export const codeSchema = z.object({ code: z.string().trim().min(1, 'validation.required').max(20, 'validation.invalid') });
