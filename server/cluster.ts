/**
 * Several processes on one machine (decision 0024): the primary forks `webProcesses` web
 * processes that share the port (Node's cluster hands each new connection to one of them) and,
 * when asked, one worker process for the job queue. A process that dies is started again (after a
 * pause if it keeps dying). SIGHUP restarts the web processes one at a time, each replaced by a
 * new one that listens before the old one drains, so a deploy loses no request. SIGTERM/SIGINT
 * drain them all and end the primary.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '#app/lib/observability/logger.server.ts';

export interface ClusterPlan {
  webProcesses: number;
  withWorker: boolean;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Passed to every child (the primary has done the start-up work they may skip). */
  env?: Record<string, string>;
}

type Role = 'web' | 'worker';

/** What a child sends the primary once it serves requests (see `announceReady`). */
const readyMessage = 'ready';

/** In a child of the cluster: tells the primary this process is ready. */
export function announceReady(): void {
  if (cluster.isWorker) process.send?.({ cordial: readyMessage });
}

/** How long a child has to drain before the primary kills it: the web grace is 10 s, a worker's runs in hand get 50 s. */
const stopTimeoutMs: Record<Role, number> = { web: 15_000, worker: 65_000 };

export function superviseProcesses({ webProcesses, withWorker, logger, env = {} }: ClusterPlan): { stopped: Promise<void> } {
  const roles = new Map<Worker, Role>();
  /** Children the primary asked to end: not replaced when they exit. */
  const retiring = new Set<Worker>();
  let stopping = false;
  let rolling = false;
  const recentDeaths: number[] = [];

  const fork = (role: Role): Worker => {
    const child = cluster.fork({ ...env, ROLE: role, WEB_CONCURRENCY: '1' });
    roles.set(child, role);
    child.once('exit', (code, signal) => {
      roles.delete(child);
      if (stopping || retiring.delete(child)) return;
      // A child that dies on its own is replaced; one that keeps dying waits a little longer each time.
      const now = Date.now();
      recentDeaths.push(now);
      while (recentDeaths[0]! < now - 60_000) recentDeaths.shift();
      const pauseMs = Math.min(1000 * 2 ** Math.max(recentDeaths.length - 3, 0), 30_000);
      logger.warn({ pid: child.process.pid, role, code, signal, restartInMs: pauseMs }, 'a shop process ended; starting another');
      setTimeout(() => !stopping && fork(role), recentDeaths.length > 3 ? pauseMs : 0).unref();
    });
    return child;
  };

  /** Asks a child to drain and end; kills it if it takes too long. */
  const stopChild = (child: Worker) =>
    new Promise<void>((resolve) => {
      if (child.isDead()) return resolve();
      child.once('exit', () => resolve());
      retiring.add(child);
      child.process.kill('SIGTERM');
      setTimeout(() => child.process.kill('SIGKILL'), stopTimeoutMs[roles.get(child) ?? 'web']).unref();
    });

  /** A child says it is ready (migrated, build loaded, /readyz 200) with a message; listening comes earlier. */
  const ready = (child: Worker) =>
    new Promise<void>((resolve) => {
      const onMessage = (message: unknown) => {
        if ((message as { cordial?: string } | null)?.cordial !== readyMessage) return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.once('exit', () => resolve());
    });

  /** Replaces the web processes one by one: the new one listens before the old one drains. */
  const rollingRestart = async () => {
    if (rolling || stopping) return;
    rolling = true;
    logger.info('restarting the web processes one at a time');
    // A copy: the loop adds the new processes to `roles`, which must not be restarted in turn.
    for (const [child, role] of Array.from(roles.entries())) {
      if (role !== 'web' || stopping) continue;
      await ready(fork('web'));
      await stopChild(child);
    }
    const worker = [...roles].find(([, role]) => role === 'worker')?.[0];
    if (worker && !stopping) {
      await stopChild(worker);
      fork('worker');
    }
    rolling = false;
  };

  let stoppedResolve!: () => void;
  const stopped = new Promise<void>((resolve) => (stoppedResolve = resolve));
  const stopAll = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping the shop processes');
    await Promise.all([...roles.keys()].map(stopChild));
    stoppedResolve();
  };

  for (let i = 0; i < webProcesses; i++) fork('web');
  if (withWorker) fork('worker');
  process.on('SIGHUP', () => void rollingRestart());
  process.on('SIGTERM', () => void stopAll('SIGTERM'));
  process.on('SIGINT', () => void stopAll('SIGINT'));
  return { stopped };
}
