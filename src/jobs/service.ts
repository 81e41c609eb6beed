// The job service (DECISIONS §5): creates jobs, runs them through the model gateway with bounded
// concurrency, records state and events, seals results, enqueues webhooks, cancels, and recovers
// jobs orphaned by a dead node. Document bytes live only in this node's memory while queued or
// running (DECISIONS §6): never the store, never a file, never a log line.
import { randomBytes } from 'node:crypto';
import type { MeterLease } from '../accounts/meter-lease.js';
import type { Config } from '../config.js';
import { isErrorCode, type ErrorCode } from '../errors/catalogue.js';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import type { ConvertOutput, ModelGateway, ModelId } from '../models/gateway.js';
import type { MediaType } from '../models/types.js';
import { chargedPages, pageDetail, wantsBlocks } from '../models/page-detail.js';
import { JOB_LIMITS } from './constants.js';
import { deriveResultToken, newNonce } from './crypto.js';
import { CHANNELS, type JobsDb } from './db.js';
import { JobEventHub, resultLinks } from './events.js';
import { JobFeeds } from './feed.js';
import { JobStore, type Delivery, type JobRecord } from './job-store.js';
import { packResult, ResultStore, type StoredResult } from './result-store.js';
import { WebhookDeliverer, type WebhookTarget } from './webhooks/deliverer.js';
import { WritePacer } from './write-pacer.js';
import { releasedLargeBuffer } from '../release-memory.js';

/** The meters a job settles after acceptance: its lease, by holder id = job id (src/accounts/meter-lease.ts). */
export interface JobMetering {
  held(holderId: string): MeterLease;
}

export interface Logger {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

export interface JobServiceOptions {
  db: JobsDb;
  config: Config;
  gateway: ModelGateway;
  metering: JobMetering;
  log: Logger;
  nodeId?: string;
  /** True with the embedded store: no other node can own a live job, so all of them are orphans at start-up. */
  singleNode?: boolean;
  concurrency?: number;
  heartbeatIntervalMs?: number;
  staleAfterMs?: number;
  sweepIntervalMs?: number;
  webhookRetryDelaysS?: readonly number[];
  webhookPollMs?: number;
  /** SSE heartbeat period (default LIMITS.sseHeartbeatS). */
  sseHeartbeatMs?: number;
  webhookResolve?: ConstructorParameters<typeof WebhookDeliverer>[0]['resolve'];
  /** Observers for metrics (DECISIONS §8): a job's wait in this node's queue; webhook attempts. */
  onQueueWait?: (ms: number) => void;
  onWebhookOutcome?: ConstructorParameters<typeof WebhookDeliverer>[0]['onOutcome'];
}

export interface NewJob {
  id: string;
  accountId: string;
  bytes: Uint8Array;
  mediaType: MediaType;
  pages: number;
  sha256: string;
  model: ModelId;
  routeReason: string;
  formats: string;
  delivery: Delivery;
  lang?: string;
  webhook?: WebhookTarget;
  /** DECISIONS §8 page ranges: the selected zero-based pages (`pages` is then their count). */
  selection?: readonly number[];
  /** Pages in the document when a selection is converted; default `pages`. */
  documentPages?: number;
  /** DECISIONS §8 partial results; undefined = `fail`. */
  onPageError?: 'fail' | 'skip';
  /** Called once when the job lets go of its bytes (the API's in-flight byte budget, DECISIONS §9). */
  onBytesDropped?: () => void;
}

/** The document leaves this node's memory as soon as the job no longer needs it (DECISIONS §6, §9). */
function dropBytes(job: NewJob): void {
  const released = job.bytes.byteLength;
  job.bytes = new Uint8Array(0);
  releasedLargeBuffer(released);
  const done = job.onBytesDropped;
  job.onBytesDropped = undefined;
  done?.();
}

interface Running {
  job: NewJob;
  abort: AbortController;
  cancelled: boolean;
  queuedAt: number;
}

/**
 * Settles with the work, or rejects as soon as the signal fires: a cancel or a shutdown never waits
 * on a backend that ignores its signal (the late result is dropped).
 */
function abortable<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}

export function newJobId(): string {
  return `job_${randomBytes(12).toString('hex')}`;
}

