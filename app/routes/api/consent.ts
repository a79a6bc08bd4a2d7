import { redirect } from 'react-router';
import type { Route } from './+types/consent';
import { servicesContext } from '#app/context.ts';
import { preferenceMaxAge, serializeCookie } from '#app/lib/http/cookies.server.ts';
import { consentCookie, type ConsentState, serializeConsent } from '#app/modules/privacy/consent.ts';
import { methodNotAllowed } from '#app/lib/http/method-not-allowed.ts';

/** Only a path on this site, so the form cannot be used to redirect elsewhere. */
function safeReturnPath(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** Stores the cookie choice from the banner or the settings (a form; works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get('choice');
  const state: ConsentState =
    choice === 'all'
      ? { analytics: true, marketing: true }
      : choice === 'necessary'
        ? { analytics: false, marketing: false }
        : { analytics: form.get('analytics') === 'on', marketing: form.get('marketing') === 'on' };
  const returnTo = new URL(safeReturnPath(form.get('returnTo')), 'http://x');
  returnTo.searchParams.delete('cookie-settings');
  const cookie = serializeCookie(consentCookie, serializeConsent(state), {
    maxAgeSeconds: preferenceMaxAge,
    secure: context.get(servicesContext).secureCookies,
  });
  return redirect(`${returnTo.pathname}${returnTo.search}`, { status: 303, headers: { 'Set-Cookie': cookie } });
}

export function loader() {
  return methodNotAllowed('POST');
}
