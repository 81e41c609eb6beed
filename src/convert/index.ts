// The built-in parser's public entry (docs/architecture.md, "src/convert"). Everything heavy runs in
// the worker pool; this module only validates, copies the bytes once and relays progress.
import { fileURLToPath } from 'node:url';
import { ParseError } from './errors.js';
import { DEFAULT_PAGE_TIMEOUT_S } from './limits.js';
import { resolveOcrLanguages } from './ocr/languages.js';
import type { ParsedDocument } from './pipeline.js';
import { WorkerPool } from './pool/pool.js';
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

function convertPool(): WorkerPool {
  // Under tsx the worker is the .ts source; a compiled build would ship worker.js next to this file.
  const self = fileURLToPath(import.meta.url);
  pool ??= new WorkerPool(new URL(`./pool/worker.${self.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url));
  return pool;
}

/** A private copy of the bytes, transferred (not copied again) to the worker. */
function ownedCopy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

function requireSupported(bytes: Uint8Array): void {
  if (sniffMediaType(bytes) === null) throw new ParseError('unsupported_media_type');
}

/** Media type and page count, then routing features from a sample of pages. */
export async function probeDocument(bytes: Uint8Array): Promise<DocumentProbe> {
  requireSupported(bytes);
  const copy = ownedCopy(bytes);
  return convertPool().run<DocumentProbe>('probe', { bytes: copy }, { transfer: [copy.buffer as ArrayBuffer], pageTimeoutS: DEFAULT_PAGE_TIMEOUT_S });
}

/** Markdown per physical page. Throws ParseError, LanguageError (bad `lang`) or ParseAbortedError. */
export async function parseDocument(bytes: Uint8Array, opts: ParseOptions): Promise<ParsedDocument> {
  requireSupported(bytes);
  const langs = resolveOcrLanguages(opts.lang);
  const copy = ownedCopy(bytes);
  return convertPool().run<ParsedDocument>('parse', { bytes: copy, langs, pageTimeoutS: opts.pageTimeoutS }, {
    transfer: [copy.buffer as ArrayBuffer],
    signal: opts.signal,
    pageTimeoutS: opts.pageTimeoutS,
    onEvent: (e: TaskEvent) => {
      if (e.type === 'page') opts.onPage?.({ index: Number(e.index), pagesDone: Number(e.pagesDone), pages: Number(e.pages) });
    },
  });
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

/** Starts the worker pool ahead of the first document (service start-up, the `warming` state). */
export async function warmConvertPool(): Promise<void> {
  await convertPool().warm();
}

/** Terminates the pool's workers (graceful shutdown; tests). The pool restarts on next use. */
export async function shutdownConvertPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
