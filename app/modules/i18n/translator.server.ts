import type { Database } from '#app/db/client.server.ts';
import type { Logger } from '#app/lib/observability/logger.server.ts';
import { createTranslator, type Translate } from './i18n.tsx';
import type { LocaleCode } from './locales.ts';
import { loadMessages } from './messages.server.ts';

/** `t()` outside React, for mails and documents: the storefront's messages with its overrides. */
export async function serverTranslator(db: Database, locale: LocaleCode, logger: Logger): Promise<Translate> {
  return createTranslator(locale, await loadMessages(db, locale, logger));
}
