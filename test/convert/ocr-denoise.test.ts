import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { gaussianBlur, noiseLevel } from '../../src/convert/ocr/denoise.js';
import { ocrImage } from '../../src/convert/ocr/index.js';
import { decodeImagePageGray } from '../../src/convert/images.js';
import { scanPage, type ScanFaults } from '../../eval/synthetic/scan.js';
import { Rng } from '../../eval/synthetic/random.js';

const WORDS = ['river', 'valley', 'report', 'course', 'market', 'budget', 'nation', 'theory', 'public', 'energy', 'design', 'moment'];
/** 24 lines of 10 pt prose, each word known. */
const LINES = Array.from({ length: 24 }, (_, i) => Array.from({ length: 9 }, (_, k) => WORDS[(i * 5 + k * 7) % WORDS.length]).join(' '));

async function prosePdf(face = StandardFonts.Helvetica, pitch = 18): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(face);
  const page = doc.addPage([612, 792]);
  LINES.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * pitch, size: 10, font }));
  return doc.save();
}

/** Words of LINES found among the runs, each as often as it was set. */
function wordsFound(runs: Array<{ text: string }>): number {
  const got = new Map<string, number>();
  for (const r of runs) got.set(r.text, (got.get(r.text) ?? 0) + 1);
  let found = 0;
  for (const w of LINES.join(' ').split(' ')) {
    const n = got.get(w) ?? 0;
    if (n > 0) {
      found++;
      got.set(w, n - 1);
    }
  }
  return found;
}

/** A grey, faintly inked scan at 100 dpi with sensor noise of σ `noise`. */
const faults = (noise: number): ScanFaults => ({ dpi: 100, paper: 206, ink: 90, blur: 0, noise, skew: 0, turn: 0, wrapper: 'png', quality: 80, density: true });

async function scan(noise: number) {
  const png = await scanPage(await prosePdf(), 0, faults(noise), new Rng(5));
  return decodeImagePageGray(png, 0, 200);
}

test('sensor noise is measured as about its σ; paper and print measure next to nothing', async () => {
  assert.ok(noiseLevel(await scan(0)) <= 1, 'a clean scan');
  const level = noiseLevel(await scan(17));
  assert.ok(level >= 12 && level <= 20, `noise σ 17 measured ${level}`);
  assert.ok(noiseLevel(gaussianBlur(await scan(17))) < level / 2, 'smoothing takes most of it away');
});

test('a noisy, faint scan that reads almost nothing is read smoothed: its words come back', async (t) => {
  if (!(await cliLanguages()).includes('eng')) return t.diagnostic('no tesseract binary with eng on PATH');
  const page = await ocrImage(await scan(17), { langs: ['eng'], straighten: true });
  const want = LINES.join(' ').split(' ');
  const found = wordsFound(page.runs);
  // Read as it lies, Tesseract finds none of them (a picture of grain); smoothed, ~85 %.
  assert.ok(found >= 0.7 * want.length, `${found} of ${want.length} words read`);
});

test('a soft, noisy 100 dpi scan of small serif print is smoothed at twice its size too: most of its words come back', async (t) => {
  if (!(await cliLanguages()).includes('eng')) return t.diagnostic('no tesseract binary with eng on PATH');
  const soft: ScanFaults = { ...faults(14), paper: 199, ink: 60, blur: 0.7 };
  const png = await scanPage(await prosePdf(StandardFonts.TimesRoman, 16), 0, soft, new Rng(5));
  const page = await ocrImage(await decodeImagePageGray(png, 0, 200), { langs: ['eng'], straighten: true });
  const want = LINES.join(' ').split(' ').length;
  const found = wordsFound(page.runs);
  // Smoothed at its own size only, 86 of 216 were read (the blur took the strokes with the grain); 178 so.
  assert.ok(found >= 0.7 * want, `${found} of ${want} words read`);
});
