// Every limit and budget of the built-in parser, named once (DECISIONS §2).

/** Rendering a PDF page must stay within this many pixels, else `page_too_large`. */
export const MAX_RENDER_PIXELS = 40_000_000;
/** Decoding an image must stay within this many pixels, else `page_too_large`. */
export const MAX_DECODE_PIXELS = 100_000_000;
/** pdf.js `maxImageSize`: embedded images larger than this (pixels) are skipped when rendering. */
export const PDFJS_MAX_IMAGE_PIXELS = MAX_DECODE_PIXELS;
/** Resolution used to render a PDF page without a usable text layer for OCR. */
export const OCR_RENDER_DPI = 200;
/** Bytes searched for a `%PDF-` header (pdf.js tolerates junk before it). */
export const PDF_HEADER_SEARCH_BYTES = 1024;
/** Pages sampled by `probeDocument` for routing features. */
export const PROBE_SAMPLE_PAGES = 5;
/** Mean word confidence under which OCR retries the page rotated (upside-down or sideways scans). */
export const OCR_ROTATION_RETRY_CONFIDENCE = 60;
/** Words under this confidence (0..100) are dropped from OCR output as noise. */
export const OCR_MIN_WORD_CONFIDENCE = 20;
/** A pool worker that outlives its task's budget by this much is terminated and replaced. */
export const WORKER_KILL_GRACE_MS = 5_000;
/** Minimum per-document time budget, so tiny documents are not killed by start-up costs. */
export const MIN_DOCUMENT_BUDGET_MS = 10_000;
/** Page budget for tasks whose caller gives none (rendering for GPU adapters, probing). */
export const DEFAULT_PAGE_TIMEOUT_S = 30;
/**
 * The most pages one parse run lays out before it ends and the document's next run is queued: the
 * pool's fairness quantum (other owners get a worker in between). Output does not depend on it nor
 * on the number of workers (pipeline.ts: sparse pages are laid out by the document pass).
 */
export const PARSE_CHUNK_PAGES = 32;
/** A worker keeps a document open this long after a run while pages of it remain (pdf/document.ts withKeptPdfPages). */
export const KEEP_OPEN_IDLE_MS = 1_000;
/**
 * The probe's whole budget (issue 10 item 3): it samples at most PROBE_SAMPLE_PAGES pages, stops
 * sampling at half of this (answering from the pages read), and is killed at this plus the grace.
 * A probe that cannot read one page in time fails `document_too_complex` before any slot is spent.
 */
export const PROBE_BUDGET_MS = 5_000;
