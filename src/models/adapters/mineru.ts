// MinerU2.5 through `mineru-api` 3.x (models-wire.md §1): POST /file_parse (multipart, `files`
// part with a filename) per page window of at most MINERU_WINDOW_PAGES, each window a PDF of its
// own (page_idx restarts at 0 per file), content_list grouped by page. TIFF and WebP are rendered to PNG pages first (mineru-api takes PDF, PNG and JPEG).
import { ConfigError, type Config } from '../../config.js';
import { Backend, statusFailure, UpstreamError, type BackendTiming, type WarmState } from '../backend.js';
import { encodeMultipart, httpRequest, parseJson } from '../http.js';
import { MINERU_CONCURRENCY, MINERU_WINDOW_PAGES, GRANITE_RENDER_DPI } from '../limits.js';
import { htmlTableToMarkdown, tidy } from '../markdown.js';
import type { BlockType, ConvertInput, ConvertOptions, ConvertOutput, OutputBlock, PageBlocks } from '../types.js';
import { round2, scaleBox, type PageSize } from '../blocks.js';
import { filePageSizes } from '../page-size.js';
import { imageExtension, mapParserError, convertInUnits, renderSelectedPages, splitSelectedPdf, type GpuAdapter, type ParserLoader } from './common.js';

const MODEL = 'mineru-2.5';

interface Unit {
  bytes: Uint8Array;
  filename: string;
  contentType: string;
  /** Physical page index of the unit's first page. */
  offset: number;
  pages: number;
}

/** mineru-api backends that run MinerU2.5 (`pipeline` is MinerU's older, non-VLM parser). */
export const MINERU_VLM_BACKENDS = ['vlm-engine', 'vlm-http-client', 'hybrid-engine', 'hybrid-http-client'];

export function createMineruAdapter(config: Config, url: string, timing: BackendTiming, loadParser: ParserLoader): GpuAdapter {
  if (!MINERU_VLM_BACKENDS.includes(config.mineruBackend)) {
    throw new ConfigError(`DOCCONV_MINERU_BACKEND must be one of ${MINERU_VLM_BACKENDS.join(', ')} (MinerU2.5 backends), got "${config.mineruBackend}"`);
  }
  const probe = async (timeoutMs: number) => {
    // 3.x: 200 healthy / 503 unhealthy. 2.x has no /health: any HTTP answer means it listens.
    const res = await httpRequest({ url: `${url}/health`, connectTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs });
    return res.status === 200 || res.status === 404;
  };
  const backend = new Backend(MODEL, probe, MINERU_CONCURRENCY, timing);

  async function call(unit: Unit, signal?: AbortSignal): Promise<{ items: ContentItem[][]; backend: string }> {
    const fields = [
      { name: 'files', value: unit.bytes, filename: unit.filename, contentType: unit.contentType },
      { name: 'backend', value: config.mineruBackend },
      { name: 'return_content_list', value: 'true' },
      { name: 'return_md', value: 'false' },
    ];
    const { body, contentType } = encodeMultipart(fields);
    const res = await httpRequest({
      url: `${url}/file_parse`,
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json' },
      body,
      connectTimeoutMs: timing.connectTimeoutMs,
      totalTimeoutMs: timing.callTimeoutMs,
      signal,
    });
    const failure = statusFailure(MODEL, res.status);
    if (failure) throw failure;
    const answer = parseJson(res.body);
    return { items: fileParseItems(answer, unit.pages), backend: backendName(answer, config.mineruBackend) };
  }

  async function* units(doc: ConvertInput, signal?: AbortSignal): AsyncGenerator<Unit> {
    if (doc.mediaType === 'application/pdf' && doc.pages <= MINERU_WINDOW_PAGES) {
      yield { bytes: doc.bytes, filename: 'document.pdf', contentType: 'application/pdf', offset: 0, pages: doc.pages };
    } else if (doc.mediaType === 'application/pdf') {
      // Each window is sent as a PDF of its own, cut in a pool worker from one load of the document
      // (issue 10 item 9): not the whole file with start_page_id/end_page_id for every window.
      const parser = await loadParser();
      try {
        for await (const w of splitSelectedPdf(parser, doc, MINERU_WINDOW_PAGES, signal)) {
          yield { bytes: w.pdf, filename: 'document.pdf', contentType: 'application/pdf', offset: w.first, pages: w.last - w.first + 1 };
        }
      } catch (err) {
        throw mapParserError(err);
      }
    } else if (doc.mediaType === 'image/png' || doc.mediaType === 'image/jpeg') {
      yield { bytes: doc.bytes, filename: `document.${imageExtension(doc.mediaType)}`, contentType: doc.mediaType, offset: 0, pages: 1 };
    } else {
      const parser = await loadParser();
      try {
        for await (const page of renderSelectedPages(parser, doc, GRANITE_RENDER_DPI, signal)) {
          yield { bytes: page.png, filename: 'document.png', contentType: 'image/png', offset: page.index, pages: 1 };
        }
      } catch (err) {
        throw mapParserError(err);
      }
    }
  }

  return {
    id: MODEL,
    backend,
    async convert(doc: ConvertInput, opts: ConvertOptions, warm: WarmState): Promise<ConvertOutput> {
      let name = `mineru-api ${config.mineruBackend}`;
      const converted = await convertInUnits(doc, opts, MINERU_CONCURRENCY, (signal) => units(doc, signal), async (unit, signal) => {
        const out = await backend.run(() => call(unit, signal), warm, { ...opts, signal });
        name = out.backend;
        const pages = out.items.map(pageMarkdown);
        if (!opts.blocks) return { offset: unit.offset, pages };
        const sizes = await filePageSizes(unit.bytes, unit.contentType === 'application/pdf');
        return { offset: unit.offset, pages, layout: out.items.map((items, k) => mineruBlocks(items, sizes[k] ?? { width: 0, height: 0 })) };
      });
      return { ...converted, backend: name };
    },
  };
}

