import { eq } from 'drizzle-orm';
import { data, redirect } from 'react-router';
import type { Route } from './+types/newsletter-unsubscribe';
import { servicesContext } from '#app/context.ts';
import { orUnavailable } from '#app/db/with-database.server.ts';
import { newsletterSubscriptions } from '#app/db/schema.ts';
import { storefrontByCode } from '#app/modules/i18n/locales.ts';
import { newsletterUnsubscribePath } from '#app/modules/newsletter/newsletter-paths.ts';
import { unsubscribeWithToken } from '#app/modules/newsletter/newsletter.server.ts';
import { verifyNewsletterToken } from '#app/modules/newsletter/newsletter-tokens.server.ts';

/**
 * The List-Unsubscribe address of newsletter mails (RFC 8058). Mail clients POST
 * `List-Unsubscribe=One-Click` without cookies, so the root middleware lets this path pass its
 * CSRF check: the signed token is the proof. A GET (someone opening the address) goes to the
 * unsubscribe page in the subscriber's language.
 */
export async function action({ url, context }: Route.ActionArgs) {
  const { db, sessionSecret } = context.get(servicesContext);
  const token = url.searchParams.get('token') ?? '';
  const outcome = await orUnavailable(() => unsubscribeWithToken(db, sessionSecret, token));
  return data({ outcome }, { status: outcome === 'unsubscribed' ? 200 : 400, headers: { 'Cache-Control': 'no-store' } });
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, sessionSecret } = context.get(servicesContext);
  const token = url.searchParams.get('token') ?? '';
  const check = verifyNewsletterToken(sessionSecret, token, 'unsubscribe');
  if (!check.ok) throw data({ outcome: check.reason }, { status: 400 });
  const [row] = await orUnavailable(() =>
    db.select({ locale: newsletterSubscriptions.locale }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, check.payload.subscriptionId)),
  );
  const prefix = storefrontByCode(row?.locale ?? '')?.prefix ?? 'en';
  throw redirect(`/${prefix}/${newsletterUnsubscribePath}?token=${encodeURIComponent(token)}`);
}
