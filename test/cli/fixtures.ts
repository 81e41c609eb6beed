// Test documents generated in code (STYLE: no binary fixtures): PDFs with a real text layer.
// Every page has different text: lines repeated at the same place on every page are running
// headers/footers to the parser, and are dropped from the Markdown.
import { PDFDocument, StandardFonts } from 'pdf-lib';

const WORDS = ['river', 'garden', 'engine', 'harbour', 'lantern', 'meadow', 'orchard', 'pencil', 'quarry', 'saddle', 'timber', 'violin', 'window', 'yellow', 'zephyr', 'anchor'];

/** A PDF of `pages` pages, each with a heading `<title> <n>` and a few distinct sentences. */
export async function makePdf(pages = 1, title = 'Quarterly report'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    const top = 760 - (i % 5) * 17;
    page.drawText(`${title} ${i + 1}`, { x: 72, y: top, size: 24, font: bold });
    for (let line = 0; line < 4; line++) {
      const w = (k: number): string => WORDS[(i * 7 + line * 3 + k) % WORDS.length];
      page.drawText(`The ${w(0)} near the ${w(1)} keeps ${i + 1 + line} ${w(2)}s beside a ${w(3)} and a ${w(4)}.`, { x: 72, y: top - 40 - line * 18, size: 12, font });
    }
  }
  return doc.save();
}
