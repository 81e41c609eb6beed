// PaddleOCR-VL through PaddleX serving (models-wire.md §3): POST /layout-parsing with plain
// base64, at most PADDLEX_WINDOW_PAGES pages per request (the server silently drops the rest),
// page i's Markdown from layoutParsingResults[i].markdown.text, images replaced.
import type { Config } from '../../config.js';
import { Backend, statusFailure, UpstreamError, type BackendTiming, type WarmState } from '../backend.js';
import { httpRequest, parseJson } from '../http.js';
import { GRANITE_RENDER_DPI, PADDLEX_CONCURRENCY, PADDLEX_WINDOW_PAGES } from '../limits.js';
import { convertHtmlTables, replaceImages, tidy } from '../markdown.js';
import { round2, scaleBox, type PageSize } from '../blocks.js';
import { filePageSizes } from '../page-size.js';
import type { BlockType, ConvertInput, ConvertOptions, ConvertOutput, OutputBlock, PageBlocks } from '../types.js';
import { mapParserError, convertInUnits, renderSelectedPages, splitSelectedPdf, toBuffer, type GpuAdapter, type ParserLoader } from './common.js';

const MODEL = 'paddleocr-vl';
const BACKEND_NAME = 'paddlex PaddleOCR-VL';

interface Unit {
  bytes: Uint8Array;
  /** 0 = PDF, 1 = image. */
  fileType: 0 | 1;
  offset: number;
  pages: number;
}

export function createPaddleOcrVlAdapter(config: Config, url: string, timing: BackendTiming, loadParser: ParserLoader): GpuAdapter {
  void config;
  const probe = async (timeoutMs: number) => {
    const res = await httpRequest({ url: `${url}/health`, connectTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs });
    if (res.status !== 200) return false;
    const body = parseJson(res.body) as { errorCode?: unknown } | undefined;
    return body?.errorCode === undefined || body.errorCode === 0;
  };
  const backend = new Backend(MODEL, probe, PADDLEX_CONCURRENCY, timing);

  async function call(unit: Unit, signal?: AbortSignal): Promise<unknown> {
    // `file` without a data: prefix (PaddleX decodes it as is); fileType is required for base64.
    const payload = { file: toBuffer(unit.bytes).toString('base64'), fileType: unit.fileType, visualize: false, prettifyMarkdown: false };
    const res = await httpRequest({
      url: `${url}/layout-parsing`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: Buffer.from(JSON.stringify(payload)),
      connectTimeoutMs: timing.connectTimeoutMs,
      totalTimeoutMs: timing.callTimeoutMs,
      signal,
    });
    const failure = statusFailure(MODEL, res.status);
    if (failure) throw failure;
    const answer = parseJson(res.body);
    parseLayoutParsing(answer, unit.pages); // throws on a malformed answer before anything is kept
    return answer;
  }

  async function* units(doc: ConvertInput, signal?: AbortSignal): AsyncGenerator<Unit> {
    if (doc.mediaType === 'image/png' || doc.mediaType === 'image/jpeg') {
      yield { bytes: doc.bytes, fileType: 1, offset: 0, pages: 1 };
      return;
    }
    const parser = await loadParser();
    try {
      if (doc.mediaType === 'application/pdf') {
        if (!doc.selection && doc.pages <= PADDLEX_WINDOW_PAGES) {
          yield { bytes: doc.bytes, fileType: 0, offset: 0, pages: doc.pages };
          return;
        }
        // Cut in a pool worker from one load of the document, one window ahead of the requests.
        for await (const w of splitSelectedPdf(parser, doc, PADDLEX_WINDOW_PAGES, signal)) {
          yield { bytes: w.pdf, fileType: 0, offset: w.first, pages: w.last - w.first + 1 };
        }
        return;
      }
      // TIFF frames, WebP: PNG page images, one per request.
      for await (const page of renderSelectedPages(parser, doc, GRANITE_RENDER_DPI, signal)) {
        yield { bytes: page.png, fileType: 1, offset: page.index, pages: 1 };
      }
    } catch (err) {
      throw mapParserError(err);
    }
  }

  return {
    id: MODEL,
    backend,
    async convert(doc: ConvertInput, opts: ConvertOptions, warm: WarmState): Promise<ConvertOutput> {
      const out = await convertInUnits(doc, opts, PADDLEX_CONCURRENCY, (signal) => units(doc, signal), async (unit, signal) => {
        const answer = await backend.run(() => call(unit, signal), warm, { ...opts, signal });
        const pages = parseLayoutParsing(answer, unit.pages);
        if (!opts.blocks) return { offset: unit.offset, pages };
        const sizes = await filePageSizes(unit.bytes, unit.fileType === 0);
        return { offset: unit.offset, pages, layout: paddlexBlocks(answer, sizes) };
      });
      return { ...out, backend: BACKEND_NAME };
    },
  };
}

