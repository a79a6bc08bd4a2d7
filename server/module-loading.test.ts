import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleTypeOf, resolvedQuickly } from './module-loading.ts';

const root = resolve(import.meta.dirname, '..');
const inPackage = (path: string) => pathToFileURL(resolve(root, 'node_modules', path)).href;

describe('faster module loading (decision 0041)', () => {
  it('takes the type of the nearest package.json, and leaves a package without one to Node', () => {
    expect(moduleTypeOf(resolve(root, 'node_modules/drizzle-orm/pg-core'))).toBe('module');
    expect(moduleTypeOf(resolve(root, 'node_modules/pino/lib'))).toBe('commonjs');
    // A nested package.json says otherwise than its package's.
    expect(moduleTypeOf(resolve(root, 'node_modules/nodemailer/dist/cjs'))).toBe('commonjs');
    expect(moduleTypeOf(resolve(root, 'node_modules/nodemailer/dist'))).toBe('module');
    expect(moduleTypeOf(resolve(root, 'node_modules/ms'))).toBe('unknown');
  });

  it('resolves relative .js imports inside packages as Node does, and nothing else', () => {
    const parent = inPackage('drizzle-orm/pg-core/index.js');
    expect(resolvedQuickly('./columns/index.js', parent)).toEqual({ url: inPackage('drizzle-orm/pg-core/columns/index.js'), format: 'module' });
    expect(resolvedQuickly('../sql/sql.js', parent)).toEqual({ url: inPackage('drizzle-orm/sql/sql.js'), format: 'module' });
    expect(resolvedQuickly('./nowhere.js', parent)).toBeUndefined();
    expect(resolvedQuickly('drizzle-orm/pg-core', parent)).toBeUndefined();
    expect(resolvedQuickly('./index.cjs', parent)).toBeUndefined();
    expect(resolvedQuickly('./x.js', pathToFileURL(resolve(root, 'server/main.ts')).href)).toBeUndefined();
    expect(resolvedQuickly('./index.js', inPackage('ms/index.js'))).toBeUndefined();
  });

  it('loads the database layer and the server build’s libraries through the hook', () => {
    const script = `
      const { loadModulesFaster } = await import('./server/module-loading.ts');
      loadModulesFaster();
      const { pgTable } = await import('drizzle-orm/pg-core');
      const nodemailer = await import('nodemailer');
      const { pino } = await import('pino');
      console.log(typeof pgTable, typeof nodemailer.createTransport, typeof pino);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('function function function');
  });
});
