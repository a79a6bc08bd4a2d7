import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';

const root = resolve(import.meta.dirname, '../..');

/** One request on a connection of its own (as nginx sends them upstream): the answering pid, or the error. */
function get(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => done({ error: error.message }));
    });
    req.on('error', (error) => done({ error: error.message }));
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    req.end();
  });
}

describe('two web processes, one restarting', () => {
  let primary: ChildProcess | undefined;
  afterAll(() => {
    if (primary && primary.exitCode === null) primary.kill('SIGKILL');
  });

  it('answers every request while the processes are replaced one at a time (SIGHUP) and while one is stopped (SIGTERM)', async () => {
    const port = await freePort();
    primary = spawn(process.execPath, ['tests/server/fixtures/two-web-processes.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: '2' },
      stdio: 'inherit',
    });
    const exited = new Promise<number | null>((done) => primary!.once('exit', done));

    // Ready: both processes answer.
    const firstPids = new Set<string>();
    await expect
      .poll(
        async () => {
          const answer = await get(port, '/?ms=0');
          if ('body' in answer && answer.status === 200) firstPids.add(answer.body);
          return firstPids.size;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(2);

    const answers: { status?: number; body?: string; error?: string }[] = [];
    let loading = true;
    const loops = Array.from({ length: 6 }, async () => {
      while (loading) answers.push(await get(port, '/?ms=40'));
    });
    const pidsSince = (from: number) => new Set(answers.slice(from).flatMap((answer) => (answer.status === 200 ? [answer.body!] : [])));
    await new Promise((done) => setTimeout(done, 200));

    // A deploy: every web process is replaced by a new one.
    primary.kill('SIGHUP');
    const recentPids = () => [...pidsSince(Math.max(answers.length - 20, 0))];
    await expect
      .poll(
        () =>
          recentPids()
            .filter((pid) => !firstPids.has(pid))
            .join() === recentPids().join() && recentPids().length === 2,
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
    const afterRestart = recentPids();

    // An orchestrator stops one process: the other answers, and the primary starts a replacement.
    process.kill(Number(afterRestart[0]), 'SIGTERM');
    const before = answers.length;
    await expect
      .poll(() => [...pidsSince(before)].filter((pid) => !afterRestart.includes(pid) && !firstPids.has(pid)).length, { timeout: 20_000, interval: 50 })
      .toBe(1);

    loading = false;
    await Promise.all(loops);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);

    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