function backendName(body: unknown, configured: string): string {
  const b = body as { version?: unknown; backend?: unknown } | undefined;
  const version = typeof b?.version === 'string' ? `${b.version} ` : '';
  const name = typeof b?.backend === 'string' ? b.backend : configured;
  return `mineru-api ${version}${name}`;
}

/** Pages of Markdown from a /file_parse answer; throws UpstreamError('malformed'). */
export function parseFileParse(body: unknown, pageCount: number): string[] {
  return fileParseItems(body, pageCount).map(pageMarkdown);
}

function pageMarkdown(items: ContentItem[]): string {
  return tidy(items.map(contentItemToMarkdown).filter(Boolean).join('\n\n'));
}

/** content_list items by page (reading order kept); throws UpstreamError('malformed'). */
export function fileParseItems(body: unknown, pageCount: number): ContentItem[][] {
  const malformed = (why: string) => new UpstreamError('malformed', `${MODEL} returned an unusable answer (${why}).`);
  const results = (body as { results?: unknown } | undefined)?.results;
  if (!results || typeof results !== 'object') throw malformed('no results');
  const entries = Object.values(results as Record<string, unknown>);
  if (entries.length !== 1) throw malformed('no single result');
  const raw = (entries[0] as { content_list?: unknown } | null)?.content_list;
  let items: unknown;
  if (typeof raw === 'string') {
    try {
      items = JSON.parse(raw);
    } catch {
      throw malformed('content_list is not JSON');
    }
  } else items = raw; // tolerate an already-parsed list
  if (!Array.isArray(items)) throw malformed('content_list is not a list');
  const pages: ContentItem[][] = Array.from({ length: pageCount }, () => []);
  for (const item of items as ContentItem[]) {
    if (!item || typeof item !== 'object') continue;
    const idx = Number.isInteger(item.page_idx) ? item.page_idx! : 0;
    if (idx < 0 || idx >= pageCount) continue;
    pages[idx]!.push(item);
  }
  return pages;
}

