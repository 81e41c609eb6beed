// The built-in parser's public entry (docs/architecture.md, "src/convert"). Everything heavy runs in
// the worker pool; this module only validates, copies the bytes once and relays progress.
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ParseError, type ParseErrorCode } from './errors.js';
import { DEFAULT_PAGE_TIMEOUT_S, PARSE_CHUNK_PAGES, PROBE_BUDGET_MS } from './limits.js';
import { resolveOcrLanguages } from './ocr/languages.js';
import type { ParsedDocument, PipelineResult } from './pipeline.js';
import { WorkerPool } from './pool/pool.js';
import { pdfjsWorkerBootstrap } from './pdf/pdfjs-worker.js';
import type { TaskEvent } from './pool/protocol.js';
import { streamTask } from './pool/stream.js';
import type { PdfWindow } from './pdf/split.js';
import type { DocumentProbe } from './probe.js';
import { sniffMediaType } from './sniff.js';

export { sniffMediaType, type MediaType } from './sniff.js';
export { ParseError, LanguageError, ParseAbortedError, type ParseErrorCode } from './errors.js';
export type { PageFailure } from './pipeline.js';
export { availableOcrLanguages } from './ocr/languages.js';
export type { PdfWindow } from './pdf/split.js';
export type { DocumentProbe, Script } from './probe.js';
export type { ParsedDocument } from './pipeline.js';
export type { BBox, Block, BlockType, PageModel } from './model.js';

export interface PageEvent {
  index: number;
  pagesDone: number;
  pages: number;
  /** With skipFailedPages: this page failed with that code (DECISIONS §8). */
  error?: ParseErrorCode;
}

export interface ParseOptions {
  lang?: string;
  pageTimeoutS: number;
  signal?: AbortSignal;
  onPage?: (e: PageEvent) => void;
  /** Fairness key (the account): a free worker goes to the owner holding fewest (pool.ts). */
  owner?: string;
  /**
   * DECISIONS §8 page ranges: only these zero-based pages, ascending (pages beyond the document are
   * ignored); the result's `pages` follow this order and events count them.
   */
  pages?: readonly number[];
  /** DECISIONS §8 partial results: a failed page becomes "" and an entry of `failed`. */
  skipFailedPages?: boolean;
}

let pool: WorkerPool | undefined;

/** The workers' heavy dependencies (see WorkerPool: loaded before tsx); pdf.js's worker half is the prelude. */
const WORKER_PRELOAD = [
  'pdfjs-dist/legacy/build/pdf.mjs',
  'sharp',
  '@napi-rs/canvas',
  'tesseract.js',
  'pdf-lib',
];

