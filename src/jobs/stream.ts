// One SSE progress stream (DECISIONS §5): replay from Last-Event-ID, then follow live; heartbeat
// comments; closed after `completed` or `error`; a reconnect after the final event gets it again.
// Another account's (or an unknown, cancelled, purged) job is an in-stream `job_not_found`.
// Streams of one job share its feed (src/jobs/feed.ts): one store reader, however many streams.
import { PassThrough } from 'node:stream';
import { LIMITS } from '../config.js';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import { JOB_LIMITS } from './constants.js';
import { eventPayload, formatSse } from './events.js';
import type { FeedView } from './feed.js';
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

  const write = (chunk: string) => {
    if (!closed) out.write(chunk);
  };

  const deliver = ({ job, events }: FeedView) => {
    if (closed) return;
    if (!job || job.accountId !== o.accountId) {
      // DECISIONS §5: every event has an id, this one too (the next after what the client has seen).
      write(formatSse('error', { job_id: o.jobId, code: 'job_not_found', message: ERROR_CATALOGUE.job_not_found.description }, last + 1));
      finish();
      return;
    }
    let due = events.filter((ev) => ev.seq > last);
    if (due.length === 0 && (job.status === 'completed' || job.status === 'failed')) {
      const final = events.at(-1);
      if (final && FINAL.has(final.kind)) due = [final];
    }
    for (const ev of due) {
      write(formatSse(ev.kind, eventPayload(ev, job, secret, publicUrl), ev.seq));
      last = Math.max(last, ev.seq);
      if (FINAL.has(ev.kind)) {
        finish();
        return;
      }
    }
  };

  // Tell the client how long to wait before reconnecting; the feed then replays.
  write(`retry: ${JOB_LIMITS.sseRetryMs}\n\n`);
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    feed.poke(); // also covers a missed notification
  }, o.heartbeatMs ?? LIMITS.sseHeartbeatS * 1000);
  heartbeat.unref();
  let feed: { stop: () => void; poke: () => void } = { stop: () => {}, poke: () => {} };
  function finish() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    // A final event may arrive while the feed is still being joined: stop on the next tick.
    queueMicrotask(() => feed.stop());
    out.end();
  }
  feed = service.feeds.follow(o.jobId, deliver);
  return { stream: out, close: finish };
}
