/**
 * What each staff role may do (issue 12). Checked on the server in every admin loader and action
 * through requireStaff; the navigation uses the same table to hide what a role cannot open.
 */
export const staffRoles = ['owner', 'manager', 'support', 'editor'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const permissions = [
  'dashboard.read',
  'orders.read',
  'orders.write',
  'orders.notes',
  'mails.resend',
  'customers.read',
  'customers.write',
  'catalogue.read',
  'catalogue.write',
  'content.write',
  'reviews.moderate',
  'coupons.read',
  'coupons.write',
  'giftcards.read',
  'giftcards.write',
  'mail.outbox',
  'contact.inbox',
  'staff.manage',
  'audit.read',
] as const;
export type Permission = (typeof permissions)[number];

// Managers run the shop; only owners manage staff accounts and read the audit log.
const ownerOnlyPermissions: ReadonlySet<Permission> = new Set(['staff.manage', 'audit.read']);
const managerPermissions = permissions.filter((permission) => !ownerOnlyPermissions.has(permission));

export const rolePermissions: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: new Set(permissions),
  manager: new Set(managerPermissions),
  // Support answers shoppers: reads orders and customers, writes order notes, sends mails again,
  // answers contact messages.
  support: new Set<Permission>(['dashboard.read', 'orders.read', 'orders.notes', 'mails.resend', 'customers.read', 'mail.outbox', 'contact.inbox']),
  // Editors look after the catalogue and its content (reviews are product content).
  editor: new Set<Permission>(['dashboard.read', 'catalogue.read', 'catalogue.write', 'content.write', 'reviews.moderate']),
};

export const can = (role: StaffRole, permission: Permission) => rolePermissions[role].has(permission);
