import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/client';
import { requestAuthPlugin } from './plugins/app/auth/request-auth';
import type { MailTransport } from './plugins/app/mail/mail-transport';
import { sendMaintenance } from './plugins/app/maintenance/maintenance-gate';
import { realtimePlugin } from './plugins/app/realtime/realtime-plugin';
import { servicesPlugin } from './plugins/app/services';
import { cors } from './plugins/external/cors';
import { handleErrors } from './plugins/external/errors';
import { openApi } from './plugins/external/openapi';
import { trackRoutes } from './plugins/external/route-table';
import { securityHeaders } from './plugins/external/security';
import { serveWebApp } from './plugins/external/web-app';
import { wirePlugin } from './plugins/external/wire';
import apiRoutes from './routes/api/index';
import devMailRoutes from './routes/dev/mail';
import webRoutes from './routes/web/index';

export interface AppOptions {
  config: Config;
  database: Database;
  mailTransport?: MailTransport;
  /** Run the job and maintenance pollers (off in tests, which drive them by hand). */
  background?: boolean;
  logger?: boolean;
}

/** Builds the whole server: external plugins, then the app's services, then the routes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    logController: new LogController({ disableRequestLogging: !(config.LOG_REQUESTS ?? config.NODE_ENV === 'production') }),
    // proxy-addr takes a hop count too, which Fastify's types leave out
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // In-flight requests finish on close; idle keep-alive sockets do not hold shutdown up.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  // A keep-alive socket whose request is still running at shutdown would hold close() open forever:
  // its answer tells the client to hang up, and the socket ends with it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
  });

  const routes = trackRoutes(app);
  handleErrors(app);
  await app.register(cookie);
  await app.register(wirePlugin);
  securityHeaders(app, config);
  await cors(app, config.corsOrigins);
  await openApi(app);
  await app.register(servicesPlugin, {
    config,
    database: options.database,
    mailTransport: options.mailTransport,
    background: options.background,
  });
  await app.register(requestAuthPlugin);
  await app.register(realtimePlugin);

  await app.register(webRoutes);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(devMailRoutes);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  const web = await serveWebApp(app, config.webDistDir);
  app.setNotFoundHandler(async (req, reply) => {
    const down = app.maintenance.current;
    if (down && !web.wantsApp(req.url, req.headers.accept)) return sendMaintenance(reply, down);
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    // A browser opening /register or /reset-password/… wants the page, though the path also has a POST.
    if (isGet && (req.headers.accept ?? '').includes('text/html') && web.wantsApp(req.url, req.headers.accept)) return web.sendApp(reply);
    const allowed = routes.allowedMethods(req.url);
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ message: `The ${req.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.` });
    }
    if (isGet && web.wantsApp(req.url, req.headers.accept)) return web.sendApp(reply);
    return reply.code(404).send({ message: 'Not Found.' });
  });

  return app;
}
