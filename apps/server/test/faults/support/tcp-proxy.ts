import { createServer, connect, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** The network cut: every connection through it is broken, and new ones are hung up on at once. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of a server (PostgreSQL here), which a test can cut and restore. */
export function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let open = true;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        port,
        cut() {
          open = false;
          for (const [client, upstream] of pairs) {
            client.destroy();
            upstream.destroy();
          }
          pairs.clear();
        },
        restore() {
          open = true;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const [client, upstream] of pairs) {
              client.destroy();
              upstream.destroy();
            }
            server.close(() => done());
          }),
      });
    });
  });
}

/** The same PostgreSQL URL through the proxy. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}
