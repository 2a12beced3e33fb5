import { tokenLoginBody, tokenResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitAttempts } from '../../plugins/app/auth/request-auth';
import { sessionsRepository, tokensRepository } from '../../plugins/app/auth/sessions-repository';

const tags = ['auth'];

/** Token mode, for the Android app: a bearer token instead of a cookie session. */
export default async function tokenAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // No CSRF here: this door sets no cookie, so a forged request could only hand the forger a token for their own account.
  app.post(
    '/auth/login',
    {
      config: { csrf: false },
      schema: {
        summary: 'Sign in for a bearer token (token mode, the Android app)',
        tags,
        body: tokenLoginBody,
        response: { 200: tokenResponse },
      },
    },
    async (req) => {
      await limitAttempts(app, req, 'login', req.body.email);
      const user = await app.auth.attempt(req.body.email, req.body.password);
      const token = await app.sessions.createToken(app.database.db, user.id, req.body.device_name);
      return { data: { token } };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { auth: 'user' },
      schema: { summary: 'Revoke the bearer token (or end the session) the request came with', tags, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const auth = await req.auth();
      if (auth.token) await tokensRepository.delete(app.database.db, auth.token);
      if (auth.session) {
        await sessionsRepository.delete(app.database.db, auth.session);
        app.sessions.clearCookies(reply);
      }
      return reply.code(204).send(null);
    },
  );
}
