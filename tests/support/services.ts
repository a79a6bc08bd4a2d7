import type { AppServices } from '#app/context.ts';
import type { Database } from '#app/db/client.server.ts';
import { storefrontPageCache } from '../../server/storefront-page-cache.ts';
import type { OutgoingMail } from '#app/lib/mail/mailer.server.ts';
import { createLogger } from '#app/lib/observability/logger.server.ts';

/**
 * The services a route or module gets at run time, for tests that call them directly: the test
 * database and a silent logger. Mails are not expected; tests that send some pass a real
 * outbox as `mailer`.
 */
export function testServices(db: Database): AppServices {
  return {
    db,
    logger: createLogger('silent'),
    siteUrl: 'https://cordial.example',
    shopName: 'Cordial',
    isProduction: true,
    dataDir: '',
    sessionSecret: 'a-test-secret-of-at-least-thirty-two-characters',
    secureCookies: true,
    pageCache: storefrontPageCache(),
    mailer: {
      send: async (mail: OutgoingMail) => {
        throw new Error(`unexpected mail "${mail.subject}": pass a mailer to the test's services`);
      },
    },
    payments: null,
  };
}
