import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether something answers PING with PONG on the port. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => (socket.destroy(), resolve(ok));
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

export interface RedisProcess {
  url: string;
  /** kill -9: Redis gone at once, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: no persistence, like the CI instance). */
  start(): Promise<void>;
}

/** A redis-server of this test's own, on its own port: the shared instance is never touched. */
export async function startRedis(port: number): Promise<RedisProcess> {
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await pong(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await sleep(50);
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
  };
}
