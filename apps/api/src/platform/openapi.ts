import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/docs';

/** The OpenAPI document, generated from the contract's zod schemas that every route declares. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Konek provider API',
        description:
          'The customer-facing API of product §7: POST /api/v3/..., JSON, envelope {code, module, message}.',
        version: '3.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
