// An open PDF whose pages can be reached, with the page-tree repair inside, once, for every path
// that walks pages (parse, probe, render for the GPU adapters; issue 9). pdf.js may open a file
// whose page tree it cannot walk (a catalog /Pages pointing at a page, pdf.js issue 21436): the
// first page it cannot reach restarts the work once on a rebuilt tree (pdf/repair.ts).
import { ParseError } from '../errors.js';
import { closePdf, openPdf, type PDFDocumentProxy, type PDFPageProxy } from './open.js';
import { rebuildPageTree } from './repair.js';

export interface PdfPages {
  numPages: number;
  /** 0-based. */
  getPage(index: number): Promise<PDFPageProxy>;
  /** pdf.js's document, for what is not about pages (outline, metadata). */
  doc: PDFDocumentProxy;
}

/** pdf.js opened the file but cannot reach its pages: the page tree is broken. */
export class PageTreeError extends Error {}

async function once<T>(bytes: Uint8Array, work: (pdf: PdfPages) => Promise<T>): Promise<T> {
  const doc = await openPdf(bytes);
  try {
    return await work({
      numPages: doc.numPages,
      doc,
      async getPage(index) {
        try {
          return await doc.getPage(index + 1);
        } catch {
          throw new PageTreeError();
        }
      },
    });
  } finally {
    await closePdf(doc);
  }
}

/**
 * Runs `work` over the opened PDF; if a page cannot be reached, runs it again, from the start, on
 * the PDF with a rebuilt page tree. `work` must be restartable (it is: pages are read, not sent,
 * before it returns; the render path's consumer sees no page twice because a page it could not
 * reach was never sent). Still broken → `malformed_document`.
 */
export async function withPdfPages<T>(bytes: Uint8Array, work: (pdf: PdfPages) => Promise<T>): Promise<T> {
  try {
    return await once(bytes, work);
  } catch (err) {
    if (!(err instanceof PageTreeError)) throw err;
    const repaired = await rebuildPageTree(bytes);
    if (!repaired) throw new ParseError('malformed_document');
    try {
      return await once(repaired, work);
    } catch (again) {
      throw again instanceof PageTreeError ? new ParseError('malformed_document') : again;
    }
  }
}