function convertPool(): WorkerPool {
  // Under tsx (tests, eval) the worker is the .ts source; the compiled build (dist/) ships worker.js beside this file.
  const self = fileURLToPath(import.meta.url);
  pool ??= new WorkerPool(new URL(`./pool/worker.${self.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url), availableParallelism(), WORKER_PRELOAD.map((m) => import.meta.resolve(m)), pdfjsWorkerBootstrap());
  return pool;
}

/** A private copy of the bytes, transferred (not copied again) to the worker (warm-up only). */
function ownedCopy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/**
 * One copy of a document per caller array, in shared memory (issue 10 item 2): the probe, every
 * page window and every render or split of it read the same bytes, none is copied per task. Kept
 * as long as the caller holds its array; the caller must not change the bytes afterwards.
 */
const sharedCopies = new WeakMap<Uint8Array, Uint8Array>();

function sharedBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  let copy = sharedCopies.get(bytes);
  if (!copy) {
    copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
    copy.set(bytes);
    sharedCopies.set(bytes, copy);
  }
  return copy;
}

function requireSupported(bytes: Uint8Array): void {
  if (sniffMediaType(bytes) === null) throw new ParseError('unsupported_media_type');
}

export interface ProbeOptions {
  /** Fairness key (the account): a free worker goes to the owner holding fewest (pool.ts). */
  owner?: string;
  signal?: AbortSignal;
  /** The probe's whole time budget in seconds (default PROBE_BUDGET_MS). */
  budgetS?: number;
}

let nextDocument = 1;

/**
 * Media type and page count, then routing features from a sample of pages. Queued like any other
 * task of its owner (no jumping the queue) and killed past its budget (issue 10 item 3).
 */
export async function probeDocument(bytes: Uint8Array, opts: ProbeOptions = {}): Promise<DocumentProbe> {
  requireSupported(bytes);
  const budgetMs = opts.budgetS !== undefined ? opts.budgetS * 1000 : PROBE_BUDGET_MS;
  return convertPool().run<DocumentProbe>('probe', { bytes: sharedBytes(bytes), budgetMs }, {
    group: opts.owner ?? `doc-${nextDocument++}`,
    signal: opts.signal,
    pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S,
    budgetMs,
  });
}

/**
 * Markdown per physical page. Throws ParseError, LanguageError (bad `lang`) or ParseAbortedError.
 * The first window of PARSE_CHUNK_PAGES pages learns the page count; the other windows are then
 * queued as workers free up (at most one per worker in flight: a long document never queues all
 * of its windows at once), and the document is finished (running headers/footers) once all are in.
 */
export async function parseDocument(bytes: Uint8Array, opts: ParseOptions): Promise<ParsedDocument> {
  if (opts.pages || opts.skipFailedPages) return parseSelection(bytes, opts);
  requireSupported(bytes);
  const langs = resolveOcrLanguages(opts.lang);
  const pool = convertPool();
  const doc = sharedBytes(bytes);
  const group = opts.owner ?? `doc-${nextDocument++}`;
  const failed = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, failed.signal]) : failed.signal;
  setMaxListeners(0, signal); // one listener per page window
  let pagesDone = 0;
  let firstFailure: unknown;
  const windows: PipelineResult[] = [];
  const runWindow = (firstPage: number, onTotal?: (total: number) => void) => {
    const task = pool.run<PipelineResult>('parse', { bytes: doc, langs, pageTimeoutS: opts.pageTimeoutS, firstPage, maxPages: PARSE_CHUNK_PAGES }, {
      signal,
      group,
      pageTimeoutS: opts.pageTimeoutS,
      onEvent: (e: TaskEvent) => {
        if (e.type === 'start' && 'total' in e) onTotal?.(Number(e.total));
        else if (e.type === 'page') {
          pagesDone++;
          opts.onPage?.({ index: Number(e.index), pagesDone, pages: Number(e.pages) });
        }
      },
    });
    // The first failure cancels the other windows; each rejection is observed by its lane.
    task.catch((err: unknown) => {
      firstFailure ??= err;
      failed.abort();
    });
    return task.then((w) => void windows.push(w));
  };
  // Lanes: each runs one window at a time and then takes the next unclaimed one.
  let nextWindow = PARSE_CHUNK_PAGES;
  let total = 0;
  const lane = async () => {
    while (nextWindow < total && !signal.aborted) {
      const first = nextWindow;
      nextWindow += PARSE_CHUNK_PAGES;
      await runWindow(first);
    }
  };
  const lanes: Array<Promise<void>> = [];
  try {
    await runWindow(0, (t) => {
      total = t;
      for (let i = 1; i < pool.size && nextWindow < total; i++) lanes.push(lane());
    });
    const head = windows[0]!;
    if (head.finalized) return { pages: head.pages, pageModels: head.pageModels };
    lanes.push(lane());
    await Promise.all(lanes);
    const pageModels = windows.sort((a, b) => a.firstPage - b.firstPage).flatMap((w) => w.pageModels);
    return await pool.run<ParsedDocument>('finalize', { pageModels }, { signal, group, pageTimeoutS: opts.pageTimeoutS });
  } catch (err) {
    failed.abort();
    await Promise.allSettled(lanes);
    // A window cancelled because another failed reports the original failure.
    throw firstFailure ?? err;
  }
}

/**
 * parseDocument for a page selection or with skipFailedPages (DECISIONS §8). The selection (default:
 * every page, counted by a probe) is cut into windows of PARSE_CHUNK_PAGES selected pages, run in
 * lanes like parseDocument's (at most one window per worker in flight), and finished together. With
 * skipFailedPages a window that fails as a whole (its worker over budget or crashed) delivers its
 * pages as failed with that code; pages it had already reported are lost with it.
 */
async function parseSelection(bytes: Uint8Array, opts: ParseOptions): Promise<ParsedDocument> {
  requireSupported(bytes);
  const langs = resolveOcrLanguages(opts.lang);
  const selection = opts.pages ?? Array.from({ length: (await probeDocument(bytes, { owner: opts.owner, signal: opts.signal })).pages }, (_, i) => i);
  const pool = convertPool();
  const doc = sharedBytes(bytes);
  const group = opts.owner ?? `doc-${nextDocument++}`;
  const failed = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, failed.signal]) : failed.signal;
  setMaxListeners(0, signal);
  const windows: number[][] = [];
  for (let k = 0; k < selection.length; k += PARSE_CHUNK_PAGES) windows.push(selection.slice(k, k + PARSE_CHUNK_PAGES));
  const skip = opts.skipFailedPages === true;
  let pagesDone = 0;
  const report = (index: number, error?: ParseErrorCode) => {
    pagesDone++;
    opts.onPage?.({ index, pagesDone, pages: selection.length, ...(error ? { error } : {}) });
  };
  const results: ParsedDocument[] = new Array(windows.length);
  const runWindow = async (w: number): Promise<void> => {
    const pageIndexes = windows[w]!;
    const reported = new Set<number>();
    try {
      results[w] = await pool.run<PipelineResult>('parse', { bytes: doc, langs, pageTimeoutS: opts.pageTimeoutS, pageIndexes, selectionComplete: windows.length === 1, skipFailedPages: skip }, {
        signal,
        group,
        pageTimeoutS: opts.pageTimeoutS,
        onEvent: (e: TaskEvent) => {
          if (e.type !== 'page') return;
          reported.add(Number(e.index));
          report(Number(e.index), e.error as ParseErrorCode | undefined);
        },
      });
    } catch (err) {
      if (!skip || opts.signal?.aborted || !(err instanceof ParseError)) throw err;
      for (const i of pageIndexes) if (!reported.has(i)) report(i, err.code);
      results[w] = {
        pages: pageIndexes.map(() => ''),
        pageModels: pageIndexes.map(() => ({ width: 0, height: 0, blocks: [] })),
        failed: pageIndexes.map((index) => ({ index, code: err.code })),
      };
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < windows.length && !signal.aborted) await runWindow(next++);
  };
  const lanes = Array.from({ length: Math.min(pool.size, windows.length) }, lane);
  try {
    await Promise.all(lanes);
    const failures = results.flatMap((r) => r.failed ?? []);
    const finished: ParsedDocument = windows.length > 1
      ? await pool.run<ParsedDocument>('finalize', { pageModels: results.flatMap((r) => r.pageModels) }, { signal, group, pageTimeoutS: opts.pageTimeoutS })
      : { pages: results[0]?.pages ?? [], pageModels: results[0]?.pageModels ?? [] };
    return skip ? { ...finished, failed: failures } : finished;
  } catch (err) {
    failed.abort();
    await Promise.allSettled(lanes);
    throw err;
  }
}

export interface RenderOptions {
  dpi: number;
  /** 0-based, inclusive page window; default the whole document. */
  first?: number;
  last?: number;
  signal?: AbortSignal;
  pageTimeoutS?: number;
}

/**
 * PDF pages rendered, or image pages (TIFF frames, WebP…) re-encoded, as PNG, one at a time: the
 * next page is rendered only once the consumer asked for it, so memory stays flat.
 */
export function renderPagesToPng(bytes: Uint8Array, opts: RenderOptions): AsyncIterable<{ index: number; png: Uint8Array }> {
  requireSupported(bytes);
  return streamTask(convertPool(), 'render', { bytes: sharedBytes(bytes), dpi: opts.dpi, first: opts.first, last: opts.last }, 'png', (e) => ({ index: Number(e.index), png: e.png as Uint8Array }), {
    signal: opts.signal,
    pageTimeoutS: opts.pageTimeoutS ?? DEFAULT_PAGE_TIMEOUT_S,
  });
}

export interface SplitOptions {
  /** Pages per window. */
  size: number;
  /** These inclusive windows instead (DECISIONS §8 page ranges: runs of the selection). */
  windows?: ReadonlyArray<{ first: number; last: number }>;
  signal?: AbortSignal;
}

/**
 * A PDF cut into consecutive windows of at most `size` pages, each a PDF of its own, in a pool
 * worker from one load of the document, one window at a time as the consumer takes them.
 */
export function splitPdfWindows(bytes: Uint8Array, opts: SplitOptions): AsyncIterable<PdfWindow> {
  if (sniffMediaType(bytes) !== 'application/pdf') throw new ParseError('unsupported_media_type');
  return streamTask(convertPool(), 'split', { bytes: sharedBytes(bytes), size: opts.size, windows: opts.windows }, 'pdf', (e) => ({ first: Number(e.first), last: Number(e.last), pdf: e.pdf as Uint8Array }), {
    signal: opts.signal,
    pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S,
  });
}

/**
 * A one-page PDF (Helvetica text, a ruled line) parsed once by each worker at warm-up, so that the
 * first real document does not pay pdf.js's and the layout stage's cold JIT (~1.6x the CPU).
 */
function warmupPdf(): Uint8Array {
  const content = 'BT /F1 12 Tf 72 720 Td (Warm-up heading) Tj 0 -16 Td (The quick brown fox jumps over the lazy dog, 1 2 3.) Tj ET 72 700 m 540 700 l S';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

let warming: Promise<void> | undefined;

/**
 * Starts the worker pool ahead of the first document (service start-up) and lets each worker parse
 * a one-page PDF; resolves once done. convertPoolHealth() is 'down' until then.
 */
export function warmConvertPool(): Promise<void> {
  const p = convertPool();
  warming ??= (async () => {
    await p.warm();
    const bytes = warmupPdf();
    // All workers are free: one task each. A warm-up failure is not the pool's failure.
    await Promise.all(Array.from({ length: p.size }, () => {
      const copy = ownedCopy(bytes);
      return p.run('parse', { bytes: copy, langs: ['eng'], pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S }, { transfer: [copy.buffer as ArrayBuffer], pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S }).catch(() => undefined);
    }));
    warmedUp = pool === p;
  })().finally(() => {
    warming = undefined;
  });
  return warming;
}

let warmedUp = false;

/**
 * The pool as a `/health` dependency: 'up' once warmConvertPool() finished and a worker is alive,
 * 'down' while it is starting (or was never started) or has no live worker.
 */
export function convertPoolHealth(): 'up' | 'down' {
  return pool !== undefined && warmedUp && pool.isWarm() && pool.liveWorkers() > 0 ? 'up' : 'down';
}

/** Workers, busy workers and queued tasks of the pool (tests, diagnostics); zeros before first use. */
export function convertPoolStats(): { workers: number; busy: number; queued: number } {
  const { workers, busy, queued } = pool?.stats() ?? { workers: 0, busy: 0, queued: 0 };
  return { workers, busy, queued };
}

/** Terminates the pool's workers (graceful shutdown; tests). The pool restarts on next use. */
export async function shutdownConvertPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  warmedUp = false;
  await p?.close();
}
