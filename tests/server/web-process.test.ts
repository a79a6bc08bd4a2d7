import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#app/lib/observability/logger.server.ts';
import { startWebProcess } from '../../server/web-process.ts';
import { freePort } from '../support/free-port.ts';

const logger = createLogger('silent');

function get(port: number, path: string): Promise<{ status: number; body: string; connection: string | undefined } | { error: string }> {
  return new Promise((done) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', (error) => done({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

describe('a web process', () => {
  it('answers 503 on /readyz and /healthz while starting, then hands requests to the shop', async () => {
    const port = await freePort();
    const web = await startWebProcess({ port, host: '127.0.0.1', logger, listenEarly: true });
    expect(await get(port, '/readyz')).toMatchObject({ status: 503, body: '{"status":"starting"}' });
    expect(await get(port, '/healthz')).toMatchObject({ status: 503 });
    expect(await get(port, '/en/')).toMatchObject({ status: 503 });
    let databaseUp = true;
    await web.ready(
      (_req, res) => void res.end('shop'),
      async () => databaseUp,
    );
    expect(await get(port, '/en/')).toMatchObject({ status: 200, body: 'shop' });
    expect(await get(port, '/readyz')).toMatchObject({ status: 200 });
    databaseUp = false;
    expect(await get(port, '/readyz')).toMatchObject({ status: 503, body: '{"status":"database unavailable"}' });
    await web.drain();
  });

  it('drains on shutdown: /readyz 503, requests in flight answered with Connection: close, then no more connections', async () => {
    const port = await freePort();
    const web = await startWebProcess({ port, host: '127.0.0.1', logger, listenEarly: false });
    // Not listening before it is ready (a cluster's child).
    expect(await get(port, '/readyz')).toEqual({ error: 'ECONNREFUSED' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    await web.ready(
      async (req, res) => {
        if (req.url === '/slow') {
          arrived();
          await held;
        }
        res.end('done');
      },
      async () => true,
    );

    const slow = get(port, '/slow');
    await slowArrived;
    const drained = web.drain();
    expect(web.readiness).toBe('draining');
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'done', connection: 'close' });
    await drained;
    expect(await get(port, '/en/')).toEqual({ error: 'ECONNREFUSED' });
  });

  it('closes a request that outlives the grace period', async () => {
    const port = await freePort();
    const web = await startWebProcess({ port, host: '127.0.0.1', logger, listenEarly: true, graceMs: 50 });
    await web.ready(
      () => undefined,
      async () => true,
    );
    const stuck = get(port, '/stuck');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await web.drain();
    expect(await stuck).toEqual({ error: 'ECONNRESET' });
  });

  it('answers a connection that arrived just before draining and sends its request after (a cluster hands connections over)', async () => {
    const port = await freePort();
    const web = await startWebProcess({ port, host: '127.0.0.1', logger, listenEarly: true });
    await web.ready(
      (_req, res) => void res.end('shop'),
      async () => true,
    );
    const accepted = new Promise<void>((resolve) => web.server.once('connection', () => resolve()));
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise<string>((resolve) => {
      socket.on('close', () => resolve(answer));
      socket.on('error', (error) => resolve(`error ${(error as NodeJS.ErrnoException).code}`));
    });
    await accepted;
    const drained = web.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.write('GET /en/ HTTP/1.1\r\nHost: shop\r\n\r\n');
    const received = await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(received.endsWith('shop')).toBe(true);
    await drained;
  });
});
