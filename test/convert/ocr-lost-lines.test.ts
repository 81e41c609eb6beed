// Lines Tesseract's page reading left out are found as unread ink shaped like text and read again
// (ocr/lost-lines.ts, ocr/index.ts readLostLines): what a noisy scan dropped comes back, what was
// read is never read twice, and ink that is no text adds nothing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodeImagePageGray } from '../../src/convert/images.js';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { ocrImage, readLostLines, terminateWasmEngine } from '../../src/convert/ocr/index.js';
import { lostLines } from '../../src/convert/ocr/lost-lines.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import type { GrayImage } from '../../src/convert/pdf/render.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openPdf } from '../../src/convert/pdf/open.js';
import { renderPagePng } from '../../src/convert/pdf/render.js';
import { textImagePng, words } from './exec-fixtures.js';

after(() => terminateWasmEngine());

const LINES = [
  'Minutes of the harbour committee',
  'The pier repairs begin in March',
  'Fishing licences are renewed yearly',
  'Boats moor at the northern quay',
  'Visitors pay the summer mooring fee',
  'The lighthouse keeper retires soon',
];

async function tesseractCliOrCi(): Promise<boolean> {
  const present = (await cliLanguages()).includes('eng');
  assert.ok(present || !process.env.DOCCONV_CI, 'CI installs the tesseract CLI with eng (.ci/run)');
  return present;
}

/** An image's words read by OCR, grouped by line (top to bottom). */
async function readLines(img: GrayImage): Promise<TextRun[][]> {
  const page = await ocrImage(img, { langs: ['eng'], engine: 'cli' });
  const lines: TextRun[][] = [];
  for (const r of [...page.runs].sort((a, b) => a.y - b.y)) {
    const last = lines.at(-1);
    if (last && Math.abs(last[0].y - r.y) < r.height / 2) last.push(r);
    else lines.push([r]);
  }
  return lines;
}

/** The page, and its words read by OCR grouped by line. */
async function readPage(dpi: number): Promise<{ img: GrayImage; lines: TextRun[][] }> {
  const img = await decodeImagePageGray(await textImagePng(LINES, { dpi }), 0);
  return { img, lines: await readLines(img) };
}

const lineText = (runs: TextRun[]) => words(runs.map((r) => r.text).join(' '));

test('a page whose every line was read has no unread line of text', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const { img, lines } = await readPage(150);
  assert.equal(lines.length, LINES.length, 'the clean page reads line by line');
  assert.deepEqual(lostLines(img, lines.flat()), []);
});

test('lines left out of a reading are found where they lie and read again; read lines are not read twice', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  for (const dpi of [100, 150]) {
    const { img, lines } = await readPage(dpi);
    // As Tesseract's segmentation does on a grainy page: two lines, not next to each other, never read.
    const dropped = [lines[1], lines[4]];
    const kept = lines.filter((l) => !dropped.includes(l)).flat();
    const found = lostLines(img, kept);
    assert.equal(found.length, 2, `${dpi} dpi: one band per dropped line`);
    for (const [k, band] of found.entries()) {
      const line = dropped[k];
      const top = Math.min(...line.map((r) => r.y));
      const bottom = Math.max(...line.map((r) => r.y + r.height));
      const height = band.image.height * band.image.pointsPerPixel;
      assert.ok(band.y <= top && band.y + height >= bottom, `${dpi} dpi: band ${k} holds its line`);
    }
    const recovered = await readLostLines(img, { runs: kept, meanConfidence: 90, wordlike: kept.length, lineOf: kept.map((_, i) => i) }, [], { langs: ['eng'], engine: 'cli' }, true);
    for (const [k, line] of dropped.entries()) {
      const top = Math.min(...line.map((r) => r.y));
      const bottom = Math.max(...line.map((r) => r.y + r.height));
      const at = recovered.filter((r) => r.y + r.height / 2 > top && r.y + r.height / 2 < bottom);
      assert.deepEqual(lineText(at), words(LINES[k === 0 ? 1 : 4]), `${dpi} dpi: the dropped line's words, in place`);
    }
    assert.equal(recovered.length, words(LINES[1]).length + words(LINES[4]).length, `${dpi} dpi: nothing read twice`);
  }
});

test('a word left out of a line that was read is no lost line (it reads as unclearly again)', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const { img, lines } = await readPage(150);
  // The middle word of a read line dropped, as Tesseract drops a word it reads at low confidence.
  const line = lines[2];
  const partial = lines.flat().filter((r) => r !== line[Math.floor(line.length / 2)]);
  assert.deepEqual(lostLines(img, partial), []);
});

