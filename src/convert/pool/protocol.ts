// The messages between the pool (main thread) and its workers, and the worker-side loop.
// A worker runs one task at a time; the pool owns time budgets and replaces dead workers.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { LanguageError, ParseAbortedError, ParseError, type ParseErrorCode } from '../errors.js';
import { fullCollection } from '../full-collection.js';

/**
 * A worker left idle this long collects its garbage once (issue 11 item 4): V8 starts no major GC
 * in a thread that allocates nothing, so what a document left behind stayed resident until the
 * next document. Not sooner: the forced collection costs the next document dearly (its heap is
 * grown again and its code optimised again: see WORKER_RECYCLE_IDLE_MS for the figures), and a
 * worker a few seconds between documents is a busy one. The start-up warm-up collects at once.
 */
export const WORKER_IDLE_COLLECT_MS = 10_000;

export type ToWorker =
  | { type: 'task'; id: number; kind: string; payload: unknown; collectWhenIdleMs?: number }
  | { type: 'cancel'; id: number }
  | { type: 'ack'; id: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'event'; id: number; event: TaskEvent; wantsAck: boolean }
  | { type: 'done'; id: number; result: unknown; heapBytes: number }
  | { type: 'error'; id: number; error: WireError; heapBytes: number };

/** `start` tells the pool a document's page count (its time budget); the rest reach the caller. */
export type TaskEvent = { type: 'start'; pages: number; total?: number } | { type: string; [k: string]: unknown };

export interface WireError {
  name: string;
  message: string;
  code?: string;
  available?: string[];
}

export function toWire(err: unknown): WireError {
  if (err instanceof ParseError) return { name: 'ParseError', code: err.code, message: err.message };
  if (err instanceof LanguageError) return { name: 'LanguageError', message: err.message, available: err.available };
  if (err instanceof ParseAbortedError) return { name: 'AbortError', message: err.message };
  // Anything else is a bug or an engine failure on bad input: content-free (DECISIONS §6).
  return { name: 'ParseError', code: 'malformed_document', message: new ParseError('malformed_document').message };
}

export function fromWire(w: WireError): Error {
  if (w.name === 'LanguageError') {
    const e = new LanguageError([], w.available ?? []);
    e.message = w.message;
    return e;
  }
  if (w.name === 'AbortError') return new ParseAbortedError();
  return new ParseError((w.code as ParseErrorCode | undefined) ?? 'malformed_document', w.message);
}

export interface TaskContext {
  signal: AbortSignal;
  /** Sends an event to the caller; with `awaitAck` resolves once the caller consumed it (backpressure). */
  emit(event: TaskEvent, opts?: { transfer?: ArrayBuffer[]; awaitAck?: boolean }): Promise<void>;
}

export type TaskHandler = (kind: string, payload: unknown, ctx: TaskContext) => Promise<{ result: unknown; transfer?: ArrayBuffer[] }>;

/** This thread's V8 heap as reserved (what V8 keeps after a big document, not only what is live). */
function heapBytes(): number {
  const h = getHeapStatistics();
  return h.total_heap_size + h.external_memory;
}

/** The worker side: serve tasks from the pool with `handler` until terminated. */
export function serveTasks(handler: TaskHandler): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks must run in a worker thread');
  const running = new Map<number, { abort: AbortController; acks: Array<() => void> }>();
  let idleCollect: NodeJS.Timeout | undefined;
  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'task') clearTimeout(idleCollect);
    if (msg.type === 'cancel') running.get(msg.id)?.abort.abort();
    else if (msg.type === 'ack') running.get(msg.id)?.acks.shift()?.();
    else if (msg.type === 'task') void run(msg.id, msg.kind, msg.payload, msg.collectWhenIdleMs ?? WORKER_IDLE_COLLECT_MS);
  });

  async function run(id: number, kind: string, payload: unknown, collectWhenIdleMs: number): Promise<void> {
    const entry = { abort: new AbortController(), acks: [] as Array<() => void> };
    running.set(id, entry);
    const ctx: TaskContext = {
      signal: entry.abort.signal,
      emit(event, opts = {}) {
        const wantsAck = opts.awaitAck === true;
        const acked = wantsAck ? new Promise<void>((resolve) => entry.acks.push(resolve)) : Promise.resolve();
        port!.postMessage({ type: 'event', id, event, wantsAck } satisfies FromWorker, opts.transfer ?? []);
        if (!wantsAck) return acked;
        // A cancelled consumer never acks: stop waiting when the task is aborted.
        return Promise.race([acked, new Promise<void>((_, reject) => entry.abort.signal.addEventListener('abort', () => reject(new ParseAbortedError()), { once: true }))]);
      },
    };
    try {
      const { result, transfer } = await handler(kind, payload, ctx);
      port!.postMessage({ type: 'done', id, result, heapBytes: heapBytes() } satisfies FromWorker, transfer ?? []);
    } catch (err) {
      port!.postMessage({ type: 'error', id, error: toWire(entry.abort.signal.aborted ? new ParseAbortedError() : err), heapBytes: heapBytes() } satisfies FromWorker);
    } finally {
      running.delete(id);
      if (running.size === 0) {
        clearTimeout(idleCollect);
        idleCollect = setTimeout(() => fullCollection({ shrink: true }), collectWhenIdleMs);
        idleCollect.unref();
      }
    }
  }
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
