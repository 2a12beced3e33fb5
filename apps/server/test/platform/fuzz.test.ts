import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import qs from 'qs';
import { expect, it } from 'vitest';
import { admin, commentBy, discussionBy, person } from '../admin/support';
import { someArticles } from '../collections/support';
import type { Agent } from '../support/agent';
import {
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
  pick,
  plausible,
  RAW_URL_PIECES,
  seededRandom,
  spoil,
  toJsonText,
  type Rng,
} from '../support/fuzz';
import { useTestApp } from '../support/test-app';

/**
 * Every operation of the generated OpenAPI document, sent malformed input in its path, query and
 * body (JSON, urlencoded, multipart, `_method` spoofing), by a guest, a signed-in person and an
 * admin (both with their XSRF token): not one answer may be a 5xx, and the server must still serve
 * normal requests afterwards. Seeded, so a failure can be replayed; FUZZ_SEED picks another run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Requests per operation and caller: 115 operations x 3 callers x 10 is about 3,500 requests. */
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 10);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: object;
}
interface Operation {
  method: Method;
  path: string;
  parameters: Parameter[];
  body?: object;
}
type Document = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: object }> } }>>;
  components?: { schemas?: Record<string, object> };
};

const document = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi.json'), 'utf8')) as Document;
const resolve = (ref: string) => document.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {};

const operations: Operation[] = Object.entries(document.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase() as Method,
    path: route,
    parameters: op.parameters ?? [],
    body: op.requestBody && Object.values(op.requestBody.content)[0]?.schema,
  })),
);

const t = useTestApp();

it('answers every operation of the OpenAPI document, whatever it is sent, without a 5xx, and keeps serving', async () => {
  const rng = seededRandom(SEED);
  // The error behind a 500, for the failure list (the test app logs nothing).
  let lastError: string | undefined;
  t.app.addHook('onError', async (_req, _reply, error) => {
    lastError = String(error.stack ?? error)
      .split('\n')
      .slice(0, 3)
      .join(' | ')
      .slice(0, 400);
  });
  const ada = await admin(t);
  const pat = await person(t, { name: 'Pat Member' });
  const sam = await person(t, { name: 'Sam Other' });
  const callers: Record<string, { agent: Agent; email: string; password: string; sid: string } | null> = {
    guest: null,
    person: pat,
    admin: ada,
  };

  // Real ids for each path parameter's name, so that a spoiled body also reaches code behind a valid path.
  const [articleId] = await someArticles(t, 1);
  const discussionId = await discussionBy(pat.agent);
  const commentId = await commentBy(pat.agent, discussionId);
  const collection = await pat.agent.post('/api/collections', { name: 'Reading list', description: 'For later' });
  expect(collection.statusCode, collection.body).toBe(201);
  const collectionId = collection.json().data.id as string;
  const item = await pat.agent.post(`/api/collections/${collectionId}/items`, { article_id: articleId });
  expect(item.statusCode, item.body).toBe(201);
  const shared = await pat.agent.post(`/api/collections/${collectionId}/share`);
  const pools: Record<string, string[]> = {
    id: [discussionId, collectionId, articleId!],
    sid: [pat.sid, sam.sid],
    cid: [commentId],
    item: [item.json().data.id as string],
    hash: [shared.json().data?.share_hash ?? 'x'],
    plan: ['reader-monthly', 'leader-monthly'],
    ui: ['D001249'],
    rid: ['1'],
    token: ['x.y'],
  };

  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let sent = 0;
  const started = Date.now();

  for (const operation of operations) {
    for (const [who, caller] of Object.entries(callers)) {
      const agent = caller?.agent ?? t.agent();
      if (!caller) await agent.csrf();
      for (let i = 0; i < PER_OPERATION; i++) {
        const request = fuzzRequest(rng, operation, pools);
        lastError = '';
        let status: number;
        try {
          status = (await agent.request(request.method, request.url, request.payload, request.headers)).statusCode;
        } catch (error) {
          status = 599;
          failures.push(`${who} ${request.method} ${request.url}: threw ${(error as Error).message}`);
        }
        sent++;
        // Switching maintenance on is what this operation is for: off again before the next request, or it would answer 503.
        if (operation.path === '/api/admin/maintenance') await ada.agent.delete('/api/admin/maintenance');
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) {
          failures.push(`${who} ${request.method} ${request.url.slice(0, 200)} ${describe(request)} -> ${status}: ${lastError}`);
        }
      }
      // Operations that ban, sign out or sign someone else in are fuzzed too: put things back.
      if (/\/ban/.test(operation.path)) {
        for (const sid of pools.sid!) await ada.agent.post(`/api/admin/users/${sid}/unban`);
      }
      if (caller) await stillSignedIn(caller);
    }
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
  console.info(`fuzz: seed ${SEED}, ${operations.length} operations, ${sent} requests in ${seconds} s, statuses ${JSON.stringify(counts)}`);
  if (failures.length) console.info(failures.join('\n'));
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(3_000);

  // Healthy afterwards: a normal write and a normal read still work (the walk may have deleted the
  // fixtures, and a ban of Sam, lifted again, ended Sam's sessions).
  await stillSignedIn(pat);
  await stillSignedIn(sam);
  const fresh = await discussionBy(pat.agent, 'Still standing after the fuzz');
  const comment = await pat.agent.post(`/api/discussions/${fresh}/comments`, { body: 'Still here after all that.' });
  expect(comment.statusCode, comment.body).toBe(201);
  const read = await sam.agent.get(`/api/discussions/${fresh}`);
  expect(read.statusCode, read.body).toBe(200);
  expect(read.json().data.comments_count).toBe(1);
  expect((await t.agent().get('/api')).statusCode).toBe(200);
}, 300_000); // about 30 s on an idle 2-core machine, far longer on a shared one

