import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionsOffStorefrontPages, storefrontPageMessages } from '#app/modules/i18n/messages.server.ts';
import en from '../../locales/en.json' with { type: 'json' };

const appDir = join(import.meta.dirname, '../../app');

/** Code that runs in a storefront page in the browser: not the back office, not server-only modules, not tests. */
function storefrontBrowserFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const inApp = relative(appDir, path);
    if (entry.isDirectory()) return ['routes/admin', 'components/admin', 'modules/admin'].includes(inApp) ? [] : storefrontBrowserFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(server|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('messages on storefront pages (issue 14)', () => {
  it('leave out the sections of mails, documents and the back office, and keep the rest', () => {
    const tree = storefrontPageMessages(en);
    for (const section of sectionsOffStorefrontPages) expect(en, section).toHaveProperty(section);
    expect(Object.keys(tree).toSorted()).toEqual(
      Object.keys(en)
        .filter((section) => !(sectionsOffStorefrontPages as readonly string[]).includes(section))
        .toSorted(),
    );
    expect(JSON.stringify(tree).length).toBeLessThan(JSON.stringify(en).length * 0.6);
  });

  it('are all storefront code asks for: no storefront file names a key of a left-out section', () => {
    const leftOut = new RegExp(`['"\`](?:${sectionsOffStorefrontPages.join('|')})\\.[A-Za-z]`);
    const offenders = storefrontBrowserFiles(appDir).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (leftOut.test(line) ? [`${relative(appDir, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
