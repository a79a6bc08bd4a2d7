import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../tests/support/free-port.ts';

const root = resolve(import.meta.dirname, '../..');

export interface RunningShop {
  baseUrl: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node server/main.ts` (what `npm start` runs) and waits until /healthz answers 200, or
 * until it prints `readyLine` (a worker, ROLE=worker, serves no HTTP).
 */
export async function startShop(
  env: Record<string, string>,
  { timeoutMs = 280_000, logFile, readyLine }: { timeoutMs?: number; logFile?: string; readyLine?: RegExp } = {},
): Promise<RunningShop> {
  const port = env.PORT ?? String(await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'production', SITE_URL: baseUrl, ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the shop did not become healthy within ${timeoutMs} ms:\n${output}`);
    }
    if (readyLine) {
      if (readyLine.test(output)) break;
    } else {
      try {
        const response = await fetch(`${baseUrl}/healthz`);
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * For the scripts that look at the shop (screenshots): the shop at `baseUrl` when one already runs,
 * else a fresh one on a throwaway data directory (built and seeded the first time); `stop` ends and
 * removes what was started.
 */
export async function shopToLookAt(baseUrl: string | undefined): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  if (baseUrl) return { baseUrl, stop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'cordial-look-'));
  console.log('starting the shop on a fresh data directory (builds and seeds the first time)…');
  const shop = await startShop({ DATA_DIR: dataDir });
  return {
    baseUrl: shop.baseUrl,
    async stop() {
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