test('unread ink that is no text (a texture shaped like lines) adds no words', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const { img, lines } = await readPage(150);
  const kept = lines.flat();
  // Strips of hatching below the text: rows of ink of text height, but no letters.
  const data = img.data.slice();
  const em = Math.round(20 / img.pointsPerPixel);
  for (let band = 0; band < 2; band++) {
    const y0 = img.height - (band + 1) * 2 * em;
    for (let y = y0; y < y0 + em; y++) for (let x = 80; x < img.width - 80; x++) if ((x + y) % 7 < 2) data[y * img.width + x] = 0;
  }
  const textured = { ...img, data };
  assert.ok(lostLines(textured, kept).length > 0, 'the hatching is unread ink shaped like lines');
  assert.deepEqual(await readLostLines(textured, { runs: kept, meanConfidence: 90, wordlike: kept.length, lineOf: kept.map((_, i) => i) }, [], { langs: ['eng'], engine: 'cli' }, true), []);
});

test('a faint, blurred line between lines set close, left out of the reading, is read again whole', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  // Light grey print, lines 1.12 of their size apart, blurred as a poor scan is: the read lines'
  // covers reach into the dropped line's ascenders and descenders, and it reads as nothing in grey.
  const sharp = (await import('sharp')).default;
  const png = await textImagePng(LINES, { dpi: 120, grey: 0.6, size: 12, pitch: 13.5 });
  const blurred = new Uint8Array(await sharp(Buffer.from(png)).blur(1.2).png().toBuffer());
  const img = await decodeImagePageGray(blurred, 0);
  const lines = await readLines(img);
  assert.equal(lines.length, LINES.length, 'the page reads line by line');
  const kept = lines.filter((_, k) => k !== 2).flat();
  const recovered = await readLostLines(img, { runs: kept, meanConfidence: 90, wordlike: kept.length, lineOf: kept.map((_, i) => i) }, [], { langs: ['eng'], engine: 'cli' }, true);
  // Blurred print reads with a slip or so ("yearty").
  const got = lineText(recovered);
  assert.ok(got.length === words(LINES[2]).length && got.filter((w, i) => w === words(LINES[2])[i]).length >= 4, got.join(' '));
});

/** A picture of a table: a label, a wide figure, a column of short figures and another wide one per row (Helvetica 14 pt). */
async function tablePng(rows: Array<[string, string, string, string]>, dpi: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 300]);
  rows.forEach((row, i) => [40, 200, 340, 440].forEach((x, c) => page.drawText(row[c], { x: c === 0 ? x : x - font.widthOfTextAtSize(row[c], 14), y: 260 - i * 24, size: 14, font })));
  const pdf = await openPdf(await doc.save());
  const png = await renderPagePng(await pdf.getPage(1), dpi);
  await pdf.destroy();
  return png;
}

const TABLE: Array<[string, string, string, string]> = [
  ['Harbour', '1,204.5', '56', '33.10'],
  ['Pier', '317.25', '22', '8.75'],
  ['Quay', '9,880.0', '7', '412.6'],
  ['Lighthouse', '45.75', '81', '90.25'],
  ['Mooring', '2,003.1', '39', '11.40'],
];

test('a column of short figures left out of a table\'s reading is found as one band and read again, in place', async (t) => {
  if (!(await tesseractCliOrCi())) return t.diagnostic('no tesseract binary with eng on PATH');
  const img = await decodeImagePageGray(await tablePng(TABLE, 150), 0);
  // Tesseract's page reading leaves the column of short figures out, even of this clean picture;
  // the page's OCR reads it again, each figure on its row, between the row's other cells.
  const read = (await readLines(img)).flat();
  const short = new Set(TABLE.map((r) => r[2]));
  const figures = read.filter((r) => short.has(r.text)).sort((a, b) => a.y - b.y);
  assert.deepEqual(figures.map((r) => r.text), TABLE.map((r) => r[2]), read.map((r) => r.text).join(' '));
  const kept = read.filter((r) => !short.has(r.text));
  for (const r of figures) {
    const row = kept.filter((k) => Math.abs(k.y + k.height / 2 - (r.y + r.height / 2)) < r.height / 2);
    assert.ok(row.some((k) => k.x + k.width <= r.x) && row.some((k) => k.x >= r.x + r.width), `"${r.text}" sits between its row's cells`);
  }
  // Without them the column is one band of unread ink.
  // The picture's units per PDF point (the column of short figures ends at 340 pt).
  const unit = (img.width * img.pointsPerPixel) / 612;
  const column = (bands: ReturnType<typeof lostLines>) => bands.filter((b) => b.x < 340 * unit && b.x + b.image.width * b.image.pointsPerPixel > 320 * unit).length;
  const found = lostLines(img, kept);
  assert.equal(found.length, 1, 'one band');
  assert.equal(column(found), 1, 'the band is the column');
  // The same column with nothing read left of it (a margin's line numbers beside the text) is no
  // band: only the unread lines left of it are.
  const right = kept.filter((r) => r.x > 340 * unit);
  assert.equal(column(lostLines(img, right).filter((b) => b.x > 300 * unit)), 0);
});
