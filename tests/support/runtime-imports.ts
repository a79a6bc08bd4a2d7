import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The project root, for the code-shape tests. */
export const projectRoot = resolve(import.meta.dirname, '../..');

/** The TypeScript sources under a folder (tests left out unless asked for), as paths from the project root. */
export function sourceFiles(directory: string, { withTests = false } = {}): string[] {
  return readdirSync(join(projectRoot, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && (withTests || !/\.test\.tsx?$/.test(entry.name)))
    .filter((entry) => !entry.parentPath.includes('node_modules'))
    .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)));
}

/** Whether every name an import brings in is a type (`import { type A, type B } from …`): gone at runtime. */
const onlyTypes = (clause: string) => {
  const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
  if (names === undefined) return false;
  const parts = names
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => part.startsWith('type '));
};

/** Runtime imports of a file (static, re-exports and dynamic), as paths from the project root. */
export function runtimeImports(file: string): string[] {
  const text = readFileSync(join(projectRoot, file), 'utf8');
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:([^'";]*?)\sfrom\s+)?['"]([^'"]+)['"]/gm)]
      .filter((match) => !onlyTypes(match[1] ?? ''))
      .map((match) => match[2] as string),
    ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1] as string),
  ];
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('#app/')) return [join('app', specifier.slice('#app/'.length))];
    if (specifier.startsWith('.')) return [relative(projectRoot, resolve(projectRoot, dirname(file), specifier))];
    return [];
  });
}
