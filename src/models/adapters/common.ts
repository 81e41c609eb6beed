// Pieces every GPU adapter shares: the adapter shape, page windows, progress, parser errors.
import { ServiceError } from '../../errors/service-error.js';
import { isErrorCode } from '../../errors/catalogue.js';
import type { Backend, WarmState } from '../backend.js';
import type { ConvertInput, ConvertOptions, ConvertOutput, GpuModelId, ParserPort } from '../types.js';

export interface GpuAdapter {
  readonly id: GpuModelId;
  readonly backend: Backend;
  convert(doc: ConvertInput, opts: ConvertOptions, warm: WarmState): Promise<ConvertOutput>;
}

/** Loads the built-in parser on first use (src/convert), or returns an injected one. */
export type ParserLoader = () => Promise<ParserPort>;

/** Inclusive 0-based page windows of at most `size` pages. */
export function pageWindows(pages: number, size: number): Array<{ first: number; last: number }> {
  const out: Array<{ first: number; last: number }> = [];
  for (let first = 0; first < pages; first += size) out.push({ first, last: Math.min(pages, first + size) - 1 });
  return out;
}

/** Counts finished pages and reports each one (`page` SSE events). */
export function progress(pages: number, opts: ConvertOptions): (indexes: number[]) => void {
  let done = 0;
  return (indexes) => {
    for (const index of indexes) {
      done++;
      opts.onPage?.({ index, pagesDone: done, pages });
    }
  };
}

/** A ParseError from rendering or splitting becomes the ServiceError with the same code. */
export function mapParserError(err: unknown): unknown {
  if (err instanceof ServiceError) return err;
  const code = (err as { code?: unknown; name?: unknown } | null)?.code;
  if ((err as { name?: unknown } | null)?.name === 'ParseError' && isErrorCode(code)) {
    return new ServiceError(code, (err as Error).message);
  }
  return err;
}

export function imageExtension(mediaType: string): string {
  return mediaType === 'image/jpeg' ? 'jpg' : mediaType.slice(mediaType.indexOf('/') + 1);
}

export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
