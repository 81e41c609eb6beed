// One document through the built-in parser, page by page: sniff → a PageSource (PDF text layer with
// OCR where needed, or images through OCR) → layout into the page model → document-level passes →
// Markdown rendered from the blocks. Runs inside a pool worker. Memory stays flat in the page count:
// one page's objects and pixels are alive at a time.
import { ParseAbortedError, ParseError, type ParseErrorCode } from './errors.js';
import type { OcrEngine } from './ocr/index.js';
import { sniffMediaType } from './sniff.js';
import { createLayoutContext, layoutPage, runDocumentPasses } from './layout/index.js';
import { MIN_PAGE_CHARS_FOR_BODY, recordSizes } from './layout/context.js';
import type { PageLayoutInput } from './layout/types.js';
import { pageMarkdown, renderPage } from './markdown/render.js';
import { documentMarkdown } from './markdown/document.js';
import type { PageModel, RenderedPage } from './model.js';
import { PageTreeError, withKeptPdfPages, withPdfPages, type PdfPages } from './pdf/document.js';
import { KEEP_OPEN_IDLE_MS } from './limits.js';
import { pdfPageSource } from './source/pdf.js';
import { imagePageSource } from './source/image.js';
import type { PageSource } from './source/types.js';
import { decodeWindowPages, failedPage, type WindowPage } from './window-page.js';

export interface PageProgress {
  index: number;
  pagesDone: number;
  pages: number;
  /** With skipFailedPages: the page failed with this code (it comes back as ""; DECISIONS §8). */
  error?: ParseErrorCode;
}

/** A page that failed under skipFailedPages (DECISIONS §8 partial results). */
export interface PageFailure {
  index: number;
  code: ParseErrorCode;
}

export interface PipelineOptions {
  /** Tesseract codes (resolved from the `lang` hint by the caller). */
  langs: string[];
  pageTimeoutS: number;
  signal?: AbortSignal;
  /** Called once the page count is known: at most this many pages in this run, pages it may claim. */
  onStart?: (windowPages: number, totalPages: number) => void;
  onPage?: (e: PageProgress) => void;
  ocrEngine?: OcrEngine;
  /**
   * The pages this run lays out are claimed one at a time from this counter (`Atomics.add` on
   * element 0, an index into the selection), shared by every worker parsing the same document, so
   * one document of any length uses every core (issue 11 item 2). Without it the run claims alone.
   */
  claim?: Int32Array;
  /** At most this many pages per run (the pool's fairness quantum); default all. */
  maxPages?: number;
  /**
   * DECISIONS §8 page ranges: exactly these zero-based pages (ascending) instead of every page;
   * pages beyond the document are ignored.
   */
  pageIndexes?: readonly number[];
  /**
   * DECISIONS §8 partial results: a page that fails (its own time budget, its pixels, OCR, an
   * unreadable page) comes back "" and is listed in `failed`; the run goes on.
   */
  skipFailedPages?: boolean;
  /** Called as each page is claimed, before it is read (the pool accounts for a run that dies). */
  onClaim?: (index: number) => void;
  /**
   * Names the document across runs (pool): with it, a PDF stays open in this thread while pages
   * of it remain to be claimed, so the next run here does not reopen it (pdf/document.ts).
   */
  documentKey?: string;
  /** The document's scan verdict when the probe already reached it (pdf/scan-sample.ts). */
  scanned?: boolean;
  /**
   * Pages laid out before this parse (the probe's sample, encoded), outside `pageIndexes`: they
   * join the document when a run finishes it in place.
   */
  known?: Uint8Array;
}

export interface ParsedDocument {
  /** Markdown per physical page (per selected page with pageIndexes). */
  pages: string[];
  /** The typed blocks of each page, rendered (same order as `pages`); `pages[i]` is their join. */
  pageModels: RenderedPage[];
  /**
   * The document's Markdown: `pages` joined by blank lines, a paragraph continued over a page break
   * joined to the one it continues (markdown/document.ts).
   */
  markdown: string;
  /** With skipFailedPages: the pages that failed, ascending (DECISIONS §8). */
  failed?: PageFailure[];
}

export interface PipelineResult {
  /** Pages that can be claimed: the selection's pages within the document, else all of them. */
  claimable: number;
  pages: WindowPage[];
  /** The finished document, when this run laid out every claimable page itself (no document pass needed). */
  complete?: ParsedDocument;
}

/** The pages of `total` a run may claim, in order. */
function selectionOf(total: number, opts: PipelineOptions): number[] {
  if (opts.pageIndexes) return opts.pageIndexes.filter((i) => i >= 0 && i < total);
  return Array.from({ length: total }, (_, k) => k);
}

/** A page's own failure under skipFailedPages, typed like runPipeline types a document's. */
function pageFailureCode(err: unknown): ParseErrorCode {
  if (err instanceof ParseError) return err.code;
  return err instanceof RangeError ? 'document_too_complex' : 'malformed_document';
}

/** A page laid out by a run (or kept for the document pass when sparse). */
export function laidOut(index: number, input: PageLayoutInput): WindowPage {
  const own = createLayoutContext();
  const model = layoutPage(input, own);
  const sizes = [...own.sizeChars];
  const chars = sizes.reduce((n, [, c]) => n + c, 0);
  return chars >= MIN_PAGE_CHARS_FOR_BODY ? { index, sizes, model } : { index, sizes, input };
}

