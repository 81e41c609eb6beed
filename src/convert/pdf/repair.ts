// Last-resort repair of a broken page tree (e.g. a catalog whose /Pages points at a page, pdf.js
// issue 21436): rebuild /Pages from every page object in the file, in object order, with pdf-lib.
import type { PDFDict as Dict, PDFDocument, PDFRef } from 'pdf-lib';

/** The document with a rebuilt page tree, or null when there is nothing to rebuild from. */
export async function rebuildPageTree(bytes: Uint8Array): Promise<Uint8Array | null> {
  // Loaded on first use: most workers never repair a document.
  const { PDFDict, PDFDocument, PDFName, PDFPageTree } = await import('pdf-lib');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: false, updateMetadata: false });
  } catch {
    return null;
  }
  // Encrypted objects cannot be rewritten without the key.
  if (doc.isEncrypted) return null;
  const ctx = doc.context;
  const pages: PDFRef[] = [];
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('Page')) pages.push(ref);
  }
  if (pages.length === 0) return null;
  pages.sort((a, b) => a.objectNumber - b.objectNumber);
  const tree = PDFPageTree.withContext(ctx);
  for (const ref of pages) tree.pushLeafNode(ref);
  const treeRef = ctx.register(tree);
  for (const ref of pages) (ctx.lookup(ref) as Dict).set(PDFName.of('Parent'), treeRef);
  doc.catalog.set(PDFName.of('Pages'), treeRef);
  try {
    return await doc.save({ useObjectStreams: false });
  } catch {
    return null;
  }
}
