/**
 * Helpers for admin tests: staff of each role created through the admin's own functions, and
 * route loaders and actions called the way React Router calls them (a Request and the context
 * the server and the admin middleware set), so direct POSTs can be tried against every action.
 */
import { randomUUID } from 'node:crypto';
import { RouterContextProvider } from 'react-router';
import { type AppServices, csrfTokenContext, requestInfoContext, servicesContext, staffContext } from '#app/context.ts';
import type { Database } from '#app/db/client.server.ts';
import { productReviews, productTranslations, productVariants, products, staffUsers } from '#app/db/schema.ts';
import type { StaffRole } from '#app/modules/admin/permissions.ts';
import { hashPassword } from '#app/modules/customers/password.server.ts';
import { readStaffSession, startStaffSession, type StaffMember } from '#app/modules/admin/staff-session.server.ts';
import { newTotpSecret } from '#app/modules/admin/two-factor.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import type { Mailer } from '#app/lib/mail/mailer.server.ts';

export const staffPassword = 'Admin&Rope2026';

export interface TestStaff {
  id: number;
  email: string;
  role: StaffRole;
  totpSecret: string;
}

/** A staff member with password and two-factor set up. */
export async function createStaff(db: Database, role: StaffRole): Promise<TestStaff> {
  const email = `${role}-${randomUUID()}@example.com`;
  const totpSecret = newTotpSecret();
  const [row] = await db
    .insert(staffUsers)
    .values({
      email,
      name: `${role[0]!.toUpperCase()}${role.slice(1)} ${email.slice(-16, -12)}`,
      role,
      passwordHash: await hashPassword(staffPassword),
      totpSecret,
    })
    .returning({ id: staffUsers.id });
  return { id: row!.id, email, role, totpSecret };
}

/** The staff member as the admin middleware sees them after a full login. */
export async function loggedIn(db: Database, staff: TestStaff): Promise<StaffMember> {
  const token = await startStaffSession(db, staff.id, undefined, true);
  const session = await readStaffSession(db, token);
  if (session.kind !== 'active') throw new Error('session did not start');
  return session.staff;
}

export const adminUrl = (path: string) => `http://shop.test/paracord_admin${path ? `/${path}` : ''}`;

export function adminContext(db: Database, staff: StaffMember | null, services: Partial<AppServices> = {}) {
  const context = new RouterContextProvider();
  const sentMail: unknown[] = [];
  const mailer = { send: async (message: unknown) => void sentMail.push(message) } as unknown as Mailer;
  context.set(servicesContext, {
    db,
    logger: createLogger('silent'),
    siteUrl: 'http://shop.test',
    shopName: 'Cordial',
    isProduction: false,
    dataDir: '/nonexistent',
    sessionSecret: 'x'.repeat(32),
    secureCookies: false,
    pageCache: null as never,
    mailer,
    payments: null,
    ...services,
  });
  context.set(requestInfoContext, { requestId: randomUUID(), cspNonce: 'nonce', clientAddress: `test-${randomUUID()}`, malformedTarget: false });
  context.set(csrfTokenContext, 'token');
  context.set(staffContext, staff ? { kind: 'active', staff } : { kind: 'none' });
  return context;
}

type RouteFunction = (args: never) => unknown;

/**
 * Calls a loader (GET) or action (POST with the form) and returns what React Router would
 * answer: the data, or the status of a thrown response (redirect, 400, 403, 404).
 */
export async function callRoute(
  fn: RouteFunction,
  {
    db,
    staff,
    path,
    form,
    params = {},
    services,
  }: {
    db: Database;
    staff: StaffMember | null;
    path: string;
    form?: Record<string, string | number> | URLSearchParams | FormData;
    params?: Record<string, string>;
    services?: Partial<AppServices>;
  },
): Promise<{ status: number; data: unknown; headers: Headers }> {
  // A record for simple forms; URLSearchParams for repeated fields, FormData for file uploads.
  const body =
    form instanceof URLSearchParams || form instanceof FormData
      ? form
      : form
        ? new URLSearchParams(Object.entries(form).map(([key, value]) => [key, String(value)]))
        : undefined;
  const request = new Request(adminUrl(path), body ? { method: 'POST', body } : undefined);
  try {
    const result = await fn({ request, params, context: adminContext(db, staff, services) } as never);
    if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
    if (result && typeof result === 'object' && 'type' in result && result.type === 'DataWithResponseInit') {
      const { data, init } = result as unknown as { data: unknown; init: ResponseInit | null };
      return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
    }
    return { status: 200, data: result, headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, headers: thrown.headers };
    if (thrown && typeof thrown === 'object' && 'type' in thrown && thrown.type === 'DataWithResponseInit') {
      const { data, init } = thrown as unknown as { data: unknown; init: ResponseInit | null };
      return { status: init?.status ?? 500, data, headers: new Headers(init?.headers) };
    }
    throw thrown;
  }
}

/** A product with one variant (stock as given) and a pending review of it. */
export async function createProductWithReview(db: Database, stock = 10) {
  const sku = `TEST-${randomUUID().slice(0, 8)}`;
  const [product] = await db.insert(products).values({ sku, kind: 'simple', productType: 'paracord' }).returning({ id: products.id });
  await db.insert(productTranslations).values({ productId: product!.id, locale: 'en', name: `Test cord ${sku}`, urlKey: sku.toLowerCase() });
  const [variant] = await db
    .insert(productVariants)
    .values({ productId: product!.id, sku: `${sku}-1`, priceCents: 990, stockQuantity: stock })
    .returning({ id: productVariants.id });
  const [review] = await db
    .insert(productReviews)
    .values({ productId: product!.id, locale: 'en', authorName: 'Pat', rating: 4, title: 'Strong cord', body: 'Held a hammock all summer.' })
    .returning({ id: productReviews.id });
  return { productId: product!.id, variantId: variant!.id, reviewId: review!.id, sku };
}
