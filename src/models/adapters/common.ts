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

/** Counts finished pages and reports each one (`page` SSE events). */
function progress(pages: number, opts: ConvertOptions): (indexes: number[]) => void {
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

/**
 * Runs units (page windows or pages) from `source` with at most `inFlight` at a time, producing
 * them no faster than they are consumed (page images are rendered just in time). The first failure
 * cancels the units still in flight and is rethrown.
 */
export async function runUnits<U>(
  source: (signal: AbortSignal) => AsyncIterable<U>,
  inFlight: number,
  signal: AbortSignal | undefined,
  work: (unit: U, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const running = new Set<Promise<void>>();
  let failure: { err: unknown } | undefined;
  try {
    for await (const unit of source(combined)) {
      if (failure) break;
      const p: Promise<void> = work(unit, combined)
        .catch((err: unknown) => {
          if (!failure) {
            failure = { err };
            stop.abort(err);
          }
        })
        .finally(() => running.delete(p));
      running.add(p);
      if (running.size >= inFlight) await Promise.race(running);
      if (failure) break;
    }
  } catch (err) {
    failure ??= { err };
    stop.abort(err);
  }
  await Promise.all(running);
  if (failure) throw failure.err;
}

/**
 * The shape of every adapter's conversion: units (page windows or single pages) run through
 * `runUnits`; each answers the Markdown of the consecutive pages starting at `offset`, which is put
 * back at its page index (pages past the document's count are ignored) and reported as progress.
 * Pages no unit answered stay "" (an empty page).
 */
export async function convertInUnits<U>(
  doc: ConvertInput,
  opts: ConvertOptions,
  inFlight: number,
  source: (signal: AbortSignal) => AsyncIterable<U>,
  work: (unit: U, signal: AbortSignal) => Promise<{ offset: number; pages: string[] }>,
): Promise<string[]> {
  const pages: string[] = new Array(doc.pages).fill('');
  const done = progress(doc.pages, opts);
  await runUnits(source, inFlight, opts.signal, async (unit, signal) => {
    const out = await work(unit, signal);
    const indexes = out.pages.map((_, i) => out.offset + i).filter((i) => i < pages.length);
    for (const i of indexes) pages[i] = out.pages[i - out.offset]!;
    done(indexes);
  });
  return pages;
}
