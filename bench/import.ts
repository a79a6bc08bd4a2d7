/**
 * Imports a stock file of 10,000 rows through the back office while shoppers load product and
 * category pages, and prints how long the import took and the storefront's p95 before and during
 * it (issue 16: under a minute, p95 at most 20 % slower). Prints the figures; not a test.
 *   node bench/import.ts                    fresh data directory (first start seeds the demo catalogue)
 *   node bench/import.ts --rows 200         a smaller file (a quick check that the bench runs)
 *   BENCH_DATA_DIR=./data-bench node bench/import.ts   reuses a seeded directory
 */
import { currentTotp } from '#app/modules/admin/two-factor.server.ts';
import { parseCsv } from '#app/lib/http/csv.ts';
import { FormClient } from '../e2e/support/form-client.ts';
import { shopperUserAgent } from '../e2e/support/browser.ts';
import { demoStaff, demoStaffPassword, demoStaffTotpSecret } from '../scripts/demo-catalogue/demo-staff.ts';
import { benchShop, fetchText, firstProductUrl, ms, percentile, runLoad } from './support/bench-kit.ts';

const admin = '/paracord_admin';
const defaultRows = 10_000;
const importTargetSeconds = 60;
const slowdownTargetPercent = 20;
/** The job page asks for progress every 1.5 s (import-job.tsx): the bench watches the same way, not 6 times as often. */
const progressPollMs = 1500;

/** Storefront latencies (ms, sorted) from rounds of 50 requests over `urls` until `done()`; the same load before and during the import. */
async function loadInRounds(urls: string[], done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  do latencies.push(...(await runLoad({ urls, requests: 50 })).sorted);
  while (!done());
  return latencies.sort((a, b) => a - b);
}

/** How long the storefront is loaded before the import, for a baseline of as many requests as the import sees. */
const beforeMs = 5_000;

/** The demo manager, logged in with password and authenticator code like a person. */
async function logIn(baseUrl: string): Promise<FormClient> {
  const client = new FormClient(baseUrl);
  await client.get(`${admin}/login`);
  const login = await client.post(`${admin}/login`, { email: demoStaff.manager.email, password: demoStaffPassword, returnTo: admin });
  if (login.status !== 302 && login.status !== 303) throw new Error(`login answered ${login.status}`);
  await client.get(`${admin}/login/two-factor`);
  const step = await client.post(`${admin}/login/two-factor`, { code: currentTotp(demoStaffTotpSecret), returnTo: admin });
  if (step.status !== 302 && step.status !== 303) throw new Error(`two-factor answered ${step.status} (a code is accepted once per 30 s: wait and run again)`);
  return client;
}

/** A stock file of `rows` rows from the shop's own export, every quantity changed. */
async function stockFile(baseUrl: string, client: FormClient, rows: number): Promise<string> {
  const exported = await fetch(`${baseUrl}${admin}/catalogue-export.csv?kind=stock`, {
    headers: { cookie: client.cookieHeader(), 'user-agent': shopperUserAgent },
  });
  if (exported.status !== 200) throw new Error(`the export answered ${exported.status}`);
  const parsed = parseCsv(await exported.text());
  if (!parsed.ok) throw new Error('the export is not CSV');
  if (parsed.records.length < rows) throw new Error(`the catalogue has ${parsed.records.length} variants, fewer than --rows ${rows}`);
  // Every quantity changes and stays above 0, as in a daily warehouse update (sell-outs are rare).
  const lines = parsed.records.slice(0, rows).map(({ cells: [sku, quantity] }) => `${sku},${Number(quantity) + 1}`);
  return `sku,quantity\r\n${lines.join('\r\n')}\r\n`;
}

/** Uploads the file (dry run), answers the job's address. */
async function upload(baseUrl: string, client: FormClient, csv: string): Promise<string> {
  const page = await client.get(`${admin}/imports`);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const form = new FormData();
  form.set('_csrf', csrf);
  form.set('kind', 'stock');
  form.set('file', new File([csv], 'bench-stock.csv', { type: 'text/csv' }));
  const started = performance.now();
  const answer = await fetch(`${baseUrl}${admin}/imports`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { cookie: client.cookieHeader(), origin: baseUrl, 'user-agent': shopperUserAgent },
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`the upload answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  console.log(`dry run of ${csv.split('\r\n').length - 2} rows: ${ms(performance.now() - started)}`);
  return new URL(location, baseUrl).pathname;
}

await benchShop(
  'import',
  async (shop, lines, options) => {
    const rows = Number(options.rows ?? defaultRows);
    if (!(rows > 0)) throw new Error('--rows must be a positive number');
    const categoryUrl = `${shop.baseUrl}/en-us/paracord`;
    const urls = [categoryUrl, await firstProductUrl(categoryUrl)];
    for (const url of urls) for (let i = 0; i < 20; i++) await fetchText(url);

    const client = await logIn(shop.baseUrl);
    const jobPath = await upload(shop.baseUrl, client, await stockFile(shop.baseUrl, client, rows));

    const beforeStarted = performance.now();
    const before = await loadInRounds(urls, () => performance.now() - beforeStarted >= beforeMs);
    // Apply, then load the storefront until the job page says the import is applied.
    const applied = await client.post(jobPath, { intent: 'apply' });
    if (applied.status !== 302) throw new Error(`apply answered ${applied.status}`);
    const started = performance.now();
    let finishedMs = Number.NaN;
    const watcher = (async () => {
      for (;;) {
        const page = await client.get(jobPath);
        if (/admin-badge--failed|admin-badge--disabled/.test(page.body)) throw new Error('the import failed or stopped');
        if (page.body.includes('admin-badge--active')) return (finishedMs = performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, progressPollMs));
      }
    })();
    const during = await loadInRounds(urls, () => !Number.isNaN(finishedMs));
    await watcher;
    const p95Before = percentile(before, 95);
    const p95During = percentile(during, 95);
    const slowdown = ((p95During - p95Before) / p95Before) * 100;
    lines.push(
      `${'import of rows'.padEnd(26)}  ${rows}  applied in ${(finishedMs / 1000).toFixed(1)} s  (target < ${importTargetSeconds} s for 10,000: ${finishedMs / 1000 < importTargetSeconds ? 'ok' : 'MISSED'})`,
    );
    lines.push(`${'storefront p95 before'.padEnd(26)}  ${ms(p95Before)}  (${before.length} req)`);
    lines.push(
      `${'storefront p95 during'.padEnd(26)}  ${ms(p95During)}  (${during.length} req)  ${slowdown >= 0 ? '+' : ''}${slowdown.toFixed(0)} %  (target ≤ +${slowdownTargetPercent} %: ${slowdown <= slowdownTargetPercent ? 'ok' : 'MISSED'})`,
    );
  },
  { options: ['rows'] },
);
