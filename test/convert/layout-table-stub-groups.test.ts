// Row labels over groups of rows (table-stub-groups.ts): a label set on the first row of its group,
// blank under it while the rows below carry values, spans those rows (`rowspan`), as an HTML
// table's top-aligned merged cell draws it. Prose-like columns, sparse figure columns and section
// rows of a label alone are left as they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { right, words } from './fixtures/runs.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { tableFromWhitespace } from '../../src/convert/layout/tables.js';
import { renderTable } from '../../src/convert/markdown/table.js';
import { spanStubGroups } from '../../src/convert/layout/table-stub-groups.js';
import type { Item } from '../../src/convert/layout/regions.js';
import { tableOf } from './fixtures/table-model.js';

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

/** Rows of [group label or '', sub-label, figure, figure] under a heading row, 14 pt apart. */
function groupedRuns(rows: string[][]): TextRun[] {
  const runs: TextRun[] = [...words('Region', 50, 100), ...words('Area', 150, 100), ...right('2019', 300, 100), ...right('2020', 360, 100)];
  rows.forEach(([group, sub, a, b], i) => {
    const y = 114 + i * 14;
    if (group) runs.push(...words(group, 50, y));
    runs.push(...words(sub, 150, y), ...right(a, 300, y), ...right(b, 360, y));
  });
  return runs;
}

test('a group label set on the first of its rows, blank under it, spans its rows', () => {
  const t = tableFromWhitespace(
    items(
      groupedRuns([
        ['North', 'Urban', '1,204', '12.5'],
        ['', 'Rural', '980', '3.1'],
        ['South', 'Urban', '877', '7.0'],
        ['', 'Rural', '455', '2.2'],
        ['', 'Coast', '120', '0.9'],
        ['East', 'Urban', '64', '1.1'],
      ]),
    ),
    [],
  );
  const stub = t.rows.map((r) => (r[0] ? `${r[0].text}×${r[0].rowSpan}` : null));
  assert.deepEqual(stub, ['Region×1', 'North×2', null, 'South×3', null, null, 'East×1']);
  // The sub-rows keep their own cells.
  assert.deepEqual(t.rows[2].slice(1).map((c) => c?.text), ['Rural', '980', '3.1']);
  const html = renderTable(t);
  assert.match(html, /<tr><td rowspan="2">North<\/td><td>Urban<\/td><td>1,204<\/td><td>12.5<\/td><\/tr>\n<tr><td>Rural<\/td><td>980<\/td>/);
  assert.match(html, /<td rowspan="3">South<\/td>/);
});

const model = (rows: string[][]) => tableOf(rows, { headerRows: 1 });

test('columns that are no group labels keep their blanks', () => {
  // Every row labelled: nothing to span.
  const full = model([['Region', 'Area', '2019'], ['North', 'Urban', '1'], ['South', 'Rural', '2'], ['East', 'Coast', '3']]);
  assert.equal(spanStubGroups(full), full);
  // A sparse column of figures (a rank, a note number) is no label.
  const ranks = model([['Rank', 'Name', 'Score'], ['1', 'Ada', '97'], ['', 'Bo', '97'], ['3', 'Cy', '90']]);
  assert.equal(spanStubGroups(ranks), ranks);
  // A row with a label alone is a section row: the column is read as it is.
  const sections = model([['Region', 'Area', '2019'], ['North', '', ''], ['', 'Urban', '1'], ['South', 'Rural', '2'], ['', 'Coast', '3']]);
  assert.equal(spanStubGroups(sections), sections);
  // The first body row blank: a blank cannot belong to a label above the body.
  const opensBlank = model([['Region', 'Area', '2019'], ['', 'Urban', '1'], ['North', 'Rural', '2'], ['', 'Coast', '3'], ['South', 'Hill', '4']]);
  assert.equal(spanStubGroups(opensBlank), opensBlank);
  // Rows under a blank stub with no sub-label of their own: standard errors under coefficients.
  const errors = model([['Model', '(1)', '(2)'], ['Income', '0.52', '0.48'], ['', '(0.03)', '(0.04)'], ['Age', '0.11', '0.09'], ['', '(0.02)', '(0.02)']]);
  assert.equal(spanStubGroups(errors), errors);
  // One label only: a single group is not told from a column of one entry.
  const one = model([['Region', 'Area', '2019'], ['North', 'Urban', '1'], ['', 'Rural', '2'], ['', 'Coast', '3']]);
  assert.equal(spanStubGroups(one), one);
});
