// What a generated PDF prints, as pdf.js reads its text layer: one string per page, items joined
// as pdf.js sets them (a ligature is an item of its own inside a word), `lineEnd` after each line.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function printedPages(bytes: Uint8Array, lineEnd: string): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? lineEnd : '') : '')).join(''));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
