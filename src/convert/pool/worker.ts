// A pool worker: runs the parser's heavy tasks (parse, probe, render) off the main thread.
import { withPdfPages } from '../pdf/document.js';
import { installPdfjsWorker } from '../pdf/pdfjs-worker.js';
import { renderPagePng } from '../pdf/render.js';
import { splitPdfWindowsInThread } from '../pdf/split.js';
import { imagePageCount, imagePagePng } from '../images.js';
import { finishDocument, runPipeline } from '../pipeline.js';
import { decodeWindowPages, encodeWindowPages, type WindowPage } from '../window-page.js';
import type { ParsedDocument } from '../pipeline.js';
import { probeInThread } from '../probe.js';
import { sniffMediaType } from '../sniff.js';
import { ParseAbortedError, ParseError } from '../errors.js';
import { serveTasks, type TaskContext } from './protocol.js';

export interface ParsePayload {
  bytes: Uint8Array; langs: string[]; pageTimeoutS: number; claim?: Int32Array; maxPages?: number;
  pageIndexes?: number[]; skipFailedPages?: boolean; documentKey?: string; scanned?: boolean;
  known?: Uint8Array;
}
/**
 * What a parse run answers: the finished document when it laid out every page itself, else its
 * pages encoded in one transferred buffer (window-page.ts), which the main thread hands on to the
 * document pass without decoding.
 */
export interface RunOutcome { claimable: number; complete?: ParsedDocument; encoded?: Uint8Array }
/** `encoded`: the runs' pages as they answered them; `pages`: pages made by the caller (failed runs). */
export interface FinalizePayload { encoded: Uint8Array[]; pages: WindowPage[]; withFailed?: boolean }
export interface ProbePayload { bytes: Uint8Array; budgetMs?: number }
export interface RenderPayload { bytes: Uint8Array; dpi: number; first?: number; last?: number }
export interface SplitPayload { bytes: Uint8Array; size: number; windows?: ReadonlyArray<{ first: number; last: number }> }

/** A buffer of its own (transferable without copying the rest of a larger one). */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !(bytes.buffer instanceof SharedArrayBuffer) ? bytes : bytes.slice();
}

async function parse(p: ParsePayload, ctx: TaskContext) {
  const result = await runPipeline(p.bytes, {
    langs: p.langs,
    pageTimeoutS: p.pageTimeoutS,
    signal: ctx.signal,
    claim: p.claim,
    maxPages: p.maxPages,
    pageIndexes: p.pageIndexes,
    skipFailedPages: p.skipFailedPages,
    documentKey: p.documentKey,
    scanned: p.scanned,
    known: p.known,
    // With partial results the pool must know which pages a run that dies had taken.
    onClaim: p.skipFailedPages ? (index) => void ctx.emit({ type: 'claim', index }) : undefined,
    onStart: (pages, total) => void ctx.emit({ type: 'start', pages, total }),
    onPage: (e) => void ctx.emit({ type: 'page', ...e }),
  });
  if (result.complete) return { result: { claimable: result.claimable, complete: result.complete } satisfies RunOutcome };
  const encoded = encodeWindowPages(result.pages);
  return { result: { claimable: result.claimable, encoded } satisfies RunOutcome, transfer: [encoded.buffer as ArrayBuffer] };
}

function finalize(p: FinalizePayload) {
  const pages = p.encoded.flatMap(decodeWindowPages).concat(p.pages);
  return { result: finishDocument(pages, p.withFailed) };
}

async function probe(p: ProbePayload, ctx: TaskContext) {
  const result = await probeInThread(p.bytes, (pages) => void ctx.emit({ type: 'start', pages }), p.budgetMs === undefined ? undefined : Date.now() + p.budgetMs / 2);
  return { result, transfer: result.sampled ? [result.sampled.encoded.buffer as ArrayBuffer] : [] };
}

/** Streams PNGs one at a time: the next page is rendered only after the caller took this one. */
async function render(p: RenderPayload, ctx: TaskContext) {
  const mediaType = sniffMediaType(p.bytes);
  if (mediaType === null) throw new ParseError('unsupported_media_type');
  const send = async (index: number, png: Uint8Array) => {
    const buf = own(png);
    await ctx.emit({ type: 'png', index, png: buf }, { transfer: [buf.buffer as ArrayBuffer], awaitAck: true });
  };
  const window = (pages: number) => {
    const first = Math.max(0, p.first ?? 0);
    const last = Math.min(pages - 1, p.last ?? pages - 1);
    return { first, last };
  };
  if (mediaType !== 'application/pdf') {
    const { first, last } = window(await imagePageCount(p.bytes));
    void ctx.emit({ type: 'start', pages: 1 });
    for (let i = first; i <= last; i++) {
      if (ctx.signal.aborted) throw new ParseAbortedError();
      await send(i, await imagePagePng(p.bytes, i));
    }
    return { result: null };
  }
  // The page-tree repair (pdf/document.ts) is on this path too; on a restart over the repaired
  // file, pages already sent are not sent again.
  const sent = new Set<number>();
  return withPdfPages(p.bytes, async (doc) => {
    const { first, last } = window(doc.numPages);
    void ctx.emit({ type: 'start', pages: 1 });
    for (let i = first; i <= last; i++) {
      if (ctx.signal.aborted) throw new ParseAbortedError();
      if (sent.has(i)) continue;
      const page = await doc.getPage(i);
      try {
        await send(i, await renderPagePng(page, p.dpi));
        sent.add(i);
      } finally {
        page.cleanup();
      }
    }
    return { result: null };
  });
}

/** Page windows as PDFs of their own, cut from one load of the document, one at a time. */
async function split(p: SplitPayload, ctx: TaskContext) {
  if (sniffMediaType(p.bytes) !== 'application/pdf') throw new ParseError('unsupported_media_type');
  void ctx.emit({ type: 'start', pages: 1 });
  await splitPdfWindowsInThread(p.bytes, p.size, async (w) => {
    const pdf = own(w.pdf);
    await ctx.emit({ type: 'pdf', first: w.first, last: w.last, pdf }, { transfer: [pdf.buffer as ArrayBuffer], awaitAck: true });
  }, ctx.signal, p.windows);
  if (ctx.signal.aborted) throw new ParseAbortedError();
  return { result: null };
}

// pdf.js runs its "worker" in this thread; loading it now (not on the first document) moves the
// cost to pool start-up. pdf.js picks up `globalThis.pdfjsWorker` instead of importing it again;
// this one skips image decoding in the layout stage's operator lists (pdf/pdfjs-worker.ts).
await installPdfjsWorker();

serveTasks(async (kind, payload, ctx) => {
  switch (kind) {
    case 'parse':
      return parse(payload as ParsePayload, ctx);
    case 'finalize':
      return finalize(payload as FinalizePayload);
    case 'probe':
      return probe(payload as ProbePayload, ctx);
    case 'render':
      return render(payload as RenderPayload, ctx);
    case 'split':
      return split(payload as SplitPayload, ctx);
    default:
      throw new Error(`unknown task ${kind}`);
  }
});
