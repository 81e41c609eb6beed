// One store reader per job on this node, fanned out to its local SSE streams (issue 10 item 7).
// Before, each stream re-read the job and its events on every page commit: 300 streams on one
// job were 600 queries per page. A feed reads once per wake-up (hub signal, heartbeat) and keeps
// the job's events in memory while any stream is open; each stream takes the events after its own
// last id. A job has at most its pages + a few events, so the cache is bounded by the document.
import type { JobRecord, StoredEvent } from './job-store.js';
import type { JobService } from './service.js';

export interface FeedView {
  /** The job as last read; null when it is gone (unknown, cancelled, purged). */
  job: JobRecord | null;
  /** Every event of the job read so far, in order. */
  events: readonly StoredEvent[];
}

type Listener = (view: FeedView) => void;

/** Heartbeat re-reads of one feed are at least this far apart (wake-ups read at once). */
const POKE_MIN_MS = 5_000;

class JobFeed {
  private readonly listeners = new Set<Listener>();
  private view: FeedView | null = null;
  private events: StoredEvent[] = [];
  private busy = false;
  private lastReadAt = 0;
  private again = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly service: JobService, private readonly jobId: string, private readonly onEmpty: () => void) {
    this.unsubscribe = service.hub.subscribe(jobId, () => void this.read());
  }

  add(fn: Listener): () => void {
    this.listeners.add(fn);
    if (this.view) fn(this.view);
    else void this.read();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.listeners.delete(fn);
      if (this.listeners.size === 0) {
        this.unsubscribe();
        this.onEmpty();
      }
    };
  }

  /** A heartbeat's re-read (covers a missed notification): at most one per POKE_MIN_MS however many streams. */
  poke(): void {
    if (Date.now() - this.lastReadAt >= POKE_MIN_MS) void this.read();
  }

  /** Reads what is new (one reader however many streams); concurrent wake-ups coalesce. */
  async read(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.lastReadAt = Date.now();
    try {
      do {
        this.again = false;
        const job = await this.service.jobs.get(this.jobId);
        if (job) {
          const after = this.events.at(-1)?.seq ?? 0;
          const fresh = await this.service.jobs.eventsAfter(this.jobId, after);
          if (fresh.length) this.events = [...this.events, ...fresh];
        }
        this.view = { job, events: this.events };
        for (const fn of [...this.listeners]) fn(this.view);
      } while (this.again && this.listeners.size > 0);
    } catch {
      // A store hiccup: the next wake-up (or heartbeat) retries.
    } finally {
      this.busy = false;
    }
  }
}

/** The feeds of this node's open streams, by job id. */
export class JobFeeds {
  private readonly feeds = new Map<string, JobFeed>();

  constructor(private readonly service: JobService) {}

  /** Subscribes to a job's feed; `fn` gets the current view at once (or after the first read), then each change. */
  follow(jobId: string, fn: Listener): { stop: () => void; poke: () => void } {
    let feed = this.feeds.get(jobId);
    if (!feed) {
      feed = new JobFeed(this.service, jobId, () => this.feeds.delete(jobId));
      this.feeds.set(jobId, feed);
    }
    const f = feed;
    return { stop: f.add(fn), poke: () => f.poke() };
  }

  get size(): number {
    return this.feeds.size;
  }
}
