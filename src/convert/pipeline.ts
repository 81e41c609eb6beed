// One document through the built-in parser, page by page: sniff → a PageSource (PDF text layer with
// OCR where needed, or images through OCR) → layout into the page model → document-level passes →
// Markdown rendered from the blocks. Runs inside a pool worker. Memory stays flat in the page count:
// one page's objects and pixels are alive at a time.
import { ParseAbortedError, ParseError } from './errors.js';
import type { OcrEngine } from './ocr/index.js';
import { sniffMediaType } from './sniff.js';
import { createLayoutContext, layoutPage } from './layout/index.js';
import { markRunningLines } from './layout/furniture.js';
import { renderPageMarkdown } from './markdown/render.js';
import type { PageModel } from './model.js';
import { withPdfPages } from './pdf/document.js';
import { pdfPageSource } from './source/pdf.js';
import { imagePageSource } from './source/image.js';
import type { PageSource } from './source/types.js';

export { mergeTextLayer, needsFinerOcr, OCR_FAST_DPI, OCR_IMAGE_FAST_DPI, OCR_SMALL_TEXT_PT, pageNeedsOcr } from './source/ocr-rules.js';

export interface PageProgress {
  index: number;
  pagesDone: number;
  pages: number;
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
}

export interface ParsedDocument {
  /** Markdown per physical page. */
  pages: string[];
  /** The typed blocks of each page (same order as `pages`); `pages[i]` is rendered from them. */
  pageModels: PageModel[];
}

export interface PipelineResult extends ParsedDocument {
  totalPages: number;
  firstPage: number;
  /** false for a partial window: the caller runs finalizePages over all pages. */
  finalized: boolean;
}

/** The window of `total` pages this run covers. */
function windowOf(total: number, opts: PipelineOptions): { first: number; end: number } {
  const first = Math.min(Math.max(0, opts.firstPage ?? 0), total);
  const end = Math.min(total, first + (opts.maxPages ?? total));
  return { first, end };
}

/** Lays out the window's pages of `source`, with budget checks and progress between pages. */
async function runWindow(source: PageSource, opts: PipelineOptions): Promise<PipelineResult> {
  const total = source.pageCount;
  const { first, end } = windowOf(total, opts);
  const budget = new Budget(end - first, opts.pageTimeoutS, opts.signal);
  opts.onStart?.(end - first, total);
  const ctx = createLayoutContext();
  const out: PageModel[] = [];
  const checkpoint = () => budget.check();
  for (let i = first; i < end; i++) {
    budget.check();
    out.push(layoutPage(await source.page(i, checkpoint), ctx));
    opts.onPage?.({ index: i, pagesDone: i - first + 1, pages: total });
  }
  budget.check();
  const whole = first === 0 && end === total;
  return { ...(whole ? finalizePages(out) : rendered(out)), totalPages: total, firstPage: first, finalized: whole };
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
