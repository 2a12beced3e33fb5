import multipart from '@fastify/multipart';
import { invalidInputErrors, replaceUntakeableText, toFieldErrors } from '@wink/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { ZodType } from 'zod';
import { HttpError, ValidationError } from '../../lib/errors';

const QS_OPTIONS = { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false, allowDots: false } as const;
const SPOOFABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/** `key[sub]=v` and `key[]=v` become nested values, whichever body format carried them. */
function unflatten(body: Record<string, unknown>): Record<string, unknown> {
  return Object.keys(body).some((k) => k.includes('[')) ? (qs.parse(body as never, QS_OPTIONS) as Record<string, unknown>) : body;
}

const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A POST without a body is a form with every field missing, not a malformed request.
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: new ValidationError(toFieldErrors(result.error, input)) };
  };

/**
 * The wire conventions of docs/wire.md that concern the request itself: JSON, urlencoded and
 * multipart bodies, nested keys, validation into 422 sentences, and `_method` spoofing.
 */
export const wirePlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Only the three body formats of the wire conventions; anything else (text/plain included) is 415.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // An empty JSON body is an empty form, as Laravel reads it (a bodiless POST /logout from a client that always sets the header).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, {});
    parseJson(req, body as string, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, qs.parse(body as string, QS_OPTIONS));
  });
  // @fastify/multipart reads the raw stream itself, so Fastify's bodyLimit never sees its bytes.
  // Node's HTTP parser never reads past Content-Length, so a declared length within the limit bounds the body;
  // browsers always declare one for FormData, and a multipart body without it is refused.
  app.addHook('preParsing', async (req) => {
    // isMultipart() only turns true once the parser has run, which is after this hook.
    const type = req.headers['content-type'] ?? '';
    if (!/^multipart\//i.test(type)) return;
    // RFC 2046: a boundary of 1 to 70 characters; without one the parts cannot be told apart.
    if (!/;\s*boundary=("?)[^";]{1,70}\1\s*(;|$)/i.test(type)) {
      throw new HttpError(400, 'The multipart body has no valid boundary.');
    }
    const declared = Number(req.headers['content-length']);
    if (!req.headers['content-length'] || !Number.isFinite(declared)) {
      throw new HttpError(411, 'A multipart body must declare its Content-Length.');
    }
    if (declared > (req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1_048_576)) {
      throw new HttpError(413, 'The request body is too large.');
    }
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldNameSize: 200, fieldSize: 100_000, fields: 200, files: 5, fileSize: 1_048_576 },
  });

  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    rejectUntakeableText(req);
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) return;
    req.body = unflatten(req.body as Record<string, unknown>);
    const spoofed = (req.body as Record<string, unknown>)._method;
    if (req.method !== 'POST' || spoofed === undefined) return;
    // Only a text names a method: a list or an object is not read as the method it might stringify to.
    const method = typeof spoofed === 'string' ? spoofed.toUpperCase() : '';
    if (method === 'POST') return;
    if (!SPOOFABLE.has(method)) throw new ValidationError({ _method: ['The selected method is invalid.'] });
    return redispatch(app, req, reply, method);
  });
});

/**
 * NUL characters, unpaired surrogates and absurd nesting, wherever they are, before any schema or
 * query sees them (PostgreSQL refuses NUL in text with an error, which would be a 500). In the query
 * or the body: 422 naming the field. In the path such a value can name nothing that exists: it is
 * looked up with those characters as U+FFFD, which no id contains, so the route answers its own
 * "was not found", the same answer as for any other id that never existed.
 */
function rejectUntakeableText(req: FastifyRequest) {
  const params = req.params as Record<string, unknown> | undefined;
  if (params && invalidInputErrors(params, 1)) {
    req.params = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? replaceUntakeableText(v) : v]));
  }
  const errors = { ...invalidInputErrors(req.query), ...invalidInputErrors(req.body) };
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * Routing happens before the body is read, so a POST that names another method in its body is
 * handled again, in process, as that method: the same hooks, validation and handler as a real one.
 */
async function redispatch(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, method: string) {
  const { _method: _, ...payload } = req.body as Record<string, unknown>;
  const headers = { ...req.headers, 'content-type': 'application/json', 'x-request-id': String(req.id) };
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  const res = await app.inject({
    method: method as 'PUT' | 'PATCH' | 'DELETE',
    url: req.url,
    headers,
    payload: JSON.stringify(payload),
    remoteAddress: req.socket.remoteAddress ?? req.ip,
  });
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || ['content-length', 'transfer-encoding', 'connection', 'date'].includes(name)) continue;
    reply.header(name, value);
  }
  return reply.code(res.statusCode).send(res.rawPayload);
}
