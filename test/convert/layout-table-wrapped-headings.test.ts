// Headings set on several lines (issue 9): a group heading wrapped in its narrow columns
// ("Central" over "Number", both centred over the two columns) is one group heading; a column
// heading set from the top of the heading row whose line ends on "of" goes on below ("Number of"
// over "persons"), even where the word below could be a unit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words } from './fixtures/runs.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { tableFromWhitespace } from '../../src/convert/layout/tables.js';
import type { Item } from '../../src/convert/layout/regions.js';

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

/** Right-aligned at x (0.5 em per character, 0.25 em a space). */
function right(text: string, x: number, y: number, size = 10): TextRun[] {
  return words(text, x - text.replace(/ /g, '').length * size * 0.5 - (text.split(' ').length - 1) * size * 0.25, y, size);
}

/** Centred on x. */
function centred(text: string, x: number, y: number, size = 10): TextRun[] {
  const w = text.replace(/ /g, '').length * size * 0.5 + (text.split(' ').length - 1) * size * 0.25;
  return words(text, x - w / 2, y, size);
}

const cells = (runs: TextRun[]) => tableFromWhitespace(items(runs), []).rows.map((r) => r.map((c) => (c ? `${c.text}${c.colSpan > 1 ? `/${c.colSpan}` : ''}` : '·')));

test('a group heading wrapped over two lines, each centred over its columns, is one heading', () => {
  // Columns right-aligned at 200 and 260; the group's lines 12 pt apart (a wrapped line's pitch).
  const runs: TextRun[] = [...centred('Central', 220, 20), ...centred('Number', 220, 32)];
  runs.push(...words('Source', 40, 48), ...right('1991', 200, 48), ...right('1992', 260, 48));
  const body: [string, string, string][] = [['Border', '860.9', '4.1'], ['Often weight', '267.9', '6.8'], ['Range process', '8.0', '87.0'], ['Special index', '1,204.5', '12.2']];
  body.forEach(([l, a, b], i) => runs.push(...words(l, 40, 64 + i * 14), ...right(a, 200, 64 + i * 14), ...right(b, 260, 64 + i * 14)));
  const t = cells(runs);
  assert.deepEqual(t[0], ['', 'Central Number/2', '·']);
  assert.deepEqual(t[1], ['Source', '1991', '1992']);
});

test('two levels of groups over the same columns, set a row apart, stay two rows', () => {
  const runs: TextRun[] = [...centred('Central', 220, 14), ...centred('Number', 220, 32)];
  runs.push(...words('Source', 40, 48), ...right('1991', 200, 48), ...right('1992', 260, 48));
  const body: [string, string, string][] = [['Border', '860.9', '4.1'], ['Often weight', '267.9', '6.8'], ['Range process', '8.0', '87.0'], ['Special index', '1,204.5', '12.2']];
  body.forEach(([l, a, b], i) => runs.push(...words(l, 40, 64 + i * 14), ...right(a, 200, 64 + i * 14), ...right(b, 260, 64 + i * 14)));
  const t = cells(runs);
  assert.equal(t[0][1].replace(/\/2$/, ''), 'Central');
  assert.equal(t[1][1].replace(/\/2$/, ''), 'Number');
});

test('a heading line ending on "of" goes on below, though the word below reads as a unit', () => {
  // Headings set from the top: "Number of" / "persons" in two columns, "Exports" on one line.
  const runs: TextRun[] = [...words('Measure', 40, 20), ...right('Number of', 200, 20), ...right('Number of', 270, 20), ...right('Exports', 340, 20)];
  runs.push(...right('persons', 200, 31), ...right('persons', 270, 31));
  const body: [string, string, string, string][] = [['Approach', '2.3', '(7)', '52'], ['Entire', '1.1', '–', '1,666'], ['Table', '2.8', '–', '10,141'], ['Whole', '13.5', '44', '912']];
  body.forEach(([l, ...v], i) => runs.push(...words(l, 40, 48 + i * 14), ...v.flatMap((x, c) => right(x, 200 + 70 * c, 48 + i * 14))));
  const t = cells(runs);
  assert.deepEqual(t[0], ['Measure', 'Number of persons', 'Number of persons', 'Exports']);
  assert.deepEqual(t[1], ['Approach', '2.3', '(7)', '52']);
});
