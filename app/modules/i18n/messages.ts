/**
 * UI messages: nested JSON trees per locale, addressed by dotted keys ('header.cart').
 * Supports `{name}` interpolation and ICU plurals `{count, plural, =0 {…} one {# …} other {# …}}`,
 * which is all the shop's texts need, without a formatting library in the client bundle.
 */
import { formatDecimal, pluralCategory } from './locale-formats.ts';

export interface MessageTree {
  [key: string]: string | MessageTree;
}

export type MessageValues = Record<string, string | number>;

/** Looks up a dotted key; undefined when it is missing or names a subtree. */
export function lookupMessage(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** All dotted keys of the strings in a tree. */
export function messageKeys(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : messageKeys(value, `${prefix}${key}.`)));
}

/** Fills placeholders and plural forms. Unknown placeholders are left as they are. */
export function formatMessage(template: string, values: MessageValues = {}, locale = 'en-US'): string {
  let result = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    if (open === -1) break;
    const close = matchingBrace(template, open);
    if (close === -1) break;
    result += template.slice(index, open);
    result += formatArgument(template.slice(open + 1, close), values, locale);
    index = close + 1;
  }
  return result + template.slice(index);
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function formatArgument(argument: string, values: MessageValues, locale: string): string {
  const [name = '', type, ...rest] = argument.split(',');
  const value = values[name.trim()];
  if (type?.trim() !== 'plural') return value === undefined ? `{${argument}}` : String(value);
  const count = Number(value ?? 0);
  const options = parsePluralOptions(rest.join(','));
  const chosen = options.get(`=${count}`) ?? options.get(pluralCategory(count, locale)) ?? options.get('other') ?? '';
  const number = formatDecimal(count, locale);
  return formatMessage(chosen, values, locale).replace(/#/g, number);
}

/** Parses ` =0 {…} one {…} other {…}` into a map of selector to text. */
function parsePluralOptions(source: string): Map<string, string> {
  const options = new Map<string, string>();
  let index = 0;
  while (index < source.length) {
    const open = source.indexOf('{', index);
    if (open === -1) break;
    const close = matchingBrace(source, open);
    if (close === -1) break;
    options.set(source.slice(index, open).trim(), source.slice(open + 1, close));
    index = close + 1;
  }
  return options;
}

/**
 * Adds translated messages from the database to a tree (spec §4): keys are split on dots into
 * a nested tree; a string replaces a string, but a key that would turn a string into a subtree
 * or a subtree into a string is skipped and reported.
 */
export function mergeMessageEntries(base: MessageTree, entries: readonly { key: string; value: string }[]): { messages: MessageTree; skipped: string[] } {
  const messages = structuredClone(base);
  const skipped: string[] = [];
  for (const { key, value } of entries) {
    const parts = key.split('.').filter(Boolean);
    const leaf = parts.pop();
    if (!leaf) continue;
    let node: MessageTree = messages;
    let collides = false;
    for (const part of parts) {
      const next = node[part];
      if (typeof next === 'string') {
        collides = true;
        break;
      }
      node = next ?? (node[part] = {});
    }
    if (collides || typeof node[leaf] === 'object') {
      skipped.push(key);
      continue;
    }
    node[leaf] = value;
  }
  return { messages, skipped };
}
