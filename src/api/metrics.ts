// Request-side metrics (DECISIONS §8 "Metrics"): requests by route pattern and status, bytes of
// uploads and documents held (the node's DECISIONS §9 account), SSE streams open. The registry itself (src/metrics) is exposed on a
// separate listener by src/main.ts, never on this (public) app.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../metrics/registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's Prometheus metrics (src/metrics/registry.ts). */
    metrics: ServiceMetrics;
  }
}

const EVENTS_ROUTE = '/v1/jobs/:id/events';

async function metricsPlugin(app: FastifyInstance, opts: { metrics: ServiceMetrics }): Promise<void> {
  const { metrics } = opts;
  app.decorate('metrics', metrics);
  // The node's own account of uploads and documents held (DECISIONS §9, upload-admission.ts).
  metrics.sources.uploadBytesInFlight = () => app.uploads.inflightBytes; // decorated before this plugin (app.ts)

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === EVENTS_ROUTE && request.method === 'GET') {
      metrics.sseStreamsOpen.inc();
      reply.raw.once('close', () => metrics.sseStreamsOpen.dec());
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the URL (ids, tokens); unmatched requests share one label.
    metrics.httpRequests.inc({ route: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.statusCode) });
  });
}

export const installMetrics = fp(metricsPlugin, { name: 'docconv-metrics', fastify: '5.x' });
