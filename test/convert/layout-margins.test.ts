// Margin lines (layout/margins.ts, issue 9 "no lost text"): a page number set apart at the foot
// is a folio; numbers at the body's own line pitch are the body's, however low on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { splitMarginLines } from '../../src/convert/layout/margins.js';
import { textWidth, words } from './fixtures/runs.js';
import type { TextRun } from '../../src/convert/layout/types.js';

const LINE = 'a line of body text that runs across the whole column';
const body = (y0: number, n: number) => Array.from({ length: n }, (_, i) => words(LINE, 72, y0 + i * 12)).flat();

test("a row of figures at the body's pitch low on the page stays body; a folio set apart is furniture", () => {
  // The body runs down to 700 (12 pt lines), two rows of lone figures follow at the same pitch
  // (a matrix's or table's last rows: "2", "9 0"), and the folio stands 2.5 em under them.
  const runs = [...body(600, 9), ...words('2', 160, 712), ...words('9', 100, 724), ...words('0', 130, 724), ...words('14', 300, 752)];
  const split = splitMarginLines(buildSegments(runs), 792, 10);
  assert.deepEqual(split.furniture.map((s) => s.text), ['14']);
  assert.ok(['2', '9', '0'].every((t) => split.body.some((s) => s.text === t)));
});

test('a folio centred under the text block one line below its last line is furniture; a year or a number off centre there is text', () => {
  // ACM's review copy: the folio on the next line's slot, centred under the text; low on the page
  // but above the bottom zone (top 0.83 of the page).
  const centre = 72 + textWidth(LINE) / 2;
  // Set in 8 pt, its baseline 13 pt under the last line's (1.3 body sizes: closer than a folio
  // set apart, 1.8).
  const at = (t: string, y: number, x = centre - textWidth(t, 8) / 2) => words(t, x, y, 8);
  const page = (last: TextRun[]) => splitMarginLines(buildSegments([...body(540, 10), ...last]), 792, 10);
  assert.deepEqual(page(at('2', 662.6)).furniture.map((s) => s.text), ['2']);
  // A date centred under a title page's text, and a short last line at the left, stay text.
  assert.deepEqual(page(at('2021', 662.6)).furniture.map((s) => s.text), []);
  assert.deepEqual(page(at('2', 662.6, 72)).furniture.map((s) => s.text), []);
});
