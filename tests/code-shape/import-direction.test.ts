import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { projectRoot, runtimeImports, sourceFiles } from '../support/runtime-imports.ts';

/**
 * The direction of imports inside app/ (issue 13, CONTRIBUTING.md): routes use components and
 * modules; components use modules; modules hold the rules and use lib/ (infrastructure without
 * business rules: caches, HTTP helpers, forms, paging, logging, security, the mail transport) and
 * the database layer; lib/ knows no module; nothing in app/ reaches into the server, scripts or
 * tests. A type-only import may point back (a component naming its route's loader type, the schema
 * naming a module's type): it leaves no trace at runtime.
 */
/** For each layer, the layers its runtime imports must not reach. */
const forbidden: Record<string, string[]> = {
  'app/modules': ['app/routes', 'app/components', 'server', 'scripts', 'tests', 'e2e'],
  'app/components': ['app/routes', 'server', 'scripts', 'tests', 'e2e'],
  'app/lib': ['app/modules', 'app/routes', 'app/components', 'server', 'scripts', 'tests', 'e2e'],
  'app/db': ['app/modules', 'app/lib', 'app/routes', 'app/components', 'server', 'scripts', 'tests', 'e2e'],
  'app/routes': ['server', 'scripts', 'tests', 'e2e'],
};

describe('import direction', () => {
  for (const [layer, banned] of Object.entries(forbidden)) {
    it(`${layer} does not import ${banned.join(', ')}`, () => {
      const wrong = sourceFiles(layer).flatMap((file) =>
        runtimeImports(file)
          .filter((target) => banned.some((other) => target === other || target.startsWith(`${other}/`)))
          .map((target) => `${file} → ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }

  it('reaches app/ from another folder through the #app/ alias, not through ../ paths', () => {
    const climbing = ['app', 'server', 'scripts', 'tests', 'e2e', 'bench'].flatMap((directory) =>
      sourceFiles(directory, { withTests: true }).flatMap((file) =>
        [...readFileSync(join(projectRoot, file), 'utf8').matchAll(/(?:from\s+|import\(\s*|vi\.mock\(\s*)['"](\.\.\/[^'"]+)['"]/g)]
          .map((match) => relative(projectRoot, resolve(projectRoot, dirname(file), match[1] as string)))
          .filter((target) => target.startsWith('app/'))
          .map((target) => `${file} → ${target}`),
      ),
    );
    expect(climbing).toEqual([]);
  });

  it('sees imports at all (the scanner itself works)', () => {
    expect(runtimeImports('app/routes/storefront-layout.tsx')).toContain('app/modules/page-cache/shared-pages.server.ts');
    expect(runtimeImports('app/modules/cart/cart.server.ts')).toContain('app/db/schema.ts');
  });
});
