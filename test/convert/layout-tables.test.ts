// Whitespace tables on positioned words: columns from alignment across all rows
// (table-columns.ts), wrapped labels, section rows, group headings over repeated sub-headings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { page, right, words } from './fixtures/runs.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { chunkLines, findColumnCuts, splitAtCuts, splitFiguresAtCuts, splitSpacedRun } from '../../src/convert/layout/table-columns.js';
import { repeatedBlocks, tableFromWhitespace } from '../../src/convert/layout/tables.js';
import type { Item } from '../../src/convert/layout/regions.js';
import type { TableModel } from '../../src/convert/layout/table-model.js';
import { renderTable } from '../../src/convert/markdown/table.js';
import { tableOf } from './fixtures/table-model.js';

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

const texts = (t: TableModel): string[][] => t.rows.map((r) => r.map((c) => c?.text ?? '·'));

/**
 * The five-column table: label, two years under one group heading, two years under
 * another, numbers right-aligned with gaps of about one em (narrower than the old segment gap
 * left them glued to the label), one empty cell.
 */
function groupedTable(): TextRun[] {
  const runs: TextRun[] = [...words('Exports', 170, 100), ...words('Imports', 270, 100)];
  runs.push(...words('Region', 50, 114), ...right('2019', 190, 114), ...right('2020', 240, 114), ...right('2019', 290, 114), ...right('2020', 340, 114));
  const body: [string, string[]][] = [
    ['North', ['1,204', '1,310', '880', '902']],
    ['South and islands', ['96.5', '', '77.1', '80.4']],
    ['East', ['12', '14', '9', '11']],
    ['West', ['3,001', '2,950', '1,775', '1,802']],
  ];
  body.forEach(([label, values], i) => {
    const y = 128 + i * 14;
    runs.push(...words(label, 50, y));
    values.forEach((v, c) => v && runs.push(...right(v, 190 + c * 50, y)));
  });
  return runs;
}

test('columns: boundaries are channels that hold over the rows, whatever a group heading crosses', () => {
  const lines = chunkLines(items(groupedTable()).map((i) => i.seg!));
  assert.equal(lines.length, 6);
  const cuts = findColumnCuts(lines, 3);
  assert.equal(cuts.length, 4, JSON.stringify(cuts));
  // Between the label column and the first numbers, then between each pair of number columns.
  assert.ok(cuts[0] > 135 && cuts[0] < 170, String(cuts[0]));
  for (let k = 1; k < 4; k++) assert.ok(cuts[k] > 140 + 50 * k && cuts[k] < 170 + 50 * k, String(cuts[k]));
});

test('columns: a column empty in most rows is still a column; one stray cell is not', () => {
  const span = (x0: number, x1: number) => ({ x0, x1 });
  const lines = [
    [span(0, 40), span(100, 120)],
    [span(0, 30), span(60, 70), span(100, 120)],
    [span(0, 35), span(100, 120)],
    [span(0, 38), span(62, 70), span(100, 118)],
    [span(0, 20), span(100, 120)],
  ];
  assert.equal(findColumnCuts(lines, 3).length, 2);
  // Only one line has something there: a stray, not a column.
  assert.equal(findColumnCuts([lines[0], lines[1], lines[2], lines[4], lines[0]], 3).length, 1);
});

test('columns: a run laid out with runs of spaces is split into cells there', () => {
  const run: TextRun = { text: 'Total  12.5   7', x: 0, y: 0, width: 75, height: 10, fontSize: 10, bold: false, italic: false, monospace: false };
  assert.deepEqual(splitSpacedRun(run).map((r) => [r.text, r.x]), [['Total', 0], ['12.5', 35], ['7', 70]]);
  assert.equal(splitSpacedRun({ ...run, text: 'one space only' }).length, 1);
});

test('tables: the five-column grouped table keeps five columns and spans its group headings', () => {
  const t = tableFromWhitespace(items(groupedTable()), []);
  assert.deepEqual(texts(t), [
    ['', 'Exports', '·', 'Imports', '·'],
    ['Region', '2019', '2020', '2019', '2020'],
    ['North', '1,204', '1,310', '880', '902'],
    ['South and islands', '96.5', '', '77.1', '80.4'],
    ['East', '12', '14', '9', '11'],
    ['West', '3,001', '2,950', '1,775', '1,802'],
  ]);
  assert.equal(t.rows[0][1]?.colSpan, 2);
  assert.equal(t.rows[0][3]?.colSpan, 2);
  assert.equal(t.headerRows, 2);
});

test('tables: a wrapped label joins its row, values on its first or its last line', () => {
  const runs: TextRun[] = [...words('Item', 50, 100), ...right('2020', 250, 100), ...right('2021', 300, 100)];
  const row = (label: string, y: number, vals?: string[]) => {
    runs.push(...words(label, 50, y));
    if (vals) vals.forEach((v, c) => runs.push(...right(v, 250 + 50 * c, y)));
  };
  row('Plain short label', 114, ['1', '2']);
  row('A long label that wraps onto', 128, ['3', '4']);
  row('a second line', 139);
  row('Another long label that wraps', 153);
  row('and has values below', 164, ['5', '6']);
  row('Last', 178, ['7', '8']);
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t), [
    ['Item', '2020', '2021'],
    ['Plain short label', '1', '2'],
    ['A long label that wraps onto a second line', '3', '4'],
    ['Another long label that wraps and has values below', '5', '6'],
    ['Last', '7', '8'],
  ]);
});

