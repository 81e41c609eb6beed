// Tables continued over a page break (issue 9): the document pass marks the part that goes on,
// and how many of its rows repeat the header; each page's own blocks and Markdown stay as printed.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { joinContinuedTables } from '../../src/convert/layout/table-pages.js';
import type { BBox, Block, PageModel } from '../../src/convert/model.js';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { blocksFromPageModel } from '../../src/models/blocks.js';
import { blockMarkdown } from '../../src/convert/markdown/render.js';
import { generateCase } from '../../eval/synthetic/cases.js';

after(() => shutdownConvertPool());

function table(bbox: BBox, cells: string[][]): Block {
  const rows = cells.map((r) => r.map((text) => ({ text, rowSpan: 1, colSpan: 1 })));
  return { type: 'table', bbox, lines: [], table: { rows, top: bbox[1], bottom: bbox[3], x0: bbox[0], x1: bbox[2] } };
}
const para = (bbox: BBox, text: string): Block => ({ type: 'paragraph', bbox, text, lines: [] });
const folio = (n: number): Block => ({ type: 'page_footer', bbox: [300, 760, 310, 770], text: String(n), lines: [], folio: true });
const pageOf = (...blocks: Block[]): PageModel => ({ width: 612, height: 792, blocks });

const header = ['Region', '2019', '2020'];

test('table pages: a table opening a page with the columns of the table closing the page before continues it', () => {
  const first = table([72, 400, 540, 720], [header, ['North', '1.2', '3.4'], ['South', '5.6', '7.8']]);
  const second = table([72, 80, 540, 300], [header, ['East', '2.1', '4.3'], ['West', '6.5', '8.7']]);
  const pages = [pageOf(para([72, 80, 540, 380], 'Intro.'), first, folio(1)), pageOf(second, para([72, 320, 540, 360], 'After.'), folio(2))];
  const out = joinContinuedTables(pages);
  const cont = out[1].blocks[0];
  assert.equal(cont.continues, true);
  assert.equal(cont.repeatedHeaderRows, 1);
  // The page's own part is untouched: its Markdown still reads alone, header included.
  assert.equal(blockMarkdown(cont), blockMarkdown(second));
  assert.equal(out[0], pages[0]);
  assert.equal(out[0].blocks[1].continues, undefined);
});

test('table pages: no repeated header, no header rows counted', () => {
  const first = table([72, 400, 540, 720], [header, ['North', '1.2', '3.4']]);
  const second = table([72, 80, 540, 300], [['East', '2.1', '4.3'], ['West', '6.5', '8.7']]);
  const out = joinContinuedTables([pageOf(first), pageOf(second)]);
  assert.equal(out[1].blocks[0].continues, true);
  assert.equal(out[1].blocks[0].repeatedHeaderRows, undefined);
});

test('table pages: a table after text, of other columns or elsewhere across the page is a table of its own', () => {
  const first = table([72, 400, 540, 720], [header, ['North', '1.2', '3.4']]);
  const cases: PageModel[][] = [
    // Text closes the page before: the table there had ended.
    [pageOf(first, para([72, 725, 540, 740], 'Note: provisional.')), pageOf(table([72, 80, 540, 300], [header, ['East', '2.1', '4.3']]))],
    // Text opens the next page.
    [pageOf(first), pageOf(para([72, 60, 540, 75], 'Table 2: Other.'), table([72, 80, 540, 300], [header, ['East', '2.1', '4.3']]))],
    // Other columns.
    [pageOf(first), pageOf(table([72, 80, 540, 300], [['Region', 'Total'], ['East', '2.1']]))],
    // Another place across the page (a table in the right column).
    [pageOf(first), pageOf(table([320, 80, 540, 300], [header, ['East', '2.1', '4.3']]))],
  ];
  for (const pages of cases) {
    const out = joinContinuedTables(pages);
    assert.ok(out[1].blocks.every((b) => b.continues === undefined));
  }
});

test('table pages: a generated long table over pages comes back joined in the API blocks, each page whole', async () => {
  const c = await generateCase('long-table', 1);
  assert.ok(c.truth.pages.length >= 2);
  const doc = await parseDocument(c.bytes, { pageTimeoutS: 30 });
  for (let p = 1; p < doc.pageModels.length; p++) {
    const api = blocksFromPageModel(doc.pageModels[p]!);
    const first = api.blocks.find((b) => b.type !== 'page_header' && b.type !== 'page_footer')!;
    assert.equal(first.type, 'table');
    assert.equal(first.continues, true, `page ${p + 1}`);
    assert.equal(first.repeated_header_rows, 1, `page ${p + 1}`);
    // The header row printed on the page is in its Markdown (DECISIONS §8: the page reads alone).
    const heading = c.truth.pages[p]!.blocks.find((b) => b.kind === 'table');
    assert.ok(heading && heading.kind === 'table');
    for (const cell of heading.cells.filter((x) => x.row === 0 && x.text)) assert.ok(doc.pages[p]!.includes(cell.text), cell.text);
  }
  assert.equal(blocksFromPageModel(doc.pageModels[0]!).blocks.some((b) => b.continues !== undefined), false);
});
