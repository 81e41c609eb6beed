// Page windows of a PDF as PDFs of their own (GPU adapters send documents in page windows). Runs in
// a pool worker: the document is loaded with pdf-lib once and every window is cut from it
// (issue 10 item 9: not once per window, and never on the event loop).
import type { PDFDocument } from 'pdf-lib';
import { ParseError } from '../errors.js';

// pdf-lib is loaded on first use: only GPU adapters' windows and page-tree repairs need it.
const pdfLib = () => import('pdf-lib');

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  const { PDFDocument } = await pdfLib();
  try {
    return await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new ParseError('malformed_document');
  }
}

async function cut(src: PDFDocument, first: number, last: number): Promise<Uint8Array> {
  const { PDFDocument } = await pdfLib();
  const out = await PDFDocument.create({ updateMetadata: false });
  const indices = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  for (const p of await out.copyPages(src, indices)) out.addPage(p);
  return out.save({ useObjectStreams: true });
}

/** Pages `first`..`last` (0-based, inclusive) as a new PDF: one window of splitPdfWindowsInThread. */
export async function splitPdf(bytes: Uint8Array, first: number, last: number): Promise<Uint8Array> {
  let pdf: Uint8Array | undefined;
  await splitPdfWindowsInThread(bytes, 1, async (w) => {
    pdf = w.pdf;
  }, undefined, [{ first, last }]);
  return pdf!;
}

export interface PdfWindow {
  /** 0-based, inclusive. */
  first: number;
  last: number;
  pdf: Uint8Array;
}

/**
 * Consecutive windows of at most `size` pages (or the given inclusive `windows`, DECISIONS §8 page
 * ranges), each as its own PDF, cut one at a time from one load of the document: `emit` resolves
 * when the consumer took the window (backpressure).
 */
export async function splitPdfWindowsInThread(
  bytes: Uint8Array, size: number, emit: (w: PdfWindow) => Promise<void>, signal?: AbortSignal,
  windows?: ReadonlyArray<{ first: number; last: number }>,
): Promise<void> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`window size ${size} is not a positive integer`);
  const src = await load(bytes);
  const count = src.getPageCount();
  const cuts = windows ?? Array.from({ length: Math.ceil(count / size) }, (_, k) => ({ first: k * size, last: Math.min(count, (k + 1) * size) - 1 }));
  for (const { first, last } of cuts) {
    if (signal?.aborted) return;
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last < first || last >= count) {
      throw new RangeError(`page window ${first}..${last} is outside 0..${count - 1}`);
    }
    await emit({ first, last, pdf: await cut(src, first, last) });
  }
}
