import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { lineFontSize, lineInkExtentEm } from '../../src/convert/ocr/line-size.js';
import { parseTesseractTsv } from '../../src/convert/ocr/tsv.js';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { parseInThread } from '../../src/convert/pipeline.js';
import { scanPage } from '../../eval/synthetic/scan.js';
import { Rng } from '../../eval/synthetic/random.js';

test('a line spans the ink its letters reach: x-height, ascender, descender', () => {
  assert.ok(Math.abs(lineInkExtentEm([{ text: 'more' }, { text: 'cases' }]) - 0.49) < 1e-9, 'x-height only');
  assert.ok(Math.abs(lineInkExtentEm([{ text: 'Annual' }, { text: 'Review' }]) - 0.7) < 1e-9, 'capitals, no descender');
  assert.ok(Math.abs(lineInkExtentEm([{ text: 'Annual' }, { text: 'group' }]) - 0.91) < 1e-9, 'ascender and descender');
  assert.equal(lineInkExtentEm([{ text: '—' }, { text: '•' }]), 0, 'no letters');
});

test('a line set in one size measures that size whether or not its letters descend', () => {
  const em = 20;
  // Boxes drawn around the ink: a full line 0.91 em, capitals alone 0.7 em.
  const full = lineFontSize(0.91 * em, [{ text: 'Annual', height: 0.7 * em }, { text: 'group', height: 0.7 * em }]);
  const caps = lineFontSize(0.7 * em, [{ text: 'Annual', height: 0.7 * em }, { text: 'Review', height: 0.7 * em }]);
  assert.ok(Math.abs(full - caps) < 0.01 * em, `${full} vs ${caps}`);
  // A word box stretched over three lines (noise, skew) does not inflate the line.
  const stretched = lineFontSize(0.91 * em, [{ text: 'Annual', height: 2.5 * em }, { text: 'group', height: 2.5 * em }, { text: 'rate', height: 0.62 * em }]);
  assert.ok(Math.abs(stretched - full) < 0.01 * em, `stretched words: ${stretched}`);
  // A line box stretched over a figure beside it does not either, when its words are tight.
  const tallBox = lineFontSize(2 * em, [{ text: 'Board', height: 0.7 * em }, { text: 'rather', height: 0.7 * em }]);
  assert.ok(Math.abs(tallBox - caps) < 0.01 * em, `stretched line box: ${tallBox}`);
});

test('Tesseract TSV: every word of a line takes the line size its letters give', () => {
  const row = (level: number, line: number, word: number, left: number, top: number, w: number, h: number, conf: number, text: string) =>
    [level, 1, 1, 1, line, word, left, top, w, h, conf, text].join('\t');
  const tsv = [
    row(4, 1, 0, 100, 100, 300, 28, -1, ''),
    row(5, 1, 1, 100, 100, 120, 28, 96, 'Annual'),
    row(5, 1, 2, 230, 100, 120, 28, 96, 'Review'),
    row(4, 2, 0, 100, 150, 300, 22, -1, ''),
    row(5, 2, 1, 100, 150, 60, 17, 96, 'body'),
    row(5, 2, 2, 170, 155, 60, 17, 96, 'group'),
  ].join('\n');
  const { runs } = parseTesseractTsv(tsv, 1, 20);
  assert.equal(runs[0].fontSize, runs[1].fontSize);
  assert.equal(runs[2].fontSize, runs[3].fontSize);
  // Capitals 28 px tall (0.7 em: 40 px type) against a full line 22 px tall (0.91 em: 24 px type).
  const ratio = runs[0].fontSize / runs[2].fontSize;
  assert.ok(ratio > 1.55 && ratio < 1.75, `heading to body ${ratio}`);
});

test('a scanned heading without descenders, set 1.6× the body, is a heading', async (t) => {
  if (!(await cliLanguages()).includes('eng')) return t.diagnostic('no tesseract binary with eng on PATH');
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText('Annual Review Of Market Trends', { x: 72, y: 700, size: 16, font: bold });
  const body = 'Every quarterly figure in this report was gathered by the regional offices and checked again by the survey group before its publication';
  for (let i = 0; i < 12; i++) page.drawText(body.slice(0, 95 - (i % 3) * 6), { x: 72, y: 670 - i * 13, size: 10, font: regular });
  const png = await scanPage(await doc.save(), 0, { dpi: 150, paper: 235, ink: 20, blur: 0, noise: 0, skew: 0, turn: 0, wrapper: 'png', quality: 80, density: true }, new Rng(3));
  const parsed = await parseInThread(png, { langs: ['eng'], pageTimeoutS: 120 });
  assert.match(parsed.pages[0], /^#{1,3} Annual Review Of Market Trends$/m, parsed.pages[0]);
});
