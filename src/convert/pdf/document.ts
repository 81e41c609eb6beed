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

/** The document's pages, 0-based; a page pdf.js cannot reach means a broken page tree. */
function pagesOf(doc: PDFDocumentProxy): PdfPages {
  return {
    numPages: doc.numPages,
    doc,
    async getPage(index) {
      try {
        return await doc.getPage(index + 1);
      } catch {
        throw new PageTreeError();
      }
    },
  };
}

async function once<T>(bytes: Uint8Array, work: (pdf: PdfPages) => Promise<T>): Promise<T> {
  const doc = await openPdf(bytes);
  try {
    return await work(pagesOf(doc));
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
    return onRepaired(bytes, work);
  }
}

/** `work` again on the PDF with a rebuilt page tree; still broken → `malformed_document`. */
async function onRepaired<T>(bytes: Uint8Array, work: (pdf: PdfPages) => Promise<T>): Promise<T> {
  const repaired = await rebuildPageTree(bytes);
  if (!repaired) throw new ParseError('malformed_document');
  try {
    return await once(repaired, work);
  } catch (again) {
    throw again instanceof PageTreeError ? new ParseError('malformed_document') : again;
  }
}

/** A document kept open by this thread between runs of the same document (see withKeptPdfPages). */
let kept: { key: string; doc: PDFDocumentProxy; timer?: NodeJS.Timeout } | null = null;

function dropKept(): void {
  const k = kept;
  kept = null;
  if (!k) return;
  clearTimeout(k.timer);
  void closePdf(k.doc);
}

/**
 * withPdfPages for the runs of one document in a pool worker (issue 11): a long document is read
 * in runs of PARSE_CHUNK_PAGES, and reopening it for each run parsed its cross-reference table
 * and every font again (~10 % of the parse of a 352-page book). The document of `key` stays open
 * in this thread after `work` when `keepOpen()` says more of it may come here, until a run of
 * another document, a failure, or `idleMs` without a run. Any failure closes it; a page tree that
 * cannot be walked is repaired as withPdfPages does.
 */
export async function withKeptPdfPages<T>(key: string, bytes: Uint8Array, work: (pdf: PdfPages) => Promise<T>, keepOpen: () => boolean, idleMs: number): Promise<T> {
  if (kept && kept.key !== key) dropKept();
  if (kept) clearTimeout(kept.timer);
  let doc: PDFDocumentProxy;
  try {
    doc = kept?.doc ?? (await openPdf(bytes));
  } catch (err) {
    dropKept();
    throw err;
  }
  kept = { key, doc };
  try {
    const out = await work(pagesOf(doc));
    if (kept?.doc === doc && keepOpen()) {
      const entry = kept;
      entry.timer = setTimeout(() => kept === entry && dropKept(), idleMs).unref();
    } else dropKept();
    return out;
  } catch (err) {
    dropKept();
    if (err instanceof PageTreeError) return onRepaired(bytes, work);
    throw err;
  }
}
