// Request-side metrics (DECISIONS §8 "Metrics"): requests by route pattern and status, bytes of
// convert uploads in flight, SSE streams open. The registry itself (src/metrics) is exposed on a
// separate listener by src/main.ts, never on this (public) app.
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ServiceMetrics } from '../metrics/registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's Prometheus metrics (src/metrics/registry.ts). */
    metrics: ServiceMetrics;
  }
}

const CONVERT_ROUTE = '/v1/convert';
const EVENTS_ROUTE = '/v1/jobs/:id/events';

async function metricsPlugin(app: FastifyInstance, opts: { metrics: ServiceMetrics }): Promise<void> {
  const { metrics } = opts;
  app.decorate('metrics', metrics);
  // Upload bytes are read off each socket's counter at scrape time: nothing touches the body
  // stream (the multipart reader consumes it), and a request that ends leaves the set at once.
  const uploads = new Map<object, { socket: Socket; start: number }>();
  metrics.sources.uploadBytesInFlight = () => {
    let sum = 0;
    for (const u of uploads.values()) sum += Math.max(0, u.socket.bytesRead - u.start);
    return sum;
  };

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === CONVERT_ROUTE && request.method === 'POST') {
      const key = {};
      uploads.set(key, { socket: request.raw.socket, start: request.raw.socket.bytesRead });
      reply.raw.once('close', () => uploads.delete(key));
    } else if (route === EVENTS_ROUTE && request.method === 'GET') {
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
