/** Reads one cookie from a request (or from a Cookie header). */
export function readCookie(request: Request | string | undefined, name: string): string | undefined {
  const header = typeof request === 'string' || request === undefined ? request : request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure: boolean;
  /** Lax for the storefront; the admin's session cookie is Strict. */
  sameSite?: 'Lax' | 'Strict';
}

/** Preference cookies (locale, currency, ...) live 365 days on the whole site (spec §9). */
export const preferenceMaxAge = 365 * 24 * 60 * 60;

export function serializeCookie(name: string, value: string, { maxAgeSeconds, httpOnly = true, secure, sameSite = 'Lax' }: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `SameSite=${sameSite}`];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (httpOnly) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
