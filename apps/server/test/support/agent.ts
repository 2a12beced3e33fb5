import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Body = Record<string, unknown> | string | undefined;

export const TEST_PASSWORD = 'correct-horse-1';

/** A valid registration form for an address; tests change one field at a time from here. */
export const registrationBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Pat Example',
  display_name: 'Pat',
  email,
  password: TEST_PASSWORD,
  password_confirmation: TEST_PASSWORD,
  ...overrides,
});

/**
 * A browser in miniature for `app.inject`: keeps cookies between requests and, like the web app's
 * client, echoes XSRF-TOKEN in X-XSRF-TOKEN on every write (unless told not to).
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  bearer: string | null = null;
  sendXsrf = true;

  constructor(private app: FastifyInstance) {}

  async request(method: InjectOptions['method'], url: string, body?: Body, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (this.sendXsrf && xsrf && method !== 'GET' && !h['x-xsrf-token']) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    const options: InjectOptions = { method, url, headers: h };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const res = await this.app.inject(options);
    this.keepCookies(res);
    return res;
  }

  private keepCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: Body, headers?: Record<string, string>) => this.request('POST', url, body, headers);
  patch = (url: string, body?: Body, headers?: Record<string, string>) => this.request('PATCH', url, body, headers);
  delete = (url: string, body?: Body, headers?: Record<string, string>) => this.request('DELETE', url, body, headers);

  csrf = () => this.get('/sanctum/csrf-cookie');

  /** Registers (CSRF cookie first, as the client does) and stays signed in. */
  async register(overrides: Record<string, unknown> = {}) {
    await this.csrf();
    const email = (overrides.email as string) ?? `person-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const res = await this.post('/register', registrationBody(email, overrides));
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    return { email, password: TEST_PASSWORD, user: res.json().data as { sid: string; email: string } };
  }

  async login(email: string, password: string, remember = false) {
    await this.csrf();
    return this.post('/login', { email, password, remember });
  }
}
