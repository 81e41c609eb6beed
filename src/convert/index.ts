// The built-in parser's public entry (docs/architecture.md, "src/convert"). Everything heavy runs in
// the worker pool; this module only validates, copies the bytes once and relays progress.
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ParseError } from './errors.js';
import { DEFAULT_PAGE_TIMEOUT_S, PARSE_CHUNK_PAGES } from './limits.js';
import { resolveOcrLanguages } from './ocr/languages.js';
import type { ParsedDocument, PipelineResult } from './pipeline.js';
import { WorkerPool } from './pool/pool.js';
import { pdfjsWorkerBootstrap } from './pdf/pdfjs-worker.js';
import type { TaskEvent } from './pool/protocol.js';
import type { DocumentProbe } from './probe.js';
import { sniffMediaType } from './sniff.js';

export { sniffMediaType, type MediaType } from './sniff.js';
export { ParseError, LanguageError, ParseAbortedError, type ParseErrorCode } from './errors.js';
export { availableOcrLanguages } from './ocr/languages.js';
export { splitPdf } from './pdf/split.js';
export type { DocumentProbe, Script } from './probe.js';
export type { ParsedDocument } from './pipeline.js';

export interface PageEvent {
  index: number;
  pagesDone: number;
  pages: number;
}

export interface ParseOptions {
  lang?: string;
  pageTimeoutS: number;
  signal?: AbortSignal;
  onPage?: (e: PageEvent) => void;
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

/** A private copy of the bytes, transferred (not copied again) to the worker. */
function ownedCopy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

function requireSupported(bytes: Uint8Array): void {
  if (sniffMediaType(bytes) === null) throw new ParseError('unsupported_media_type');
}

/** Media type and page count, then routing features from a sample of pages. `budgetS`: its time budget (the caller's, e.g. the API's short probe budget). */
export async function probeDocument(bytes: Uint8Array, opts: { budgetS?: number } = {}): Promise<DocumentProbe> {
  requireSupported(bytes);
  const copy = ownedCopy(bytes);
  return convertPool().run<DocumentProbe>('probe', { bytes: copy }, { transfer: [copy.buffer as ArrayBuffer], pageTimeoutS: opts.budgetS ?? DEFAULT_PAGE_TIMEOUT_S });
}

let nextDocument = 1;

/**
 * Markdown per physical page. Throws ParseError, LanguageError (bad `lang`) or ParseAbortedError.
 * The first window of PARSE_CHUNK_PAGES pages learns the page count; the other windows then run on
 * the other workers, and the document is finished (running headers/footers) once all are in.
 */
export async function parseDocument(bytes: Uint8Array, opts: ParseOptions): Promise<ParsedDocument> {
  requireSupported(bytes);
  const langs = resolveOcrLanguages(opts.lang);
  const pool = convertPool();
  const group = nextDocument++;
  const failed = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, failed.signal]) : failed.signal;
  setMaxListeners(0, signal); // one listener per page window
  let pagesDone = 0;
  let firstFailure: unknown;
  const rest: Array<Promise<PipelineResult>> = [];
  const runWindow = (firstPage: number) => {
    const copy = ownedCopy(bytes);
    const task = pool.run<PipelineResult>('parse', { bytes: copy, langs, pageTimeoutS: opts.pageTimeoutS, firstPage, maxPages: PARSE_CHUNK_PAGES }, {
      transfer: [copy.buffer as ArrayBuffer],
      signal,
      group,
      pageTimeoutS: opts.pageTimeoutS,
      onEvent: (e: TaskEvent) => {
        if (e.type === 'start' && firstPage === 0 && 'total' in e) {
          for (let f = PARSE_CHUNK_PAGES; f < Number(e.total); f += PARSE_CHUNK_PAGES) rest.push(runWindow(f));
        } else if (e.type === 'page') {
          pagesDone++;
          opts.onPage?.({ index: Number(e.index), pagesDone, pages: Number(e.pages) });
        }
      },
    });
    // The first failure cancels the other windows; each rejection is observed below.
    task.catch((err: unknown) => {
      firstFailure ??= err;
      failed.abort();
    });
    return task;
  };
  try {
    const head = await runWindow(0);
    if (head.finalized) return { pages: head.pages, pageModels: head.pageModels };
    const windows = [head, ...(await Promise.all(rest))].sort((a, b) => a.firstPage - b.firstPage);
    const pageModels = windows.flatMap((w) => w.pageModels);
    return await pool.run<ParsedDocument>('finalize', { pageModels }, { signal, group, pageTimeoutS: opts.pageTimeoutS });
  } catch (err) {
    failed.abort();
    // A window cancelled because another failed reports the original failure.
    throw firstFailure ?? err;
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
export async function* renderPagesToPng(bytes: Uint8Array, opts: RenderOptions): AsyncIterable<{ index: number; png: Uint8Array }> {
  requireSupported(bytes);
  const copy = ownedCopy(bytes);
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const ready: Array<{ index: number; png: Uint8Array; ack: () => void }> = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  const task = convertPool().run<null>('render', { bytes: copy, dpi: opts.dpi, first: opts.first, last: opts.last }, {
    transfer: [copy.buffer as ArrayBuffer],
    signal,
    pageTimeoutS: opts.pageTimeoutS ?? DEFAULT_PAGE_TIMEOUT_S,
    onEvent: (e, ack) => {
      if (e.type !== 'png') return ack();
      ready.push({ index: Number(e.index), png: e.png as Uint8Array, ack });
      wake?.();
    },
  });
  task.then(
    () => { finished = true; wake?.(); },
    (err: unknown) => { failure = err; finished = true; wake?.(); },
  );
  try {
    for (;;) {
      const next = ready.shift();
      if (next) {
        next.ack(); // lets the worker render the following page while this one is consumed
        yield { index: next.index, png: next.png };
        continue;
      }
      if (failure !== undefined) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    if (!finished) stop.abort();
  }
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

/** Terminates the pool's workers (graceful shutdown; tests). The pool restarts on next use. */
export async function shutdownConvertPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  warmedUp = false;
  await p?.close();
}
