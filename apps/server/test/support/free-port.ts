import { createServer } from 'node:net';

/** A loopback port nobody listens on right now: for a server process to take, or to stand for a dependency that is down. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
