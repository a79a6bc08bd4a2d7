/**
 * LISTEN for notifications from the database (NOTIFY, sent at commit). On PostgreSQL a connection
 * of its own, outside the pool, kept open and re-opened with a growing pause when it drops; after
 * a re-open the listener hears a `missedPayload`, since notifications sent meanwhile are lost. On
 * PGlite the database runs in this process and calls back directly.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Handed to the listener after the connection was lost and re-opened: something may have changed. */
export const missedPayload = '*';

export type Unlisten = () => Promise<void>;
export type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<Unlisten>;

export function pgliteListen(client: PGlite): Listen {
  return async (channel, onNotify) => {
    const unlisten = await client.listen(channel, onNotify);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
}

const firstRetryMs = 500;
const lastRetryMs = 30_000;

export function postgresListen(connectionString: string, onConnectionLost: (error: Error) => void): Listen {
  return async (channel, onNotify) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let retryMs = firstRetryMs;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (afterLoss: boolean) => {
      const next = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      next.on('error', (error) => {
        onConnectionLost(error);
        reconnect(next);
      });
      next.on('end', () => reconnect(next));
      client = next;
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      retryMs = firstRetryMs;
      if (afterLoss) onNotify(missedPayload);
    };
    const reconnect = (lost: pg.Client) => {
      if (stopped || client !== lost || retry) return;
      client = undefined;
      lost.end().catch(() => {});
      retry = setTimeout(() => {
        retry = undefined;
        connect(true).catch((error: Error) => {
          onConnectionLost(error);
          retryMs = Math.min(retryMs * 2, lastRetryMs);
          if (client) reconnect(client);
        });
      }, retryMs);
      retry.unref();
    };
    await connect(false);
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  };
}
