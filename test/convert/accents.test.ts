// Accents set as glyphs of their own (TeX's OT1 fonts through dvips or pdfTeX): the accent glyph
// kerned back over its letter reads as the accented letter, within a text item ("M´etro") and
// across items ("st¨" + "oren"), never in fixed-width text or where nothing composes (issue 9).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { composeAccents, composeSpacingAccents } from '../../src/convert/pdf/accents.js';
import type { TextRun } from '../../src/convert/layout/types.js';

after(shutdownConvertPool);

test('accents: a spacing accent before a letter in a word is that letter\'s accent', () => {
  assert.equal(composeAccents('Yucat´an and the Paris M´etro'), 'Yucatán and the Paris Métro');
  assert.equal(composeAccents('´etude, fran¸cais, na¨ıve, Universit¨at'), 'étude, français, naïve, Universität');
  assert.equal(composeAccents('Mol`ere'), 'Molère');
  // Nothing to compose with, or not in a word: left as it is.
  assert.equal(composeAccents('\\ex˜[] and a ´ b'), '\\ex˜[] and a ´ b');
  assert.equal(composeAccents('run `make` now'), 'run `make` now');
  assert.equal(composeAccents('2ˆ3 and aˆq'), '2ˆ3 and aˆq');
});

const run = (text: string, x: number, width: number, extra: Partial<TextRun> = {}): TextRun => ({
  text, x, y: 100, width, height: 12, fontSize: 12, bold: false, italic: false, monospace: false, baseline: 110, ...extra,
});

test('accents: an item ending in an accent kerned back over the next item\'s letter composes with it', () => {
  const out = composeSpacingAccents([run('st¨', 350, 13), run('oren', 358, 21), run('w¨', 385, 13), run('urde', 391, 24)]);
  assert.deepEqual(out.map((r) => r.text), ['st', 'ören', 'w', 'ürde']);
  // The next item well to the right (a word space after a stray accent), or fixed-width: unchanged.
  assert.deepEqual(composeSpacingAccents([run('a¨', 10, 10), run('oren', 30, 20)]).map((r) => r.text), ['a¨', 'oren']);
  const mono = composeSpacingAccents([run('x¨', 10, 10, { monospace: true }), run('o', 18, 6, { monospace: true })]);
  assert.deepEqual(mono.map((r) => r.text), ['x¨', 'o']);
  // An accent alone in its item goes into the letter.
  assert.deepEqual(composeSpacingAccents([run('´', 10, 4), run('etude', 10, 30)]).map((r) => r.text), ['étude']);
});

test('accents: a PDF setting accents as separate glyphs converts to accented words', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([612, 792]);
  const size = 12;
  page.drawText('The first line of the Paris M\u00b4etro opened in 1900, said the guide.', { x: 72, y: 700, size, font });
  // "st¨" then "oren" drawn back over the accent, as dvips sets \"o.
  const head = 'Maria ist sicher, dass es nicht st\u00a8';
  page.drawText(head, { x: 72, y: 680, size, font });
  const back = 72 + font.widthOfTextAtSize(head, size) - font.widthOfTextAtSize('\u00a8', size) * 0.9;
  page.drawText('oren w\u00fcrde.', { x: back, y: 680, size, font });
  const { markdown } = await parseDocument(await pdf.save(), { pageTimeoutS: 30 });
  assert.match(markdown, /Paris Métro opened/, markdown);
  assert.match(markdown, /nicht stören würde/, markdown);
});