test('tables: a short label alone on its line is a section row, not part of the next label', () => {
  const runs: TextRun[] = [...words('Group', 50, 100), ...right('Count', 250, 100), ...right('Share', 300, 100)];
  const rows: [string, string[]][] = [['Men', []], ['Under eighteen years', ['10', '5.0']], ['Eighteen and over', ['20', '9.5']], ['Women', []], ['Under eighteen years', ['11', '5.5']], ['Eighteen and over', ['21', '9.9']]];
  rows.forEach(([l, v], i) => {
    runs.push(...words(l, 50, 114 + i * 12));
    v.forEach((x, c) => runs.push(...right(x, 250 + 50 * c, 114 + i * 12)));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t).map((r) => r[0]), ['Group', 'Men', 'Under eighteen years', 'Eighteen and over', 'Women', 'Under eighteen years', 'Eighteen and over']);
});

test('tables: a repeated row of sub-headings gives the groups over it', () => {
  assert.deepEqual(repeatedBlocks(['', '2019', '2020', '2019', '2020']), [{ from: 1, to: 2 }, { from: 3, to: 4 }]);
  assert.deepEqual(repeatedBlocks(['Stub', 'a', 'b', 'c', 'a', 'b', 'c']), [{ from: 1, to: 3 }, { from: 4, to: 6 }]);
  assert.equal(repeatedBlocks(['', '2019', '2020', '2021']), null);
  assert.equal(repeatedBlocks(['', 'x', 'x', 'x']), null);
});

test('tables: wrapped labels set with loose leading (1.3 em) still join their row', () => {
  const runs: TextRun[] = [...words('Next', 72, 100), ...right('2006', 212, 100), ...right('2002', 253, 100)];
  const lines: [number, string, string[]][] = [
    [115, 'Support total image', ['405.0', '25']],
    [130, 'Record range short plan', ['499.0', '757']],
    [143, 'whole question board', []],
    [156, 'approach', []],
    [171, 'Often', ['1.1', '3']],
    [186, 'Cause', ['4.0', '5']],
  ];
  for (const [y, label, vals] of lines) {
    runs.push(...words(label, 72, y));
    vals.forEach((v, c) => runs.push(...right(v, 212 + 41 * c, y)));
  }
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t).map((r) => r[0]), ['Next', 'Support total image', 'Record range short plan whole question board approach', 'Often', 'Cause']);
});

