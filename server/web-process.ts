/**
 * The HTTP side of one web process: standing alone it listens from the first moment (so a load
 * balancer sees `/readyz` 503 while the process starts and migrates instead of a refused
 * connection); in a cluster it listens once ready, since the primary hands connections to every
 * child that listens. It hands requests to the shop once ready, and drains on shutdown: `/readyz` answers 503, no new
 * connection is taken, requests in flight finish (each answered with `Connection: close`) within
 * the grace period, and only then are the remaining connections closed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '#app/lib/observability/logger.server.ts';

export type Readiness = 'starting' | 'ready' | 'draining';
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface WebProcess {
  server: Server;
  readonly readiness: Readiness;
  /** Requests go to `handler` from now on; `/readyz` says ready while `isHealthy` resolves true. */
  ready(handler: Handler, isHealthy: () => Promise<boolean>): Promise<void>;
  /** Stops taking connections and resolves when the requests in flight are answered (or the grace period ends). */
  drain(): Promise<void>;
}

/** Longest a request in flight may keep a stopping process (SIGTERM) alive. */
export const drainGraceMs = 10_000;

export interface WebProcessOptions {
  port: number;
  host: string;
  logger: Logger;
  /** Listen before `ready()` (answering 503 meanwhile); false in a cluster's child. */
  listenEarly: boolean;
  graceMs?: number;
}

export async function startWebProcess({ port, host, logger, listenEarly, graceMs = drainGraceMs }: WebProcessOptions): Promise<WebProcess> {
  let readiness: Readiness = 'starting';
  let handler: Handler | null = null;
  let isHealthy: () => Promise<boolean> = async () => false;
  const inFlight = new Set<ServerResponse>();
  // A connection just handed over has a request on its way: draining waits for it like for one in
  // flight (Node's closeIdleConnections would close it, and its client would see a hang-up).
  const awaitingFirstRequest = new Set<Socket>();
  const connections = new Set<Socket>();
  let quiet: (() => void) | null = null;
  const tellIfQuiet = () => {
    if (inFlight.size === 0 && awaitingFirstRequest.size === 0) quiet?.();
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    inFlight.add(res);
    awaitingFirstRequest.delete(req.socket);
    res.once('close', () => {
      inFlight.delete(res);
      tellIfQuiet();
    });
    // A connection that carried a request while draining is not kept for another one.
    if (readiness === 'draining') res.setHeader('connection', 'close');
    const path = req.url?.split('?')[0];
    if (path === '/readyz') {
      if (readiness !== 'ready') return json(res, 503, { status: readiness });
      void isHealthy().then(
        (healthy) => json(res, healthy ? 200 : 503, { status: healthy ? 'ready' : 'database unavailable' }),
        () => json(res, 503, { status: 'database unavailable' }),
      );
      return;
    }
    if (!handler) {
      res.setHeader('retry-after', '5');
      return path === '/healthz'
        ? json(res, 503, { status: 'starting' })
        : void res.writeHead(503, { 'content-type': 'text/plain' }).end('The shop is starting; try again in a moment.');
    }
    handler(req, res);
  });
  // Node's default would end an idle keep-alive connection after 5 s; a proxy in front keeps them longer.
  server.keepAliveTimeout = 65_000;
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    awaitingFirstRequest.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      awaitingFirstRequest.delete(socket);
      tellIfQuiet();
    });
  });

  const process: WebProcess = {
    server,
    get readiness() {
      return readiness;
    },
    async ready(next, healthy) {
      handler = next;
      isHealthy = healthy;
      readiness = 'ready';
      if (!server.listening) await listen();
    },
    async drain() {
      if (readiness === 'draining') return;
      readiness = 'draining';
      // Their connections end with their answers.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections between requests carry none: closing them loses nothing. Those
      // still to send their first request are answered (with `Connection: close`) first.
      const busy = new Set([...inFlight].map((res) => res.socket));
      for (const socket of connections) if (!busy.has(socket) && !awaitingFirstRequest.has(socket)) socket.destroy();
      const answered = new Promise<void>((resolve) => {
        quiet = resolve;
        tellIfQuiet();
      });
      const graceOver = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
      if ((await Promise.race([answered, graceOver])) === 'timeout')
        logger.warn({ inFlight: inFlight.size }, 'requests still running after the grace period; closing their connections');
      server.closeAllConnections();
      await closed;
    },
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (listenEarly) await listen();
  return process;
}
