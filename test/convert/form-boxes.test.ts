// A filled form's drawn boxes (issue 9, eval:synthetic --family forms): a value written in a box
// right of its label reads after that label (the box is no banner set apart), and drawn check
// boxes read as ☒ / ☐ before their labels, ticked by strokes, a filled mark or a typed X.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { checkBoxes } from '../../src/convert/pdf/check-boxes.js';
import { words } from './fixtures/runs.js';

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

test('form boxes: drawn check boxes read as ☒ or ☐ before their labels', async () => {
  const options = ['Employed', 'Self employed', 'Retired', 'Student'];
  for (const tick of ['strokes', 'x', 'fill'] as const) {
    const bytes = await formPdf((page, font, bold) => {
      page.drawText('Employment status', { x: 72, y: 660, size: 10, font });
      options.forEach((label, i) => {
        const y = 640 - i * 18;
        page.drawRectangle({ x: 82, y: y - 1, width: 9, height: 9, borderWidth: 0.6, borderColor: BLACK });
        if (i === 1 || i === 2) {
          if (tick === 'strokes') {
            page.drawLine({ start: { x: 83.5, y: y + 0.5 }, end: { x: 89.5, y: y + 6.5 }, thickness: 0.8, color: BLACK });
            page.drawLine({ start: { x: 83.5, y: y + 6.5 }, end: { x: 89.5, y: y + 0.5 }, thickness: 0.8, color: BLACK });
          } else if (tick === 'x') page.drawText('X', { x: 83.5, y: y + 0.5, size: 8, font: bold });
          else page.drawRectangle({ x: 84, y: y + 1, width: 5, height: 5, color: BLACK });
        }
        page.drawText(label, { x: 96, y, size: 10, font });
      });
    });
    const { markdown } = await parseDocument(bytes, { pageTimeoutS: 30 });
    options.forEach((label, i) => assert.match(markdown, new RegExp(`${i === 1 || i === 2 ? '☒' : '☐'} ${label}`), `${tick}: ${markdown}`));
    assert.doesNotMatch(markdown, /\bX\b|•/, `${tick}: ${markdown}`);
  }
});

test('form boxes: a square holding a letter, or a row of cells, is no check box', () => {
  const [letter] = words('A', 102, 100);
  const [label] = words('Initial', 120, 100);
  const box = { x: 100, y: 99, width: 10, height: 10 };
  assert.equal(checkBoxes([box], [], [letter, label]).runs.length, 0);
  // An empty square whose right neighbour is a cell holding the text.
  const [digit] = words('7', 113, 100);
  assert.equal(checkBoxes([box, { x: 110, y: 99, width: 10, height: 10 }], [], [digit]).runs.length, 0);
  // The same square with a label beside it is one.
  assert.deepEqual(checkBoxes([box], [], [label]).runs.map((r) => r.text), ['☐']);
});
