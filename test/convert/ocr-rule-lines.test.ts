// Ruling lines of a scan (ocr/rule-lines.ts): found in the pixels OCR read and handed to the layout
// stage, so a scanned grid gives a table's cells as a drawn one does.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { decodeImagePageGray } from '../../src/convert/images.js';
import { ocrImage, readLostLines } from '../../src/convert/ocr/index.js';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { dropRuleGlyphs, findScanRules } from '../../src/convert/ocr/rule-lines.js';
import { openPdf } from '../../src/convert/pdf/open.js';
import { renderPageGray, type GrayImage } from '../../src/convert/pdf/render.js';
import type { TextRun } from '../../src/convert/layout/types.js';

after(() => shutdownConvertPool());

const COLS = [72, 152, 190, 228, 266];
const ROW_H = 30;
const TOP = 640;
/** Cells ("|" breaks a cell's text onto a second line): a label wrapped inside its cell, an empty cell. */
const ROWS = [
  ['Region', '2021', '2022', '2023'],
  ['Northern coasts', '41.5', '38.2', '44.9'],
  ['Inland valleys', '17.3', '', '21.4'],
  ['Southern plains', '63.0', '58.6', '61.1'],
];
/**
 * A page with a title in 40 pt type (tall stems), a line of prose, and a table ruled as a full grid
 * in grey lines `thickness` pt wide, rendered at `dpi` as a scan without a text layer.
 */
async function gridPage(dpi: number, thickness = 0.75): Promise<{ img: GrayImage; png: Uint8Array }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Illustrated', { x: 72, y: 720, size: 40, font });
  page.drawText('The yearly rainfall in millimetres by region, as the survey recorded it.', { x: 72, y: 680, size: 10, font });
  const grey = rgb(0.35, 0.35, 0.35);
  for (let r = 0; r <= ROWS.length; r++) page.drawLine({ start: { x: COLS[0], y: TOP - r * ROW_H }, end: { x: COLS[COLS.length - 1], y: TOP - r * ROW_H }, thickness, color: grey });
  for (const x of COLS) page.drawLine({ start: { x, y: TOP }, end: { x, y: TOP - ROWS.length * ROW_H }, thickness, color: grey });
  ROWS.forEach((cells, r) =>
    cells.forEach((text, c) => {
      const lines = text.split('|');
      lines.forEach((line, k) => page.drawText(line, { x: COLS[c] + 3, y: TOP - (r + 1) * ROW_H + (lines.length === 1 ? 11 : 16 - 11 * k), size: 10, font }));
    }),
  );
  const pdf = await openPdf(await doc.save());
  const img = await renderPageGray(await pdf.getPage(1), dpi);
  await pdf.destroy();
  const png = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } }).withMetadata({ density: dpi }).png().toBuffer();
  return { img, png: new Uint8Array(png) };
}

test('a scanned grid gives its rules, and nothing else on the page does: not a tall letter, not prose', async () => {
  for (const dpi of [100, 150, 300]) {
    const { img } = await gridPage(dpi);
    const rules = findScanRules(img);
    const horizontal = rules.filter((r) => r.y0 === r.y1).sort((a, b) => a.y0 - b.y0);
    const vertical = rules.filter((r) => r.x0 === r.x1).sort((a, b) => a.x0 - b.x0);
    // Top-left page coordinates: the grid's rows lie at 792 - TOP + r * ROW_H.
    assert.equal(horizontal.length, ROWS.length + 1, `${dpi} dpi: one rule per row boundary`);
    horizontal.forEach((h, r) => {
      assert.ok(Math.abs(h.y0 - (792 - TOP + r * ROW_H)) <= 1.5, `${dpi} dpi: row rule ${r} at ${h.y0}`);
      assert.ok(Math.abs(h.x0 - COLS[0]) <= 2 && Math.abs(h.x1 - COLS[COLS.length - 1]) <= 2, `${dpi} dpi: row rule ${r} spans the table`);
    });
    assert.deepEqual(vertical.map((v) => Math.round(v.x0 / 3)), COLS.map((x) => Math.round(x / 3)), `${dpi} dpi: one rule per column boundary, none from the title's stems`);
  }
});

test('a page of prose and a dark photograph have no rules', () => {
  const w = 800;
  const h = 600;
  const noise = new Uint8Array(w * h);
  let s = 7;
  for (let i = 0; i < noise.length; i++) noise[i] = (s = (s * 1103515245 + 12345) & 0x7fffffff) % 120;
  const img = { data: noise, width: w, height: h, pointsPerPixel: 0.48 };
  assert.deepEqual(findScanRules(img), []);
});

