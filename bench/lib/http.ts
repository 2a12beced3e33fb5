import http from 'node:http';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A keep-alive agent for load loops; the default agent otherwise. */
  agent?: http.Agent;
}

/** One plain HTTP request (node:http, so the client costs as little as autocannon's does). */
export function request(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The cookies a response sets, by name (values as sent). */
export function setCookies(res: HttpResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers['set-cookie'] ?? []) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}
