// Pieces every GPU adapter shares: the adapter shape, page windows, progress, parser errors.
import { ServiceError } from '../../errors/service-error.js';
import { isErrorCode } from '../../errors/catalogue.js';
import type { Backend, WarmState } from '../backend.js';
import type { ConvertInput, ConvertOptions, ConvertOutput, GpuModelId, PageBlocks, ParserPort } from '../types.js';

export interface GpuAdapter {
  readonly id: GpuModelId;
  readonly backend: Backend;
  convert(doc: ConvertInput, opts: ConvertOptions, warm: WarmState): Promise<ConvertOutput>;
}

/** Loads the built-in parser on first use (src/convert), or returns an injected one. */
export type ParserLoader = () => Promise<ParserPort>;

/** The zero-based pages to convert: the selection (DECISIONS §8), else every page. */
export function selectedPages(doc: ConvertInput): number[] {
  return doc.selection ? [...doc.selection] : Array.from({ length: doc.pages }, (_, i) => i);
}

/** Inclusive windows of consecutive pages among `indexes` (ascending), each of at most `size` pages. */
export function selectionWindows(indexes: readonly number[], size: number): Array<{ first: number; last: number }> {
  const out: Array<{ first: number; last: number }> = [];
  for (const i of indexes) {
    const w = out[out.length - 1];
    if (w && i === w.last + 1 && i - w.first < size) w.last = i;
    else out.push({ first: i, last: i });
  }
  return out;
}

/** The PDF cut into windows of at most `size` pages: of the selection's runs when there is one. */
export function splitSelectedPdf(parser: ParserPort, doc: ConvertInput, size: number, signal?: AbortSignal): AsyncIterable<{ first: number; last: number; pdf: Uint8Array }> {
  return parser.splitPdfWindows(doc.bytes, { size, signal, ...(doc.selection ? { windows: selectionWindows(doc.selection, size) } : {}) });
}

/** The selected pages rendered as PNG, one render run per window of consecutive pages. */
export async function* renderSelectedPages(parser: ParserPort, doc: ConvertInput, dpi: number, signal?: AbortSignal): AsyncGenerator<{ index: number; png: Uint8Array }> {
  if (!doc.selection) {
    yield* parser.renderPagesToPng(doc.bytes, { dpi, signal });
    return;
  }
  for (const w of selectionWindows(doc.selection, Number.MAX_SAFE_INTEGER)) {
    yield* parser.renderPagesToPng(doc.bytes, { dpi, first: w.first, last: w.last, signal });
  }
}

/** Counts finished pages and reports each one (`page` SSE events; `error` for a skipped page). */
function progress(pages: number, opts: ConvertOptions): (indexes: number[], error?: string) => void {
  let done = 0;
  return (indexes, error) => {
    for (const index of indexes) {
      done++;
      opts.onPage?.(error ? { index, pagesDone: done, pages, error } : { index, pagesDone: done, pages });
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
 * back at its page index (pages past the document's count or outside the selection are ignored) and
 * reported as progress. Pages no unit answered stay "" (an empty page). With onPageError `skip`
 * (DECISIONS §8) a unit that fails marks its pages failed with its code instead of failing all.
 */
export async function convertInUnits<U extends { offset: number; pages: number }>(
  doc: ConvertInput,
  opts: ConvertOptions,
  inFlight: number,
  source: (signal: AbortSignal) => AsyncIterable<U>,
  work: (unit: U, signal: AbortSignal) => Promise<{ offset: number; pages: string[]; layout?: PageBlocks[] }>,
): Promise<Omit<ConvertOutput, 'backend'>> {
  const all: string[] = new Array(doc.pages).fill('');
  const layouts: Array<PageBlocks | undefined> = new Array(doc.pages).fill(undefined);
  const selected = selectedPages(doc);
  const wanted = doc.selection ? new Set(doc.selection) : undefined;
  const inDocument = (i: number) => i < all.length && (!wanted || wanted.has(i));
  const failures = new Map<number, string>();
  const done = progress(selected.length, opts);
  await runUnits(source, inFlight, opts.signal, async (unit, signal) => {
    let out: { offset: number; pages: string[]; layout?: PageBlocks[] };
    try {
      out = await work(unit, signal);
    } catch (err) {
      if (opts.onPageError !== 'skip' || opts.signal?.aborted) throw err;
      const code = err instanceof ServiceError ? err.code : 'conversion_failed';
      const indexes = Array.from({ length: unit.pages }, (_, k) => unit.offset + k).filter(inDocument);
      for (const i of indexes) failures.set(i, code);
      done(indexes, code);
      return;
    }
    const indexes = out.pages.map((_, i) => out.offset + i).filter(inDocument);
    for (const i of indexes) {
      all[i] = out.pages[i - out.offset]!;
      layouts[i] = out.layout?.[i - out.offset];
    }
    done(indexes);
  });
  const result: Omit<ConvertOutput, 'backend'> = { pages: selected.map((i) => all[i]!) };
  // A page no unit answered (or a failed one) has no blocks and no known size.
  if (opts.blocks) result.layout = selected.map((i) => layouts[i] ?? { width: 0, height: 0, blocks: [] });
  if (doc.selection) result.indexes = selected;
  if (opts.onPageError === 'skip') result.failed = [...failures].sort((a, b) => a[0] - b[0]).map(([index, code]) => ({ index, code }));
  return result;
}
