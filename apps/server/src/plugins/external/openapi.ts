import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_INFO = {
  title: 'Wink Health API',
  description:
    'The API behind the Wink Health web and Android apps. Cookie sessions (Sanctum style, with X-XSRF-TOKEN) or bearer tokens from POST /api/auth/login.',
  version: '1.0.0',
};

/** The OpenAPI document, generated from the same zod contracts that validate requests. */
export async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'wink_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}
