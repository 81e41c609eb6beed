// SSE fan-out (DECISIONS §5). Every event is a row in job_events; a wake-up (local emitter on this
// node, PostgreSQL NOTIFY from others) makes each open stream read the rows after its last id.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { CHANNELS, type JobsDb } from './db.js';
import { deriveResultToken } from './crypto.js';
import type { JobRecord, StoredEvent } from './job-store.js';

/** Separates the job id from the sending hub's id in a notification (job ids never contain it). */
const ORIGIN_MARK = '@';

export class JobEventHub {
  private readonly local = new EventEmitter();
  private unlisten: (() => Promise<void>) | null = null;
  /** Tags this hub's notifications: the store delivers them back to this node too, already woken locally. */
  private readonly origin = randomBytes(8).toString('hex');

  constructor(private readonly db: JobsDb) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANNELS.jobEvents, (payload) => {
      // A wake-up of our own coming back would make every feed of the job read the store twice
      // per commit (issue 11 item 3). An untagged payload (an older node) is always foreign.
      const at = payload.indexOf(ORIGIN_MARK);
      if (at >= 0 && payload.slice(at + 1) === this.origin) return;
      this.local.emit(at >= 0 ? payload.slice(0, at) : payload);
    });
    // Notifications may have been missed while the link was down: wake every open stream.
    this.db.onResync?.(() => { for (const name of this.local.eventNames()) this.local.emit(name); });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** After a commit that appended events for (or deleted) the job. */
  signal(jobId: string): void {
    this.local.emit(jobId);
    this.db.notify(CHANNELS.jobEvents, `${jobId}${ORIGIN_MARK}${this.origin}`).catch(() => {});
  }

  subscribe(jobId: string, fn: () => void): () => void {
    this.local.on(jobId, fn);
    return () => this.local.off(jobId, fn);
  }
}

export interface ResultLinks {
  result_url: string;
  markdown_url: string;
  json_url: string;
}

export function resultLinks(publicUrl: string, jobId: string, token: string): ResultLinks {
  const base = `${publicUrl}/v1/jobs/${encodeURIComponent(jobId)}`;
  const q = `?token=${encodeURIComponent(token)}`;
  return { result_url: `${base}/result${q}`, markdown_url: `${base}/markdown${q}`, json_url: `${base}/json${q}` };
}

/** The wire payload of a stored event; `completed` gets its token re-derived (never stored). */
export function eventPayload(ev: StoredEvent, job: JobRecord, secret: Buffer, publicUrl: string): Record<string, unknown> {
  if (ev.kind === 'completed') {
    const token = deriveResultToken(secret, job.id, job.nonce);
    return { job_id: job.id, status: 'completed', token, ...resultLinks(publicUrl, job.id, token) };
  }
  return ev.data;
}

export function formatSse(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
