// A worker_threads pool: parsing never runs on the event loop (DECISIONS §2). Each worker runs one
// task at a time. The pool owns the time budget (pages × page timeout): a worker that outlives it,
// ignores a cancel, crashes or runs out of memory is terminated and replaced; its task fails with a
// typed error instead of taking the process down.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ParseAbortedError, ParseError } from '../errors.js';
import { MIN_DOCUMENT_BUDGET_MS, WORKER_KILL_GRACE_MS } from '../limits.js';
import { fromWire, type FromWorker, type TaskEvent, type ToWorker } from './protocol.js';

/** A worker that is not ready this long after it was started is broken. */
const WORKER_START_TIMEOUT_MS = 120_000;
/** Heap ceiling of one worker: a hostile document fails with document_too_complex, not an OOM crash. */
const WORKER_MAX_OLD_GENERATION_MB = 2048;
/**
 * Young-generation ceiling of one worker (issue 11 item 4). V8 sizes it from the old-generation limit
 * and grows it under pdf.js's allocation rate, and it stays committed: measured in-process over
 * three freeculture parses (352 pages, 2 workers, same run), peak RSS 550-643 MB without a ceiling,
 * 463-478 MB at 32 MB, with no measurable change in time per document.
 */
const WORKER_MAX_YOUNG_GENERATION_MB = 32;
/**
 * A worker whose heap (reserved, plus external buffers) is above this after a task, with nothing
 * queued, is replaced by a fresh one (issue 11 item 4): V8 keeps what a big document made it
 * reserve (measured: ~200-265 MB per worker after freeculture, against ~90-120 MB after small
 * documents), so without this the service never returns to its idle footprint.
 */
export const WORKER_RECYCLE_HEAP_BYTES = 160 * 1024 * 1024;
/**
 * …after it has been idle this long. A replacement starts cold: pdf.js and the layout stages run
 * interpreted until V8 has optimised them again, so a worker busy with documents a few seconds
 * apart is kept (issue 11 item 2). Measured in one process, freeculture + tracemonkey parsed
 * together every 5 s, same run, two alternations: 2.7-3.2 s a round with 1 s here (and the idle
 * collection at 1 s), 2.0-2.7 s with 10 s (medians 2.78 → 2.24 s).
 */
export const WORKER_RECYCLE_IDLE_MS = 10_000;
/**
 * Workers kept started while the service idles (issue 11 item 4). The others start when work
 * needs them (a document's second run, a second caller) and stop after WORKER_SPARE_IDLE_MS idle.
 * Measured on the 2-core box, service idle with the pool warm, same run: 322 MiB with both
 * workers kept, ~270 with one; a worker starts in ~0.25 s (its first pages run on a cold JIT).
 */
export const WARM_WORKERS = 1;
/** A worker beyond the warm ones that has had no task this long is stopped. */
export const WORKER_SPARE_IDLE_MS = 10_000;

export interface PoolOptions {
  /** Most workers at once (default: one per core). */
  size?: number;
  /** Module URLs a TypeScript worker loads natively first (heavy plain-JS dependencies). */
  preload?: string[];
  /** JavaScript run in a TypeScript worker's bootstrap after `preload`, before tsx (top-level await allowed). */
  prelude?: string;
  /** WARM_WORKERS by default. */
  warmSize?: number;
  /** WORKER_RECYCLE_HEAP_BYTES, WORKER_RECYCLE_IDLE_MS and WORKER_SPARE_IDLE_MS by default. */
  recycleHeapBytes?: number;
  recycleIdleMs?: number;
  spareIdleMs?: number;
}

export interface RunOptions {
  /**
   * Tasks of one owner (an account, or one document) share a group: a free worker goes first to
   * the queued task whose group holds the fewest workers, FIFO among equals (issue 10 item 3).
   */
  group?: string | number;
  transfer?: ArrayBuffer[];
  signal?: AbortSignal;
  /** Budget per page; the budget before a `start` event (opening the document) is one page. */
  pageTimeoutS: number;
  /** A fixed budget for the whole task instead (the probe's short one); `start` events do not extend it. */
  budgetMs?: number;
  /** Caller events; `ack` must be called for events sent with backpressure. */
  onEvent?: (event: TaskEvent, ack: () => void) => void;
  /** How long the worker stays idle after this task before it collects its garbage (WORKER_IDLE_COLLECT_MS). */
  collectWhenIdleMs?: number;
}

