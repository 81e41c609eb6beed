// Test documents generated in code (STYLE: no binary fixtures): PDFs with a real text layer.
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF of `pages` pages, each with a heading and a line of text. */
export async function makePdf(pages = 1, title = 'Quarterly report'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} ${i + 1}`, { x: 72, y: 760, size: 24, font: bold });
    page.drawText(`This is page ${i + 1} of a generated test document about conversion.`, { x: 72, y: 720, size: 12, font });
    page.drawText('Markdown output should contain this sentence.', { x: 72, y: 700, size: 12, font });
  }
  return doc.save();
}
