// The built-in parser's public entry (docs/architecture.md, "src/convert"). Everything heavy runs in
// the worker pool; this module only validates, copies the bytes once and relays progress.
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ParseAbortedError, ParseError, type ParseErrorCode } from './errors.js';
import { DEFAULT_PAGE_TIMEOUT_S, PARSE_CHUNK_PAGES, PROBE_BUDGET_MS } from './limits.js';
import { resolveOcrLanguages } from './ocr/languages.js';
import type { PageProgress, ParsedDocument } from './pipeline.js';
import type { FinalizePayload, ParsePayload, RunOutcome } from './pool/worker.js';
import { failedPage, type SampledPages, type WindowPage } from './window-page.js';
import { WorkerPool } from './pool/pool.js';
import { pdfjsWorkerBootstrap } from './pdf/pdfjs-worker.js';
import type { TaskEvent } from './pool/protocol.js';
import { streamTask } from './pool/stream.js';
import type { PdfWindow } from './pdf/split.js';
import type { DocumentProbe, ProbeOutcome } from './probe.js';
import { sniffMediaType } from './sniff.js';

export { sniffMediaType, type MediaType } from './sniff.js';
export { ParseError, LanguageError, ParseAbortedError, type ParseErrorCode } from './errors.js';
export type { PageFailure } from './pipeline.js';
export { availableOcrLanguages } from './ocr/languages.js';
export type { PdfWindow } from './pdf/split.js';
export type { DocumentProbe, Script } from './probe.js';
export type { ParsedDocument } from './pipeline.js';
export type { BBox, Block, BlockType, PageModel, RenderedBlock, RenderedPage } from './model.js';

/** A finished page, as the pipeline reports it. */
export type PageEvent = PageProgress;

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
  // The preload only matters under tsx (plain JS kept off its loader); compiled workers load what
  // they use when they use it (pdf-lib, tesseract.js: most workers never do), saving ~30 MB each.
  const underTsx = self.endsWith('.ts');
  pool ??= new WorkerPool(new URL(`./pool/worker.${underTsx ? 'ts' : 'js'}`, import.meta.url), {
    size: availableParallelism(),
    preload: underTsx ? WORKER_PRELOAD.map((m) => import.meta.resolve(m)) : [],
    prelude: pdfjsWorkerBootstrap(),
  });
  return pool;
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
  const { parsed, scanned, sampled, ...probe } = await convertPool().run<ProbeOutcome>('probe', { bytes: sharedBytes(bytes), budgetMs }, {
    group: opts.owner ?? `doc-${nextDocument++}`,
    signal: opts.signal,
    pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S,
    budgetMs,
  });
  if (parsed) parsedByProbe.set(bytes, parsed);
  if (scanned !== undefined) scanVerdicts.set(bytes, scanned);
  if (sampled) sampledByProbe.set(bytes, { ...sampled, pages: probe.pages });
  return probe;
}

/**
 * Documents the probe already parsed whole (short, no OCR page: probe.ts), per caller array, for
 * the parse that follows (issue 11 item 3: the document is opened and read once). Dropped with
 * the caller's array; the caller must not change the bytes afterwards.
 */
const parsedByProbe = new WeakMap<Uint8Array, ParsedDocument>();

/**
 * The probe's scan verdict per caller array (pdf/scan-sample.ts), handed to every parse run so no
 * worker reads the first pages' operator lists again to reach the same verdict.
 */
const scanVerdicts = new WeakMap<Uint8Array, boolean>();

/**
 * A longer document's pages the probe laid out (probe.ts `sampled`), per caller array: the parse
 * claims the other pages only, and the sampled ones join the document pass (issue 11).
 */
const sampledByProbe = new WeakMap<Uint8Array, SampledPages & { pages: number }>();

/** The probe's sample to reuse, and the pages left to claim; none with a page selection or partial results. */
function reusableSample(bytes: Uint8Array, opts: ParseOptions): { sample: SampledPages & { pages: number }; rest: number[] } | undefined {
  const sample = opts.pages || opts.skipFailedPages ? undefined : sampledByProbe.get(bytes);
  if (!sample) return undefined;
  const taken = new Set(sample.indexes);
  const rest = Array.from({ length: sample.pages }, (_, i) => i).filter((i) => !taken.has(i));
  return rest.length > 0 ? { sample, rest } : undefined;
}

/**
 * Markdown per physical page (per selected page with `pages`). Throws ParseError, LanguageError
 * (bad `lang`) or ParseAbortedError. Every worker takes part in one document (issue 11 item 2):
 * the first run learns the page count, then up to one run per worker claims pages from a shared
 * counter, PARSE_CHUNK_PAGES at most per run (a run ends and the next is queued, so other owners
 * get workers in between; a long document never queues all its work at once). The document pass
 * (sparse pages, running headers/footers) runs once at the end in a worker, unless one run laid
 * out every page and finished the document itself. With skipFailedPages (DECISIONS §8) a run that
 * fails as a whole (its worker over budget or crashed) delivers the pages it had taken as failed
 * with that code; pages it had already reported are lost with it.
 */