/** Signs the caller back in if a fuzzed request signed them out (or in as someone else). */
async function stillSignedIn(caller: { agent: Agent; email: string; password: string; sid: string }) {
  const me = await caller.agent.get('/api/user');
  if (me.statusCode === 200 && me.json().data.sid === caller.sid) return;
  caller.agent.cookies.clear();
  const res = await caller.agent.login(caller.email, caller.password);
  expect(res.statusCode, res.body).toBe(200);
}

interface FuzzRequest {
  method: InjectOptions['method'];
  url: string;
  payload?: string;
  headers: Record<string, string>;
  kind: string;
}

const describe = (r: FuzzRequest) => `[${r.kind}] ${JSON.stringify(r.payload?.slice(0, 200) ?? '')}`;

function fuzzRequest(rng: Rng, operation: Operation, pools: Record<string, string[]>): FuzzRequest {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(rng, pools[name] ?? []));
  const query = queryString(
    rng,
    operation.parameters.filter((p) => p.in === 'query'),
  );
  const target = query ? `${url}?${query}` : url;

  const hasBody = operation.body !== undefined || (operation.method !== 'GET' && rng() < 0.5);
  if (!hasBody) return { method: operation.method, url: target, headers: {}, kind: 'none' };
  const good = plausible(rng, operation.body as never, resolve as never);
  const value = rng() < 0.15 ? good : spoil(rng, good);
  const roll = rng();
  if (roll < 0.5) {
    return {
      method: operation.method,
      url: target,
      payload: toJsonText(value),
      headers: { 'content-type': 'application/json' },
      kind: 'json',
    };
  }
  if (roll < 0.62) return rawJson(rng, operation.method, target);
  if (roll < 0.77) return form(rng, operation.method, target, value);
  if (roll < 0.9) return multipart(rng, operation.method, target, value);
  return spoofed(rng, operation, target, value);
}

/** A real id, a hostile text (encoded as a client would), or `%`-escapes no client should send. */
function pathValue(rng: Rng, pool: string[]): string {
  const roll = rng();
  if (roll < 0.25 && pool.length) return encodeURIComponent(pick(rng, pool));
  if (roll < 0.6) return pick(rng, RAW_URL_PIECES);
  const text = pick(rng, HOSTILE_STRINGS).slice(0, 4_000) || 'x';
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%B0%80'; // a lone surrogate, as UTF-8 would have it if it could
  }
}

