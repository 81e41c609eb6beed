// Bold type on scans (ocr/stroke-weight.ts): Tesseract names no weight, so a line's weight is read
// from its ink. A subsection title set bold at the body's size is a heading; the same title set in
// the body's weight stays a line of text.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { decodeImagePageGray } from '../../src/convert/images.js';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { ocrImage, terminateWasmEngine } from '../../src/convert/ocr/index.js';
import { openPdf } from '../../src/convert/pdf/open.js';
import { renderPagePng } from '../../src/convert/pdf/render.js';
import type { TextRun } from '../../src/convert/layout/types.js';

after(async () => {
  await shutdownConvertPool();
  await terminateWasmEngine();
});

const TITLES = ['Scope of the Survey', 'Method and Sources'];
const BODY = [
  'The survey covers every household in the region that answered the spring questionnaire,',
  'weighted by district so that the smaller towns count as much as the two large cities do.',
  'Figures for the northern districts were collected a month later than the rest of them.',
  'Where a household answered twice, only the later of its two answers has been counted.',
];

/** A page of two sections, each a title line at the body's size over four lines of text, scanned at 150 dpi. */
async function scannedSections(boldTitles: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const p = doc.addPage([612, 400]);
  let y = 360;
  for (const title of TITLES) {
    p.drawText(title, { x: 72, y, size: 11, font: boldTitles ? bold : regular });
    y -= 22;
    for (const line of BODY) {
      p.drawText(line, { x: 72, y, size: 11, font: regular });
      y -= 14;
    }
    y -= 16;
  }
  const pdf = await openPdf(await doc.save());
  const png = await renderPagePng(await pdf.getPage(1), 150);
  await pdf.destroy();
  return png;
}

/** The scan's OCR words, and its Markdown as the service converts it. */
async function readScan(boldTitles: boolean) {
  const png = await scannedSections(boldTitles);
  const ocr = await ocrImage(await decodeImagePageGray(png, 0), { langs: ['eng'], engine: 'auto' });
  const { markdown } = await parseDocument(png, { pageTimeoutS: 60 });
  return { runs: ocr.runs, markdown };
}

test('a title set bold at the body size on a scan is read bold and becomes a heading; its text stays text', async () => {
  const { runs, markdown } = await readScan(true);
  // The titles' words are those on the lines of their first words.
  const titleYs = runs.filter((r) => r.text === 'Scope' || r.text === 'Method').map((r) => r.y);
  const inTitle = (r: TextRun) => titleYs.some((y) => Math.abs(r.y - y) < 4);
  const read = runs.map((r) => r.text + (r.bold ? '*' : '')).join(' ');
  assert.equal(runs.filter(inTitle).length, 7, read);
  assert.ok(runs.filter(inTitle).every((r) => r.bold), read);
  assert.ok(runs.filter((r) => !inTitle(r)).every((r) => !r.bold), read);
  for (const title of TITLES) assert.match(markdown, new RegExp(`^#+ ${title}$`, 'm'), markdown);
  assert.equal(markdown.match(/^#/gm)?.length, 2, markdown);
});

test('the same titles set in the body weight stay lines of text', async () => {
  const { runs, markdown } = await readScan(false);
  assert.ok(runs.every((r) => !r.bold));
  assert.doesNotMatch(markdown, /^#/m, markdown);
  for (const title of TITLES) assert.match(markdown, new RegExp(title), markdown);
});