/** MinerU's item types → the API's block types; its furniture keeps its text as header/footer. */
const MINERU_TYPES: Record<string, BlockType> = {
  list: 'list_item', equation: 'formula', table: 'table', image: 'figure', chart: 'figure', code: 'code',
  header: 'page_header', aside_text: 'page_header', footer: 'page_footer', page_number: 'page_footer', page_footnote: 'page_footer', discarded: 'page_footer',
};

/** MinerU's bbox values run 0..1000 over the page. */
const MINERU_GRID = 1000;

/**
 * One page's items as blocks on `size`. Body blocks carry exactly the Markdown the page joins, so
 * the page's Markdown is its non-furniture blocks joined by blank lines (DECISIONS §8).
 */
export function mineruBlocks(items: ContentItem[], size: PageSize): PageBlocks {
  const blocks: OutputBlock[] = [];
  for (const item of items) {
    const heading = item.type === 'text' && typeof item.text_level === 'number' && item.text_level >= 1;
    const type: BlockType = item.type === 'text' ? (heading ? 'heading' : 'paragraph') : (MINERU_TYPES[item.type ?? ''] ?? 'paragraph');
    const furniture = type === 'page_header' || type === 'page_footer';
    const markdown = furniture ? (typeof item.text === 'string' ? item.text.trim() : '') : tidy(contentItemToMarkdown(item));
    if (!markdown) continue;
    const box = Array.isArray(item.bbox) && item.bbox.length === 4 && item.bbox.every((v) => typeof v === 'number') ? item.bbox : [0, 0, MINERU_GRID, MINERU_GRID];
    const bbox = scaleBox(box, MINERU_GRID, MINERU_GRID, size);
    blocks.push(heading ? { type, bbox, markdown, level: Math.min(6, Math.floor(item.text_level!)) } : { type, bbox, markdown });
  }
  return { width: round2(size.width), height: round2(size.height), blocks };
}

interface ContentItem {
  bbox?: number[];
  type?: string;
  page_idx?: number;
  text?: string;
  text_level?: number;
  list_items?: unknown;
  table_body?: string;
  table_caption?: unknown;
  table_footnote?: unknown;
  image_caption?: unknown;
  image_footnote?: unknown;
  chart_caption?: unknown;
  chart_footnote?: unknown;
  code_body?: string;
  code_caption?: unknown;
  sub_type?: string;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()) : []);

/** One content_list item as Markdown (models-wire.md §1 table); "" for furniture. */
export function contentItemToMarkdown(item: ContentItem): string {
  const text = typeof item.text === 'string' ? item.text.trim() : '';
  switch (item.type) {
    case 'text': {
      if (!text) return '';
      const level = typeof item.text_level === 'number' && item.text_level >= 1 ? Math.min(6, Math.floor(item.text_level)) : 0;
      return level ? `${'#'.repeat(level)} ${text.replace(/\s*\n\s*/g, ' ')}` : text;
    }
    case 'list':
      return strings(item.list_items)
        .map((s) => (/^([-*+•]|\d+[.)])\s/.test(s) ? s.replace(/^[•]\s/, '- ') : `- ${s}`))
        .join('\n');
    case 'equation':
      if (!text) return '';
      return text.startsWith('$$') ? text : `$$\n${text}\n$$`;
    case 'table': {
      const body = typeof item.table_body === 'string' && item.table_body.trim() ? htmlTableToMarkdown(item.table_body) : '';
      return tidy([...strings(item.table_caption), body, ...strings(item.table_footnote)].filter(Boolean).join('\n\n'));
    }
    case 'image':
    case 'chart':
      return ['<!-- image -->', ...strings(item.image_caption), ...strings(item.chart_caption), ...strings(item.image_footnote), ...strings(item.chart_footnote)].join('\n\n');
    case 'code': {
      const body = typeof item.code_body === 'string' ? item.code_body.trim() : '';
      return [...strings(item.code_caption), body].filter(Boolean).join('\n\n');
    }
    case 'header':
    case 'footer':
    case 'page_number':
    case 'aside_text':
    case 'page_footnote':
    case 'discarded':
      return '';
    default:
      return text; // an unknown body type: keep its text
  }
}
