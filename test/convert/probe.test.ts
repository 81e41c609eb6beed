import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PageLayoutInput, TextRun } from '../../src/convert/layout/types.js';
import { dominantScript, looksLikeFormulas, looksLikeTable, samplePages } from '../../src/convert/probe.js';
import { mergeTextLayer, pageNeedsOcr } from '../../src/convert/source/ocr-rules.js';
import { runsBesideOcr } from '../../src/convert/pdf/usable.js';

const run = (text: string, x: number, y: number, extra: Partial<TextRun> = {}): TextRun => ({
  text, x, y, width: text.length * 5, height: 10, fontSize: 10, bold: false, italic: false, monospace: false, ...extra,
});
const page = (runs: TextRun[], extra: Partial<PageLayoutInput> = {}): PageLayoutInput => ({
  index: 0, width: 612, height: 792, runs, rules: [], images: [], fromOcr: false, ...extra,
});

test('samples at most five pages spread over the document', () => {
  assert.deepEqual(samplePages(3), [0, 1, 2]);
  assert.deepEqual(samplePages(100), [0, 25, 50, 74, 99]);
  assert.deepEqual(samplePages(0), []);
});

test('tables: a ruled grid, or text aligned in columns', () => {
  const h = (y: number) => ({ x0: 50, y0: y, x1: 500, y1: y });
  const v = (x: number) => ({ x0: x, y0: 100, x1: x, y1: 300 });
  assert.equal(looksLikeTable(page([], { rules: [h(100), h(200), h(300), v(50), v(500)] })), true);
  const rows = [0, 1, 2, 3, 4].flatMap((r) => [run('Name', 50, 100 + r * 20), run('12.5', 250, 100 + r * 20), run('3.1', 400, 100 + r * 20)]);
  assert.equal(looksLikeTable(page(rows)), true);
  const prose = [0, 1, 2, 3, 4].map((r) => run('An ordinary line of running prose text', 50, 100 + r * 14));
  assert.equal(looksLikeTable(page(prose)), false);
});

test('formulas: math symbols or math fonts', () => {
  assert.equal(looksLikeFormulas(page([run('∑ α ≤ β ∫ x', 50, 50)])), true);
  assert.equal(looksLikeFormulas(page([1, 2, 3].map((i) => run('x', 50 * i, 50, { fontName: 'ABCDEF+CMMI10' })))), true);
  assert.equal(looksLikeFormulas(page([run('Plain words only', 50, 50)])), false);
});

test('dominant script', () => {
  assert.equal(dominantScript(['Hello world']), 'latin');
  assert.equal(dominantScript(['中文文本', 'ab']), 'cjk');
  assert.equal(dominantScript(['مرحبا بالعالم']), 'arabic');
  assert.equal(dominantScript(['Привет мир']), 'cyrillic');
  assert.equal(dominantScript(['123 456']), 'unknown');
});

test('OCR only where it can add text; text-layer runs win over OCR re-reads', () => {
  const title = page([run('FREE', 140, 500), run('CULTURE', 192, 500)]);
  assert.equal(pageNeedsOcr(title), false);
  assert.equal(pageNeedsOcr(page([])), true);
  assert.equal(pageNeedsOcr(page([run('2021', 385, 489)], { images: [{ x: 0, y: 0, width: 612, height: 792 }] })), true);
  const merged = mergeTextLayer([run('2021', 385, 489)], [run('1007', 386, 489, { confidence: 40 }), run('Report', 50, 100, { confidence: 95 })]);
  assert.deepEqual(merged.map((r) => r.text), ['2021', 'Report']);
});

test('a garbled text layer (a font mapping its glyphs to controls) is read by OCR; a math font\'s few controls are not', () => {
  // A Type 3 letterhead: glyph codes for letters, "•" among them, nothing readable.
  const letterhead = [run('\u0002\u0003\u0004', 48, 40, { fontName: 'T3' }), run('\u0005\u0006', 75, 40, { fontName: 'T3' }), run('•', 110, 40, { fontName: 'T3' }), run('\u0003\u000f\u0010\u0011\u0006', 199, 40, { fontName: 'T3' })];
  const folio = run('Page 1', 300, 760, { fontName: 'Helvetica' });
  assert.equal(pageNeedsOcr(page([...letterhead, folio])), true);
  // Only the readable font's runs stay beside OCR's words (the "•" of the garbled font goes too).
  assert.deepEqual(runsBesideOcr(page([...letterhead, folio])).map((r) => r.text), ['Page 1']);
  // An exam: readable text, answer blanks drawn as one repeated control, and a math extension
  // font whose delimiters map to C1 controls: the layer stands.
  const exam = [
    ...Array.from({ length: 12 }, (_, k) => run('Which of these equations holds for every x', 72, 100 + 20 * k, { fontName: 'Body' })),
    run(Array.from({ length: 40 }, () => '\u0001').join(' '), 300, 100, { fontName: 'Symbol' }),
    run('\u0082\u008c\u0000∫', 100, 300, { fontName: 'Extension' }),
  ];
  assert.equal(pageNeedsOcr(page(exam)), false);
  // A page that is not garbled keeps all of its runs beside OCR's words.
  assert.equal(runsBesideOcr(page(exam)).length, exam.length);
});

test('the probe recovers a broken page tree like the parser does (robustness corpus: /Pages without /Kids)', async () => {
  const { readFileSync, existsSync } = await import('node:fs');
  const { ROBUSTNESS_DIR } = await import('./exec-fixtures.js');
  const file = `${ROBUSTNESS_DIR}/pdfjs__issue21436.pdf`;
  if (!existsSync(file)) return;
  const { probeInThread } = await import('../../src/convert/probe.js');
  const probe = await probeInThread(new Uint8Array(readFileSync(file)));
  assert.equal(probe.pages, 1);
});