test('bars read on a vertical rule are dropped or cut off a word reaching it; a "1" clear of it stays', () => {
  const run = (text: string, x: number, width: number): TextRun => ({ text, x, y: 100, width, height: 10, fontSize: 10, bold: false, italic: false, monospace: false, confidence: 80 });
  const rules = [{ x0: 200, x1: 200, y0: 90, y1: 130 }, { x0: 300, x1: 300, y0: 90, y1: 130 }];
  const out = dropRuleGlyphs([run('|', 199, 2), run('l', 199.5, 2), run('}2019', 199.5, 25), run('1', 206, 5), run('17.3', 204, 20), run('44.9]', 276, 24.5), run('I', 120, 3)], rules);
  assert.deepEqual(out.map((r) => r.text), ['2019', '1', '17.3', '44.9', 'I']);
  assert.ok(out[0].x > 203, 'the word starts after the bar');
  assert.ok(out[3].x + out[3].width < 297, 'the word ends before the bar');
  assert.equal(dropRuleGlyphs(out, []), out, 'no rules, nothing dropped');
  // Tesseract boxed "|}63.0" from its "6", 3.6 pt right of the rule: the bars go, the box stays.
  const [loose] = dropRuleGlyphs([run('|}63.0', 303.6, 18.7)], rules);
  assert.deepEqual([loose.text, loose.x, loose.width], ['63.0', 303.6, 18.7]);
  assert.equal(dropRuleGlyphs([run('l7.3', 310, 18)], rules)[0].text, 'l7.3', 'a letter clear of the rule is the word\'s own');
});

test('a scanned ruled table reads as a table: every cell in its place, no bars among the words', async (t) => {
  if (!(await cliLanguages()).includes('eng')) {
    assert.ok(!process.env.DOCCONV_CI, 'CI installs the tesseract CLI with eng (.ci/run)');
    return t.diagnostic('no tesseract binary with eng on PATH');
  }
  // 1.5 pt lines: Tesseract read their strokes as "|" words, and the rows came apart.
  const { png } = await gridPage(150, 1.5);
  const { markdown } = await parseDocument(png, { pageTimeoutS: 60 });
  const rows = markdown.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---')).map((l) => l.slice(2, -2).split(' | '));
  // Figures compared without their points: OCR at 150 dpi may drop one ("41.5" read "415").
  const digits = (cells: string[]) => cells.map((c) => c.replace(/\./g, ''));
  assert.deepEqual(rows.map(digits), ROWS.map((cells) => digits(cells.map((c) => c.replace('|', ' ')))), markdown);
});

test('a cell Tesseract left unread in a scanned grid is found between its rules and read again', async (t) => {
  if (!(await cliLanguages()).includes('eng')) {
    assert.ok(!process.env.DOCCONV_CI, 'CI installs the tesseract CLI with eng (.ci/run)');
    return t.diagnostic('no tesseract binary with eng on PATH');
  }
  const { png } = await gridPage(150, 1.5);
  const img = await decodeImagePageGray(png, 0);
  const page = await ocrImage(img, { langs: ['eng'], engine: 'cli', straighten: true });
  // As Tesseract does on a faint grid: the figures of one row never read, the label beside them read.
  const rowTop = 792 - TOP + 3 * ROW_H;
  const inRow = (r: TextRun) => r.y + r.height / 2 > rowTop && r.y + r.height / 2 < rowTop + ROW_H;
  const dropped = page.runs.filter((r) => inRow(r) && /\d/.test(r.text));
  assert.deepEqual(dropped.map((r) => r.text.replace(/\./g, '')), ['630', '586', '611'], 'the row read whole first');
  const kept = page.runs.filter((r) => !dropped.includes(r));
  const words = { runs: kept, meanConfidence: 90, wordlike: kept.length, lineOf: kept.map((_, i) => i) };
  const recovered = await readLostLines(img, words, page.rules, { langs: ['eng'], engine: 'cli' }, true);
  assert.deepEqual(recovered.filter(inRow).sort((a, b) => a.x - b.x).map((r) => r.text.replace(/\./g, '')), ['630', '586', '611'], 'each cell read again, in place');
  // Without the rules, the figures sit within a word's gap of the read label and the rules' strokes:
  // taken for words of a line Tesseract read and could not make out, they stay lost.
  assert.deepEqual((await readLostLines(img, words, [], { langs: ['eng'], engine: 'cli' }, true)).filter(inRow), []);
});
