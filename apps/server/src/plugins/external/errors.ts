import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionError } from '../../lib/connection-errors';
import { HttpError } from '../../lib/errors';
import { sendUnavailable } from '../app/health/dependencies';

const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'The request body has an unsupported content type.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty but its content type is JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The request body does not match its Content-Length.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'An uploaded file is too large.'],
  FST_PARTS_LIMIT: [413, 'The form has too many parts.'],
  FST_FILES_LIMIT: [413, 'The form has too many files.'],
  FST_FIELDS_LIMIT: [413, 'The form has too many fields.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'The request is not multipart.'],
};

/** The multipart parser reports a body cut short with plain errors (no code), always worded this way. */
const TRUNCATED_MULTIPART = /unexpected end of multipart data/i;

/**
 * One error handler for the whole app: known errors keep their status and sentence, a lost
 * connection is a 503 in the maintenance answer's shape (the web app's dialog waits it out),
 * everything else is logged and answered with a bare 500 that carries no detail.
 */
export function handleErrors(app: FastifyInstance) {
  app.setErrorHandler(async (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (isConnectionError(err) && app.hasDecorator('dependencies')) {
      // The database, unless it answers now (then it was another service the request needed):
      // either way a short outage the client should wait out, logged once rather than per request.
      const { database } = app.dependencies;
      if (database.up) await database.check();
      return sendUnavailable(reply, app.dependencies);
    }
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ message: err.message, ...err.body });
    }
    const known = err.code ? FRAMEWORK_MESSAGES[err.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    if (TRUNCATED_MULTIPART.test(err.message) && req.isMultipart?.()) {
      return reply.code(400).send({ message: 'The multipart body ends before its closing boundary.' });
    }
    if (err instanceof SyntaxError && err.statusCode === 400) {
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (!isResponseSerializationError(err) && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error.' });
  });
}
