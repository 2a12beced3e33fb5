import {
  checkEmailBody,
  checkEmailResponse,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  registerBody,
  resetPasswordBody,
  userResponse,
} from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitAttempts, currentUser } from '../../plugins/app/auth/request-auth';
import { sessionsRepository } from '../../plugins/app/auth/sessions-repository';
import { toUserResource } from '../../plugins/app/users/user-resource';

const tags = ['auth'];

/** The web client's base (`/`): Sanctum's cookie, and the Fortify-style account doors. */
export default async function webAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { summary: 'Start a session and set the XSRF-TOKEN cookie', tags, response: { 204: z.null() } } },
    async (req, reply) => {
      const auth = await req.auth();
      if (auth.session) {
        app.sessions.setXsrfCookie(reply, auth.session.csrfToken, auth.session.remember);
      } else {
        await app.sessions.start(app.database.db, req, reply, { userId: null, remember: false });
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/check-email',
    {
      schema: {
        summary: 'Whether an address has an account (step one of sign-in)',
        tags,
        body: checkEmailBody,
        response: { 200: checkEmailResponse },
      },
    },
    async (req) => {
      await limitAttempts(app, req, 'check-email', req.body.email);
      return { data: { exists: await app.auth.checkEmail(req.body.email) } };
    },
  );

  app.post(
    '/login',
    { schema: { summary: 'Sign in with a cookie session (step two of sign-in)', tags, body: loginBody, response: { 200: userResponse } } },
    async (req, reply) => {
      await limitAttempts(app, req, 'login', req.body.email);
      const user = await app.auth.attempt(req.body.email, req.body.password);
      const { session } = await req.auth();
      await app.database.db.transaction((tx) =>
        app.sessions.start(tx, req, reply, { userId: user.id, remember: req.body.remember, previous: session }),
      );
      return { data: toUserResource(user) };
    },
  );

  app.post('/logout', { schema: { summary: 'End the session', tags, response: { 204: z.null() } } }, async (req, reply) => {
    const { session } = await req.auth();
    if (session) await sessionsRepository.delete(app.database.db, session);
    app.sessions.clearCookies(reply);
    return reply.code(204).send(null);
  });

  app.post(
    '/register',
    { schema: { summary: 'Create an account with a trial, and sign in', tags, body: registerBody, response: { 201: userResponse } } },
    async (req, reply) => {
      await limitAttempts(app, req, 'register', req.body.email);
      const { session } = await req.auth();
      const user = await app.database.db.transaction(async (tx) => {
        const created = await app.auth.register(tx, req.body);
        await app.sessions.start(tx, req, reply, { userId: created.id, remember: false, previous: session });
        return created;
      });
      return reply.code(201).send({ data: toUserResource(user) });
    },
  );

  app.post(
    '/forgot-password',
    { schema: { summary: 'E-mail a password reset link', tags, body: forgotPasswordBody, response: { 200: messageResponse } } },
    async (req) => {
      await limitAttempts(app, req, 'forgot-password', req.body.email);
      await app.auth.forgotPassword(req.body.email);
      return { message: 'If an account uses that address, we have e-mailed it a link to reset the password.' };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: { summary: 'Choose a new password with the mailed token', tags, body: resetPasswordBody, response: { 200: messageResponse } },
    },
    async (req) => {
      await limitAttempts(app, req, 'reset-password', req.body.email);
      await app.auth.resetPassword(req.body.email, req.body.token, req.body.password);
      return { message: 'Your password has been reset. You can sign in with it now.' };
    },
  );

  app.get(
    '/verify-email/:sid/:hash',
    {
      schema: {
        summary: 'Confirm an e-mail address from the signed link',
        tags,
        params: z.object({ sid: z.string().max(40), hash: z.string().max(64) }),
        querystring: z.object({ expires: z.string().max(20).default(''), signature: z.string().max(100).default('') }),
      },
    },
    async (req, reply) => {
      const outcome = await app.auth.verifyEmail(req.params.sid, req.params.hash, req.query.expires, req.query.signature);
      return reply.redirect(`/user/account?verification=${outcome === 'valid' ? 'verified' : outcome}`, 302);
    },
  );

  app.post(
    '/email/verification-notification',
    {
      config: { auth: 'user' },
      schema: { summary: 'Send the verification link again', tags, response: { 200: messageResponse, 202: messageResponse } },
    },
    async (req, reply) => {
      const user = currentUser(req);
      await limitAttempts(app, req, 'verification-notification', user.email);
      if (user.emailVerifiedAt) return { message: 'Your e-mail address is already verified.' };
      await app.auth.sendVerification(app.database.db, user);
      return reply.code(202).send({ message: 'A new verification link has been sent to your e-mail address.' });
    },
  );
}
