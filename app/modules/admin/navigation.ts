import { adminPath } from './admin-paths.ts';
import { can, type Permission, type StaffRole } from './permissions.ts';

/** The admin's sections in navigation order; each shows only to roles that may open it. */
const sections: { key: string; path: string; permission: Permission }[] = [
  { key: 'dashboard', path: '', permission: 'dashboard.read' },
  { key: 'orders', path: 'orders', permission: 'orders.read' },
  { key: 'customers', path: 'customers', permission: 'customers.read' },
  { key: 'products', path: 'products', permission: 'catalogue.read' },
  { key: 'reviews', path: 'reviews', permission: 'reviews.moderate' },
  { key: 'coupons', path: 'coupons', permission: 'coupons.read' },
  { key: 'giftCards', path: 'gift-cards', permission: 'giftcards.read' },
  { key: 'stockAlerts', path: 'stock-alerts', permission: 'catalogue.read' },
  { key: 'imports', path: 'imports', permission: 'catalogue.write' },
  { key: 'contentPages', path: 'content-pages', permission: 'content.write' },
  { key: 'faq', path: 'faq', permission: 'content.write' },
  { key: 'blog', path: 'blog', permission: 'content.write' },
  { key: 'banners', path: 'banners', permission: 'content.write' },
  { key: 'redirects', path: 'redirects', permission: 'content.write' },
  { key: 'translations', path: 'translations', permission: 'content.write' },
  { key: 'mailOutbox', path: 'mail', permission: 'mail.outbox' },
  { key: 'contactInbox', path: 'contact', permission: 'contact.inbox' },
  { key: 'staff', path: 'staff', permission: 'staff.manage' },
  { key: 'auditLog', path: 'audit', permission: 'audit.read' },
];

/** Links for a role: label key (admin.nav.*) and path. */
export const navigationFor = (role: StaffRole) =>
  sections.filter((section) => can(role, section.permission)).map((section) => ({ labelKey: `admin.nav.${section.key}`, to: adminPath(section.path) }));
