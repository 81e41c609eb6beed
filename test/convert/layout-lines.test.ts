// Runs → lines: a line is the runs sharing a baseline, never two lines stacked at the same x
// (issue 9: a footnote's two lines beside a larger heading came out interleaved word by word).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupLines } from '../../src/convert/layout/lines.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words } from './fixtures/runs.js';

/** Words of a 9 pt line whose font box is 1.41 em tall (as LaTeX's sans fonts report it), so consecutive lines' boxes overlap. */
function tallLine(text: string, x: number, baseline: number, spread = 14): TextRun[] {
  const size = 9;
  const height = 12.7;
  const top = baseline - 9.8;
  const runs = words(text, x, top, size, { height, baseline });
  // Justified small print: wide gaps between words.
  runs.forEach((r, i) => { r.x += i * spread; });
  return runs;
}

const text = (line: TextRun[]): string => line.slice().sort((a, b) => a.x - b.x).map((r) => r.text).join(' ');

test('groupLines: two small-print lines beside a larger heading in the next column stay two lines', () => {
  const first = tallLine('Christian Gogolin: mail@example.org,', 57, 694.8);
  const second = tallLine('http://example.org, You can use the', 57, 705.8);
  // A 14.35 pt section heading in the right-hand column, its baseline between the two lines.
  const heading = [...words('2', 307.6, 690.4, 14.35, { height: 12.7, baseline: 700.4 }), ...words('Sectioning and equations', 328.7, 690.4, 14.35, { height: 12.7, baseline: 700.4 })];
  const lines = groupLines([...first, ...second, ...heading]);
  const texts = lines.map((l) => text(l.filter((r) => r.fontSize < 10))).filter((t) => t.length > 0);
  assert.deepEqual(texts, ['Christian Gogolin: mail@example.org,', 'http://example.org, You can use the']);
});

test('groupLines: a larger inline run and a raised accent stay on their line', () => {
  const base = words('The value of', 72, 100, 10);
  const big = words('BIG', 140, 96, 14, { baseline: 100 + 10 * 0.8 - 0.2 });
  const accent: TextRun = { text: '´', x: 172, y: 97, width: 3, height: 4, fontSize: 10, bold: false, italic: false, monospace: false, baseline: 108 - 2.5 };
  const lines = groupLines([...base, ...big, accent]);
  assert.equal(lines.length, 1);
});

test('groupLines: a superscript and a subscript stacked on one symbol (Ψ²₁) stay on its line', () => {
  const run = (text: string, x: number, baseline: number, size: number): TextRun => ({ text, x, y: baseline - 0.8 * size, width: 0.5 * size * text.length, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline });
  const psi = run('Ψ', 72, 100, 8);
  const lines = groupLines([psi, run('2', 76.5, 97.1, 6), run('1', 76.5, 101.6, 6), run('1 in 40,000', 120, 100, 8), run('Unexplained usage', 200, 100, 8)]);
  assert.equal(lines.length, 1, JSON.stringify(lines.map((l) => l.map((r) => r.text))));
});

test('groupLines: lines set closer than their type (a squeezed box) are lines, not one line of overlaid words', () => {
  // 10 pt words 4.3 pt apart, each line's box overlapping the next by half: "Base" over "your".
  const stack = ['Base', 'your', 'account', 'on', 'a'].flatMap((w, i) => words(w, 72, 119.5 + i * 4.3, 10, { baseline: 126.4 + i * 4.3 }));
  const lines = groupLines(stack);
  assert.deepEqual(lines.map(text), ['Base', 'your', 'account', 'on', 'a']);
});

test('groupLines: scripts stacked on one symbol and a word overprinted for boldness stay on their line', () => {
  const run = (text: string, x: number, baseline: number, size: number): TextRun => ({ text, x, y: baseline - 0.8 * size, width: 0.5 * size * text.length, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline });
  // x_ij^ab: two-letter scripts over each other, 7 pt beside 10 pt type.
  const scripts = groupLines([run('Let', 40, 100, 10), run('x', 72, 100, 10), run('ab', 77, 96.5, 7), run('ij', 77, 102, 7), run('be', 90, 100, 10)]);
  assert.equal(scripts.length, 1, JSON.stringify(scripts.map(text)));
  // Poor man's bold: the same word drawn again 0.3 pt to the right.
  const bold = groupLines([run('Warning', 72, 100, 10), run('Warning', 72.3, 100, 10), run('now', 115, 100, 10)]);
  assert.equal(bold.length, 1);
});