function errorCodeOf(err: unknown): ErrorCode {
  const code = (err as { code?: unknown })?.code;
  // Document errors keep their code (encrypted_pdf…); anything else is a conversion failure.
  if (isErrorCode(code) && (ERROR_CATALOGUE[code].status === 422 || code === 'conversion_failed')) return code;
  return 'conversion_failed';
}

export class JobService {
  readonly nodeId: string;
  readonly jobs: JobStore;
  readonly results: ResultStore;
  readonly hub: JobEventHub;
  /** One store reader per followed job, fanned out to this node's SSE streams. */
  readonly feeds: JobFeeds;
  readonly webhooks: WebhookDeliverer;
  private readonly queue: Running[] = [];
  private readonly live = new Map<string, Running>();
  private active = 0;
  private timers: NodeJS.Timeout[] = [];
  private unlistenCancel: (() => Promise<void>) | null = null;
  private readonly runs = new Set<Promise<void>>();
  /** Terminal steps (complete/fail) the store refused, by job id; retried by the sweep. */
  private readonly unfinished = new Map<string, () => Promise<void>>();
  private stopped = false;

  constructor(private readonly o: JobServiceOptions) {
    this.nodeId = o.nodeId ?? `node_${randomBytes(6).toString('hex')}`;
    this.jobs = new JobStore(o.db);
    this.results = new ResultStore(o.db);
    this.hub = new JobEventHub(o.db);
    this.feeds = new JobFeeds(this);
    this.webhooks = new WebhookDeliverer({
      db: o.db,
      secret: o.config.secret,
      nodeId: this.nodeId,
      allowHosts: o.config.webhookAllowHosts,
      retryDelaysS: o.webhookRetryDelaysS,
      resultTtlS: o.config.resultTtlS,
      pollMs: o.webhookPollMs,
      resolve: o.webhookResolve,
      onOutcome: o.onWebhookOutcome,
      log: o.log,
    });
  }

