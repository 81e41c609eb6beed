// Shared types of the models domain (docs/architecture.md, "src/models"). The document-side types
// come from the public entry of src/convert (type-only: nothing of the parser loads here).
import type { BBox, BlockType, DocumentProbe, MediaType, RenderedPage } from '../convert/index.js';

export type { BBox, BlockType, DocumentProbe, MediaType, RenderedPage };

/** The model ids accepted by `model` besides `auto` (DECISIONS §4). */
export const MODEL_IDS = ['builtin', 'mineru-2.5', 'granite-docling', 'paddleocr-vl'] as const;
export type ModelId = (typeof MODEL_IDS)[number];
export type GpuModelId = Exclude<ModelId, 'builtin'>;
export const GPU_MODEL_IDS: readonly GpuModelId[] = ['mineru-2.5', 'granite-docling', 'paddleocr-vl'];

export function isModelId(value: unknown): value is ModelId {
  return typeof value === 'string' && (MODEL_IDS as readonly string[]).includes(value);
}

/** Spec §2 ModelInfo: all required strings. */
export interface ModelInfo {
  id: ModelId;
  label: string;
  license: string;
  attribution: string;
  attribution_url: string;
}

export interface PageEvent {
  /** Zero-based index in the source document. */
  index: number;
  pagesDone: number;
  /** Pages being converted (the selection's size when `selection` is set). */
  pages: number;
  /** With onPageError `skip`: the page failed with this catalogue code (DECISIONS §8). */
  error?: string;
}

export interface ConvertInput {
  bytes: Uint8Array;
  mediaType: MediaType;
  /** Pages in the document. */
  pages: number;
  /**
   * DECISIONS §8 page ranges: the zero-based indexes to convert, ascending and unique; undefined =
   * every page. Only these pages are parsed or sent to a model server.
   */
  selection?: readonly number[];
}

/** A page that failed under onPageError `skip`: its source index and catalogue code. */
export interface PageFailure {
  index: number;
  code: string;
}

export interface ConvertOptions {
  lang?: string;
  signal?: AbortSignal;
  /** Built-in parser budget per page (DOCCONV_PAGE_TIMEOUT_S). GPU calls use DOCCONV_MODEL_TIMEOUT_S. */
  pageTimeoutS: number;
  onPage?: (e: PageEvent) => void;
  /** The account converting: the built-in parser's pool shares workers fairly between owners. */
  owner?: string;
  /** Called once each time the backend turns cold during this conversion (job → `warming`). */
  onWarming?: () => void;
  /** Called once when a cold backend answers again (job → `processing`). */
  onProcessing?: () => void;
  /**
   * Until when a cold backend is waited for. An epoch-milliseconds timestamp (Date.now() + …);
   * a value below 1e12 is read as a duration in ms counted from the first cold signal.
   * Default: DOCCONV_MODEL_WARMUP_TIMEOUT_S from the first cold signal.
   */
  warmupDeadlineMs?: number;
  /**
   * DECISIONS §8 partial results: `skip` turns a failed page into "" plus a PageFailure instead of
   * failing the document (which still fails when every page failed). Default `fail`.
   */
  onPageError?: 'fail' | 'skip';
  /**
   * formats=blocks (DECISIONS §8): also return each page's blocks with boxes (`layout`). GPU
   * adapters then read page sizes; without it they skip that work.
   */
  blocks?: boolean;
}

/** One block of a page as the API returns it (`formats=blocks`, DECISIONS §8). */
export interface OutputBlock {
  type: BlockType;
  /** [x0, y0, x1, y1] in PDF points (images: pixels at 72 dpi), top-left origin. */
  bbox: BBox;
  markdown: string;
  /** Headings only. */
  level?: number;
  /** Tables only: it goes on from the last table block of the previous page. */
  continues?: boolean;
  /** With `continues`: how many of its first rows repeat that table's header. */
  repeated_header_rows?: number;
}

/** A page's size and blocks in reading order; its Markdown is its non-furniture blocks joined. */
export interface PageBlocks {
  width: number;
  height: number;
  blocks: OutputBlock[];
}

export interface ConvertOutput {
  /** Markdown per physical page, in order; "" for an empty page. */
  pages: string[];
  /** Source index of each entry of `pages` when a selection was converted; undefined = 0..n-1. */
  indexes?: number[];
  /** With onPageError `skip`: the pages that failed, ascending by index. */
  failed?: PageFailure[];
  /** Blocks per page, same order as `pages`, when the backend knows where its text lies. */
  layout?: PageBlocks[];
  /**
   * The document's Markdown when it is not `pages` joined by blank lines (a paragraph continued
   * over a page break joined to the one it continues); absent = that join.
   */
  markdown?: string;
  /** meta.backend, e.g. `mineru-api 3.4.4 vlm-engine`, `vllm ibm-granite/granite-docling-258M`, `builtin`. */
  backend: string;
}

/**
 * The parts of the built-in parser (src/convert/index.ts) the models domain uses: rendering and
 * splitting for the GPU adapters, parsing for `builtin`. Injected so tests can pass a fake.
 */
export interface ParserPort {
  parseDocument(
    bytes: Uint8Array,
    opts: {
      lang?: string; pageTimeoutS: number; signal?: AbortSignal; onPage?: (e: PageEvent) => void; owner?: string;
      /** Only these zero-based pages (ascending); the result's `pages` follow this order. */
      pages?: readonly number[];
      /** A failing page becomes "" and an entry of `failed` instead of failing the document. */
      skipFailedPages?: boolean;
    },
  ): Promise<{ pages: string[]; failed?: PageFailure[]; pageModels?: RenderedPage[]; markdown?: string }>;
  renderPagesToPng(
    bytes: Uint8Array,
    opts: { dpi: number; first?: number; last?: number; signal?: AbortSignal },
  ): AsyncIterable<{ index: number; png: Uint8Array }>;
  /** Consecutive windows of at most `size` pages as PDFs of their own, cut in a pool worker from one load. */
  splitPdfWindows(bytes: Uint8Array, opts: { size: number; signal?: AbortSignal; windows?: ReadonlyArray<{ first: number; last: number }> }): AsyncIterable<{ first: number; last: number; pdf: Uint8Array }>;
}
