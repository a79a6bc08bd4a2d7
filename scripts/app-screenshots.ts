/**
 * The web app manifest's screenshots (issue 17): the home page of a freshly seeded shop (en-gb, the
 * cookie choice made) at the sizes app/modules/pwa/web-manifest.ts declares, as small webp files in
 * public/app-screenshots/, which are committed. Run again when the home page's look changes:
 *   npm run app-screenshots                                 fresh data directory
 *   npm run app-screenshots -- --base-url http://127.0.0.1:3000   a shop that already runs
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { openBrowser } from '../e2e/support/browser.ts';
import { shopToLookAt } from '../e2e/support/shop-server.ts';
import { appScreenshots } from '#app/modules/pwa/web-manifest.ts';

const { values } = parseArgs({ options: { 'base-url': { type: 'string' } } });
const publicDir = resolve(import.meta.dirname, '../public');

const shop = await shopToLookAt(values['base-url']);
const { baseUrl } = shop;

try {
  for (const shot of appScreenshots) {
    const browser = await openBrowser({ viewport: { width: shot.width, height: shot.height }, locale: 'en-GB' });
    try {
      await browser.addCookies([{ name: 'consent', value: 'necessary', url: baseUrl }]);
      const page = await browser.newPage();
      await page.goto(`${baseUrl}/en-gb`);
      await page.waitForLoadState('networkidle');
      const png = await page.screenshot({ fullPage: false });
      const file = join(publicDir, shot.src);
      mkdirSync(dirname(file), { recursive: true });
      const written = await sharp(png).webp({ quality: 70 }).toFile(file);
      console.log(`${file}: ${written.width}x${written.height}, ${Math.round(written.size / 1024)} KiB`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await shop.stop();
}
