import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const widths = [390, 1280] as const;
/** A folder to keep a screenshot of every checked page in (E2E_SCREENSHOTS). */
const shots = process.env.E2E_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

export interface Violation {
  page: string;
  width: number;
  rule: string;
  help: string;
  targets: string[];
}

/** axe on the page as it is painted now; evaluated through the DevTools protocol, so the page's CSP does not stand in the way. */
async function axeViolations(page: Page, name: string, width: number): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  }, wcagTags);
  return violations.map((violation) => ({ page: name, width, ...violation }));
}

/** Checks the open page at a phone's and a laptop's width, adding what axe finds to `found`. */
export async function checkAtBothWidths(page: Page, name: string, found: Violation[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    found.push(...(await axeViolations(page, name, width)));
    if (shots) await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
}