  async start(): Promise<void> {
    await this.beat();
    await this.hub.start();
    this.unlistenCancel = await this.o.db.listen(CHANNELS.jobCancel, (jobId) => this.abortLocal(jobId));
    await this.recoverOrphans(this.o.singleNode ? this.nodeId : null);
    await this.releaseOrphanHolders();
    const every = (ms: number, fn: () => Promise<void>) => {
      const t = setInterval(() => void fn().catch((err) => this.o.log.warn({ err: (err as Error).message }, 'job maintenance failed')), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.o.heartbeatIntervalMs ?? JOB_LIMITS.heartbeatIntervalMs, () => this.beat());
    every(this.o.sweepIntervalMs ?? JOB_LIMITS.sweepIntervalMs, () => this.sweep());
    this.webhooks.start();
  }

  /** Graceful stop: no new work; running conversions are aborted and end failed (nothing stays reserved). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const r of [...this.queue]) await this.fail(r.job.id, 'conversion_failed', r).catch((err) => this.logStoreError(r.job.id, err));
    this.queue.length = 0;
    for (const r of this.live.values()) r.abort.abort();
    await Promise.allSettled([...this.runs]);
    await this.webhooks.stop();
    await this.unlistenCancel?.();
    await this.hub.stop();
    await this.o.db.query('DELETE FROM job_nodes WHERE node_id = $1', [this.nodeId]).catch(() => {});
  }

  private async beat(): Promise<void> {
    await this.o.db.query(
      'INSERT INTO job_nodes (node_id) VALUES ($1) ON CONFLICT (node_id) DO UPDATE SET heartbeat_at = now()',
      [this.nodeId],
    );
    await this.jobs.beat(this.nodeId);
  }

  /** The metering holder of a sync conversion: named after this node, so a crash cannot strand it. */
  syncHolderId(): string {
    return `sync_${this.nodeId}_${randomBytes(9).toString('hex')}`;
  }

  /**
   * Releases reservations and slots nobody will settle: sync holders of nodes that stopped beating
   * (or, single node, of any earlier process), and job holders whose job record does not exist
   * (a crash between the reservation and the record).
   */
  async releaseOrphanHolders(): Promise<number> {
    const staleMs = this.o.staleAfterMs ?? JOB_LIMITS.staleAfterMs;
    const rows = await this.jobs.orphanHolders(this.nodeId, Boolean(this.o.singleNode), staleMs);
    for (const { holder_id, completed } of rows) {
      if (this.live.has(holder_id)) continue;
      // A completed job whose charge the store refused is charged now, never released (issue 10 item 5).
      if (completed) {
        this.o.log.warn({ holder: holder_id }, 'completed job charged by the sweep');
        await this.o.metering.held(holder_id).charge();
      } else {
        this.o.log.warn({ holder: holder_id }, 'orphaned reservation released');
        await this.o.metering.held(holder_id).release();
      }
    }
    return rows.length;
  }

  /** Recovery and purges; also callable directly (tests, operators). */
  async sweep(): Promise<void> {
    await this.retryUnfinished();
    await this.recoverOrphans(null);
    await this.releaseOrphanHolders();
    await this.results.purgeExpired();
    await this.jobs.purgeFinished();
    await this.webhooks.purgeOld();
  }

  get sseHeartbeatMs(): number | undefined {
    return this.o.sseHeartbeatMs;
  }

  tokenFor(job: JobRecord): string {
    return deriveResultToken(this.o.config.secret, job.id, job.nonce);
  }

  /**
   * Records an accepted job (reservation and slot already held under `job.id`) and queues it.
   * Returns once the record and its `queued` event are in the store.
   */
  async submit(job: NewJob): Promise<JobRecord> {
    const webhookEnc = job.webhook ? this.webhooks.sealTarget(job.id, job.webhook) : null;
    const record: Omit<JobRecord, 'pagesDone' | 'backend' | 'errorCode'> = {
      id: job.id, accountId: job.accountId, status: 'queued', pages: job.pages, model: job.model,
      routeReason: job.routeReason, formats: job.formats, delivery: job.delivery, webhookEnc,
      nodeId: this.nodeId, nonce: newNonce(),
    };
    await this.o.db.tx(async (q) => {
      await this.jobs.insert(record, q);
      await this.jobs.appendEvent(q, job.id, 'queued', { job_id: job.id, status: 'queued' });
    });
    this.hub.signal(job.id);
    const entry: Running = { job, abort: new AbortController(), cancelled: false, queuedAt: Date.now() };
    this.live.set(job.id, entry);
    this.queue.push(entry);
    this.pump();
    return { ...record, pagesDone: 0, backend: null, errorCode: null };
  }

  /** DELETE /jobs/{id}: true when a live job of this account was cancelled (then purged). */
  async cancel(accountId: string, jobId: string): Promise<boolean> {
    const removed = await this.jobs.deleteLive(jobId, accountId);
    if (!removed) return false;
    const local = this.live.get(jobId);
    if (local) this.abortLocal(jobId);
    else await this.o.db.notify(CHANNELS.jobCancel, jobId).catch(() => {});
    await this.o.metering.held(jobId).release();
    this.hub.signal(jobId);
    this.o.log.info({ job_id: jobId, account: accountId }, 'job cancelled');
    return true;
  }

  private abortLocal(jobId: string): void {
    const entry = this.live.get(jobId);
    if (!entry) return;
    entry.cancelled = true;
    entry.abort.abort();
    const i = this.queue.indexOf(entry);
    if (i >= 0) this.queue.splice(i, 1);
    this.live.delete(jobId);
    dropBytes(entry.job);
  }

  private pump(): void {
    const limit = this.o.concurrency ?? JOB_LIMITS.schedulerConcurrency;
    while (!this.stopped && this.active < limit && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      this.active++;
      // run() ends every job itself; a rejection here would be a bug, never a crash (issue 10 item 5).
      const p = this.run(entry).catch((err) => this.logStoreError(entry.job.id, err)).finally(() => {
        this.active--;
        this.runs.delete(p);
        this.pump();
      });
      this.runs.add(p);
    }
  }

  private async run(entry: Running): Promise<void> {
    const { job } = entry;
    const started = Date.now();
    this.o.onQueueWait?.(started - entry.queuedAt);
    // Store writes from progress callbacks are chained so events keep their order.
    let chain: Promise<unknown> = Promise.resolve();
    const pendingPages: Array<{ index: number; pagesDone: number; pages: number; error?: string }> = [];
    const pageWrites = new WritePacer(JOB_LIMITS.pageEventIntervalMs);
    const record = (fn: () => Promise<unknown>) => {
      chain = chain.then(fn).catch((err) => this.o.log.warn({ job_id: job.id, err: (err as Error).message }, 'job progress write failed'));
    };
    const moveTo = (status: 'warming' | 'processing', backend?: string) =>
      record(async () => {
        const changed = await this.o.db.tx(async (q) => {
          const before = await this.jobs.get(job.id, q);
          if (!before || before.status === status) return false;
          const after = await this.jobs.update(q, job.id, { status, backend });
          if (after && status === 'warming') await this.jobs.appendEvent(q, job.id, 'warming', { job_id: job.id, status: 'warming', backend: backend ?? job.model });
          return Boolean(after) && status === 'warming';
        });
        if (changed) this.hub.signal(job.id);
      });
    try {
      moveTo(this.o.gateway.isReady(job.model) ? 'processing' : 'warming', job.model);
      const out = await abortable(entry.abort.signal, this.o.gateway.convert(
        job.model,
        { bytes: job.bytes, mediaType: job.mediaType, pages: job.documentPages ?? job.pages, ...(job.selection ? { selection: job.selection } : {}) },
        {
          ...(job.onPageError ? { onPageError: job.onPageError } : {}),
          lang: job.lang,
          ...(wantsBlocks(job.formats) ? { blocks: true } : {}),
          signal: entry.abort.signal,
          pageTimeoutS: this.o.config.pageTimeoutS,
          owner: job.accountId,
          onWarming: () => moveTo('warming', job.model),
          onProcessing: () => moveTo('processing'),
          onPage: (e) => {
            // Pages share transactions: the first page is written at once, later ones at most every
            // `pageEventIntervalMs` (one commit, one statement pair and one feed read for all the
            // pages of the interval). A commit per page cost the main thread as much CPU as the
            // parser's workers on a fast document (issue 11 item 3); every page still gets its event.
            pendingPages.push(e);
            if (pendingPages.length > 1) return;
            record(async () => {
              await pageWrites.due();
              const batch = pendingPages.splice(0);
              const last = batch[batch.length - 1];
              const ok = await this.o.db.tx(async (q) => {
                const after = await this.jobs.update(q, job.id, { status: 'processing', pagesDone: last.pagesDone });
                if (!after) return false;
                // DECISIONS §8: a page skipped under on_page_error=skip says so (additive field).
                const datas = batch.map((p) => ({ job_id: job.id, index: p.index, pages_done: p.pagesDone, pages: p.pages, ...(p.error ? { error: p.error } : {}) }));
                await this.jobs.appendEvents(q, job.id, 'page', datas);
                return true;
              });
              pageWrites.wrote();
              if (ok) this.hub.signal(job.id);
            });
          },
        },
      ));
      dropBytes(job);
      pageWrites.flush();
      await chain;
      if (entry.cancelled) return;
      const timingMs = Date.now() - started;
      await this.finish(job.id, () => this.complete(job, out, timingMs));
    } catch (err) {
      dropBytes(job);
      pageWrites.flush();
      await chain;
      if (entry.cancelled) return;
      const code = errorCodeOf(err);
      this.o.log.warn({ job_id: job.id, code }, 'job failed');
      await this.finish(job.id, () => this.fail(job.id, code, entry));
    } finally {
      this.live.delete(job.id);
    }
  }

  /**
   * Runs a job's terminal step, retried while the store refuses it (a lost connection, a restart):
   * the job keeps its slot and reservation meanwhile and the sweep tries again, so it still ends
   * completed or failed; nothing is left reserved and nothing rejects unhandled.
   */
  private async finish(jobId: string, step: () => Promise<void>): Promise<void> {
    for (const delayMs of JOB_LIMITS.finishRetryDelaysMs) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs).unref());
      if (await this.attempt(jobId, step)) return;
    }
    this.unfinished.set(jobId, step);
  }

  /** Terminal steps the store refused earlier (retried by the sweep timer). */
  private async retryUnfinished(): Promise<void> {
    for (const [jobId, step] of [...this.unfinished]) await this.attempt(jobId, step);
  }

  /** One try of a terminal step: done (no longer unfinished), or logged for the next try. */
  private async attempt(jobId: string, step: () => Promise<void>): Promise<boolean> {
    try {
      await step();
      this.unfinished.delete(jobId);
      return true;
    } catch (err) {
      this.logStoreError(jobId, err);
      return false;
    }
  }

  private logStoreError(jobId: string, err: unknown): void {
    this.o.log.error({ job_id: jobId, err: (err as Error)?.message }, 'job step failed in the store; will retry');
  }

  private async complete(job: NewJob, out: ConvertOutput, timingMs: number): Promise<void> {
    const { pages, backend } = out;
    const result: StoredResult = {
      pages,
      formats: job.formats,
      meta: { pages: job.pages, sha256: job.sha256, timing_ms: timingMs, backend, model: job.model, route_reason: job.routeReason },
    };
    // DECISIONS §8: stored only when asked for, so a plain job's result is what it always was.
    const detail = pageDetail(out, job.onPageError === 'skip', wantsBlocks(job.formats));
    Object.assign(result, detail);
    const packed = await packResult(result);
    let webhook = false;
    let settled: (() => Promise<void>) | undefined;
    const done = await this.o.db.tx(async (q) => {
      const after = await this.jobs.update(q, job.id, { status: 'completed', pagesDone: job.pages, backend });
      if (!after) return null; // cancelled meanwhile
      // spec §8 rule 3 / DECISIONS §3: charged exactly once, on completion, in the transaction that
      // completes the job (DECISIONS §8: only delivered pages): the charge cannot be lost or turned
      // into a release, and a client that sees `completed` finds its slot already free.
      settled = await this.o.metering.held(job.id).settleWithin(q, 'charge', chargedPages(job.pages, detail));
      const token = this.tokenFor(after);
      await this.results.put(q, job.id, token, packed, this.o.config.resultTtlS);
      await this.jobs.appendEvent(q, job.id, 'completed', { job_id: job.id, status: 'completed' });
      if (after.webhookEnc) {
        webhook = true;
        await this.webhooks.enqueue(q, job.id, after.webhookEnc, { type: 'job.completed', job_id: job.id, result_url: resultLinks(this.o.config.publicUrl, job.id, token).result_url });
      }
      return after;
    });
    if (!done) return;
    await settled?.();
    this.hub.signal(job.id);
    if (webhook) this.webhooks.kick();
    this.o.log.info({ job_id: job.id, account: job.accountId, pages: job.pages, timing_ms: timingMs, model: job.model }, 'job completed');
  }

  /** Ends a live job `failed`: event, webhook, reservation and slot released (no charge). */
  private async fail(jobId: string, code: ErrorCode, entry?: Running): Promise<void> {
    if (entry) dropBytes(entry.job);
    let webhook = false;
    let settled: (() => Promise<void>) | undefined;
    const done = await this.o.db.tx(async (q) => {
      const after = await this.jobs.update(q, jobId, { status: 'failed', errorCode: code });
      if (!after) return null;
      // Only the step that ends the job releases it, in the same transaction as its `error` event: a
      // job already completed (its charge due) or failed elsewhere is never released here (issue 10
      // item 5), and a client that sees the event finds its slot already free.
      settled = await this.o.metering.held(jobId).settleWithin(q, 'release');
      await this.jobs.appendEvent(q, jobId, 'error', { job_id: jobId, code, message: ERROR_CATALOGUE[code].description });
      if (after.webhookEnc) {
        webhook = true;
        await this.webhooks.enqueue(q, jobId, after.webhookEnc, { type: 'job.failed', job_id: jobId, error_code: code });
      }
      return after;
    });
    if (!done) return;
    await settled?.();
    this.hub.signal(jobId);
    if (webhook) this.webhooks.kick();
  }

  /** Crash recovery: live jobs whose owner stopped beating (or, single node, any other owner). */
  async recoverOrphans(otherThanNode: string | null): Promise<number> {
    const orphans = await this.jobs.orphaned(this.o.staleAfterMs ?? JOB_LIMITS.staleAfterMs, otherThanNode);
    let n = 0;
    for (const job of orphans) {
      if (this.live.has(job.id)) continue;
      this.o.log.warn({ job_id: job.id, node_id: job.nodeId }, 'orphaned job failed');
      await this.fail(job.id, 'conversion_failed');
      n++;
    }
    return n;
  }
}
