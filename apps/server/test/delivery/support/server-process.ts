import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../support/free-port';

const serverDir = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** kill -9: no shutdown hook, no in-flight work finished, nothing flushed. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** The real server (`src/main.ts`) in its own process, as `npm start` runs it, ready once GET /api/ answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  if (!env.REDIS_URL) delete childEnv.REDIS_URL;
  delete childEnv.INIT_CWD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await sleep(200);
  }

  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    baseUrl,
    child,
    output: () => output,
    async crash() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** A browser-like client over real HTTP: cookies kept, XSRF-TOKEN echoed on writes. */
export class HttpSession {
  private cookies = new Map<string, string>();

  constructor(private baseUrl: string) {}

  /** The same person against another process (the server restarted on the same data). */
  on(baseUrl: string): HttpSession {
    const next = new HttpSession(baseUrl);
    next.cookies = new Map(this.cookies);
    return next;
  }

  /** The Cookie header a browser would send (for a socket's handshake). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, url: string, body?: unknown): Promise<{ status: number; json: () => unknown; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) as unknown };
  }

  async register(name: string, email: string): Promise<{ sid: string }> {
    await this.request('GET', '/sanctum/csrf-cookie');
    const password = 'correct-horse-1';
    const res = await this.request('POST', '/register', { name, display_name: name, email, password, password_confirmation: password });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
    return (res.json() as { data: { sid: string } }).data;
  }
}
