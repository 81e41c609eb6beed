// Load shedding (DECISIONS §9): while the event loop lags or the process's memory is high, new
// conversions are refused with 429 `concurrency_limit` and Retry-After, before their body is read;
// every other route keeps answering (status, events, results, /health). @fastify/under-pressure
// samples the process; the refusal is ours, since its default (503) would be a 5xx for load.
import { totalmem } from 'node:os';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { LIMITS } from '../config.js';
import { ROUTE_AUTH } from '../accounts/scopes.js';
import { ServiceError } from '../errors/service-error.js';

export async function installLoadShedding(app: FastifyInstance): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: app.config.shedEventLoopDelayMs,
    maxRssBytes: Math.floor(totalmem() * LIMITS.shedRssShareOfMemory),
    exposeStatusRoute: false,
    pressureHandler: (request, _reply, type) => {
      if (request.routeOptions.config?.auth !== ROUTE_AUTH.convert) return undefined; // not new work: served
      request.log.warn({ pressure: type }, 'conversion refused: node under pressure');
      return Promise.reject(new ServiceError('concurrency_limit', 'The node\'s conversion capacity is full; retry shortly.', { 'Retry-After': String(LIMITS.concurrencyRetryAfterS) }));
    },
  });
}
