// One SSE progress stream (DECISIONS §5): replay from Last-Event-ID, then follow live; heartbeat
// comments; closed after `completed` or `error`; a reconnect after the final event gets it again.
// Another account's (or an unknown, cancelled, purged) job is an in-stream `job_not_found`.
import { PassThrough } from 'node:stream';
import { LIMITS } from '../config.js';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import { JOB_LIMITS } from './constants.js';
import { eventPayload, formatSse } from './events.js';
import type { JobService } from './service.js';

const FINAL = new Set(['completed', 'error']);

export interface StreamOptions {
  jobId: string;
  accountId: string;
  lastEventId: number;
  heartbeatMs?: number;
}

/** Returns the stream to send and a `close` to call when the client goes away. */
export function openJobStream(service: JobService, secret: Buffer, publicUrl: string, o: StreamOptions): { stream: PassThrough; close: () => void } {
  const out = new PassThrough();
  let last = o.lastEventId;
  let closed = false;
  let busy = false;
  let again = false;

  const finish = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
    out.end();
  };
  const write = (chunk: string) => {
    if (!closed) out.write(chunk);
  };

  const pump = async (): Promise<void> => {
    if (closed) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const job = await service.jobs.get(o.jobId);
        if (!job || job.accountId !== o.accountId) {
          // DECISIONS §5: every event has an id, this one too (the next after what the client has seen).
          write(formatSse('error', { job_id: o.jobId, code: 'job_not_found', message: ERROR_CATALOGUE.job_not_found.description }, last + 1));
          finish();
          return;
        }
        let events = await service.jobs.eventsAfter(o.jobId, last);
        if (events.length === 0 && (job.status === 'completed' || job.status === 'failed')) {
          const final = await service.jobs.lastEvent(o.jobId);
          if (final && FINAL.has(final.kind)) events = [final];
        }
        for (const ev of events) {
          write(formatSse(ev.kind, eventPayload(ev, job, secret, publicUrl), ev.seq));
          last = Math.max(last, ev.seq);
          if (FINAL.has(ev.kind)) {
            finish();
            return;
          }
        }
      } while (again && !closed);
    } catch {
      // A store hiccup: the next wake-up (or heartbeat) retries.
    } finally {
      busy = false;
    }
  };

  const unsubscribe = service.hub.subscribe(o.jobId, () => void pump());
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    void pump(); // also covers a missed notification
  }, o.heartbeatMs ?? LIMITS.sseHeartbeatS * 1000);
  heartbeat.unref();
  // Tell the client how long to wait before reconnecting, then replay.
  write(`retry: ${JOB_LIMITS.sseRetryMs}\n\n`);
  void pump();
  return { stream: out, close: finish };
}
