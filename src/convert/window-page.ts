// A page as a parse run returns it to the pool's caller (pipeline.ts). Its own module, free of the
// parser's heavy imports: the main thread (index.ts) needs it without loading pdf.js (issue 11 item 4).
import { deserialize, serialize } from 'node:v8';
import type { ParseErrorCode } from './errors.js';
import type { PageLayoutInput } from './layout/types.js';
import type { PageModel } from './model.js';

/**
 * One page as a run returns it. A page with enough text is laid out at once: its headings depend
 * on its own font sizes only. A sparse page (a title or figure page) takes the body size of the
 * pages before it (layout/context.ts), so its layout input is kept and the document pass lays it
 * out in page order: the output does not depend on how pages were spread over workers.
 */
export interface WindowPage {
  index: number;
  /** [font size, characters] of the page, as the layout stage counted them. */
  sizes: Array<[number, number]>;
  model?: PageModel;
  input?: PageLayoutInput;
  /** skipFailedPages: the page failed with this code (model: no blocks). */
  failed?: ParseErrorCode;
}

/** What a failed page delivers under skipFailedPages: no blocks (Markdown ""). */
export function failedPage(index: number, code: ParseErrorCode): WindowPage {
  return { index, sizes: [], model: { width: 0, height: 0, blocks: [] }, failed: code };
}

/**
 * A run's pages as one buffer (V8's structured-clone encoding, so exactly what postMessage would
 * carry), to be transferred, not cloned: the main thread only relays a run's pages to the
 * document pass, and decoding then re-encoding them there cost 120-200 ms per hop on a 352-page
 * document (issue 11).
 */
export function encodeWindowPages(pages: WindowPage[]): Uint8Array {
  const buf = serialize(pages);
  // Its own ArrayBuffer, so that transferring it moves nothing else.
  return buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength ? buf : new Uint8Array(buf);
}

/** Pages laid out before the parse (the probe's sample), encoded, and their indexes. */
export interface SampledPages {
  indexes: number[];
  encoded: Uint8Array;
}

export function decodeWindowPages(bytes: Uint8Array): WindowPage[] {
  return deserialize(bytes) as WindowPage[];
}
