/** HTTP visitors for tests against a running shop: cookies and a CSRF token, as a browser has them. */

/**
 * The client address test visitors come from (through the trusted loopback proxy, TEST-NET-3): the
 * login and registration limits they use up are not those of other tests on the same shop.
 */
export const testClientAddress = '203.0.113.20';

export interface Visitor {
  /** Cookie header of the visitor (CSRF cookie, and a session or cart when set up). */
  cookie: string;
  csrfToken: string;
}

/** A visitor with a CSRF cookie and its token, read from a page like a browser would. */
export async function newVisitor(baseUrl: string, prefix: string, cookie = ''): Promise<Visitor> {
  const response = await fetch(`${baseUrl}/${prefix}/customer/account/login`, { headers: { cookie, 'x-forwarded-for': testClientAddress } });
  const body = await response.text();
  const csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(body)?.[1];
  const csrfCookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('csrf='));
  if (!csrfToken) throw new Error(`no CSRF token on the login page (${response.status})`);
  return { cookie: [cookie, csrfCookie].filter(Boolean).join('; '), csrfToken };
}

/** A logged-in customer: the login form (or with `register`, the registration form) posted like a browser does. */
export async function loggedInVisitor(
  baseUrl: string,
  prefix: string,
  credentials: { email: string; password: string },
  { register = false } = {},
): Promise<Visitor> {
  const guest = await newVisitor(baseUrl, prefix);
  const fields: Record<string, string> = { email: credentials.email, password: credentials.password, _csrf: guest.csrfToken };
  if (register) Object.assign(fields, { firstName: 'Fuzz', lastName: 'Tester', confirmPassword: credentials.password });
  const response = await fetch(`${baseUrl}/${prefix}/customer/account/${register ? 'create' : 'login'}`, {
    method: 'POST',
    headers: { cookie: guest.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, 'x-forwarded-for': testClientAddress },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('session='));
  if (!session) throw new Error(`${register ? 'registration' : 'login'} refused (${response.status})`);
  return { cookie: `${guest.cookie}; ${session}`, csrfToken: guest.csrfToken };
}
