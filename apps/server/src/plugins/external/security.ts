import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/**
 * Security headers. The CSP allows only our own origin, plus inline styles (Emotion injects them)
 * and the error-report endpoint when one is configured.
 */
export async function securityHeaders(app: FastifyInstance, config: Config) {
  const reportOrigin = config.SENTRY_DSN ? new URL(config.SENTRY_DSN).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(reportOrigin ? [reportOrigin] : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Outbound article links must not leak the page they were clicked from.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
