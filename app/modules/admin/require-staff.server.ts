import { data, redirect, type RouterContextProvider } from 'react-router';
import { requestInfoContext, servicesContext, staffContext } from '#app/context.ts';
import { adminPath } from './admin-paths.ts';
import { recordAudit } from '#app/lib/observability/audit.server.ts';
import { can, type Permission } from './permissions.ts';
import type { StaffMember } from './staff-session.server.ts';

/**
 * The one authorisation check of the admin: every loader and action calls it with what it needs.
 * Returns the logged-in staff member; without a session redirects to the login; without the
 * permission answers 403, and the refusal is logged and written to the audit log.
 */
export async function requireStaff(request: Request, context: Readonly<RouterContextProvider>, permission: Permission): Promise<StaffMember> {
  const session = context.get(staffContext);
  if (session.kind !== 'active') {
    const url = new URL(request.url);
    throw redirect(`${adminPath('login')}?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const { staff } = session;
  if (can(staff.role, permission)) return staff;
  const { db, logger } = context.get(servicesContext);
  const { pathname } = new URL(request.url);
  logger.warn(
    { staffId: staff.id, role: staff.role, permission, method: request.method, path: pathname, requestId: context.get(requestInfoContext).requestId },
    'admin access denied',
  );
  await recordAudit(db, {
    staffId: staff.id,
    action: 'access.denied',
    entity: 'permission',
    entityId: permission,
    after: { method: request.method, path: pathname, role: staff.role },
  });
  throw data({ reason: 'forbidden' }, { status: 403 });
}
