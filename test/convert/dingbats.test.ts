// Text set in ZapfDingbats (a flattened form's ticks, check marks): the standard font's codes
// come through pdf.js as ASCII, and are read as the Dingbats they draw, not as digits beside a
// label (issue 9, eval:synthetic --family forms).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { dingbatsText, isDingbatsFont } from '../../src/convert/pdf/dingbats.js';

after(shutdownConvertPool);

test('dingbats: codes map to Adobe ZapfDingbats Unicode, holes of the Dingbats block included', () => {
  assert.equal(dingbatsText('34'), '✓✔');
  assert.equal(dingbatsText('8'), '✘');
  assert.equal(dingbatsText('n'), '■');
  assert.equal(dingbatsText('l'), '●');
  assert.equal(dingbatsText('o'), '❏');
  assert.equal(dingbatsText('H'), '★');
  assert.equal(dingbatsText('%'), '☎');
  assert.equal(dingbatsText(' ✓'), ' ✓');
  assert.ok(isDingbatsFont('ZapfDingbats') && isDingbatsFont('ABCDEF+ZapfDingbats') && isDingbatsFont('ITCZapfDingbats'));
  assert.ok(!isDingbatsFont('Helvetica') && !isDingbatsFont(undefined) && !isDingbatsFont('Wingdings'));
});

test('dingbats: a check mark in a drawn box reads as a tick before its label, not as a digit', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const dingbats = await pdf.embedFont(StandardFonts.ZapfDingbats);
  const page = pdf.addPage([612, 792]);
  page.drawText('Payment method', { x: 72, y: 700, size: 10, font });
  ['Cash', 'Cheque', 'Card'].forEach((label, i) => {
    const x = 180 + i * 70;
    page.drawRectangle({ x, y: 699, width: 9, height: 9, borderWidth: 0.6, borderColor: rgb(0, 0, 0) });
    if (i === 1) page.drawText('✓', { x: x + 1.5, y: 700.5, size: 8, font: dingbats });
    page.drawText(label, { x: x + 13, y: 700, size: 10, font });
  });
  const { markdown } = await parseDocument(await pdf.save(), { pageTimeoutS: 30 });
  // The mark reads as a tick: the glyph itself, or the box it ticks (pdf/check-boxes.ts) on a page read in full.
  assert.match(markdown, /[✓☒] ?Cheque/, markdown);
  assert.doesNotMatch(markdown, /\b3\b/, markdown);
});
