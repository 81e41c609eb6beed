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
