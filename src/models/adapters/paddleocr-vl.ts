// PaddleOCR-VL through PaddleX serving (models-wire.md §3): POST /layout-parsing with plain
// base64, at most PADDLEX_WINDOW_PAGES pages per request (the server silently drops the rest),
// page i's Markdown from layoutParsingResults[i].markdown.text, images replaced.
import type { Config } from '../../config.js';
import { Backend, statusFailure, UpstreamError, type BackendTiming, type WarmState } from '../backend.js';
import { httpRequest, parseJson } from '../http.js';
import { GRANITE_RENDER_DPI, PADDLEX_CONCURRENCY, PADDLEX_WINDOW_PAGES } from '../limits.js';
import { convertHtmlTables, replaceImages, tidy } from '../markdown.js';
import type { ConvertInput, ConvertOptions, ConvertOutput } from '../types.js';
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

  async function call(unit: Unit, signal?: AbortSignal): Promise<string[]> {
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
    return parseLayoutParsing(parseJson(res.body), unit.pages);
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
      const out = await convertInUnits(doc, opts, PADDLEX_CONCURRENCY, (signal) => units(doc, signal), async (unit, signal) => ({
        offset: unit.offset,
        pages: await backend.run(() => call(unit, signal), warm, { ...opts, signal }),
      }));
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
