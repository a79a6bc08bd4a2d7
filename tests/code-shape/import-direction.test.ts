import { describe, expect, it } from 'vitest';
import { runtimeImports, sourceFiles } from '../support/runtime-imports.ts';

/**
 * The direction of imports inside app/ (issue 13, CONTRIBUTING.md): routes use components and
 * modules; components use modules; modules hold the rules and use the database layer; nothing in
 * app/ reaches into the server, scripts or tests. A type-only import may point back (a component
 * naming its route's loader type, the schema naming a module's type): it leaves no trace at runtime.
 */
/** For each layer, the layers its runtime imports must not reach. */
const forbidden: Record<string, string[]> = {
  'app/modules': ['app/routes', 'app/components', 'server', 'scripts', 'tests', 'e2e'],
  'app/components': ['app/routes', 'server', 'scripts', 'tests', 'e2e'],
  'app/db': ['app/modules', 'app/routes', 'app/components', 'server', 'scripts', 'tests', 'e2e'],
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

  it('sees imports at all (the scanner itself works)', () => {
    expect(runtimeImports('app/routes/storefront-layout.tsx')).toContain('app/modules/http/shared-pages.server.ts');
  });
});
