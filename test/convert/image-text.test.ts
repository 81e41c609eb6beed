// Text inside pictures on a text-layer page (source/image-text.ts): the words a picture's
// lettering carries reach the Markdown, a photograph adds nothing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { parseInThread } from '../../src/convert/pipeline.js';
import { probeInThread } from '../../src/convert/probe.js';
import { terminateWasmEngine } from '../../src/convert/ocr/index.js';
import { cropGray, pictureWords, picturesToRead, placeRuns } from '../../src/convert/source/image-text.js';
import type { PageLayoutInput, TextRun } from '../../src/convert/layout/types.js';
import { textImagePng, words } from './exec-fixtures.js';

after(() => terminateWasmEngine());

const run = (text: string, x: number, y: number, confidence?: number): TextRun => ({
  text, x, y, width: 10 * text.length, height: 12, fontSize: 10, bold: false, italic: false, monospace: false, ...(confidence !== undefined ? { confidence } : {}),
});

function page(runs: TextRun[], images: PageLayoutInput['images']): PageLayoutInput {
  return { index: 0, width: 600, height: 800, runs, rules: [], images, fromOcr: false };
}

test('pictures read: big enough, not the backdrop, no text-layer words over them, largest first', () => {
  const small = { x: 10, y: 10, width: 60, height: 40 }; // 0.5 % of the page
  const thin = { x: 10, y: 100, width: 580, height: 20 }; // a rule-like strip
  const backdrop = { x: 0, y: 0, width: 600, height: 800 };
  const card = { x: 50, y: 200, width: 300, height: 200 }; // text-layer words lie on it
  const chart = { x: 50, y: 450, width: 400, height: 250 };
  const logo = { x: 380, y: 20, width: 200, height: 150 };
  const input = page([run('Caption on the card', 80, 250)], [small, thin, backdrop, card, logo, chart]);
  assert.deepEqual(picturesToRead(input), [chart, logo]);
});

test('a picture adds its words only when it reads clearly, and never stray digits alone', () => {
  const clear = { runs: [run('Quarterly', 0, 0, 95), run('revenue', 0, 0, 91), run('~', 0, 0, 40)], meanConfidence: 88, wordlike: 2, lineOf: [0, 0, 0] };
  assert.deepEqual(pictureWords(clear).map((r) => r.text), ['Quarterly', 'revenue']);
  const photo = { runs: [run('SUC', 0, 0, 72), run('KLILUGL', 0, 0, 37)], meanConfidence: 40, wordlike: 1, lineOf: [0, 0] };
  assert.deepEqual(pictureWords(photo), []);
  const digits = { runs: [run('1500', 0, 0, 90), run('42', 0, 0, 88)], meanConfidence: 89, wordlike: 0, lineOf: [0, 0] };
  assert.deepEqual(pictureWords(digits), []);
});

test('a crop is the picture’s pixels, and its words go back to page coordinates', () => {
  const data = new Uint8Array(100 * 50).map((_, i) => i % 251);
  const rendered = { data, width: 100, height: 50, pointsPerPixel: 2 }; // a 200 × 100 pt page
  const box = { x: 40, y: 20, width: 60, height: 40 };
  const crop = cropGray(rendered, box)!;
  assert.deepEqual([crop.width, crop.height], [30, 20]);
  assert.equal(crop.data[0], data[10 * 100 + 20]);
  assert.equal(crop.data[crop.width * 19 + 29], data[29 * 100 + 49]);
  const [placed] = placeRuns([run('word', 4, 6)], crop, box);
  assert.deepEqual([placed.x, placed.y], [44, 26]);
  assert.equal(cropGray(rendered, { x: 300, y: 300, width: 10, height: 10 }), null, 'off the page');
});

/** A page of prose (a real text layer) with a picture below it. */
async function pageWithPicture(png: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([612, 792]);
  const prose = 'The committee met in the spring and reviewed every proposal that reached it before the deadline.';
  for (let i = 0; i < 6; i++) p.drawText(prose.slice(0, 60 + i), { x: 72, y: 720 - 16 * i, size: 11, font });
  p.drawImage(await doc.embedPng(png), { x: 72, y: 300, width: 459, height: 225 });
  return doc.save();
}

test('the lettering of a picture on a text-layer page reaches the Markdown after the figure, not as a heading', async () => {
  const pdf = await pageWithPicture(await textImagePng(['Harvest Festival Programme', 'Saturday market and music']));
  const doc = await parseInThread(pdf, { langs: ['eng'], pageTimeoutS: 30 });
  const md = doc.pages[0];
  const found = words(md);
  for (const w of ['harvest', 'festival', 'programme', 'saturday', 'market', 'music']) assert.ok(found.includes(w), `${w} in ${md}`);
  assert.ok(md.indexOf('<!-- image -->') < md.indexOf('Harvest'), 'the figure, then its words');
  assert.doesNotMatch(md, /^#+ .*Harvest/m);
  assert.ok(md.indexOf('committee') < md.indexOf('Harvest'), 'prose above the picture comes first');
});

test('a photograph-like picture adds no words', async () => {
  const noise = Buffer.alloc(612 * 300);
  let seed = 7;
  for (let i = 0; i < noise.length; i++) noise[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  const png = await sharp(noise, { raw: { width: 612, height: 300, channels: 1 } }).blur(1.5).png().toBuffer();
  const doc = await parseInThread(await pageWithPicture(new Uint8Array(png)), { langs: ['eng'], pageTimeoutS: 30 });
  const md = doc.pages[0];
  const after = md.slice(md.indexOf('<!-- image -->') + '<!-- image -->'.length).trim();
  assert.equal(after, '', `nothing read from the noise: ${after}`);
});

test('a short document with a picture to read is parsed again, not taken from the probe’s reading', async () => {
  // The probe reads pages without OCR; its reading may stand in for the parse only when no OCR,
  // of a page or of a picture, is due (probe.ts).
  const withPicture = await pageWithPicture(await textImagePng(['Harvest Festival Programme']));
  assert.equal((await probeInThread(withPicture)).parsed, undefined);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('A page of plain prose with nothing else on it at all.', { x: 72, y: 700, size: 11, font });
  assert.ok((await probeInThread(await doc.save())).parsed, 'a plain page is reused');
});