interface Task {
  id: number;
  kind: string;
  payload: unknown;
  opts: RunOptions;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  /** Started and answering (its `ready` arrived). */
  live: boolean;
  task?: Task;
  timer?: NodeJS.Timeout;
  /** Pending recycle of an idle worker holding too much memory. */
  idleTimer?: NodeJS.Timeout;
  startedAt: number;
}

/**
 * Starts a worker on `url` from a tiny bootstrap that loads the heavy plain-JS dependencies and runs
 * the prelude first. A TypeScript worker (tests, `tsx`) is then loaded through tsx's register API:
 * `execArgv: ['--import', 'tsx']` does not apply to a worker's own entry file
 * (ERR_UNKNOWN_FILE_EXTENSION), and inheriting the parent's execArgv would carry `--test` flags.
 * The compiled build (dist/, DECISIONS §1) imports its `.js` worker directly.
 */
function startWorker(url: URL, preload: string[], prelude: string, resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }): Worker {
  const entry = JSON.stringify(url.href);
  // Large plain-JS dependencies are loaded natively before tsx hooks in: through tsx they cost a
  // transform and a parsed source map each (measured: ~440 MB per worker instead of ~110 MB).
  const hooks = url.pathname.endsWith('.ts') ? `(await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})).register();` : '';
  const bootstrap = `(async () => {
    for (const m of ${JSON.stringify(preload)}) await import(m);
    ${prelude}
    ${hooks}
    await import(${entry});
  })();`;
  return new Worker(bootstrap, { eval: true, execArgv: [], resourceLimits });
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private started = 0;
  private recycled = 0;
  private closed = false;
  /** warm() finished: the pool keeps `size` workers from now on (a dead one is replaced at once). */
  private warmed = false;

  readonly size: number;
  /** Workers started by warm() and kept while idle; the rest start on demand (WARM_WORKERS). */
  readonly warmSize: number;
  private readonly preload: string[];
  private readonly prelude: string;
  private readonly recycleHeapBytes: number;
  private readonly recycleIdleMs: number;
  private readonly spareIdleMs: number;

  /** @param workerUrl the worker module (a `.ts` file is loaded through tsx) */
  constructor(private readonly workerUrl: URL, opts: PoolOptions = {}) {
    this.size = opts.size ?? availableParallelism();
    this.warmSize = Math.min(this.size, opts.warmSize ?? WARM_WORKERS);
    this.preload = opts.preload ?? [];
    this.prelude = opts.prelude ?? '';
    this.recycleHeapBytes = opts.recycleHeapBytes ?? WORKER_RECYCLE_HEAP_BYTES;
    this.recycleIdleMs = opts.recycleIdleMs ?? WORKER_RECYCLE_IDLE_MS;
    this.spareIdleMs = opts.spareIdleMs ?? WORKER_SPARE_IDLE_MS;
  }

  run<R>(kind: string, payload: unknown, opts: RunOptions): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the convert pool is shut down'));
    return new Promise<R>((resolve, reject) => {
      const task: Task = { id: this.nextId++, kind, payload, opts, resolve: resolve as (v: unknown) => void, reject, settled: false };
      if (opts.signal?.aborted) return reject(new ParseAbortedError());
      opts.signal?.addEventListener('abort', () => this.cancel(task), { once: true });
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Starts the warm workers now (service start-up) and resolves once they are ready. */
  async warm(): Promise<void> {
    while (this.slots.length < this.warmSize) this.spawn();
    await Promise.all(this.slots.map((s) => s.ready));
    this.warmed = !this.closed;
  }

  /** Workers started and answering; 0 while the pool is cold, starting, or lost every worker. */
  liveWorkers(): number {
    return this.slots.filter((s) => s.live).length;
  }

  /** Whether warm() has finished (and the pool was not closed since). */
  isWarm(): boolean {
    return this.warmed && !this.closed;
  }

  /** Terminates every worker; pending tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    this.warmed = false;
    for (const t of this.queue.splice(0)) this.settle(t, new Error('the convert pool is shut down'));
    await Promise.all(this.slots.splice(0).map(async (s) => {
      if (s.task) this.settle(s.task, new Error('the convert pool is shut down'));
      clearTimeout(s.timer);
      clearTimeout(s.idleTimer);
      // An idle worker is unref'd, and an unref'd worker does not hold the event loop: a caller
      // awaiting its exit with nothing else pending could see the process end mid-await. Held
      // until it has exited. (Suspected, not reproduced, behind eval:synthetic's rare "unsettled
      // top-level await" after every case had finished.)
      s.worker.ref();
      await s.worker.terminate();
    }));
  }

  /** `started`: tasks handed to a worker since the pool was made; `recycled`: workers replaced for their memory. */
  stats(): { workers: number; busy: number; queued: number; started: number; recycled: number; threadIds: number[] } {
    return { workers: this.slots.length, busy: this.slots.filter((s) => s.task).length, queued: this.queue.length, started: this.started, recycled: this.recycled, threadIds: this.slots.map((s) => s.worker.threadId) };
  }

  private spawn(): Slot {
    const worker = startWorker(this.workerUrl, this.preload, this.prelude, { maxOldGenerationSizeMb: WORKER_MAX_OLD_GENERATION_MB, maxYoungGenerationSizeMb: WORKER_MAX_YOUNG_GENERATION_MB });
    let markReady!: () => void;
    const slot: Slot = { worker, ready: new Promise((r) => (markReady = r)), startedAt: 0, live: false };
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'ready') {
        slot.live = true;
        markReady();
        // Idle workers must not keep the process alive (held while starting and while busy).
        if (!slot.task) worker.unref();
      }
      else this.onMessage(slot, msg);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      // An uncaught exception or an out-of-memory kill inside the worker.
      const code = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'document_too_complex' : 'malformed_document';
      this.retire(slot, new ParseError(code));
    });
    worker.on('exit', () => this.retire(slot, new ParseError('malformed_document')));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.splice(this.nextQueued(), 1)[0]);
    }
  }

  /** FIFO, except that a document already holding workers yields to one holding fewer. */
  private nextQueued(): number {
    const running = new Map<string | number, number>();
    for (const s of this.slots) if (s.task?.opts.group !== undefined) running.set(s.task.opts.group, (running.get(s.task.opts.group) ?? 0) + 1);
    let best = 0;
    let bestLoad = Infinity;
    this.queue.forEach((t, i) => {
      const load = t.opts.group === undefined ? 0 : running.get(t.opts.group) ?? 0;
      if (load < bestLoad) {
        best = i;
        bestLoad = load;
      }
    });
    return best;
  }

  private start(slot: Slot, task: Task): void {
    this.started++;
    clearTimeout(slot.idleTimer);
    slot.task = task;
    slot.worker.ref();
    // A fresh worker first loads pdf.js and friends: its start-up is not the document's budget.
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.kill(slot, new ParseError('malformed_document')), WORKER_START_TIMEOUT_MS);
    const transfer = task.opts.transfer ?? [];
    slot.ready.then(() => {
      if (slot.task !== task) return;
      if (task.settled) return this.release(slot); // cancelled while the worker was starting
      slot.startedAt = Date.now();
      this.arm(slot, 1);
      slot.worker.postMessage({ type: 'task', id: task.id, kind: task.kind, payload: task.payload, collectWhenIdleMs: task.opts.collectWhenIdleMs } satisfies ToWorker, transfer);
    });
  }

  /** (Re)arms the budget timer for `pages` pages from the task's start. */
  private arm(slot: Slot, pages: number): void {
    clearTimeout(slot.timer);
    const task = slot.task!;
    const budget = (task.opts.budgetMs ?? Math.max(MIN_DOCUMENT_BUDGET_MS, pages * task.opts.pageTimeoutS * 1000)) + WORKER_KILL_GRACE_MS;
    const left = slot.startedAt + budget - Date.now();
    slot.timer = setTimeout(() => this.kill(slot, new ParseError('document_too_complex')), Math.max(0, left));
  }

  private onMessage(slot: Slot, msg: FromWorker): void {
    const task = slot.task;
    if (msg.type === 'ready' || !task || msg.id !== task.id) return;
    if (msg.type === 'event') {
      if (msg.event.type === 'start') this.arm(slot, Number(msg.event.pages) || 1);
      // While the worker waits for the consumer (backpressure) its clock stops: a slow consumer is
      // not the document's fault. Each acknowledged event starts a fresh one-page budget.
      if (msg.wantsAck) clearTimeout(slot.timer);
      let acked = false;
      const ack = () => {
        if (acked || slot.task !== task) return;
        acked = true;
        slot.startedAt = Date.now();
        this.arm(slot, 1);
        slot.worker.postMessage({ type: 'ack', id: task.id } satisfies ToWorker);
      };
      if (task.settled) {
        if (msg.wantsAck) ack();
        return;
      }
      try {
        task.opts.onEvent?.(msg.event, ack);
      } catch {
        // a throwing listener must not wedge the worker
        if (msg.wantsAck) ack();
      }
      return;
    }
    if (msg.type === 'done') this.settle(task, undefined, msg.result);
    else this.settle(task, fromWire(msg.error));
    this.release(slot);
    // Recycled once idle for a while, not between two runs of one document (a replacement starts cold).
    if (msg.heapBytes > this.recycleHeapBytes && !slot.task) {
      slot.idleTimer = setTimeout(() => {
        if (!slot.task && this.slots.includes(slot)) this.recycle(slot);
      }, this.recycleIdleMs);
      slot.idleTimer.unref();
    } else if (!slot.task && this.slots.length > this.warmSize) {
      slot.idleTimer = setTimeout(() => {
        if (!slot.task && this.slots.includes(slot) && this.slots.length > this.warmSize) this.stopSpare(slot);
      }, this.spareIdleMs);
      slot.idleTimer.unref();
    }
  }

  /** Stops a worker beyond the warm ones that stayed idle (its memory goes back to the system). */
  private stopSpare(slot: Slot): void {
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    this.slots.splice(this.slots.indexOf(slot), 1);
    slot.live = false;
    void slot.worker.terminate();
  }

  /** Replaces a worker that holds too much memory after its task (a warmed pool starts its successor now). */
  private recycle(slot: Slot): void {
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    slot.task = undefined;
    this.recycled++;
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    slot.live = false;
    void slot.worker.terminate();
    if (this.warmed && !this.closed && this.slots.length < this.warmSize) this.spawn();
    this.dispatch();
  }

  private cancel(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.settle(task, new ParseAbortedError());
    const slot = this.slots.find((s) => s.task === task);
    if (!slot) return;
    // The worker stops at its next page boundary; one that does not answer in time is replaced.
    slot.worker.postMessage({ type: 'cancel', id: task.id } satisfies ToWorker);
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.kill(slot, new ParseAbortedError()), WORKER_KILL_GRACE_MS);
  }

  private settle(task: Task, err?: Error, result?: unknown): void {
    if (task.settled) return;
    task.settled = true;
    if (err) task.reject(err);
    else task.resolve(result);
  }

  private release(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.task = undefined;
    slot.worker.unref();
    this.dispatch();
  }

  private kill(slot: Slot, err: Error): void {
    if (slot.task) this.settle(slot.task, err);
    this.retire(slot, err);
    void slot.worker.terminate();
  }

  /** Removes a dead or killed worker; its task fails with `err`; a replacement starts on demand. */
  private retire(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    clearTimeout(slot.timer);
    if (slot.task) this.settle(slot.task, err);
    slot.task = undefined;
    const wasLive = slot.live;
    slot.live = false;
    this.dispatch();
    // A warmed pool stays warm: a worker that was running (killed, crashed) is replaced now, not on
    // the next document. One that died while starting is not retried here (no start-up loop).
    if (this.warmed && !this.closed && wasLive && this.slots.length < this.warmSize) this.spawn();
  }
}
