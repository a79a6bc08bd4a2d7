import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromePath } from './browser.ts';
import { buildContainerImageInBackground, missingContainerTools } from './container-image.ts';
import { startMailCatcher } from '../../tests/support/mail-catcher.ts';
import { startStripeStandIn } from '../../tests/support/stripe-stand-in.ts';
import { shopLogFile } from './failure-report.ts';
import { freePort } from '../../tests/support/free-port.ts';
import { type RunningShop, startShop } from './shop-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** where the local SMTP server keeps the mails the shop sent */
    mailDir: string;
    /** on CI: the file that tells how the container image built in the background went (e2e/container-image) */
    containerImageOutcome: string;
  }
}

let shop: RunningShop | undefined;

/**
 * One shop for the whole run, on a fresh data directory: it builds, migrates and seeds like a first
 * `npm start`, sends its mails to a local SMTP server and its card payments to a Stripe stand-in.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromePath)) {
    throw new Error(`No Chromium found at ${chromePath}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-e2e-'));
  const mailDir = join(dataDir, 'received-mail');
  const mailCatcher = await startMailCatcher(mailDir);
  // Card, iDEAL and Bancontact go through a local stand-in of Stripe that signs its webhooks.
  const port = String(await freePort());
  const webhookSecret = 'whsec_e2e_cordial';
  const stripe = await startStripeStandIn({ webhook: { url: `http://127.0.0.1:${port}/api/payments/stripe`, secret: webhookSecret } });
  shop = await startShop(
    {
      DATA_DIR: dataDir,
      PORT: port,
      SMTP_URL: mailCatcher.smtpUrl,
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
      // Back-in-stock mails and review invitations (issue 15) looked for every two seconds, not every minute.
      BACKGROUND_JOBS_INTERVAL_SECONDS: '2',
    },
    { logFile: shopLogFile(dataDir) },
  );
  project.provide('baseUrl', shop.baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('mailDir', mailDir);
  // CI runs every file, e2e/container-image too: its image builds beside the browser tests.
  const containerImageOutcome = process.env.CI && missingContainerTools().length === 0 ? join(dataDir, 'container-image.json') : '';
  const containerImageBuild = containerImageOutcome ? buildContainerImageInBackground(containerImageOutcome) : undefined;
  project.provide('containerImageOutcome', containerImageOutcome);
  return async () => {
    await containerImageBuild;
    await shop?.stop();
    await mailCatcher.stop();
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
