// Margin lines (layout/margins.ts, issue 9 "no lost text"): a page number set apart at the foot
// is a folio; numbers at the body's own line pitch are the body's, however low on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { splitMarginLines } from '../../src/convert/layout/margins.js';
import { words } from './fixtures/runs.js';

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