function queryString(rng: Rng, parameters: Parameter[]): string {
  const parts: string[] = [];
  for (const parameter of parameters) {
    const roll = rng();
    if (roll < 0.3) continue;
    const name = parameter.name;
    if (roll < 0.45) parts.push(`${name}=${pick(rng, RAW_URL_PIECES)}`);
    else if (roll < 0.55) parts.push(`${name}=1&${name}=2`, `${name}[]=x`);
    else if (roll < 0.6) parts.push(`${name}[a][b]=${pick(rng, RAW_URL_PIECES)}`);
    else {
      const value = rng() < 0.4 ? plausible(rng, parameter.schema as never, resolve as never) : pick(rng, HOSTILE_VALUES);
      parts.push(
        `${name}=${encodeLoosely(typeof value === 'string' ? value.slice(0, 3_000) : (JSON.stringify(value)?.slice(0, 3_000) ?? ''))}`,
      );
    }
  }
  if (rng() < 0.1) parts.push(`${pick(rng, ['%00', '__proto__[x]', 'a'.repeat(500)])}=1`);
  return parts.join('&');
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a careless client would send. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .replace(/[\ud800-\udfff]/g, '%ED%A0%80')
      .replace(/[^A-Za-z0-9%]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  }
}

const RAW_BODIES = [
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"a":',
  '1e309',
  '{"message":1e309,"token":-1e400}',
  '"\\ud800"',
  '{"token":"\\u0000","name":"\\ud800\\udc00\\udfff"}',
  '\ufeff{"a":1}',
  '{"a":1,"a":2,"a":{"b":[]}}',
  '[]',
  'null',
  '\u0000',
  `{"events":[${Array.from({ length: 3_000 }, () => '{"name":"page_view"}').join(',')}]}`,
  `{"x":"${'y'.repeat(900_000)}"}`,
];

function rawJson(rng: Rng, method: InjectOptions['method'], url: string): FuzzRequest {
  return {
    method,
    url,
    payload: pick(rng, RAW_BODIES),
    headers: { 'content-type': pick(rng, ['application/json', 'application/json; charset=utf-16']) },
    kind: 'raw',
  };
}

function form(rng: Rng, method: InjectOptions['method'], url: string, value: unknown): FuzzRequest {
  let body: string;
  try {
    body = value !== null && typeof value === 'object' ? qs.stringify(value) : `value=${encodeLoosely(String(value))}`;
  } catch {
    body = 'a=%00';
  }
  const extra = pick(rng, [
    '',
    '&a[b][c][d][e][f][g][h]=1',
    '&x[]=1&x[]=2',
    '&%00=%00',
    '&_method=',
    '&x[999999]=1',
    '&__proto__[admin]=1',
    '&&&=&=',
  ]);
  return { method, url, payload: body + extra, headers: { 'content-type': 'application/x-www-form-urlencoded' }, kind: 'form' };
}

function multipart(rng: Rng, method: InjectOptions['method'], url: string, value: unknown): FuzzRequest {
  const boundary = 'fuzz-boundary';
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value]];
  let body = '';
  for (const [name, field] of fields) {
    const text = typeof field === 'string' ? field : (JSON.stringify(field) ?? '');
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text.slice(0, 50_000)}\r\n`;
  }
  body += pick(rng, [
    '',
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="a[b][c][d][e][f][g]"\r\n\r\nx\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="\u0000"\r\n\r\n\u0000\r\n`,
  ]);
  body += rng() < 0.8 ? `--${boundary}--\r\n` : '';
  const type = pick(rng, [`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', `multipart/form-data; boundary=other`]);
  return { method, url, payload: body, headers: { 'content-type': type }, kind: 'multipart' };
}

/** POST with `_method` naming the operation's method, or something that is not one. */
function spoofed(rng: Rng, operation: Operation, url: string, value: unknown): FuzzRequest {
  const method = pick<unknown>(rng, [
    operation.method,
    operation.method.toLowerCase(),
    'GET',
    'TRACE',
    'CONNECT',
    'POST',
    '',
    ' PUT',
    ['PUT'],
    { m: 'PUT' },
    null,
    1,
  ]);
  const body =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, _method: method } : { value, _method: method };
  if (rng() < 0.5)
    return { method: 'POST', url, payload: toJsonText(body), headers: { 'content-type': 'application/json' }, kind: 'spoofed json' };
  const form = typeof method === 'string' ? `_method=${encodeURIComponent(method)}` : `_method[]=PUT`;
  return { method: 'POST', url, payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, kind: 'spoofed form' };
}
