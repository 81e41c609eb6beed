// Drives the text-layer path directly (pdf.js → extract → layout), for eval and tests.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPageLayout, usableTextLayer } from '../src/convert/pdf/extract.js';
import { createLayoutContext, layoutPage, runDocumentPasses } from '../src/convert/layout/index.js';
import { renderPageMarkdown } from '../src/convert/markdown/render.js';
import type { PageModel } from '../src/convert/model.js';

export async function convertPdfTextLayer(bytes: Uint8Array): Promise<{ pages: string[]; usable: boolean[] }> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const ctx = createLayoutContext();
    const pages: PageModel[] = [];
    const usable: boolean[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const input = await extractPageLayout(page, i - 1);
      usable.push(usableTextLayer(input));
      pages.push(layoutPage(input, ctx));
      page.cleanup();
    }
    return { pages: runDocumentPasses(pages).map(renderPageMarkdown), usable };
  } finally {
    await doc.destroy();
  }
}