export async function parseDocument(bytes: Uint8Array, opts: ParseOptions): Promise<ParsedDocument> {
  requireSupported(bytes);
  const langs = resolveOcrLanguages(opts.lang);
  const skip = opts.skipFailedPages === true;
  const known = opts.pages || skip ? undefined : parsedByProbe.get(bytes);
  if (known) {
    if (opts.signal?.aborted) throw new ParseAbortedError();
    known.pages.forEach((_, index) => opts.onPage?.({ index, pagesDone: index + 1, pages: known.pages.length }));
    return { pages: [...known.pages], pageModels: [...known.pageModels], markdown: known.markdown };
  }
  const pool = convertPool();
  const doc = sharedBytes(bytes);
  const documentKey = `doc-${nextDocument++}`;
  const group = opts.owner ?? documentKey;
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  setMaxListeners(0, signal); // one listener per run
  const claim = new Int32Array(new SharedArrayBuffer(4));
  const reuse = reusableSample(bytes, opts);
  const probed = reuse?.sample.indexes.length ?? 0;
  const payload: ParsePayload = {
    bytes: doc, langs, pageTimeoutS: opts.pageTimeoutS, claim, maxPages: PARSE_CHUNK_PAGES, pageIndexes: reuse?.rest ?? (opts.pages ? [...opts.pages] : undefined),
    skipFailedPages: skip, documentKey, scanned: scanVerdicts.get(bytes), known: reuse?.sample.encoded,
  };
  const seen = new Set<number>();
  const report = (index: number, pages: number, error?: ParseErrorCode) => {
    if (seen.has(index)) return; // a run restarted on a repaired page tree reports pages again
    seen.add(index);
    opts.onPage?.({ index, pagesDone: seen.size, pages, ...(error ? { error } : {}) });
  };
  // Runs' pages stay encoded (pool/worker.ts RunOutcome): this thread only relays them.
  const encoded: Uint8Array[] = [];
  const pages: WindowPage[] = [];
  // The probe's pages count first; the runs' events count the pages they may claim, the rest.
  reuse?.sample.indexes.forEach((index) => report(index, reuse.sample.pages));
  let complete: ParsedDocument | undefined;
  let failure: { err: unknown } | undefined;
  let claimable = Infinity;
  const run = (onStart?: (claimable: number) => void): Promise<void> => {
    const taken: number[] = [];
    return pool.run<RunOutcome>('parse', payload, {
      signal,
      group,
      pageTimeoutS: opts.pageTimeoutS,
      onEvent: (e: TaskEvent) => {
        if (e.type === 'start' && 'total' in e) onStart?.(Number(e.total));
        else if (e.type === 'claim') taken.push(Number(e.index));
        else if (e.type === 'page') report(Number(e.index), Number(e.pages) + probed, e.error as ParseErrorCode | undefined);
      },
    }).then(
      (r) => {
        if (r.complete) {
          complete ??= r.complete;
          stop.abort(); // the other runs' pages are not needed
        } else if (r.encoded) encoded.push(r.encoded);
      },
      (err: unknown) => {
        if (skip && err instanceof ParseError && !opts.signal?.aborted && !complete) {
          for (const i of taken) {
            pages.push(failedPage(i, err.code));
            report(i, claimable, err.code);
          }
          return;
        }
        // The first failure cancels the other runs; a run cancelled because of it (or because
        // another run finished the document) is not a failure of its own.
        if (!complete) failure ??= { err };
        stop.abort();
      },
    );
  };
  const lane = async () => {
    while (!signal.aborted && Atomics.load(claim, 0) < claimable) await run();
  };
  const lanes: Array<Promise<void>> = [];
  await run((n) => {
    claimable = n;
    for (let i = 1; i < Math.min(pool.size, n); i++) lanes.push(lane());
  });
  lanes.push(lane());
  await Promise.all(lanes);
  if (complete) return complete;
  if (failure) throw failure.err;
  if (signal.aborted) throw new ParseAbortedError();
  // The probe's pages are copied, not transferred: the caller's array may be parsed again.
  const finalize: FinalizePayload = { encoded: reuse ? [...encoded, reuse.sample.encoded] : encoded, pages, withFailed: skip };
  return pool.run<ParsedDocument>('finalize', finalize, { signal, group, pageTimeoutS: opts.pageTimeoutS, transfer: encoded.map((b) => b.buffer as ArrayBuffer) });
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
    // One shared copy read by every worker, as for a real document (sharedBytes).
    const bytes = sharedBytes(warmupPdf());
    // The warm workers are free: one task each. A warm-up failure is not the pool's failure.
    await Promise.all(Array.from({ length: p.warmSize }, () =>
      // What the warm-up leaves is garbage: collected at once, so the idle service holds only its footprint.
      p.run('parse', { bytes, langs: ['eng'], pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S }, { pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S, collectWhenIdleMs: 0 }).catch(() => undefined),
    ));
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
export function convertPoolStats(): { workers: number; busy: number; queued: number; started: number; recycled: number } {
  const { workers, busy, queued, started, recycled } = pool?.stats() ?? { workers: 0, busy: 0, queued: 0, started: 0, recycled: 0 };
  return { workers, busy, queued, started, recycled };
}

/** Terminates the pool's workers (graceful shutdown; tests). The pool restarts on next use. */
export async function shutdownConvertPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  warmedUp = false;
  await p?.close();
}
