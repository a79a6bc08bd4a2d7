import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a failed browser test prints besides its assertion: where each open page was, what the pages
 * complained about and the shop's last log lines. A flaky failure on CI is otherwise a bare timeout.
 */
const openPages = new Set<Page>();
let pageEvents: string[] = [];

/** Log lines of scripts, styles and pictures served fine: noise in a failure report. */
const staticAsset = /"path":"[^"?]+\.(js|css|svg|webp|png|woff2)","status":200/;

export const shopLogFile = (dataDir: string) => join(dataDir, 'shop.log');

export function watchBrowser(context: BrowserContext) {
  const watch = (page: Page) => {
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
    page.on('pageerror', (error) => pageEvents.push(`pageerror ${page.url()}: ${error.message}`));
    page.on('crash', () => pageEvents.push(`crash ${page.url()}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') pageEvents.push(`console.${message.type()} ${page.url()}: ${message.text()}`);
    });
    page.on('requestfailed', (request) => pageEvents.push(`requestfailed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

export function startTestRecord() {
  pageEvents = [];
}

export function failureReport(dataDir: string): string {
  const logFile = shopLogFile(dataDir);
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd().split('\n') : [];
  const shopLog = lines.filter((line) => !staticAsset.test(line)).slice(-40);
  return [
    'open pages:',
    ...[...openPages].map((page) => `  ${page.url()}`),
    'page events during the test:',
    ...pageEvents.slice(-40).map((event) => `  ${event.slice(0, 500)}`),
    'last lines of the shop log:',
    ...shopLog.map((line) => `  ${line.slice(0, 500)}`),
  ].join('\n');
}
