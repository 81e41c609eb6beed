// One document through the built-in parser, page by page: sniff → a PageSource (PDF text layer with
// OCR where needed, or images through OCR) → layout into the page model → document-level passes →
// Markdown rendered from the blocks. Runs inside a pool worker. Memory stays flat in the page count:
// one page's objects and pixels are alive at a time.
import { ParseAbortedError, ParseError, type ParseErrorCode } from './errors.js';
import type { OcrEngine } from './ocr/index.js';
import { sniffMediaType } from './sniff.js';
import { createLayoutContext, layoutPage } from './layout/index.js';
import { markRunningLines } from './layout/furniture.js';
import { renderPageMarkdown } from './markdown/render.js';
import type { PageModel } from './model.js';
import { PageTreeError, withPdfPages } from './pdf/document.js';
import { pdfPageSource } from './source/pdf.js';
import { imagePageSource } from './source/image.js';
import type { PageSource } from './source/types.js';

export { mergeTextLayer, needsFinerOcr, OCR_FAST_DPI, OCR_IMAGE_FAST_DPI, OCR_SMALL_TEXT_PT, pageNeedsOcr } from './source/ocr-rules.js';

export interface PageProgress {
  index: number;
  pagesDone: number;
  pages: number;
  /** With skipFailedPages: the page failed with this code (it comes back as ""). */
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
  /** Called once the page count is known: pages in this run's window, pages in the document. */
  onStart?: (windowPages: number, totalPages: number) => void;
  onPage?: (e: PageProgress) => void;
  ocrEngine?: OcrEngine;
  /**
   * A window of the document (the pool parses long documents in chunks on several workers):
   * pages firstPage .. firstPage + maxPages - 1. A run that covers the whole document also
   * finishes it (finalizePages); a partial one returns its pages as laid out.
   */
  firstPage?: number;
  maxPages?: number;
  /**
   * DECISIONS §8 page ranges: exactly these zero-based pages (ascending) instead of the window
   * firstPage/maxPages; pages beyond the document are ignored. `selectionComplete`: they are the
   * whole selection, so this run also finishes the document.
   */
  pageIndexes?: readonly number[];
  selectionComplete?: boolean;
  /**
   * DECISIONS §8 partial results: a page that fails (its own time budget, its pixels, OCR, an
   * unreadable page) comes back "" and is listed in `failed`; the run goes on.
   */
  skipFailedPages?: boolean;
}

export interface ParsedDocument {
  /** Markdown per physical page (per selected page with pageIndexes). */
  pages: string[];
  /** The typed blocks of each page (same order as `pages`); `pages[i]` is rendered from them. */
  pageModels: PageModel[];
  /** With skipFailedPages: the pages that failed, ascending (DECISIONS §8). */
  failed?: PageFailure[];
}

export interface PipelineResult extends ParsedDocument {
  totalPages: number;
  firstPage: number;
  /** false for a partial window: the caller runs finalizePages over all pages. */
  finalized: boolean;
}

/** The pages of `total` this run covers, and whether they are all the document's pages asked for. */
function pagesOf(total: number, opts: PipelineOptions): { indexes: number[]; whole: boolean } {
  if (opts.pageIndexes) {
    return { indexes: opts.pageIndexes.filter((i) => i >= 0 && i < total), whole: opts.selectionComplete === true };
  }
  const first = Math.min(Math.max(0, opts.firstPage ?? 0), total);
  const end = Math.min(total, first + (opts.maxPages ?? total));
  return { indexes: Array.from({ length: end - first }, (_, k) => first + k), whole: first === 0 && end === total };
}

/** A page's own failure under skipFailedPages, typed like runPipeline types a document's. */
function pageFailureCode(err: unknown): ParseErrorCode {
  if (err instanceof ParseError) return err.code;
  return err instanceof RangeError ? 'document_too_complex' : 'malformed_document';
}

/** What a failed page delivers under skipFailedPages: no blocks (Markdown ""). */
const FAILED_PAGE: PageModel = { width: 0, height: 0, blocks: [] };

/** Lays out the run's pages of `source`, with budget checks and progress between pages. */
async function runWindow(source: PageSource, opts: PipelineOptions): Promise<PipelineResult> {
  const total = source.pageCount;
  const { indexes, whole } = pagesOf(total, opts);
  const budget = new Budget(indexes.length, opts.pageTimeoutS, opts.signal);
  opts.onStart?.(indexes.length, total);
  const ctx = createLayoutContext();
  const out: PageModel[] = [];
  const failed: PageFailure[] = [];
  const checkpoint = () => budget.check();
  for (const [n, i] of indexes.entries()) {
    if (!opts.skipFailedPages) {
      budget.check();
      out.push(layoutPage(await source.page(i, checkpoint), ctx));
      opts.onPage?.({ index: i, pagesDone: n + 1, pages: total });
      continue;
    }
    // Partial results: each page has its own budget; a cancel, or a page tree that pdf.js cannot
    // walk (the document is repaired and read again), still ends the run.
    const pageBudget = new Budget(1, opts.pageTimeoutS, opts.signal);
    try {
      out.push(layoutPage(await source.page(i, () => pageBudget.check()), ctx));
      opts.onPage?.({ index: i, pagesDone: n + 1, pages: total });
    } catch (err) {
      if (err instanceof ParseAbortedError || err instanceof PageTreeError || opts.signal?.aborted) throw err;
      const code = pageFailureCode(err);
      out.push(FAILED_PAGE);
      failed.push({ index: i, code });
      opts.onPage?.({ index: i, pagesDone: n + 1, pages: total, error: code });
    }
  }
  if (!opts.skipFailedPages) budget.check();
  const result: PipelineResult = { ...(whole ? finalizePages(out) : rendered(out)), totalPages: total, firstPage: indexes[0] ?? total, finalized: whole };
  if (opts.skipFailedPages) result.failed = failed;
  return result;
}

function rendered(pageModels: PageModel[]): ParsedDocument {
  return { pages: pageModels.map(renderPageMarkdown), pageModels };
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

async function parsePdf(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  return withPdfPages(bytes, (pdf) => runWindow(pdfPageSource(pdf, ocrOptions(opts)), opts));
}

async function parseImage(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  return runWindow(await imagePageSource(bytes, ocrOptions(opts)), opts);
}

/** Document-level finishing of all the pages (running headers and footers), then Markdown. */
export function finalizePages(pageModels: PageModel[]): ParsedDocument {
  return rendered(markRunningLines(pageModels));
}

/** Parses a document in this thread (the pool calls it inside a worker). */
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
