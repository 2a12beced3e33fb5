import { deleteUserBody, messageResponse, updatePasswordBody, updateSettingsBody, updateUserBody, userResponse } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth/request-auth';
import { toUserResource } from '../../plugins/app/users/user-resource';

const tags = ['user'];

/** The signed-in person's own account. */
export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/user',
    { config: { auth: 'user' }, schema: { summary: 'The signed-in person', tags, response: { 200: userResponse } } },
    async (req) => {
      return { data: toUserResource(currentUser(req)) };
    },
  );

  app.patch(
    '/user',
    {
      config: { auth: 'user' },
      schema: { summary: 'Change name, display name or avatar colour', tags, body: updateUserBody, response: { 200: userResponse } },
    },
    async (req) => {
      const user = currentUser(req);
      return { data: toUserResource(await app.users.updateProfile(user, req.body)) };
    },
  );

  app.patch(
    '/user/password',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Change the password (current one required); other devices are signed out',
        tags,
        body: updatePasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { session } = await req.auth();
      await app.auth.changePassword(user, req.body.current_password, req.body.password, session?.id);
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    },
  );

  app.patch(
    '/user/settings',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Change notification settings and newsletter subscription',
        tags,
        body: updateSettingsBody,
        response: { 200: userResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      return { data: toUserResource(await app.users.updateSettings(user, req.body)) };
    },
  );

  app.delete(
    '/user',
    {
      config: { auth: 'user' },
      schema: { summary: 'Delete the account (password required)', tags, body: deleteUserBody, response: { 204: z.null() } },
    },
    async (req, reply) => {
      const user = currentUser(req);
      await app.auth.confirmPassword(user, req.body.password);
      await app.users.deleteAccount(user);
      app.sessions.clearCookies(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/export',
    { config: { auth: 'user' }, schema: { summary: 'Download everything held about me, as JSON', tags } },
    async (req, reply) => {
      const user = currentUser(req);
      const { session } = await req.auth();
      const data = await app.users.export(user, session?.id ?? null);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="wink-health-${user.sid}-${day}.json"`)
        .header('cache-control', 'no-store')
        .send({ data });
    },
  );
}
