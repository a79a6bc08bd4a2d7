/**
 * Faster module loading at start (issue 14: a start in ≤ 3 s). Node reads the nearest
 * package.json of every file it loads to know its module type, and each time parses that file's
 * whole `exports` map again (`getPackageScopeConfig` spreads an object whose `exports` getter
 * parses the JSON; Node 24 and 26 alike). drizzle-orm's is 179 KB and it loads some 200 files:
 * about half of a start went there (1.2 s of 1.3 s to import `drizzle-orm/pg-core` on this
 * machine; 60 ms without). Decision 0041.
 */
import { existsSync, readFileSync } from 'node:fs';
import { enableCompileCache, registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type ModuleType = 'module' | 'commonjs' | 'unknown';
const typeOfFolder = new Map<string, ModuleType>();

/** The `type` of the package.json nearest to `folder` ('unknown' without one: Node then looks at the source). */
export function moduleTypeOf(folder: string): ModuleType {
  let type = typeOfFolder.get(folder);
  if (type) return type;
  const manifest = join(folder, 'package.json');
  if (existsSync(manifest)) {
    const declared = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type;
    type = declared === 'module' || declared === 'commonjs' ? declared : 'unknown';
  } else {
    const parent = dirname(folder);
    type = parent === folder ? 'unknown' : moduleTypeOf(parent);
  }
  typeOfFolder.set(folder, type);
  return type;
}

/**
 * Where a package's relative import of a `.js` file leads and as what, with the module type read
 * once per folder; undefined for anything else (bare names, `#` imports, other extensions, a
 * missing file, a package without a `type`), which Node resolves as before.
 */
export function resolvedQuickly(specifier: string, parentURL: string | undefined): { url: string; format: 'module' | 'commonjs' } | undefined {
  if (!parentURL?.startsWith('file:') || !parentURL.includes('/node_modules/') || !specifier.startsWith('.') || !specifier.endsWith('.js')) return undefined;
  const url = new URL(specifier, parentURL);
  const path = fileURLToPath(url);
  const format = moduleTypeOf(dirname(path));
  return format === 'unknown' || !existsSync(path) ? undefined : { url: url.href, format };
}

/** Resolves packages' relative imports with `resolvedQuickly`, and keeps V8's compiled code between starts. */
export function loadModulesFaster(): void {
  enableCompileCache();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const quick = resolvedQuickly(specifier, context.parentURL);
      return quick ? { ...quick, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
}