/** Pages of Markdown from a /layout-parsing answer; throws UpstreamError. */
export function parseLayoutParsing(body: unknown, pagesSent: number): string[] {
  const malformed = (why: string) => new UpstreamError('malformed', `${MODEL} returned an unusable answer (${why}).`);
  if (!body || typeof body !== 'object') throw malformed('not JSON');
  const b = body as { errorCode?: unknown; result?: { layoutParsingResults?: unknown } };
  if (b.errorCode !== 0) {
    const code = typeof b.errorCode === 'number' ? b.errorCode : 500;
    throw statusFailure(MODEL, code >= 400 && code < 600 ? code : 500) ?? malformed('error code');
  }
  const results = b.result?.layoutParsingResults;
  if (!Array.isArray(results)) throw malformed('no layoutParsingResults');
  // PaddleX renders only the first pages of a PDF and drops the rest without an error.
  if (results.length !== pagesSent) throw malformed(`${results.length} of ${pagesSent} pages`);
  return results.map((r) => {
    const text = (r as { markdown?: { text?: unknown } } | null)?.markdown?.text;
    if (typeof text !== 'string') throw malformed('page without markdown');
    return tidy(convertHtmlTables(replaceImages(text)));
  });
}

/** PaddleX layout labels → the API's block types (DECISIONS §8); unknown labels are paragraphs. */
const PADDLEX_TYPES: Record<string, BlockType> = {
  doc_title: 'heading', paragraph_title: 'heading', table: 'table', image: 'figure', chart: 'figure', seal: 'figure',
  formula: 'formula', display_formula: 'formula', algorithm: 'code', figure_title: 'caption', table_title: 'caption',
  chart_title: 'caption', footnote: 'footnote', vision_footnote: 'footnote', header: 'page_header', header_image: 'page_header',
  aside_text: 'page_header', footer: 'page_footer', footer_image: 'page_footer', number: 'page_footer',
};

interface PaddlexBlock {
  block_label?: unknown;
  block_content?: unknown;
  block_bbox?: unknown;
}

/**
 * Each page's `parsing_res_list` as blocks, boxes scaled from the server's render (prunedResult
 * width × height, pixels) to `sizes` (the pages in points; images: pixels). The blocks' Markdown is
 * their content (titles with `#`, tables converted, images as `<!-- image -->`); the page's
 * Markdown stays PaddleX's own `markdown.text`, which can differ from their join in spacing.
 */
export function paddlexBlocks(body: unknown, sizes: PageSize[]): PageBlocks[] {
  const results = ((body as { result?: { layoutParsingResults?: unknown } }).result?.layoutParsingResults ?? []) as Array<{ prunedResult?: { width?: unknown; height?: unknown; parsing_res_list?: unknown } } | null>;
  return results.map((r, k) => {
    const size = sizes[k] ?? { width: 0, height: 0 };
    const pruned = r?.prunedResult;
    const gridW = typeof pruned?.width === 'number' && pruned.width > 0 ? pruned.width : size.width || 1;
    const gridH = typeof pruned?.height === 'number' && pruned.height > 0 ? pruned.height : size.height || 1;
    const list = Array.isArray(pruned?.parsing_res_list) ? (pruned.parsing_res_list as PaddlexBlock[]) : [];
    const blocks: OutputBlock[] = [];
    for (const b of list) {
      const label = typeof b?.block_label === 'string' ? b.block_label : '';
      const type = PADDLEX_TYPES[label] ?? 'paragraph';
      const content = typeof b?.block_content === 'string' ? b.block_content.trim() : '';
      const level = label === 'doc_title' ? 1 : label === 'paragraph_title' ? 2 : undefined;
      const markdown = type === 'figure' ? '<!-- image -->' : level ? `${'#'.repeat(level)} ${content.replace(/^#+\s*/, '')}` : tidy(convertHtmlTables(replaceImages(content)));
      if (!content && type !== 'figure') continue;
      const raw = Array.isArray(b?.block_bbox) && b.block_bbox.length === 4 && b.block_bbox.every((v) => typeof v === 'number') ? (b.block_bbox as number[]) : [0, 0, gridW, gridH];
      const bbox = scaleBox(raw, gridW, gridH, size);
      blocks.push(level ? { type, bbox, markdown, level } : { type, bbox, markdown });
    }
    return { width: round2(size.width), height: round2(size.height), blocks };
  });
}
