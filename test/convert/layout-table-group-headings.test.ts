// Group headings over a whitespace table's columns (issue 9 item 3). A group heading is set over
// its columns, so it reaches into the channels beside and between them wherever their boundaries
// lie: it must not decide where a boundary goes. A column heading set tight against its neighbour
// parts from it at the gap that lies in the channel, wherever in the channel the boundary was set.
// A wrapped section label is one cell when its lines are set at the cells' wrapped pitch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { centred as centredAt, right as rightAt, words } from './fixtures/runs.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { tableFromWhitespace, whitespaceColumnCuts } from '../../src/convert/layout/tables.js';
import { chunkLines, splitAtCuts } from '../../src/convert/layout/table-columns.js';
import type { Item } from '../../src/convert/layout/regions.js';
import type { TableModel } from '../../src/convert/layout/table-model.js';

const SIZE = 8;
/** Right-aligned and centred at the tables' size. */
const right = (text: string, x: number, y: number, extra: Partial<TextRun> = {}) => rightAt(text, x, y, SIZE, extra);
const centred = (text: string, x: number, y: number, extra: Partial<TextRun> = {}) => centredAt(text, x, y, SIZE, extra);

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

/** Each row's cells, '' where a spanning cell covers the slot. */
function texts(t: TableModel): string[][] {
  return t.rows.map((r) => r.map((c) => c?.text ?? ''));
}

const bold = { bold: true };

/** Body rows from `top`, 11 pt apart: the label at 40, each figure flush right at its column's edge. */
function figureRows(rows: string[][], edges: number[], top: number): TextRun[] {
  return rows.flatMap(([label, ...v], i) => {
    const y = top + i * 11;
    return [...words(label, 40, y, SIZE), ...v.flatMap((t, k) => right(t, edges[k], y))];
  });
}

/**
 * Label, then four columns right-aligned at 160, 208, 260 and 310. "Households", wider than its
 * figures, reaches far into the channel before them; the group heading over the first two columns
 * reaches into the same channel from the left: the two overlap there, on different lines.
 */
function groupedTable(): TextRun[] {
  const edges = [160, 208, 260, 310];
  const runs: TextRun[] = [...words('Follow up', 146, 40, SIZE, bold), ...centred('Other', 265, 40, bold)];
  runs.push(...right('Share of', edges[0], 50, bold), ...right('Full time', edges[2], 50, bold));
  runs.push(...words('Area', 40, 59, SIZE, bold), ...right('total', edges[0], 59, bold), ...right('Households', edges[1], 59, bold), ...right('equivalent', edges[2], 59, bold), ...right('Women', edges[3], 59, bold));
  const rows = [
    ['North', '20.34', '51', '12.5', '7.1'],
    ['South', '12.58', '1', '3.4', '17.9'],
    ['East', '62.51', '0', '13.9', '1.3'],
    ['West', '22.17', '42', '8.0', '12.5'],
    ['Central', '71.82', '46', '11.2', '9.7'],
    ['Coast', '9.50', '47', '6.3', '4.4'],
    ['Hills', '62.63', '31', '2.0', '15.2'],
    ['Lakes', '61.91', '87', '19.9', '3.0'],
    ['Plains', '64.09', '79', '7.7', '8.8'],
    ['Islands', '87.74', '69', '5.5', '6.1'],
  ];
  runs.push(...figureRows(rows, edges, 72));
  return runs;
}

test('whitespace table: a group heading reaching into a channel does not move its boundary through a column heading', () => {
  // The boundary between the first two value columns lies left of "Households" (168 to 208).
  const cuts = whitespaceColumnCuts(items(groupedTable()));
  assert.equal(cuts.length, 4, JSON.stringify(cuts));
  assert.ok(cuts[1] > 160 && cuts[1] < 168, JSON.stringify(cuts));
  const t = tableFromWhitespace(items(groupedTable()), []);
  assert.deepEqual(texts(t).slice(0, 3), [
    ['', 'Follow up', '', 'Other', ''],
    ['Area', 'Share of total', 'Households', 'Full time equivalent', 'Women'],
    ['North', '20.34', '51', '12.5', '7.1'],
  ]);
  assert.equal(t.rows[0][1]?.colSpan, 2);
  assert.equal(t.rows[0][3]?.colSpan, 2);
});

test('splitAtCuts: a boundary set through a heading word parts the heading at the cell gap in its channel', () => {
  // "Total persons Employed", shown as three strings half an em apart that pdf.js joined into one
  // run; the channel between the second and third columns runs from 197 to 215, its boundary set
  // at 204, inside "Employed" (201 to 233).
  const text = 'Total persons Employed';
  const run: TextRun = { text, x: 150, y: 40, width: 83, height: SIZE, fontSize: SIZE, bold: true, italic: false, monospace: false, baseline: 46.4, shownGaps: { text, x: 150, gaps: [5, 170, 174, 13, 197, 201] } };
  const lines = chunkLines(buildSegments([run]));
  const cuts = [172, 204];
  const channels = new Map([[172, { at: 172, lo: 171, hi: 180 }], [204, { at: 204, lo: 197, hi: 215 }]]);
  assert.deepEqual(splitAtCuts(lines, cuts, channels)[0].map((c) => c.text), ['Total', 'persons', 'Employed']);
  // Without the channels the boundary through the word leaves the heading whole there.
  assert.deepEqual(splitAtCuts(lines, cuts)[0].map((c) => c.text), ['Total', 'persons Employed']);
  // A gap outside the channel is no boundary: the heading stays whole there (a spanning heading).
  const narrow = new Map([[172, { at: 172, lo: 171, hi: 180 }], [204, { at: 204, lo: 202, hi: 215 }]]);
  assert.deepEqual(splitAtCuts(lines, cuts, narrow)[0].map((c) => c.text), ['Total', 'persons Employed']);
});

