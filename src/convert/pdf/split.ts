// A page window of a PDF as its own PDF (GPU adapters send documents in page windows).
import { PDFDocument } from 'pdf-lib';
import { ParseError } from '../errors.js';

/** Pages `first`..`last` (0-based, inclusive) as a new PDF. */
export async function splitPdf(bytes: Uint8Array, first: number, last: number): Promise<Uint8Array> {
  let src: PDFDocument;
  try {
    src = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    throw new ParseError('malformed_document');
  }
  const count = src.getPageCount();
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last < first || last >= count) {
    throw new RangeError(`page window ${first}..${last} is outside 0..${count - 1}`);
  }
  const out = await PDFDocument.create({ updateMetadata: false });
  const indices = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const copied = await out.copyPages(src, indices);
  for (const p of copied) out.addPage(p);
  return out.save({ useObjectStreams: true });
}
