// Statistics tables as publishers set them (issue 9): dot leaders after the row labels, footnote
// markers raised after figures and headings, a figure wider than its column's others, column
// headings with an empty stub corner under group headings, units lines over a table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { right, words } from './fixtures/runs.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { tableFromWhitespace } from '../../src/convert/layout/tables.js';
import { dropLeaderRuns, dropLeaders } from '../../src/convert/layout/table-cell-text.js';
import { chunkLines } from '../../src/convert/layout/table-columns.js';
import { headingLevel } from '../../src/convert/layout/headings.js';
import type { Item } from '../../src/convert/layout/regions.js';
import type { TableModel } from '../../src/convert/layout/table-model.js';

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

/** One run as a PDF shows a string: its width from the characters (leader dots narrow). */
function shown(text: string, x: number, y: number, size = 10): TextRun {
  const width = [...text].reduce((s, ch) => s + (ch === '.' || ch === ' ' ? 0.28 : 0.5), 0) * size;
  return { text, x, y, width, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: y + size * 0.8 };
}

const texts = (t: TableModel): string[][] => t.rows.map((r) => r.map((c) => c?.text ?? '·'));

test('table cells: dot leaders after a label are no part of it, in the label\'s string or shown apart', () => {
  const runs: TextRun[] = [...words('Item', 50, 86), ...right('2019', 250, 86), ...right('2020', 310, 86)];
  const rows: [string, string, string][] = [['Agriculture', '1,204', '1,310'], ['Mining and quarrying', '96', '102'], ['Manufacturing', '3,001', '2,950'], ['Total', '4,301', '4,362']];
  rows.forEach(([label, a, b], i) => {
    const y = 100 + i * 14;
    if (i % 2 === 0) runs.push(shown(`${label} ${'.'.repeat(40)}`.slice(0, 44), 50, y));
    else runs.push(...words(label, 50, y), shown('. . . . . . .', 50 + label.length * 5 + 8, y));
    runs.push(...right(a, 250, y), ...right(b, 310, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t), [
    ['Item', '2019', '2020'],
    ['Agriculture', '1,204', '1,310'],
    ['Mining and quarrying', '96', '102'],
    ['Manufacturing', '3,001', '2,950'],
    ['Total', '4,301', '4,362'],
  ]);
  // "..." alone is a symbol (not available); a leader of four dots or more is cut out.
  assert.deepEqual(dropLeaders(shown('...', 200, 100)).map((r) => r.text), ['...']);
  assert.deepEqual(dropLeaders(shown('Total .......... 12', 50, 100)).map((r) => r.text), ['Total', '12']);
  assert.deepEqual(dropLeaders(shown('..........', 50, 100)), []);
});

test('table cells: a footnote number raised after a figure or a heading is a superscript, not one more digit', () => {
  const raised = (text: string, x: number, y: number): TextRun => ({ text, x, y: y - 3, width: 3.5, height: 6.5, fontSize: 6.5, bold: false, italic: false, monospace: false, baseline: y + 8 - 3.5 });
  const runs: TextRun[] = [...words('Region', 50, 86), ...right('2019', 200, 86), raised('1', 200.5, 86), ...right('2020', 260, 86)];
  [['North', '1,204', '1,310'], ['South', '96.5', '80.4'], ['East', '12', '14']].forEach(([label, a, b], i) => {
    const y = 100 + i * 14;
    runs.push(...words(label, 50, y), ...right(a, 200, y), ...right(b, 260, y));
    if (i === 1) runs.push(raised('2', 260.5, y));
    if (i === 2) runs.push(raised('a', 200.5, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t), [
    ['Region', '2019¹', '2020'],
    ['North', '1,204', '1,310'],
    ['South', '96.5', '80.4²'],
    ['East', '12a', '14'],
  ]);
});

test('tables: a figure wider than its column\'s others is no crossing: no column of its own under a group heading', () => {
  // Households | Unemployed | Imports under "Change", centred over all three; the Unemployed
  // column's figures are narrow and flush right but for one ("4,581"), and the heading row has an
  // stub corner spanned by the stub's heading on the group line. Ten rows: two lines in
  // twelve may cross a channel.
  const runs: TextRun[] = [...words('Area', 50, 72), ...words('Change', 175, 72)];
  runs.push(...right('Households', 160, 86), ...right('Unemployed', 220, 86), ...right('Imports', 270, 86));
  const body: [string, string, string, string][] = [['North', '12.1', '29', '6'], ['South', '(7.1)', '31', '5,001'], ['East', '(3.6)', '4,581', '23'], ['West', '17.8', '30', '8,544'], ['Islands', '5.3', '4', '2,108'], ['Coast', '2.2', '19', '224'], ['Hills', '9.6', '15', '31'], ['Valley', '1.9', '12', '628'], ['Plains', '4.4', '27', '413'], ['Border', '3.7', '11', '90']];
  body.forEach(([label, ...values], i) => {
    const y = 100 + i * 12;
    runs.push(...words(label, 50, y));
    values.forEach((v, c) => runs.push(...right(v, [160, 220, 270][c], y)));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t)[0], ['Area', 'Change', '·', '·']);
  assert.deepEqual(texts(t)[1], ['·', 'Households', 'Unemployed', 'Imports']);
  assert.deepEqual(texts(t)[4], ['East', '(3.6)', '4,581', '23']);
  assert.equal(t.rows[0][1]?.colSpan, 3);
  assert.equal(t.headerRows, 2);
});

test('headings: a units line over a table is no heading; an italic title at body size still is', () => {
  const level = (text: string) => headingLevel({ text, lines: 1, size: 9, bold: false, italic: true }, 9);
  for (const units of ['In thousands', 'Percent', '(In millions of US dollars)', 'Rates per 1 000 population', 'Index 2015=100', '£ million', 'Thousands of persons']) assert.equal(level(units), 0, units);
  for (const title of ['Regional accounts', 'Rates and Taxes', 'Millions of Years Ago']) assert.equal(level(title), 3, title);
});

test('table cells: a currency sign set flush left in its column belongs to the figure flush right in it', () => {
  // "$" at each value column's left edge on the first row and the total row, figures flush right.
  const runs: TextRun[] = [...words('Item', 50, 86), ...right('2019', 220, 86), ...right('2020', 300, 86)];
  const rows: [string, string, string, boolean][] = [['Wages', '12,204', '13,310', true], ['Rent', '960', '1,020', false], ['Fuel', '3,001', '2,950', false], ['Total', '16,165', '17,280', true]];
  rows.forEach(([label, a, b, sign], i) => {
    const y = 100 + i * 14;
    runs.push(...words(label, 50, y), ...right(a, 220, y), ...right(b, 300, y));
    if (sign) runs.push(...words('$', 180, y), ...words('$', 260, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t), [
    ['Item', '2019', '2020'],
    ['Wages', '$12,204', '$13,310'],
    ['Rent', '960', '1,020'],
    ['Fuel', '3,001', '2,950'],
    ['Total', '$16,165', '$17,280'],
  ]);
});

test('table cells: the next column\'s currency sign that came in one run with the figure before it ("1,743 $") opens the figure after it', () => {
  // Columns a third of an em apart: each value column's "$" starts 4 pt after the previous
  // column's figures end, and pdf.js joined the two strings into one run.
  const runs: TextRun[] = [...words('Item', 50, 86), ...right('2019', 220, 86), ...right('2020', 300, 86), ...right('Share', 360, 86)];
  const rows: [string, string, string, string, boolean][] = [['Wages', '12,204', '13,310', '7.5', true], ['Rent', '960', '1,020', '1.1', false], ['Fuel', '3,001', '2,950', '0.9', false], ['Total', '16,165', '17,280', '9.5', true]];
  rows.forEach(([label, a, b, c, sign], i) => {
    const y = 100 + i * 14;
    runs.push(...words(label, 50, y));
    if (!sign) {
      runs.push(...right(a, 220, y), ...right(b, 300, y), ...right(c, 360, y));
      return;
    }
    runs.push(...words('$', 165, y));
    // "a $" ends where the 2020 column's sign starts, 4 pt after the figure; likewise "b $".
    for (const [fig, end] of [[a, 220], [b, 300]] as const) {
      const text = `${fig} $`;
      const width = (fig.length + 2) * 5;
      runs.push({ ...words(text, 0, y)[0], text, x: end - fig.length * 5, width });
    }
    runs.push(...right(c, 360, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t), [
    ['Item', '2019', '2020', 'Share'],
    ['Wages', '$12,204', '$13,310', '$7.5'],
    ['Rent', '960', '1,020', '1.1'],
    ['Fuel', '3,001', '2,950', '0.9'],
    ['Total', '$16,165', '$17,280', '$9.5'],
  ]);
});

test('table cells: a currency sign shown on its own just after a figure opens the next figure, also one set tight against the column after it', () => {
  // The "$" of the 2020 column is a string of its own 4 pt after the 2019 figure (one chunk with
  // it), and the 2020 and Pct columns stand 5 pt apart (one chunk of two cells).
  const runs: TextRun[] = [...words('Item', 50, 86), ...right('2019', 220, 86), ...right('2020', 300, 86), ...right('Pct', 320, 86)];
  const rows: [string, string, string, string, boolean][] = [['Wages', '12,204', '13,310', '7.5', true], ['Rent', '960', '1,020', '1.1', false], ['Fuel', '3,001', '2,950', '0.9', false], ['Total', '16,165', '17,280', '9.5', true]];
  rows.forEach(([label, a, b, c, sign], i) => {
    const y = 100 + i * 14;
    runs.push(...words(label, 50, y), ...right(a, 220, y), ...right(b, 300, y), ...right(c, 320, y));
    if (sign) runs.push(...words('$', 165, y), ...words('$', 224, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t), [
    ['Item', '2019', '2020', 'Pct'],
    ['Wages', '$12,204', '$13,310', '7.5'],
    ['Rent', '960', '1,020', '1.1'],
    ['Fuel', '3,001', '2,950', '0.9'],
    ['Total', '$16,165', '$17,280', '9.5'],
  ]);
});

test('tables: a row numbering the columns, (1) (2) (3), under the headings is a header row', () => {
  const runs: TextRun[] = [...words('Region', 50, 86)];
  ['Persons', 'Households', 'Dwellings'].forEach((h, c) => runs.push(...right(h, 200 + c * 70, 86), ...right(`(${c + 1})`, 200 + c * 70, 98)));
  [['North', '1,204', '880', '902'], ['South', '965', '771', '804'], ['East', '312', '140', '151']].forEach(([label, ...values], i) => {
    const y = 114 + i * 12;
    runs.push(...words(label, 50, y));
    values.forEach((v, c) => runs.push(...right(v, 200 + c * 70, y)));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t).slice(1, 3).map((r) => r.slice(1)), [['(1)', '(2)', '(3)'], ['1,204', '880', '902']]);
  assert.equal(t.headerRows, 2);
});

test('tables: a group heading wider than its columns, centred on their cells rather than their right-aligned text, spans them', () => {
  // "Change in output of all" over 2019 | 2020, as wide as their cells' boxes (which it
  // widened) and centred on them, flush with their right-aligned text at the right: left of
  // the text's centre by half the channel before them, and starting before that channel's middle.
  const runs: TextRun[] = [...words('Change in output of all', 155, 72)];
  runs.push(...words('Sector', 50, 86), ...right('2019', 200, 86), ...right('2020', 260, 86));
  [['Farming', '5.6', '289.0'], ['Retail and wholesale', '24.7', '68.1'], ['Trade', '4.7', '245.7']].forEach(([label, a, b], i) => {
    const y = 100 + i * 12;
    runs.push(...words(label, 50, y), ...right(a, 200, y), ...right(b, 260, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t)[0], ['', 'Change in output of all', '·']);
  assert.equal(t.rows[0][1]?.colSpan, 2);
  assert.equal(t.headerRows, 2);
});

test('table cells: a leader shown dot by dot (a table of contents) is cut out, not read as columns of "."', () => {
  // pdf.js joins LaTeX's \dotfill into one item with a space between dots 4.4 pt apart; the
  // patched worker records those gaps, and a run cut at them is one run per dot.
  const title = 'Work Packages and Work Areas';
  const dots = Array.from({ length: 30 }, () => '.').join(' ');
  const text = `${title} ${dots}`;
  const x0 = 128;
  const gaps: number[] = [];
  let x = x0 + 150;
  for (let k = 0; k < 30; k++) {
    gaps.push(title.length + 2 * k, x, x + 2.8);
    x += 4.4;
  }
  const entry: TextRun = { text, x: x0, y: 442, width: x - x0, height: 8.8, fontSize: 10, bold: false, italic: false, monospace: false, baseline: 448.9, shownGaps: { text, x: x0, gaps } };
  const line = chunkLines(buildSegments([...words('2.3', 105, 442, 10, { baseline: 448.9 }), entry, ...words('3', 508, 442, 10, { baseline: 448.9 })]));
  assert.deepEqual(line[0].map((c) => c.text), ['2.3', title, '3']);
  // A row of missing values ("." cells, columns apart) is no leader.
  const row = [...words('Total', 40, 100, 10), ...['.', '.', '.', '.', '.', '.'].flatMap((v, k) => words(v, 160 + 40 * k, 100, 10))];
  assert.equal(dropLeaderRuns(row).length, row.length);
});
