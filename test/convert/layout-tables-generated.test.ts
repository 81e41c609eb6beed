// Generated statistics tables (fixtures/stat-tables.ts: label column, value columns in groups
// under group headings, footnote markers, empty cells, right/decimal/centre alignment, wrapped
// labels, no rules): every cell must land in its row and column, as positioned runs and as PDFs
// read through pdf.js. `npx tsx eval/tables.ts` runs the same check over hundreds of tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';
import { parseInThread } from '../../src/convert/pipeline.js';
import { generateStatTable, halfEm, statTablesPdf, tableRuns } from './fixtures/stat-tables.js';
import { scoreStatTable } from './fixtures/table-cells.js';
import { page } from './fixtures/runs.js';

test('generated statistics tables: every cell in its row and column (positioned runs)', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const t = generateStatTable(seed, halfEm);
    const md = layoutPageToMarkdown(page(tableRuns(t), { width: t.pageWidth }), createLayoutContext());
    const s = scoreStatTable(t, md);
    assert.deepEqual(s.failures, [], `seed ${seed}:\n${md}`);
    assert.ok(s.total > 30);
  }
});

test('generated statistics tables: every cell in its row and column (PDF through pdf.js)', async () => {
  const seeds = [101, 102, 103, 104, 105, 106];
  const { pdf, tables } = await statTablesPdf(seeds);
  const { pages } = await parseInThread(Buffer.from(pdf), { langs: ['eng'], pageTimeoutS: 30 });
  tables.forEach((t, i) => assert.deepEqual(scoreStatTable(t, pages[i]).failures, [], `seed ${seeds[i]}:\n${pages[i]}`));
});
