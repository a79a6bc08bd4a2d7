import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const stylesDir = join(import.meta.dirname, '../../app/styles');

/**
 * A rule left open swallows every rule after it as CSS nesting: the browser reads the rest of the
 * file as descendants of that selector and the styles silently stop applying (issue 22: the home
 * page banners, FAQ and blog lost their layout to an unclosed `.page-index {`).
 */
describe.each(readdirSync(stylesDir).filter((file) => file.endsWith('.css')))('%s', (file) => {
  it('closes every rule before the next one starts at the top level', () => {
    const text = readFileSync(join(stylesDir, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
    let depth = 0;
    const nested: string[] = [];
    text.split('\n').forEach((line, index) => {
      // Rules of this file start at the margin; indented ones belong to an at-rule.
      if (/^[.#@a-z:*[]/i.test(line) && depth > 0) nested.push(`line ${index + 1}: ${line}`);
      for (const char of line) {
        if (char === '{') depth++;
        if (char === '}') depth--;
      }
    });
    expect(nested.slice(0, 5)).toEqual([]);
    expect(depth).toBe(0);
  });
});

/** global.css is the storefront's index: its areas in cascade order, none left out, no rules of its own. */
describe('global.css', () => {
  it('imports every storefront stylesheet once and holds nothing else', () => {
    const text = readFileSync(join(stylesDir, 'global.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const imported = [...text.matchAll(/@import '\.\/([\w-]+\.css)';/g)].map((match) => match[1]);
    const storefront = readdirSync(stylesDir).filter((file) => file.endsWith('.css') && file !== 'global.css' && !file.startsWith('admin'));
    expect([...imported].sort()).toEqual(storefront.sort());
    expect(text.replace(/@import '[^']+';/g, '').trim()).toBe('');
  });
});