test('whitespace table: a section label wrapped at the cells\' line pitch is one cell; section labels a row apart stay rows', () => {
  // Rows 11 pt apart, a cell's wrapped lines 9.4 pt apart (0.85 of the row pitch or more).
  const runs: TextRun[] = [...words('Area', 40, 30, SIZE, bold), ...right('2019', 160, 30, bold), ...right('2020', 200, 30, bold)];
  let y = 41;
  const row = (label: string, values: string[] = [], extra: Partial<TextRun> = {}) => {
    runs.push(...words(label, 40, y, SIZE, extra));
    values.forEach((v, k) => runs.push(...right(v, 160 + 40 * k, y)));
  };
  row('Level system interest', ['12', '7']);
  y += 9.4;
  row('world business called');
  for (const [label, values, extra] of [
    ['Moreover figure', ['7', '48']],
    ['Annual', [], bold],
    ['Forward Basis Union', [], bold],
    ['Without problem next', ['781', '23']],
    ['Until Whether Never', [], bold],
  ] as Array<[string, string[], Partial<TextRun>?]>) {
    y += 11;
    row(label, values, extra);
  }
  y += 9.4;
  row('Change', [], bold);
  for (const [label, values] of [['Whole interest', ['282', '801']], ['Great', ['9', '819']], ['Found annual local', ['5', '64']]] as Array<[string, string[]]>) {
    y += 11;
    row(label, values);
  }
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t).map((r) => r[0]), ['Area', 'Level system interest world business called', 'Moreover figure', 'Annual', 'Forward Basis Union', 'Without problem next', 'Until Whether Never Change', 'Whole interest', 'Great', 'Found annual local']);
});

/**
 * Two levels of group headings over a short table: "Plan total" over "Other Present Usually", both
 * centred over the last two columns, cross the channel between them on two of the nine lines
 * that vote, more than a short table's channel tolerates.
 */
function stackedGroupsTable(): TextRun[] {
  const edges = [150, 200, 250, 300];
  const over = (a: number, b: number) => (edges[a] - 32 + edges[b]) / 2;
  const runs: TextRun[] = [...centred('Amount Object', over(0, 1), 40), ...centred('Plan total', over(2, 3), 40)];
  runs.push(...centred('Until Board', over(0, 1), 51), ...centred('Other Present Usually', over(2, 3), 51));
  runs.push(...right('Men', edges[0], 62), ...right('Rate', edges[1], 62), ...right('Employed', edges[2], 62), ...right('Full time', edges[3], 62));
  const rows = [
    ['Through given', '10.27', '4.18', '1.2', '113.9'],
    ['Annual image', '10.10', '52.38', '2.4', '668.2'],
    ['Already might', '-10.34', '75.26', '533.1', '230.1'],
    ['Sector total', '15.61', '16.25', '32.1', '4,913.5'],
    ['Against force', '17.98', '32.49', '68.9', '7.5'],
    ['System system', '9.08', '89.69', '266.5', '32.2'],
  ];
  runs.push(...figureRows(rows, edges, 75));
  return runs;
}

test('whitespace table: two levels of group headings over a pair of columns do not merge the pair', () => {
  const t = tableFromWhitespace(items(stackedGroupsTable()), []);
  assert.deepEqual(texts(t).slice(0, 4), [
    ['', 'Amount Object', '', 'Plan total', ''],
    ['', 'Until Board', '', 'Other Present Usually', ''],
    ['', 'Men', 'Rate', 'Employed', 'Full time'],
    ['Through given', '10.27', '4.18', '1.2', '113.9'],
  ]);
  assert.equal(t.rows[0][3]?.colSpan, 2);
  assert.equal(t.rows[1][3]?.colSpan, 2);
});

/**
 * A group heading wrapped flush left in its two columns' width ("Percentage of / targets with /
 * segment in" over "Onset | Coda"), beside a one-column heading wrapped flush right on the same
 * lines ("Total number / of trials per / participant").
 */
function flushLeftGroupTable(): TextRun[] {
  const runs: TextRun[] = [...words('Distribution type', 40, 40, SIZE)];
  ['Percentage of', 'targets with', 'segment in'].forEach((l, i) => runs.push(...words(l, 152, 40 + i * 9.5, SIZE)));
  ['Total number', 'of trials per', 'participant'].forEach((l, i) => runs.push(...right(l, 280, 40 + i * 9.5)));
  runs.push(...right('Onset', 172, 73), ...right('Coda', 200, 73));
  const rows = [
    ['Categorical onset', '100', '0', '196'],
    ['Probabilistic', '80', '20', '200'],
    ['Categorical coda', '0', '100', '196'],
    ['Mixed', '50', '50', '198'],
  ];
  runs.push(...figureRows(rows, [172, 200, 280], 85));
  return runs;
}

test('whitespace table: a group heading wrapped flush left is one cell over its columns', () => {
  const t = tableFromWhitespace(items(flushLeftGroupTable()), []);
  assert.deepEqual(texts(t).slice(0, 3), [
    ['Distribution type', 'Percentage of targets with segment in', '', 'Total number of trials per participant'],
    ['', 'Onset', 'Coda', ''],
    ['Categorical onset', '100', '0', '196'],
  ]);
  assert.equal(t.rows[0][1]?.colSpan, 2);
});
