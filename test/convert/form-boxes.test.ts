// A filled form's drawn boxes (issue 9, eval:synthetic --family forms): a value written in a box
// right of its label reads after that label (the box is no banner set apart).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';

after(shutdownConvertPool);

const BLACK = rgb(0, 0, 0);

async function formPdf(draw: (page: PDFPage, font: PDFFont, bold: PDFFont) => void): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const [font, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const page = pdf.addPage([612, 792]);
  page.drawText('Residence Permit Application', { x: 72, y: 720, size: 16, font: bold });
  page.drawText('Complete every field in capital letters and sign the declaration at the end of the form.', { x: 72, y: 700, size: 7, font });
  draw(page, font, bold);
  return pdf.save();
}

const FIELDS = [['Date of birth', '05/08/1977'], ['Place of birth', 'Riverton'], ['Deposit paid', '$66,003.00']];

test('form boxes: a value in a box right of its label reads right after the label', async () => {
  const bytes = await formPdf((page, font) => {
    FIELDS.forEach(([label, value], i) => {
      const y = 660 - i * 24;
      const end = 72 + font.widthOfTextAtSize(label, 9);
      page.drawText(label, { x: 72, y, size: 9, font });
      page.drawRectangle({ x: end + 6, y: y - 4, width: 468 - (end - 72) - 6, height: 15, borderWidth: 0.6, borderColor: BLACK });
      page.drawText(value, { x: end + 10, y, size: 9, font });
    });
  });
  const { markdown } = await parseDocument(bytes, { pageTimeoutS: 30 });
  // On its line, or in the next cell of its row.
  for (const [label, value] of FIELDS) assert.match(markdown, new RegExp(`${label}(?:[\\s|:]|</?t[hd]>)+${value.replace(/\$/g, '\\$')}`), markdown);
});
