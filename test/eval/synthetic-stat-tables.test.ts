// Generated statistics tables that once failed, each for a reason of tables in general (issue 9):
// a stretched table whose two halves are parted by a wide channel (figures are not words: it is
// no pair of text columns), a heading wider than its figures under a group heading that crosses
// its channel (no empty column), a heading set beside the end of the group heading before it (no
// two headings glued into one cell), a wrapped heading under a group heading over that one column
// (the wrapped lines are set tighter than the rows), a wrapped heading centred over decimal
// figures under right-aligned headings, a stub heading over a units row (it spans the header), a
// bold section label longer than the row labels, running on over the gutter (one table, not two
// and a heading), a landscape table set tight with a long label a cell gap from its figure and
// figures two columns apart by under the chunk gap.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { runCase } from '../../eval/synthetic/convert.js';
import { runTableTest } from '../../eval/synthetic/table-tests.js';
import type { CaseResult } from '../../eval/synthetic/report.js';

after(() => shutdownConvertPool());

const CASES = ['stat-table-2018', 'stat-table-4', 'stat-table-33', 'stat-table-2', 'stat-table-1029', 'stat-table-12', 'stat-table-1016', 'stat-table-1007'];

let results: Promise<CaseResult[]> | undefined;
function converted(): Promise<CaseResult[]> {
  results ??= Promise.all(CASES.map((id) => runCase(id)));
  return results;
}

test('generated statistics tables: every cell in its row and column, one table, in order', async () => {
  for (const r of await converted()) {
    for (const p of r.results.filter((x) => ['table-cells', 'order', 'block-boxes', 'text'].includes(x.property) && x.checked > 0)) {
      assert.ok(p.pass, `${r.id} ${p.property} ${p.score}: ${p.diff ?? ''}`);
    }
  }
});

test('generated statistics tables: olmOCR table assertions pass', { skip: runTableTest === null && 'olmocr-score not installed' }, async () => {
  for (const r of await converted()) {
    const p = r.results.find((x) => x.property === 'table-tests');
    assert.ok(p?.pass, `${r.id} table-tests ${p?.score}: ${p?.diff ?? ''}`);
  }
});
