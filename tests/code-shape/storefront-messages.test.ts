import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionsOffStorefrontPages, storefrontPageMessages } from '#app/modules/i18n/messages.server.ts';
import en from '../../locales/en.json' with { type: 'json' };
import { projectRoot, runtimeImports, sourceFiles } from '../support/runtime-imports.ts';

/**
 * Code a storefront page runs in the browser: the root and the storefront's route modules and
 * what they import, not the back office's routes and not server-only modules (`*.server.ts`,
 * which the client build leaves out, with whatever only they import).
 */
function storefrontBrowserFiles(): string[] {
  const routes = sourceFiles('app/routes').filter((file) => !file.startsWith('app/routes/admin/'));
  const reached = new Set<string>();
  const visit = (file: string) => {
    const path = sourceFiles(dirname(file)).find((candidate) => candidate === file || candidate.replace(/\.tsx?$/, '') === file.replace(/\.tsx?$/, ''));
    if (!path || reached.has(path) || /\.server\.tsx?$/.test(path)) return;
    reached.add(path);
    for (const imported of runtimeImports(path)) visit(imported);
  };
  for (const entry of ['app/root.tsx', ...routes]) visit(entry);
  return [...reached];
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
    const files = storefrontBrowserFiles();
    expect(files).toContain('app/components/catalogue/product-tabs.tsx');
    const offenders = files.flatMap((file) =>
      readFileSync(join(projectRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (leftOut.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
