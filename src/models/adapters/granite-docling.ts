// Granite-Docling-258M on vLLM's OpenAI-compatible server (models-wire.md §2): one page image per
// POST /v1/chat/completions, DocTags back, converted by our own reader (src/models/doctags).
import type { Config } from '../../config.js';
import { Backend, statusFailure, UpstreamError, type BackendTiming, type WarmState } from '../backend.js';
import { doctagsToBlocks, doctagsToMarkdown } from '../doctags/index.js';
import type { PageSize } from '../blocks.js';
import { imagePixelSize } from '../page-size.js';
import { httpRequest, parseJson } from '../http.js';
import { GRANITE_MAX_TOKENS, GRANITE_PROMPT, GRANITE_RENDER_DPI, GRANITE_STOP } from '../limits.js';
import type { ConvertInput, ConvertOptions, ConvertOutput } from '../types.js';
import { mapParserError, convertInUnits, renderSelectedPages, toBuffer, type GpuAdapter, type ParserLoader } from './common.js';

const MODEL = 'granite-docling';

/** Element tags that show the answer is DocTags (special tokens kept), not bare text. */
const DOCTAGS_MARK = /<(doctag|title|text|paragraph|section_header_level_\d|otsl|picture|chart|formula|code|caption|page_header|page_footer|unordered_list|ordered_list|list_item|footnote|page_break|inline|key_value_region|form)>/;

export function createGraniteDoclingAdapter(config: Config, url: string, timing: BackendTiming, loadParser: ParserLoader): GpuAdapter {
  // The id vLLM serves: the configured one, or the model whose `root` is it (--served-model-name).
  let servedId = config.graniteDoclingModel;
  const probe = async (timeoutMs: number) => {
    const health = await httpRequest({ url: `${url}/health`, connectTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs });
    if (health.status !== 200) return false;
    const models = await httpRequest({ url: `${url}/v1/models`, connectTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs });
    if (models.status !== 200) return false;
    const data = (parseJson(models.body) as { data?: Array<{ id?: unknown; root?: unknown }> } | undefined)?.data;
    if (!Array.isArray(data)) return false;
    const match = data.find((m) => m?.id === config.graniteDoclingModel) ?? data.find((m) => m?.root === config.graniteDoclingModel);
    if (!match || typeof match.id !== 'string') return false; // the configured model is not served: not usable
    servedId = match.id;
    return true;
  };
  const backend = new Backend(MODEL, probe, config.graniteDoclingConcurrency, timing);

  async function call(image: Uint8Array, mediaType: string, signal?: AbortSignal): Promise<string> {
    const payload = {
      model: servedId,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:${mediaType};base64,${toBuffer(image).toString('base64')}` } },
            { type: 'text', text: GRANITE_PROMPT },
          ],
        },
      ],
      temperature: 0,
      max_tokens: GRANITE_MAX_TOKENS,
      // Mandatory: vLLM's default strips the DocTags element tokens (docling issues #2398, #2868).
      skip_special_tokens: false,
      stop: GRANITE_STOP,
    };
    const res = await httpRequest({
      url: `${url}/v1/chat/completions`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: Buffer.from(JSON.stringify(payload)),
      connectTimeoutMs: timing.connectTimeoutMs,
      totalTimeoutMs: timing.callTimeoutMs,
      signal,
    });
    const failure = statusFailure(MODEL, res.status);
    if (failure) throw failure;
    return pageFromCompletion(parseJson(res.body));
  }

  async function* pageImages(doc: ConvertInput, signal?: AbortSignal): AsyncGenerator<{ offset: number; pages: 1; image: Uint8Array; mediaType: string }> {
    if (doc.mediaType === 'image/png' || doc.mediaType === 'image/jpeg') {
      yield { offset: 0, pages: 1, image: doc.bytes, mediaType: doc.mediaType };
      return;
    }
    const parser = await loadParser();
    try {
      // ~144 dpi (docling's scale 2.0), the page's own aspect ratio: no padding to a square.
      for await (const page of renderSelectedPages(parser, doc, GRANITE_RENDER_DPI, signal)) {
        yield { offset: page.index, pages: 1, image: page.png, mediaType: 'image/png' };
      }
    } catch (err) {
      throw mapParserError(err);
    }
  }

  /** The page in the blocks' units: PDF pages were rendered at GRANITE_RENDER_DPI, images are 72 dpi. */
  async function pageSize(doc: ConvertInput, image: Uint8Array): Promise<PageSize> {
    const px = (await imagePixelSize(image)) ?? { width: 0, height: 0 };
    const k = doc.mediaType === 'application/pdf' ? 72 / GRANITE_RENDER_DPI : 1;
    return { width: px.width * k, height: px.height * k };
  }

  return {
    id: MODEL,
    backend,
    async convert(doc: ConvertInput, opts: ConvertOptions, warm: WarmState): Promise<ConvertOutput> {
      // Pages are rendered no further ahead than the server's concurrency cap.
      const out = await convertInUnits(doc, opts, config.graniteDoclingConcurrency, (signal) => pageImages(doc, signal), async (page, signal) => {
        const doctags = await backend.run(() => call(page.image, page.mediaType, signal), warm, { ...opts, signal });
        const markdown = doctagsToMarkdown(doctags);
        if (!opts.blocks) return { offset: page.offset, pages: [markdown] };
        return { offset: page.offset, pages: [markdown], layout: [doctagsToBlocks(doctags, await pageSize(doc, page.image))] };
      });
      return { ...out, backend: `vllm ${servedId}` };
    },
  };
}

/** The page's DocTags from a chat completion; throws UpstreamError('malformed'). */
export function pageFromCompletion(body: unknown): string {
  const malformed = (why: string) => new UpstreamError('malformed', `${MODEL} returned an unusable answer (${why}).`);
  const choice = (body as { choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }> } | undefined)?.choices?.[0];
  if (!choice) throw malformed('no choices');
  // Cut off at max_tokens: a long page, or a repetition loop (endless <ecel>, "!!!!").
  if (choice.finish_reason === 'length') throw malformed('output truncated');
  const content = choice.message?.content;
  if (typeof content !== 'string') throw malformed('no content');
  if (content.trim() === '' || /^\s*<doctag>\s*(<\/doctag>)?\s*$/.test(content)) return '';
  if (!DOCTAGS_MARK.test(content)) throw malformed('not DocTags');
  return content;
}
