// One document through the built-in parser, page by page: sniff → open → per page (text layer, or
// render + OCR) → layout → Markdown, then document-level finishing. Runs inside a pool worker.
// Memory stays flat in the page count: one page's objects and pixels are alive at a time.
import { ParseAbortedError, ParseError } from './errors.js';
import { imagePageCount, decodeImagePageGray } from './images.js';
import { OCR_RENDER_DPI } from './limits.js';
import type { PageLayoutInput, TextRun } from './layout/types.js';
import { rebuildPageTree } from './pdf/repair.js';
import { ocrImage, type OcrEngine } from './ocr/index.js';
import { closePdf, openPdf, type PDFDocumentProxy, type PDFPageProxy } from './pdf/open.js';
import { renderPageGray } from './pdf/render.js';
import { sniffMediaType } from './sniff.js';
import { createLayoutContext, layoutPage, type LayoutContext } from './layout/index.js';
import { markRunningLines } from './layout/furniture.js';
import { renderPageMarkdown } from './markdown/render.js';
import type { PageModel } from './model.js';
import { extractPageLayout, usableTextLayer } from './pdf/extract.js';

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
   * finishes it (finalizeDocument); a partial one returns its pages as laid out.
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
  /** false for a partial window: the caller runs finalizeDocument over all pages. */
  finalized: boolean;
}

/** The window of `total` pages this run covers. */
function windowOf(total: number, opts: PipelineOptions): { first: number; end: number } {
  const first = Math.min(Math.max(0, opts.firstPage ?? 0), total);
  const end = Math.min(total, first + (opts.maxPages ?? total));
  return { first, end };
}

/** Runs `layoutOne` over the window, with budget checks and progress between pages. */
async function runWindow(total: number, opts: PipelineOptions, layoutOne: (i: number, ctx: LayoutContext, budget: Budget) => Promise<PageModel>): Promise<PipelineResult> {
  const { first, end } = windowOf(total, opts);
  const budget = new Budget(end - first, opts.pageTimeoutS, opts.signal);
  opts.onStart?.(end - first, total);
  const ctx = createLayoutContext();
  const out: PageModel[] = [];
  for (let i = first; i < end; i++) {
    budget.check();
    out.push(await layoutOne(i, ctx, budget));
    opts.onPage?.({ index: i, pagesDone: i - first + 1, pages: total });
  }
  budget.check();
  const whole = first === 0 && end === total;
  return { ...(whole ? finalizePages(out) : rendered(out)), totalPages: total, firstPage: first, finalized: whole };
}

function rendered(pageModels: PageModel[]): ParsedDocument {
  return { pages: pageModels.map(renderPageMarkdown), pageModels };
}

/** Placed images covering more than this share of an OCR'd page are the scan itself, not figures. */
const SCAN_IMAGE_PAGE_SHARE = 0.5;

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

/** Share of the page that placed images must cover for a page with a thin text layer to be OCR'd. */
const OCR_IMAGE_PAGE_SHARE = 0.25;

/**
 * A page is OCR'd when its text layer is not usable and OCR can add something: it has no text at
 * all (vector-drawn text, a blank scan) or images cover a good part of it. A title page with two
 * real words and no picture keeps its text layer (OCR would only re-read the same words, slowly).
 */
export function pageNeedsOcr(input: PageLayoutInput): boolean {
  if (usableTextLayer(input)) return false;
  if (input.runs.length === 0) return true;
  const pageArea = input.width * input.height;
  const imageArea = input.images.reduce((s, b) => s + b.width * b.height, 0);
  return pageArea > 0 && imageArea >= OCR_IMAGE_PAGE_SHARE * pageArea;
}

/** An OCR word mostly covered by a text-layer run is a re-reading of it. */
const OCR_OVERLAP_SHARE = 0.3;

function overlap(a: TextRun, b: TextRun): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The text layer is exact where it exists (a stamped date on a scan, a digital header): keep its
 * runs and add the OCR words that do not re-read them.
 */
export function mergeTextLayer(textRuns: TextRun[], ocrRuns: TextRun[]): TextRun[] {
  const kept = textRuns.filter((r) => !r.rotated);
  if (kept.length === 0) return ocrRuns;
  const fresh = ocrRuns.filter((o) => {
    const area = Math.max(1e-6, o.width * o.height);
    return !kept.some((t) => overlap(o, t) > OCR_OVERLAP_SHARE * area);
  });
  return [...kept, ...fresh];
}