test('tables: a lone group heading just above a table is its top heading row, not a heading of the text', async () => {
  const { createLayoutContext, layoutPageToMarkdown } = await import('../../src/convert/layout/index.js');
  const { page } = await import('./fixtures/runs.js');
  const runs: TextRun[] = [
    ...words('Employment grew in every region over the period, as the table below shows in detail.', 50, 160),
    ...words('Percent change', 223, 186, 10, { bold: true }),
    ...words('Region', 50, 200, 10, { bold: true }), ...right('Persons', 190, 200), ...right('2019', 240, 200), ...right('2020', 290, 200),
  ];
  [['North', '1,204', '2.5', '3.1'], ['South', '980', '1.0', '0.4'], ['East', '455', '-0.2', '1.7']].forEach((r, i) => {
    runs.push(...words(r[0], 50, 214 + i * 14));
    r.slice(1).forEach((v, c) => runs.push(...right(v, 190 + 50 * c, 214 + i * 14)));
  });
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.doesNotMatch(md, /#+ Percent change/, md);
  assert.match(md, /<th colspan="2">Percent change<\/th>/, md);
  assert.match(md, /as the table below shows in detail\./, md);
});

test('tables: a table the reading-order pass cut in two is joined; a different table below is not', async () => {
  const { joinSplitGrids } = await import('../../src/convert/layout/table-blocks.js');
  const grid = (rows: string[][], y0: number, xs: number[]) => {
    const runs: TextRun[] = [];
    rows.forEach((r, i) => r.forEach((t, c) => runs.push(...(c === 0 ? words(t, xs[0], y0 + i * 14) : right(t, xs[c], y0 + i * 14)))));
    return { kind: 'grid' as const, items: items(runs), gutters: [] };
  };
  const upper = grid([['North', '12.5', '7'], ['South', '3.25', '11'], ['East', '8.0', '4']], 100, [50, 200, 260]);
  const lower = grid([['West', '1.5', '2'], ['Centre', '44.0', '13'], ['Islands', '0.5', '1']], 142, [50, 200, 260]);
  assert.equal(joinSplitGrids([upper, lower]).length, 1);
  const other = grid([['Code', 'Name', 'Kind', 'Size'], ['A1', 'alpha', 'x', '3'], ['B2', 'beta', 'y', '4']], 142, [50, 120, 200, 260]);
  assert.equal(joinSplitGrids([upper, other]).length, 2);
  const far = grid([['West', '1.5', '2'], ['Centre', '44.0', '13'], ['Islands', '0.5', '1']], 200, [50, 200, 260]);
  assert.equal(joinSplitGrids([upper, far]).length, 2);
});

test('columns: two cells set close on one line are cut apart where the other lines keep a boundary', () => {
  const line = chunkLines(items([...words('Weight', 100, 100), ...words('Controls', 134, 100)]).map((i) => i.seg!));
  assert.deepEqual(line[0].map((c) => c.text), ['Weight Controls']);
  assert.deepEqual(splitAtCuts(line, [132])[0].map((c) => c.text), ['Weight', 'Controls']);
  // A boundary through a word leaves the chunk whole.
  assert.deepEqual(splitAtCuts(line, [115])[0].map((c) => c.text), ['Weight Controls']);
});

test('columns: two figures pdf.js joined with one space are cut apart at a boundary near that space; words and space-grouped numbers are not', () => {
  // "269.8" ends at 158, "434,252" starts at 161.2: one item of pdf.js, 140 to 187.2.
  const joined: TextRun = { ...words('x', 140, 100, 8)[0], text: '269.8 434,252', width: 47.2 };
  assert.deepEqual(splitFiguresAtCuts(joined, [161], 3.2).map((r) => r.text), ['269.8', '434,252']);
  const line = chunkLines(items([joined]).map((i) => i.seg!));
  assert.deepEqual(splitAtCuts(line, [161])[0].map((c) => c.text), ['269.8', '434,252']);
  // No boundary near the space (a cut far off, or none): the run stays whole.
  assert.deepEqual(splitFiguresAtCuts(joined, [180], 3.2).map((r) => r.text), ['269.8 434,252']);
  assert.deepEqual(splitFiguresAtCuts({ ...joined, text: 'Part time' }, [161], 3.2).map((r) => r.text), ['Part time']);
  assert.deepEqual(splitFiguresAtCuts({ ...joined, text: '12 345' }, [161], 3.2).map((r) => r.text), ['12 345']);
});

test('tables: detection wants rows of short cells or figures, not words that line up', async () => {
  const { isWhitespaceTable } = await import('../../src/convert/layout/tables.js');
  const model = (rows: string[][]) => tableOf(rows);
  const prose = 'the quick brown fox jumps over the lazy dog again';
  assert.equal(isWhitespaceTable(model([[prose, prose], [prose, prose], [prose, prose]])), false);
  assert.equal(isWhitespaceTable(model([['Boots nut', 'Anchor nut'], ['Flexloc nut', 'Stop nut']])), false);
  assert.equal(isWhitespaceTable(model([['Region', '2019', '2020'], ['North', '12.5', '13.1']])), true);
  assert.equal(isWhitespaceTable(model([['Name', 'Kind'], ['Alpha', 'first'], ['Beta', 'second']])), true);
});

test('tables: a short group label centred over year columns spans them, beside an ungrouped total', () => {
  const runs: TextRun[] = [...words('Men', 263, 100)];
  runs.push(...words('Region', 50, 114), ...right('Total', 190, 114), ...right('2013', 240, 114), ...right('2014', 290, 114), ...right('2015', 340, 114));
  [['North', '9', '1', '2', '3'], ['South', '8', '4', '5', '6'], ['East', '7', '7', '8', '9']].forEach((r, i) => {
    runs.push(...words(r[0], 50, 128 + i * 14));
    r.slice(1).forEach((v, c) => runs.push(...right(v, 190 + 50 * c, 128 + i * 14)));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t)[0], ['', '', 'Men', '·', '·']);
  assert.equal(t.rows[0][2]?.colSpan, 3);
});

test('tables: section labels the reading-order pass took out between two parts of a table are rows of it', async () => {
  const { joinSplitGrids } = await import('../../src/convert/layout/table-blocks.js');
  const grid = (rows: string[][], y0: number) => {
    const runs: TextRun[] = [];
    rows.forEach((r, i) => r.forEach((t, c) => runs.push(...(c === 0 ? words(t, 50, y0 + i * 14) : right(t, 200 + 60 * (c - 1), y0 + i * 14)))));
    return { kind: 'grid' as const, items: items(runs), gutters: [] };
  };
  const upper = grid([['North', '12.5', '7'], ['South', '3.25', '11'], ['East', '8.0', '4']], 100);
  const section = { kind: 'flow' as const, items: items([...words('Overseas areas', 50, 150, 10, { bold: true }), ...words('Islands', 50, 164)]) };
  const lower = grid([['West', '1.5', '2'], ['Centre', '44.0', '13']], 180);
  const joined = joinSplitGrids([upper, section, lower]);
  assert.equal(joined.length, 1);
  assert.equal(joined[0].items.length, upper.items.length + section.items.length + lower.items.length);
  // A paragraph between two tables stays text.
  const prose = { kind: 'flow' as const, items: items(words('This paragraph of running text is long enough to be prose, not a row label at all.', 50, 150)) };
  assert.equal(joinSplitGrids([upper, prose, lower]).length, 3);
});

test('tables: rows of headings down to the first row of figures are header rows (a units row, year headings with markers)', () => {
  const runs: TextRun[] = [...words('Region', 50, 100), ...right('2019', 250, 100), ...right('2020p', 300, 100)];
  runs.push(...right('Number', 250, 112), ...right('%', 300, 112));
  [['North', '1,204', '12.5'], ['South', '980', '(3.1)'], ['East', '..', '7.0']].forEach(([l, a, b], i) => {
    runs.push(...words(l, 50, 126 + i * 12), ...right(a, 250, 126 + i * 12), ...right(b, 300, 126 + i * 12));
  });
  const t = tableFromWhitespace(items(runs), []);
  // The stub heading spans the units row under it: the cell under "Region" is the first label.
  assert.deepEqual(texts(t)[1], ['·', 'Number', '%']);
  assert.equal(t.rows[0][0]?.rowSpan, 2);
  assert.equal(t.headerRows, 2);
  // Markdown has one header row: two are written as HTML, both as <th>.
  const html = renderTable(t);
  assert.match(html, /^<table>\n<tr><th rowspan="2">Region<\/th><th>2019<\/th><th>2020p<\/th><\/tr>\n<tr><th>Number<\/th><th>%<\/th><\/tr>\n<tr><td>North<\/td>/);
});

test('tables: a column heading set on two lines is one cell; a group heading over word headings spans its columns', () => {
  // "Earnings" centred over Median | Full time equivalent; "Full time" wrapped above "equivalent", both right-aligned.
  const runs: TextRun[] = [...words('Earnings', 250, 86)];
  runs.push(...right('Full time', 320, 100));
  runs.push(...words('Sector', 50, 111), ...right('Count', 200, 111), ...right('Median', 250, 111), ...right('equivalent', 320, 111));
  [['Farming', '1,204', '12.5', '3.1'], ['Mining', '980', '(3.1)', '0.4'], ['Retail', '77', '7.0', '..']].forEach((cells, i) => {
    const y = 126 + i * 12;
    runs.push(...words(cells[0], 50, y), ...right(cells[1], 200, y), ...right(cells[2], 250, y), ...right(cells[3], 320, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t).slice(0, 2), [
    ['', '', 'Earnings', '·'],
    ['Sector', 'Count', 'Median', 'Full time equivalent'],
  ]);
  assert.equal(t.rows[0][2]?.colSpan, 2);
  assert.equal(t.headerRows, 2);
});

test('tables: heading lines over a table, the lowest opening with the stub heading, are its header rows', () => {
  // A title, two levels of group headings, then "Region 2019 2020 2019 2020" from the left edge.
  const runs: TextRun[] = [...words('Table 4. Trade by region and year', 50, 60)];
  runs.push(...words('Goods', 282.5, 84));
  runs.push(...words('Exports', 227.5, 96), ...words('Imports', 327.5, 96));
  runs.push(...words('Region', 50, 108), ...right('2019', 230, 108), ...right('2020', 280, 108), ...right('2019', 330, 108), ...right('2020', 380, 108));
  [['North', '1,204', '1,310', '880', '902'], ['South', '96.5', '..', '77.1', '80.4'], ['East', '12', '14', '9', '11'], ['West', '3,001', '2,950', '1,775', '1,802']].forEach((cells, i) => {
    const y = 122 + i * 12;
    runs.push(...words(cells[0], 50, y));
    cells.slice(1).forEach((v, c) => runs.push(...right(v, 230 + 50 * c, y)));
  });
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /<tr><th>Region<\/th><th>2019<\/th><th>2020<\/th><th>2019<\/th><th>2020<\/th><\/tr>/, md);
  assert.match(md, /<tr><th><\/th><th colspan="4">Goods<\/th><\/tr>\n<tr><th><\/th><th colspan="2">Exports<\/th><th colspan="2">Imports<\/th><\/tr>/, md);
  assert.doesNotMatch(md.split('<table>')[0], /Region|Exports/, md);
});

test('tables: group headings nest: a higher heading spans the groups under it, ungrouped columns stay at the edges', () => {
  // Region | Total | 2019 2020p | 2019 2020p | 2019 2020p, four-character figures right-aligned
  // 50 points apart; "Persons" centred over the first two groups, "Men", "Women", "All ages"
  // each over two year columns (centred over the middle columns too: 2020p | 2019).
  const ends = [200, 250, 300, 350, 400, 450, 500];
  const centred = (text: string, from: number, to: number, y: number) => words(text, (ends[from - 1] - 20 + ends[to - 1]) / 2 - text.length * 2.5, y);
  const runs: TextRun[] = [...centred('Persons', 2, 5, 72)];
  runs.push(...centred('Men', 2, 3, 86), ...centred('Women', 4, 5, 86), ...centred('All ages', 6, 7, 86));
  runs.push(...words('Region', 50, 100), ...right('Total', 200, 100));
  ['2019', '2020p', '2019', '2020p', '2019', '2020p'].forEach((h, k) => runs.push(...right(h, ends[k + 1], 100)));
  [['North', '1204'], ['South', '9812'], ['East', '3321'], ['West', '7001']].forEach(([label, v], i) => {
    runs.push(...words(label, 50, 114 + i * 12));
    ends.forEach((x) => runs.push(...right(v, x, 114 + i * 12)));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t).slice(0, 2), [
    ['', '', 'Persons', '·', '·', '·', '', ''],
    ['', '', 'Men', '·', 'Women', '·', 'All ages', '·'],
  ]);
  assert.equal(t.rows[0][2]?.colSpan, 4);
  assert.equal(t.headerRows, 3);
});

test('tables: a heading wrapped over a column set otherwise than its row (centred over wide figures) is one cell, above a units row', () => {
  // Count and Rate headings flush right with their figures; "Percentage / change" centred over
  // figures wider than "change"; a units row under the headings.
  const centredAt = (text: string, mid: number, y: number) => words(text, mid - text.length * 2.5, y);
  const runs: TextRun[] = [...centredAt('Percentage', 262.5, 86)];
  runs.push(...words('Region', 50, 98), ...right('Count', 200, 98), ...centredAt('change', 262.5, 98), ...right('Rate', 350, 98));
  runs.push(...right('Number', 200, 110), ...centredAt('%', 262.5, 110), ...right('%', 350, 110));
  [['North', '1,204', '1,234.5', '12.5'], ['South', '980', '(104.2)', '3.1'], ['East', '77', '2,001.0', '7.0']].forEach((cells, i) => {
    const y = 124 + i * 12;
    runs.push(...words(cells[0], 50, y), ...right(cells[1], 200, y), ...right(cells[2], 280, y), ...right(cells[3], 350, y));
  });
  const t = tableFromWhitespace(items(runs), []);
  assert.deepEqual(texts(t).slice(0, 2), [
    ['Region', 'Count', 'Percentage change', 'Rate'],
    ['·', 'Number', '%', '%'],
  ]);
  assert.equal(t.headerRows, 2);
});

test('tables: a section label between the column headings and the first row opens the table, with the headings over it', async () => {
  const { assembleTableBlocks } = await import('../../src/convert/layout/table-blocks.js');
  // The reading-order pass left the heading line and the section label under it in the flow.
  const title = words('Table 3. Households by region', 50, 60, 10, { bold: true });
  const headings = [...words('2019', 215, 86, 10, { bold: true }), ...words('2020', 280, 86, 10, { bold: true })];
  const section = words('Northern areas', 50, 100);
  const rows: TextRun[] = [];
  [['Coast', '1,204', '12,345'], ['Hills', '980', '1,002'], ['Islands', '455', '470']].forEach(([label, a, b], i) => rows.push(...words(label, 62, 114 + i * 14), ...right(a, 240, 114 + i * 14), ...right(b, 310, 114 + i * 14)));
  // Items from one pass over the page's runs (line ids are the page's).
  const all = items([...title, ...headings, ...section, ...rows]);
  const flowItems = all.filter((i) => i.top < 110);
  const grid = { kind: 'grid' as const, items: all.filter((i) => i.top >= 110), gutters: [] };
  const out = assembleTableBlocks([{ kind: 'flow', items: flowItems }, grid]);
  assert.equal(out.length, 2);
  assert.deepEqual(out[0].items.map((i) => i.seg!.text), ['Table 3. Households by region']);
  const t = tableFromWhitespace(out[1].items, []);
  assert.deepEqual(texts(t).slice(0, 3), [['', '2019', '2020'], ['Northern areas', '', ''], ['Coast', '1,204', '12,345']]);
  // A label alone above a table with no headings over it stays in the text (a heading of it).
  const plain = assembleTableBlocks([{ kind: 'flow', items: flowItems.filter((i) => !/^20/.test(i.seg!.text)) }, grid]);
  assert.deepEqual(plain[0].items.map((i) => i.seg!.text), ['Table 3. Households by region', 'Northern areas']);
});

test('tables: a column holding only headings joins the neighbour holding figures whose headings sit on other rows', async () => {
  const { headingOnlyCut } = await import('../../src/convert/layout/tables.js');
  // Region | Count | "Change" (flush left) | figures flush right, clear of the heading: the
  // projection saw a channel between them.
  const row = (cells: string[], xs: [number, number][], y: number) => ({
    cells, extents: xs.map(([x0, x1]) => ({ x0, x1 })), spans: cells.map(() => 1), spanning: false,
    firstBaseline: y, lastBaseline: y, top: y - 8, bottom: y + 2, size: 10, bold: false, italic: false,
  });
  const none: [number, number] = [NaN, NaN];
  const rows = [
    row(['Region', 'Count', 'Change', ''], [[50, 80], [175, 200], [230, 260], none], 100),
    row(['North', '1,204', '', '2.5'], [[50, 75], [175, 200], none, [305, 320]], 114),
    row(['South', '980', '', '10.0'], [[50, 75], [185, 200], none, [300, 320]], 128),
    row(['East', '455', '', '-0.2'], [[50, 70], [185, 200], none, [300, 320]], 142),
  ];
  assert.equal(headingOnlyCut(rows), 2);
  // A group heading in a column of its own (wider than the channel under it) joins the nearer
  // column of figures whose heading sits on another row; two headings on one row stay apart.
  const group = [row(['', '', 'Men', ''], [none, none, [262, 280], none], 86), ...rows.map((r) => ({ ...r, cells: [...r.cells], extents: [...r.extents] }))];
  group[1].cells[2] = '';
  group[1].extents[2] = { x0: NaN, x1: NaN };
  group[1].cells[3] = '2019';
  group[1].extents[3] = { x0: 300, x1: 320 };
  assert.equal(headingOnlyCut(group), 2);
  group[0].cells[3] = 'Women';
  group[0].extents[3] = { x0: 295, x1: 320 };
  assert.equal(headingOnlyCut(group), 1, 'the other neighbour, its heading on another row');
  group[0].cells[1] = 'All';
  group[0].extents[1] = { x0: 185, x1: 200 };
  assert.equal(headingOnlyCut(group), -1);
  // A heading over figures of its own, or figures under a heading of their own, stay apart.
  rows[1].cells[2] = '7';
  rows[1].extents[2] = { x0: 250, x1: 260 };
  assert.equal(headingOnlyCut(rows), -1);
});

test('tables: a table cut in two is joined when one part shows a channel more (a heading clear of the few figures under it)', async () => {
  const { joinSplitGrids } = await import('../../src/convert/layout/table-blocks.js');
  const runs = (rows: string[][], y0: number) => rows.flatMap((r, i) => r.flatMap((t, c) => (c === 0 ? words(t, 50, y0 + i * 14) : right(t, [0, 200, 260, 320][c], y0 + i * 14))));
  // Upper part: "Median" flush left at 215, its figures short and flush right at 260.
  const all = items([
    ...words('Region', 50, 100), ...right('Count', 200, 100), ...words('Median', 215, 100), ...right('Rate', 320, 100),
    ...runs([['North', '12.5', '7', '1.5'], ['South', '3.25', '11', '2.0']], 114),
    ...runs([['West', '1.5', '12,345', '2.2'], ['Centre', '44.0', '10,001', '1.3'], ['Islands', '0.5', '99,999', '0.1']], 142),
  ]);
  const upper = { kind: 'grid' as const, items: all.filter((i) => i.top < 140), gutters: [] };
  const lower = { kind: 'grid' as const, items: all.filter((i) => i.top >= 140), gutters: [] };
  const joined = joinSplitGrids([upper, lower]);
  assert.equal(joined.length, 1);
  const t = tableFromWhitespace(joined[0].items, []);
  assert.deepEqual(texts(t)[0], ['Region', 'Count', 'Median', 'Rate']);
  assert.deepEqual(texts(t)[3], ['West', '1.5', '12,345', '2.2']);
});

test('tables: the headings cut off as a grid of their own join the table below them, over a section label or not', async () => {
  const { joinSplitGrids } = await import('../../src/convert/layout/table-blocks.js');
  // Two heading lines over the value columns only (no label column: the reading-order pass made
  // them a grid of their own), a section label, then the body.
  const body: TextRun[] = [];
  [['Coast', '1,204', '12.5', '7'], ['Hills', '980', '3.25', '11'], ['Islands', '455', '8.0', '4']].forEach((r, i) =>
    r.forEach((t, c) => body.push(...(c === 0 ? words(t, 62, 128 + i * 14) : right(t, [0, 200, 260, 320][c], 128 + i * 14)))),
  );
  const all = items([
    ...words('Persons', 170, 86), ...words('Rate', 270, 86),
    ...right('Count', 200, 100), ...right('Share', 260, 100), ...right('Change', 320, 100),
    ...words('Northern areas', 50, 114),
    ...body,
  ]);
  const headings = { kind: 'grid' as const, items: all.filter((i) => i.top < 105), gutters: [] };
  const section = { kind: 'flow' as const, items: all.filter((i) => i.top >= 105 && i.top < 115) };
  const grid = { kind: 'grid' as const, items: all.filter((i) => i.top >= 115), gutters: [] };
  const joined = joinSplitGrids([headings, section, grid]);
  assert.equal(joined.length, 1);
  const t = tableFromWhitespace(joined[0].items, []);
  assert.deepEqual(texts(t).slice(1, 4), [['', 'Count', 'Share', 'Change'], ['Northern areas', '', '', ''], ['Coast', '1,204', '12.5', '7']]);
  // Lines of figures above are another table's rows, not headings.
  const figures = { kind: 'grid' as const, items: items([...right('1,999', 200, 100), ...right('2.0', 260, 100), ...right('3', 320, 100)]), gutters: [] };
  assert.equal(joinSplitGrids([figures, section, grid]).length, 3);
});

test('tables: a total row the reading-order pass set apart under a table is its last row; a sentence with figures is not', async () => {
  const { joinSplitGrids } = await import('../../src/convert/layout/table-blocks.js');
  const row = (r: string[], y: number) => r.flatMap((t, c) => (c === 0 ? words(t, 50, y) : right(t, [0, 200, 260, 320][c], y)));
  const all = items([
    ...row(['North', '1,204', '12.5', '7'], 100), ...row(['South', '980', '3.25', '11'], 114), ...row(['East', '455', '8.0', '4'], 128),
    ...row(['Total', '2,639', '23.75', '22'], 144).map((r) => ({ ...r, bold: true })),
    ...words('The total grew by 4.5 per cent over 2019 in all regions.', 50, 170),
  ]);
  const grid = { kind: 'grid' as const, items: all.filter((i) => i.top < 135), gutters: [] };
  const flow = { kind: 'flow' as const, items: all.filter((i) => i.top >= 135) };
  const out = joinSplitGrids([grid, flow]);
  assert.equal(out.length, 2);
  assert.deepEqual(texts(tableFromWhitespace(out[0].items, [])).at(-1), ['Total', '2,639', '23.75', '22']);
  assert.deepEqual(out[1].items.map((i) => i.seg!.text), ['The total grew by 4.5 per cent over 2019 in all regions.']);
  // A list item with figures right under a table stays text.
  const item = { kind: 'flow' as const, items: items(words('1. Figures for 2019 are provisional and 2020 estimated throughout', 50, 142)) };
  assert.equal(joinSplitGrids([grid, item]).length, 2);
  // The total row and the source line under it read as one grid (the source line crosses the
  // label channel): the row joins the table, the source line stays text.
  const wide = (r: string[], y: number) => r.flatMap((t, c) => (t === '' ? [] : c === 0 ? words(t, 37, y, 9) : right(t, [0, 158, 194, 223, 280, 320][c], y, 9)));
  const bodyRuns = [...wide(['Enough writer strong', '76', '62.0', '1.1', '532,726', '13.2'], 100), ...wide(['Direct weight', '77', '81.1', '64.3', '234', '2.3'], 113), ...wide(['Across every', '87', '6.3', '88.5', '17', '67.4'], 126), ...wide(['Body local', '46', '9.0', '76.3', '2,928', '5.5'], 139), ...wide(['Theory street', '50', '43.3', '1.8', '206', '3.5'], 152)];
  const totalRuns = wide(['Total economic', '69', '', '54.3', '38,176', '29.6'], 165).map((r) => ({ ...r, bold: true }));
  // One page's items (line ids are given per call).
  const page1 = items([...bodyRuns, ...totalRuns, ...words('Source: Reason Theory big survey', 37, 186, 8)]);
  const body = page1.filter((i) => i.top < 165);
  const table = { kind: 'grid' as const, items: body, gutters: [] };
  const joined = joinSplitGrids([table, { kind: 'grid' as const, items: page1.filter((i) => i.top >= 165), gutters: [] }]);
  assert.deepEqual(joined.map((b) => b.kind), ['grid', 'flow']);
  assert.deepEqual(texts(tableFromWhitespace(joined[0].items, [])).at(-1), ['Total economic', '69', '', '54.3', '38,176', '29.6']);
  assert.deepEqual(joined[1].items.map((i) => i.seg!.text), ['Source: Reason Theory big survey']);
  // A second table's rows right under it are not taken (what is left would still be a grid).
  const page2 = items([...bodyRuns, ...totalRuns, ...words('Source: Reason Theory big survey', 37, 178, 8), ...wide(['Centre', '12', '1.5', '2.5', '7', '9.5'], 191)]);
  const next = page2.filter((i) => i.top >= 165);
  assert.deepEqual(joinSplitGrids([{ ...table, items: page2.filter((i) => i.top < 165) }, { kind: 'grid' as const, items: next, gutters: [] }]).map((b) => b.items.length), [body.length, next.length]);
});

test('tables: a title set larger than the grid under it heads the text; it is no header row of the grid', () => {
  const runs: TextRun[] = [...words('The Name of the Title Is Hope', 180, 80, 18)];
  const grid = [['Ben Trovato', 'Lars Thorvald', 'Valerie Beranger'], ['Institute for Clarity', 'The Thorvald Group', 'Inria Paris'], ['Dublin, Ohio, USA', 'Hekla, Iceland', 'Rocquencourt, France'], ['trovato@corp.com', 'larst@affil.org', 'vb@inria.fr']];
  grid.forEach((r, i) => r.forEach((t, c) => runs.push(...words(t, 90 + 160 * c, 120 + i * 13, 10))));
  runs.push(...words('A clear and well-documented document is presented as an article formatted for publication.', 72, 200, 10));
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^# The Name of the Title Is Hope$/m, md);
  assert.doesNotMatch(md, /<th[^>]*>The Name/, md);
  assert.match(md, /\| Ben Trovato \| Lars Thorvald \| Valerie Beranger \|/, md);
});

test('tables: a heading set larger than the grid right under its last row ends the table; it is no row of it', () => {
  // A table without rules (shaded rows), a section heading under it with no more space than a row's.
  const runs: TextRun[] = [...words('Table 1: Figures of the year', 60, 90, 9)];
  runs.push(...words('Being', 60, 110, 10, { bold: true }), ...words('Choice', 185, 110, 10, { bold: true }), ...words('Company', 235, 110, 10, { bold: true }));
  const rows = [['Never there economic', '127.0', '870.92'], ['Energy human rather', '76.5', '183.95'], ['Person point', '88.3', '2514.25'], ['River', '242.6', '162.45'], ['Form', '3.3', '6247.40']];
  rows.forEach((r, i) => runs.push(...words(r[0], 60, 127 + 17 * i), ...right(r[1], 218, 127 + 17 * i), ...right(r[2], 287, 127 + 17 * i)));
  runs.push(...words('Build Entire', 54, 214, 15, { bold: true }));
  runs.push(...words('Result enough behind street object global course young year board various inside design.', 54, 246, 10));
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^## Build Entire$/m, md);
  assert.doesNotMatch(md, /\| *Build Entire/, md);
  assert.match(md, /\| Form \| 3\.3 \| 6247\.40 \|/, md);
});

test('tables: display equations set beside their numbers, (1) (2) (3) at the margin, are no table', () => {
  const runs: TextRun[] = [...words('Below we have numbered single-line equations; this is the most common type of equation in the journal:', 72, 100, 10)];
  [['f(x) = a x + b', ',', '(1)'], ['g(y) = c y − d', '.', '(2)'], ['h(z) = e z + k', '.', '(3)']].forEach(([eq, p, n], i) => {
    runs.push(...words(eq, 200, 130 + 20 * i), ...words(p, 300, 130 + 20 * i), ...words(n, 520, 130 + 20 * i));
  });
  runs.push(...words('Note the open one in the second equation, which shows how the numbers are set at the margin.', 72, 195, 10));
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.doesNotMatch(md, /\| *\(1\) *\||<table>/, md);
  assert.match(md, /f\(x\) ?= ?a x ?\+ ?b[\s\S]*\(1\)[\s\S]*g\(y\)[\s\S]*\(2\)[\s\S]*\(3\)/, md);
  // Each is a formula of its own, its number kept after it (display-lines.ts).
  assert.match(md, /^\$g\(y\)=c y-d \.\$ \(2\)$/m, md);
});

test('tables: a coefficient table with standard errors in parentheses stays a table', () => {
  const runs: TextRun[] = [...words('Model', 72, 100), ...right('(1)', 250, 100), ...right('(2)', 330, 100)];
  [['Income', '0.52', '0.48'], ['', '(0.03)', '(0.04)'], ['Age', '0.11', '0.09'], ['', '(0.02)', '(0.02)']].forEach((r, i) => {
    if (r[0]) runs.push(...words(r[0], 72, 114 + 14 * i));
    runs.push(...right(r[1], 250, 114 + 14 * i), ...right(r[2], 330, 114 + 14 * i));
  });
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /\| Income \| 0\.52 \| 0\.48 \|/, md);
});

test('tables: the last row, read as the tops of columns of the notes below the table, is the table\'s', async () => {
  const { joinSplitGrids } = await import('../../src/convert/layout/table-blocks.js');
  const runs: TextRun[] = [];
  [['North', '12', '228,429', '-9.82'], ['South', '810', '53', '0.38'], ['East', '311', '669,719', '9.69'], ['West', '272', '3,227', '-9.67']].forEach((r, i) =>
    r.forEach((t, c) => runs.push(...(c === 0 ? words(t, 50, 100 + i * 14) : right(t, 170 + 60 * (c - 1), 100 + i * 14)))),
  );
  const upper = { kind: 'grid' as const, items: items(runs), gutters: [] };
  // The long label runs on towards its first figure; the notes end before the next column, so
  // the region below was cut into columns there.
  const below = items([...words('Central and south', 50, 156), ...right('4,051', 170, 156), ...right('13', 230, 156), ...right('5.94', 290, 156), ...words('Source: a survey of the regions.', 50, 180)]);
  const col = (x0: number, x1: number) => ({ kind: 'flow' as const, items: below.filter((i) => i.x0 >= x0 && i.x0 < x1) });
  const joined = joinSplitGrids([upper, col(0, 200), col(200, 260), col(260, 400)]);
  assert.equal(joined.length, 2, JSON.stringify(joined.map((b) => b.items.map((i) => i.seg?.text))));
  assert.deepEqual(joined[1].items.map((i) => i.seg?.text), ['Source: a survey of the regions.']);
  assert.equal(joined[0].items.length, upper.items.length + below.length - 1);
});

test('tables: the pieces of a two-dimensional display that line up are no table; tables of formulas and of signed figures are', async () => {
  const { isWhitespaceTable } = await import('../../src/convert/layout/tables.js');
  // Indices, primes and operators of a display of coefficients set above and below each other.
  assert.equal(isWhitespaceTable(tableOf([['Al', '(', '+1', '×'], ['l', '−2l −1)l', 'π (l′ + 1)', ''], ['Bll', 'x |i −', 'j| ′', 'All']])), false);
  // Words name a table's formulas; figures carry their own signs.
  assert.equal(isWhitespaceTable(tableOf([['Rule', 'Formula'], ['Square', 'x² + y² = r²'], ['Root', '√(a × b)']])), true);
  assert.equal(isWhitespaceTable(tableOf([['Region', '2019', '2020'], ['North', '−0.5', '+1.2'], ['South', '−2.1', '0.4']])), true);
});
