import { createServer, Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Like a link that drops every packet: connections stay open, nothing gets through. */
  freeze(): void;
  thaw(): void;
  /** Like a network failure: every open connection is reset. */
  resetAll(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy to a local server, for breaking the link between the shop and its database. */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  const server = createServer((client) => {
    const upstream = new Socket().connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) => from.on('data', (chunk) => void (frozen ? undefined : to.write(chunk)));
    forward(client, upstream);
    forward(upstream, client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const resetAll = () => {
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
  };
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    freeze: () => void (frozen = true),
    thaw: () => void (frozen = false),
    resetAll,
    close() {
      resetAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
