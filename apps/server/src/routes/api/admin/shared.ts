import type { FastifyRequest } from 'fastify';
import type { AdminActor } from '../../../plugins/app/admin/admin-audit';
import { currentUser } from '../../../plugins/app/auth/request-auth';

/** Who acts, for the services' audit lines. */
export const actorOf = (req: FastifyRequest): AdminActor => ({ user: currentUser(req), log: req.log });

export const tags = ['admin'];
