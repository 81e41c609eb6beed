// Drives the text-layer path directly (pdf.js → extract → layout), for eval and tests.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPageLayout, usableTextLayer } from '../src/convert/pdf/extract.js';
import { createLayoutContext, finalizeDocument, layoutPageToMarkdown } from '../src/convert/layout/index.js';

export async function convertPdfTextLayer(bytes: Uint8Array): Promise<{ pages: string[]; usable: boolean[] }> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const ctx = createLayoutContext();
    const pages: string[] = [];
    const usable: boolean[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const input = await extractPageLayout(page, i - 1);
      usable.push(usableTextLayer(input));
      pages.push(layoutPageToMarkdown(input, ctx));
      page.cleanup();
    }
    return { pages: finalizeDocument(pages, ctx), usable };
  } finally {
    await doc.destroy();
  }
}
