/** The back office lives under /{product}_admin (spec §2); for this shop /paracord_admin. */
export const adminSegment = 'paracord_admin';
export const adminBase = `/${adminSegment}`;

export const adminPath = (rest = '') => (rest ? `${adminBase}/${rest}` : adminBase);

/** A return address after login: only admin paths, never another site. */
export function safeAdminReturnTo(value: string | null | undefined): string {
  if (!value || (!value.startsWith(`${adminBase}/`) && value !== adminBase)) return adminBase;
  if (value.startsWith('//') || value.includes('\\')) return adminBase;
  return value;
}