/**
 * Scanned PDF pages are first read at this resolution: Tesseract's layout analysis and the render
 * scale with the pixels (~30 % less time per page than at OCR_RENDER_DPI), and text of normal size
 * reads the same (the corpus' OCR cases score identically at 150 and 200 dpi).
 */
export const OCR_FAST_DPI = 150;
/** Image scans of a higher resolution than this are first read scaled down to it. */
export const OCR_IMAGE_FAST_DPI = 200;

/**
 * Median font size (points, as OCR estimates it from line heights: ~0.75 of the real size) under
 * which a page is read again at OCR_RENDER_DPI. 9 pt print estimates ~6.8; 5 is ~6.5 pt print,
 * whose x-height at 150 dpi is ~6 px, too few for Tesseract.
 */
export const OCR_SMALL_TEXT_PT = 5;

/** Small print: worth a second, finer reading. */
export function needsFinerOcr(runs: TextRun[]): boolean {
  if (runs.length === 0) return false;
  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] < OCR_SMALL_TEXT_PT;
}

async function ocrPdfPage(page: PDFPageProxy, input: PageLayoutInput, opts: PipelineOptions): Promise<PageLayoutInput> {
  const ocrOpts = { langs: opts.langs, engine: opts.ocrEngine, signal: opts.signal };
  let ocr = await ocrImage(await renderPageGray(page, OCR_FAST_DPI), ocrOpts);
  if (needsFinerOcr(ocr.runs)) ocr = await ocrImage(await renderPageGray(page, OCR_RENDER_DPI), ocrOpts);
  const pageArea = input.width * input.height;
  return {
    ...input,
    width: ocr.width,
    height: ocr.height,
    runs: ocr.rotation === 0 ? mergeTextLayer(input.runs, ocr.runs) : ocr.runs,
    // Rules and figures are in the unrotated frame; keep them only when OCR kept the orientation.
    rules: ocr.rotation === 0 ? input.rules : [],
    images: ocr.rotation === 0 ? input.images.filter((b) => b.width * b.height < SCAN_IMAGE_PAGE_SHARE * pageArea) : [],
    fromOcr: true,
  };
}

/** pdf.js opened the file but cannot reach its pages: the page tree is broken. */
class PageTreeError extends Error {}

async function parsePdf(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  try {
    return await parsePdfOnce(bytes, opts);
  } catch (err) {
    if (!(err instanceof PageTreeError)) throw err;
    const repaired = await rebuildPageTree(bytes);
    if (!repaired) throw new ParseError('malformed_document');
    try {
      return await parsePdfOnce(repaired, opts);
    } catch (again) {
      throw again instanceof PageTreeError ? new ParseError('malformed_document') : again;
    }
  }
}

async function getPage(doc: PDFDocumentProxy, index: number): Promise<PDFPageProxy> {
  try {
    return await doc.getPage(index + 1);
  } catch {
    throw new PageTreeError();
  }
}

async function parsePdfOnce(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  const doc = await openPdf(bytes);
  try {
    return await runWindow(doc.numPages, opts, async (i, ctx, budget) => {
      const page = await getPage(doc, i);
      try {
        let input = await extractPageLayout(page, i);
        budget.check();
        if (pageNeedsOcr(input)) input = await ocrPdfPage(page, input, opts);
        return layoutPage(input, ctx);
      } finally {
        page.cleanup();
      }
    });
  } finally {
    await closePdf(doc);
  }
}

async function parseImage(bytes: Uint8Array, opts: PipelineOptions): Promise<PipelineResult> {
  return runWindow(await imagePageCount(bytes), opts, async (i, ctx) => {
    const ocrOpts = { langs: opts.langs, engine: opts.ocrEngine, signal: opts.signal };
    // Scans above OCR_IMAGE_FAST_DPI are first read scaled down to it; small print at full size.
    let ocr = await ocrImage(await decodeImagePageGray(bytes, i, OCR_IMAGE_FAST_DPI), ocrOpts);
    if (needsFinerOcr(ocr.runs)) ocr = await ocrImage(await decodeImagePageGray(bytes, i), ocrOpts);
    const input: PageLayoutInput = { index: i, width: ocr.width, height: ocr.height, runs: ocr.runs, rules: [], images: [], fromOcr: true };
    return layoutPage(input, ctx);
  });
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