/** Lays out pages of `source` claimed by this run, with budget checks and progress between pages. */
async function runWindow(source: PageSource, opts: PipelineOptions, claim: Int32Array): Promise<PipelineResult> {
  const selection = selectionOf(source.pageCount, opts);
  const claimable = selection.length;
  const most = Math.min(claimable, opts.maxPages ?? claimable);
  const budget = new Budget(most, opts.pageTimeoutS, opts.signal);
  opts.onStart?.(most, claimable);
  const out: WindowPage[] = [];
  const checkpoint = () => budget.check();
  while (out.length < most) {
    if (!opts.skipFailedPages) budget.check();
    else if (opts.signal?.aborted) throw new ParseAbortedError();
    const k = Atomics.add(claim, 0, 1);
    if (k >= claimable) break;
    const i = selection[k]!;
    opts.onClaim?.(i);
    if (!opts.skipFailedPages) {
      out.push(laidOut(i, await source.page(i, checkpoint)));
      opts.onPage?.({ index: i, pagesDone: out.length, pages: claimable });
      continue;
    }
    // Partial results: each page has its own budget; a cancel, or a page tree that pdf.js cannot
    // walk (the document is repaired and read again), still ends the run.
    const pageBudget = new Budget(1, opts.pageTimeoutS, opts.signal);
    try {
      out.push(laidOut(i, await source.page(i, () => pageBudget.check())));
      opts.onPage?.({ index: i, pagesDone: out.length, pages: claimable });
    } catch (err) {
      if (err instanceof ParseAbortedError || err instanceof PageTreeError || opts.signal?.aborted) throw err;
      const code = pageFailureCode(err);
      out.push(failedPage(i, code));
      opts.onPage?.({ index: i, pagesDone: out.length, pages: claimable, error: code });
    }
  }
  if (!opts.skipFailedPages) budget.check();
  const known = out.length === claimable && opts.known ? decodeWindowPages(opts.known) : [];
  const complete = out.length === claimable ? finishDocument([...known, ...out], opts.skipFailedPages === true) : undefined;
  return { claimable, pages: out, complete };
}

/**
 * The document pass over every page of the document (from one run or several): sparse pages laid
 * out in page order with the size statistics of the pages before them, exactly as one sequential
 * run would; then the document passes (layout/stages.ts: running headers and footers, tables
 * continued over pages); then Markdown. `withFailed`: list failed pages.
 */
export function finishDocument(pages: WindowPage[], withFailed = false): ParsedDocument {
  const ordered = [...pages].sort((a, b) => a.index - b.index);
  const ctx = createLayoutContext();
  const models = ordered.map((p) => {
    if (p.model) {
      recordSizes(ctx, new Map(p.sizes));
      return p.model;
    }
    return layoutPage(p.input!, ctx);
  });
  const doc = rendered(runDocumentPasses(models, ordered.map((p) => p.index)));
  if (withFailed) doc.failed = ordered.filter((p) => p.failed).map((p) => ({ index: p.index, code: p.failed! }));
  return doc;
}

/** Markdown is rendered last, from the blocks, once the document passes are done (issue 9). */
function rendered(pageModels: PageModel[]): ParsedDocument {
  const out = pageModels.map(renderPage);
  return { pages: out.map(pageMarkdown), pageModels: out, markdown: documentMarkdown(out) };
}

class Budget {
  private readonly deadline: number;

  constructor(pages: number, pageTimeoutS: number, private readonly signal?: AbortSignal) {
    this.deadline = Date.now() + Math.max(1, pages) * pageTimeoutS * 1000;
  }

  /** Cooperative checkpoint between pages and stages. */
  check(): void {
    if (this.signal?.aborted) throw new ParseAbortedError();
    if (Date.now() > this.deadline) throw new ParseError('document_too_complex');
  }
}

function ocrOptions(opts: PipelineOptions) {
  return { langs: opts.langs, engine: opts.ocrEngine, signal: opts.signal };
}

const newClaim = () => new Int32Array(1);

async function parsePdf(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  let attempt = 0;
  let claimable = Infinity;
  const claim = opts.claim ?? newClaim();
  const work = async (pdf: PdfPages): Promise<PipelineResult> => {
    // A rebuilt page tree may count pages differently: that run lays out the whole selection alone.
    const first = attempt++ === 0;
    const result = await runWindow(pdfPageSource(pdf, ocrOptions(opts), opts.scanned), first ? opts : { ...opts, maxPages: undefined }, first ? claim : newClaim());
    claimable = result.claimable;
    return result;
  };
  if (opts.documentKey === undefined || !opts.claim) return withPdfPages(bytes, work);
  return withKeptPdfPages(opts.documentKey, bytes, work, () => Atomics.load(claim, 0) < claimable, KEEP_OPEN_IDLE_MS);
}

async function parseImage(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  return runWindow(await imagePageSource(bytes, ocrOptions(opts)), opts, opts.claim ?? newClaim());
}

/** Parses pages of a document in this thread (the pool calls it inside a worker). */
export async function runPipeline(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  const mediaType = sniffMediaType(bytes);
  if (mediaType === null) throw new ParseError('unsupported_media_type');
  try {
    return mediaType === 'application/pdf' ? await parsePdf(bytes, opts) : await parseImage(bytes, opts);
  } catch (err) {
    if (err instanceof ParseError || err instanceof ParseAbortedError) throw err;
    if (opts.signal?.aborted) throw new ParseAbortedError();
    // pdf.js/sharp/Tesseract failures on bad input: typed, content-free (DECISIONS §4).
    throw new ParseError(err instanceof RangeError ? 'document_too_complex' : 'malformed_document');
  }
}

/** A whole document (or selection) in this thread, in one sequential run (tests, eval). */
export async function parseInThread(bytes: Uint8Array, opts: Omit<PipelineOptions, 'claim' | 'maxPages'>): Promise<ParsedDocument> {
  const result = await runPipeline(bytes, opts);
  return result.complete ?? finishDocument(result.pages, opts.skipFailedPages === true);
}
