// GET /docs: the API reference (DECISIONS §8 "Playground and reference"), Swagger UI served from
// node_modules by @fastify/swagger-ui (no CDN), rendering the same generated document as
// /v1/openapi.json. Public like the other docs pages; hidden from the OpenAPI document itself.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ROUTE_AUTH } from '../accounts/scopes.js';

export const REFERENCE_PREFIX = '/docs';

export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  // Every route the UI plugin adds (page, its static files, the document) is public.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object | undefined), auth: ROUTE_AUTH.public } as typeof route.config;
  });
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 1, tryItOutEnabled: false },
    staticCSP: true,
    // The UI reads ./json, the same generated document as /v1/openapi.json.
    transformSpecificationClone: true,
  });
}
