// Table layouts the built-in parser once got wrong, each a generated case (eval/synthetic: the
// PDF and its ground truth are made in code from the case id): every cell must land in its row
// and column, the words stay in reading order and prose stays out of tables (issue 9). Each
// stands for a kind of layout, not for its case: a fix that makes one pass by a rule of its own
// is no fix.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { runCase } from '../../eval/synthetic/convert.js';

after(() => shutdownConvertPool());

const LAYOUTS: Array<[id: string, layout: string]> = [
  ['stat-table-15019', 'a group heading and a wide column heading reaching into one channel from either side'],
  ['stat-table-21092', 'two levels of group headings over wrapped column headings'],
  ['stat-table-21055', 'column headings set half an em apart, shown as one string'],
  ['mixed-21056', 'a table continued at the top of a page, its group heading line first'],
  ['mixed-21011', 'a section label wrapped at the cells\' line pitch, rows set further apart'],
  ['mixed-22016', 'a table wider than its column of a two-column page, its last column across the gutter'],
  ['report-21079', 'a group heading between the caption and the table, after a paragraph'],
  ['report-21071', 'group headings between a caption and the table, right after another table'],
  ['stat-table-23080', 'a booktabs header row of headings set tight (one string of many words) over headings wider than their columns'],
  ['table-21044', 'a paragraph a blank line below the table\'s last row'],
];

/** Lists next to tables: every item with its mark, at its depth. */
const LIST_LAYOUTS: Array<[id: string, layout: string]> = [['report-21031', 'bullets beside items nested further in, under a table']];

async function assertPasses(id: string, properties: readonly string[]): Promise<void> {
  const c = await runCase(id);
  assert.equal(c.error, undefined);
  for (const property of properties) {
    const r = c.results.find((x) => x.property === property);
    assert.ok(r?.pass, `${property}: ${r?.score} ${r?.diff ?? ''}`);
  }
}

for (const [id, layout] of LAYOUTS) {
  test(`table layout: ${layout} (${id})`, () => assertPasses(id, ['table-cells', 'order', 'text', 'prose-outside-tables']));
}

for (const [id, layout] of LIST_LAYOUTS) {
  test(`list layout: ${layout} (${id})`, () => assertPasses(id, ['lists', 'order', 'text']));
}
