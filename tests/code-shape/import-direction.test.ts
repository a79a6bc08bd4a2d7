import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The direction of imports inside app/ (issue 13, CONTRIBUTING.md): routes use components and
 * modules; components use modules; modules hold the rules and use the database layer; nothing in
 * app/ reaches into the server, scripts or tests. A type-only import may point back (a component
 * naming its route's loader type, the schema naming a module's type): it leaves no trace at runtime.
 */
const root = resolve(import.meta.dirname, '../..');

/** For each layer, the layers its runtime imports must not reach. */
const forbidden: Record<string, string[]> = {
  'app/modules': ['app/routes', 'app/components', 'server', 'scripts', 'tests', 'e2e'],
  'app/components': ['app/routes', 'server', 'scripts', 'tests', 'e2e'],
  'app/db': ['app/modules', 'app/routes', 'app/components', 'server', 'scripts', 'tests', 'e2e'],
  'app/routes': ['server', 'scripts', 'tests', 'e2e'],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(join(root, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Runtime imports of a file (static, re-exports and dynamic), as paths from the project root. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => relative(root, resolve(root, dirname(file), specifier)));
}

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

  it('sees imports at all (the scanner itself works)', () => {
    expect(runtimeImports('app/routes/storefront-layout.tsx')).toContain('app/modules/http/shared-pages.server.ts');
  });
});
