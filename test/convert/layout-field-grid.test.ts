// Grids of fields (issue 9): a form's fields set in columns side by side are read row by row,
// each field whole (label and value in one cell, however ragged the values' starts), and a line
// above them that holds no field stays text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage, runDocumentPasses } from '../../src/convert/layout/index.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';

const ROWS: [string, string, string, string][] = [
  ['Annual income:', '€40,202.46', 'Expiry date:', '10/19/1964'],
  ['Number of dependants:', '11', 'Emergency contact:', 'Rahul Novak'],
  ['Customer number:', 'T1032863', 'Place of birth:', 'Westport'],
  ['Years at address:', '2', 'Employer:', 'Dubois Holdings Ltd'],
];

function render(withLeadLine: boolean): string {
  const runs: TextRun[] = [...words('Small Claim Form', 72, 60, 18, { bold: true })];
  let y = 110;
  if (withLeadLine) {
    runs.push(...words('Preferred contact by post or by telephone', 72, y));
    y += 22;
  }
  for (const [l1, v1, l2, v2] of ROWS) {
    // Each value 16 pt after its own label: the values' starts are ragged, column by column.
    const left = words(l1, 72, y);
    const leftEnd = left[left.length - 1].x + left[left.length - 1].width;
    const right = words(l2, 320, y);
    const rightEnd = right[right.length - 1].x + right[right.length - 1].width;
    runs.push(...left, ...words(v1, leftEnd + 16, y, 10, { monospace: true }), ...right, ...words(v2, rightEnd + 16, y, 10, { monospace: true }));
    y += 21;
  }
  runs.push(...words('Sign and date the form before you send it back to the office.', 72, y + 30));
  return renderPageMarkdown(runDocumentPasses([layoutPage(page(runs), createLayoutContext())])[0]);
}

test('columns of fields side by side: one table of whole fields, read row by row', () => {
  const md = render(false);
  for (const [l1, v1, l2, v2] of ROWS) assert.ok(md.includes(`| ${l1} ${v1} | ${l2} ${v2} |`), md);
  // Row by row: the right column's first field comes before the left column's second.
  assert.ok(md.indexOf('Expiry date:') < md.indexOf('Number of dependants:'), md);
  assert.ok(md.includes('Sign and date the form'), md);
});

test('a line without fields over the grid is text, not the table\'s first row', () => {
  const md = render(true);
  const table = md.indexOf('| Annual income:');
  assert.ok(table > 0, md);
  const lead = md.indexOf('Preferred contact by post or by telephone');
  assert.ok(lead >= 0 && lead < table, md);
  assert.ok(!md.slice(lead, table).includes('|'), md);
});
