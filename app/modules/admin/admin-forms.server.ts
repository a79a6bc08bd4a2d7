import { data } from 'react-router';
import { recordId } from '#app/lib/forms/record-id.ts';
import type { LocaleCode } from '#app/modules/i18n/locales.ts';
import { messageLocaleOf } from '#app/modules/i18n/message-filters.ts';

/**
 * The intent of an admin form with several buttons (approve / reject ...); anything else is a
 * bad request, not a 500.
 */
export function intentOf<Intent extends string>(form: FormData, intents: readonly Intent[]): Intent {
  const intent = form.get('intent');
  if (typeof intent === 'string' && (intents as readonly string[]).includes(intent)) return intent as Intent;
  throw data(null, { status: 400 });
}

/** The store of a per-store editor's address (`…/:locale`): one of the shop's stores, or 404. */
export function storeOf(value: string | undefined): LocaleCode {
  const locale = messageLocaleOf(value ?? null);
  if (!locale) throw data(null, { status: 404 });
  return locale;
}

/** A record id from a form or URL: a positive 32-bit integer, or 400. */
export function idOf(value: FormDataEntryValue | string | null | undefined): number {
  const id = recordId(value);
  if (id === null) throw data(null, { status: 400 });
  return id;
}
