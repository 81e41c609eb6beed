// A PDF's first page through the text-layer extraction and the layout stage, in this thread: the
// fixture path of the convert tests that check what a page's Markdown keeps.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractPageLayout } from '../../src/convert/pdf/extract.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';

export async function firstPageMarkdown(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    return layoutPageToMarkdown(await extractPageLayout(await doc.getPage(1), 0), createLayoutContext());
  } finally {
    await doc.destroy();
  }
}
