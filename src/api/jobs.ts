// GET/DELETE /v1/jobs/{id} and GET /v1/jobs/{id}/events (spec §4, DECISIONS §5). Another
// account's job is treated as unknown.
import type { FastifyInstance } from 'fastify';
import { LIMITS, TIERS } from '../config.js';
import { ROUTE_AUTH, type KeyCaller } from '../accounts/scopes.js';
import { ServiceError } from '../errors/service-error.js';
import { openJobStream } from '../jobs/stream.js';
import { cancelJobSchema, getJobSchema, jobEventsSchema, type JobStatus } from './schemas/jobs.js';
import './jobs-runtime.js';

interface IdParams { id: string }

function parseLastEventId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw.trim())) return 0;
  return Number(raw.trim());
}

export async function jobRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: IdParams }>('/jobs/:id', { schema: getJobSchema, config: { auth: ROUTE_AUTH.readJob } }, async (request) => {
    const caller = request.caller as KeyCaller;
    const job = await app.jobService.jobs.get(request.params.id);
    if (!job || job.accountId !== caller.accountId) throw new ServiceError('job_not_found');
    const body: JobStatus = { job_id: job.id, status: job.status, pages: job.pages, pages_done: job.pagesDone };
    if (job.backend) body.backend = job.backend;
    if (job.errorCode) body.error_code = job.errorCode;
    return body;
  });

  app.delete<{ Params: IdParams }>('/jobs/:id', { schema: cancelJobSchema, config: { auth: ROUTE_AUTH.cancelJob } }, async (request, reply) => {
    const caller = request.caller as KeyCaller;
    // spec §3: 404 for unknown, already terminal, or another account's job.
    if (!(await app.jobService.cancel(caller.accountId, request.params.id))) throw new ServiceError('job_not_found');
    return reply.code(204).send();
  });

  // Open event streams per account on this node (issue 10 item 7): each holds a socket and a
  // follower, so they are capped at the tier's concurrency × LIMITS.sseStreamsPerSlot; beyond, 429.
  const openStreams = new Map<string, number>();

  // No implicit HEAD on the stream (it would open a follower that never delivers a byte).
  app.get<{ Params: IdParams }>('/jobs/:id/events', { schema: jobEventsSchema, config: { auth: ROUTE_AUTH.readJob }, exposeHeadRoute: false }, async (request, reply) => {
    const caller = request.caller as KeyCaller;
    const cap = TIERS[caller.tier].concurrency * LIMITS.sseStreamsPerSlot;
    const open = openStreams.get(caller.accountId) ?? 0;
    if (open >= cap) {
      throw new ServiceError('concurrency_limit', `This account already has ${open} open event streams (at most ${cap}); close one, or poll GET /v1/jobs/{id}.`, { 'Retry-After': String(LIMITS.concurrencyRetryAfterS) });
    }
    openStreams.set(caller.accountId, open + 1);
    let counted = true;
    reply.raw.once('close', () => {
      if (!counted) return;
      counted = false;
      const n = (openStreams.get(caller.accountId) ?? 1) - 1;
      if (n > 0) openStreams.set(caller.accountId, n);
      else openStreams.delete(caller.accountId);
    });
    const { stream, close } = openJobStream(app.jobService, app.config.secret, app.config.publicUrl, {
      jobId: request.params.id,
      accountId: caller.accountId,
      lastEventId: parseLastEventId(request.headers['last-event-id']),
      heartbeatMs: app.jobService.sseHeartbeatMs,
    });
    reply.raw.once('close', close);
    return reply
      .code(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
