import { adminPlanResponse, adminPlansResponse, createPlanBody, planParams, updatePlanBody } from '@wink/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, tags } from './shared';

export default async function planRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/plans',
    {
      schema: { summary: 'Every plan, active or not, with its Stripe price and subscribers', tags, response: { 200: adminPlansResponse } },
    },
    async () => ({ data: await app.admin.plans.list() }),
  );

  app.post(
    '/plans',
    { schema: { summary: 'Create a plan', tags, body: createPlanBody, response: { 201: adminPlanResponse } } },
    async (req, reply) => reply.code(201).send({ data: await app.admin.plans.create(actorOf(req), req.body) }),
  );

  app.patch(
    '/plans/:id',
    {
      schema: {
        summary: 'Change a plan: name, description, features, price, interval, Stripe price, active',
        tags,
        params: planParams,
        body: updatePlanBody,
        response: { 200: adminPlanResponse },
      },
    },
    async (req) => ({ data: await app.admin.plans.update(actorOf(req), req.params.id, req.body) }),
  );
}
