import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { deskew, estimateSkew, MIN_DESKEW_DEG, rotateSmall } from '../../src/convert/ocr/deskew.js';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { ocrImage } from '../../src/convert/ocr/index.js';
import { rotateGray } from '../../src/convert/ocr/image.js';
import { openPdf } from '../../src/convert/pdf/open.js';
import { renderPageGray, type GrayImage } from '../../src/convert/pdf/render.js';

/** A letter page of 30 lines of 10 pt prose at 150 dpi, as a scan without a text layer shows it. */
async function prosePage(lines: string[]): Promise<GrayImage> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 20, size: 10, font }));
  const pdf = await openPdf(await doc.save());
  const img = await renderPageGray(await pdf.getPage(1), 150);
  await pdf.destroy();
  return img;
}

const LINES = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of the report states that every river keeps its course through the valley`);

test('a page skewed by 0.5-3° either way is found so, and straightened', async () => {
  const upright = await prosePage(LINES);
  assert.equal(estimateSkew(upright), 0, 'a straight page is left as it is');
  for (const angle of [-3, -1.2, 0.5, 2]) {
    // rotateSmall turns back by its angle: turning back by -angle skews by angle.
    const skewed = rotateSmall(upright, -angle, 255);
    const found = estimateSkew(skewed);
    assert.ok(Math.abs(found - angle) <= 0.1, `skew ${angle}° found as ${found}°`);
    assert.ok(Math.abs(estimateSkew(deskew(skewed).image)) < MIN_DESKEW_DEG, `straightened from ${angle}°`);
  }
});

/**
 * A letter page of three columns of 9 pt prose at 150 dpi whose lines sit at each column's own
 * heights (paragraphs broke at different places), as a magazine or a report's scan shows them.
 */
async function threeColumnPage(): Promise<GrayImage> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const words = 'river valley report course keeps every through states line market region'.split(' ');
  for (let col = 0; col < 3; col++) {
    for (let i = 0; i < 52; i++) {
      const text = Array.from({ length: 5 }, (_, k) => words[(i * 3 + k * 7 + col) % words.length]).join(' ');
      // Pitch 12 pt; the columns' lines a third and two thirds of a pitch apart.
      page.drawText(text, { x: 54 + col * 176, y: 730 - i * 12 - col * 4, size: 9, font });
    }
  }
  const pdf = await openPdf(await doc.save());
  const img = await renderPageGray(await pdf.getPage(1), 150);
  await pdf.destroy();
  return img;
}

test('a page of three columns whose lines do not line up across them is found skewed, and straightened', async () => {
  const upright = await threeColumnPage();
  assert.equal(estimateSkew(upright), 0, 'a straight page is left as it is');
  for (const angle of [-2.1, 1.4, 3]) {
    const skewed = rotateSmall(upright, -angle, 255);
    const found = estimateSkew(skewed);
    assert.ok(Math.abs(found - angle) <= 0.1, `skew ${angle}° found as ${found}°`);
    assert.ok(Math.abs(estimateSkew(deskew(skewed).image)) < MIN_DESKEW_DEG, `straightened from ${angle}°`);
  }
});

test('a page lying sideways and skewed is found skewed the same, and straightened, before its turn is read', async () => {
  const upright = await prosePage(LINES);
  for (const turn of [90, 270] as const) {
    const sideways = rotateGray(upright, turn);
    assert.equal(estimateSkew(sideways), 0, `a straight page turned ${turn}° is left as it is`);
    for (const angle of [-2.5, 1.5]) {
      const skewed = rotateSmall(sideways, -angle, 255);
      const found = estimateSkew(skewed);
      assert.ok(Math.abs(found - angle) <= 0.1, `turned ${turn}°, skew ${angle}° found as ${found}°`);
      assert.ok(Math.abs(estimateSkew(deskew(skewed).image)) < MIN_DESKEW_DEG, `turned ${turn}°, straightened from ${angle}°`);
    }
  }
});

test('a page without lines of text is not turned: blank, noise, one picture', () => {
  const w = 600;
  const h = 800;
  const blank = { data: new Uint8Array(w * h).fill(250), width: w, height: h, pointsPerPixel: 1 };
  assert.equal(deskew(blank).image, blank);
  let seed = 7;
  const noise = { ...blank, data: blank.data.map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) > 200 ? 0 : 255) };
  assert.equal(estimateSkew(noise), 0);
  const box = { ...blank, data: blank.data.map((_, i) => (i % w > 100 && i % w < 500 && i / w > 200 && i / w < 600 ? 40 : 250)) };
  assert.equal(estimateSkew(rotateSmall(box, 2, 250)), 0, 'a tilted dark rectangle is no text');
});

test('rotateSmall keeps the whole page: the canvas grows and the corners take the fill', () => {
  const img = { data: new Uint8Array(100 * 50).fill(0), width: 100, height: 50, pointsPerPixel: 0.5 };
  const turned = rotateSmall(img, 3, 255);
  assert.ok(turned.width > 100 && turned.height > 50);
  assert.equal(turned.pointsPerPixel, 0.5);
  assert.equal(turned.data[0], 255, 'an uncovered corner is paper');
  assert.equal(turned.data[Math.floor(turned.height / 2) * turned.width + Math.floor(turned.width / 2)], 0, 'the middle is the image');
});

test('a skewed scan read by OCR keeps its lines whole: both ends of a line on one line', async (t) => {
  if (!(await cliLanguages()).includes('eng')) return t.diagnostic('no tesseract binary with eng on PATH');
  const numbered = Array.from({ length: 24 }, (_, i) => `Item ${['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'][i % 6]} number ${i + 1} of the river valley report keeps its course until it closes`);
  // 1.3° over a 430 pt line drifts ~10 pt: half the 20 pt line pitch, the worst case for grouping.
  const skewed = rotateSmall(await prosePage(numbered), -1.3, 255);
  const ends = async (straighten: boolean) => {
    const page = await ocrImage(skewed, { langs: ['eng'], engine: 'cli', straighten });
    const starts = page.runs.filter((r) => r.text === 'Item').map((r) => r.y);
    const closes = page.runs.filter((r) => r.text === 'closes').map((r) => r.y);
    assert.ok(starts.length >= 20 && closes.length >= 20, 'both ends of the lines are read');
    return closes.filter((y) => starts.some((s) => Math.abs(s - y) < 4)).length / closes.length;
  };
  assert.equal(await ends(true), 1, 'straightened: every line end lies level with a line start');
  assert.ok((await ends(false)) < 0.5, 'read as it lies, the ends drift off their lines');
});
