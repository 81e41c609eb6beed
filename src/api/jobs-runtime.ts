// Wires the job service (src/jobs) into the app: one per process, started with the app and
// stopped on close (running conversions end failed, nothing stays reserved).
import type { FastifyInstance } from 'fastify';
import type { ModelGateway } from '../models/gateway.js';
import { JobService, type JobServiceOptions } from '../jobs/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parser models: selection, readiness and conversion (src/models/gateway.ts). */
    models: ModelGateway;
    /** Jobs: submit, cancel, events, read-once results, webhooks (src/jobs). */
    jobService: JobService;
  }
}

export type JobRuntimeOptions = Partial<Omit<JobServiceOptions, 'db' | 'config' | 'gateway' | 'metering' | 'log'>>;

/** Call from buildApp once store, metering and the gateway exist (root scope, before the routes). */
export async function registerJobService(app: FastifyInstance, gateway: ModelGateway, opts: JobRuntimeOptions = {}): Promise<JobService> {
  if (!app.hasDecorator('models')) app.decorate('models', gateway);
  const service = new JobService({
    db: app.store,
    config: app.config,
    gateway,
    metering: app.meters,
    log: app.log,
    singleNode: app.store.kind === 'pglite',
    ...opts,
  });
  app.decorate('jobService', service);
  await service.start();
  app.addHook('onClose', async () => service.stop());
  return service;
}
