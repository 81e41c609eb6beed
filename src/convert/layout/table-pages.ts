// Tables continued on the next page (issue 9): a document pass over the page models. A table that
// opens a page and has the columns of the table that closed the page before continues it; its
// first rows repeat that table's header when their cells read the same.
//
// How the join is represented (DECISIONS §8 stays true: a page's Markdown is its own blocks): each
// page keeps its part of the table as printed, repeated header included, so the page reads alone
// and every word on it is in its Markdown. The join is in the blocks: the continuing part is
// marked `continues` (it goes on from the last table block of the previous page) with
// `repeatedHeaderRows`, the rows a reader joining the parts drops.
import { isFurniture, type Block, type PageModel } from '../model.js';
import type { TableModel } from './table-model.js';

/** Left and right edges of the two parts agree within this share of the wider one's width. */
const EDGE_TOLERANCE = 0.08;
/** Rows of a page part compared against the header of the part before it. */
const MAX_HEADER_ROWS = 4;

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

function contentBlocks(page: PageModel): Block[] {
  return page.blocks.filter((b) => !isFurniture(b) && b.type !== 'footnote');
}

/** Cell texts row by row ('' where a spanning cell covers a slot). */
function cellTexts(t: TableModel): string[][] {
  return t.rows.map((r) => r.map((c) => c?.text ?? ''));
}

function columns(cells: string[][]): number {
  return Math.max(0, ...cells.map((r) => r.length));
}

/** The two parts stand in the same place across the page: same left and right edges. */
function sameExtent(a: Block, b: Block): boolean {
  const width = Math.max(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0], 1);
  return Math.abs(a.bbox[0] - b.bbox[0]) <= EDGE_TOLERANCE * width && Math.abs(a.bbox[2] - b.bbox[2]) <= EDGE_TOLERANCE * width;
}

/** Leading rows of `next` equal to leading rows of `prev` (its header printed again): how many. */
function repeatedRows(prev: string[][], next: string[][]): number {
  let n = 0;
  const limit = Math.min(MAX_HEADER_ROWS, prev.length - 1, next.length - 1);
  while (n < limit && prev[n].length === next[n].length && prev[n].every((c, i) => norm(c) === norm(next[n][i])) && prev[n].some((c) => c.trim() !== '')) n++;
  return n;
}

/**
 * Marks the tables that continue the previous page's table. `indexes`: each page's index in the
 * source (a page selection may skip pages; only adjacent pages are joined). The pages are returned
 * as new objects only where a block changes.
 */
export function joinContinuedTables(pages: PageModel[], indexes?: readonly number[]): PageModel[] {
  return pages.map((page, p) => {
    if (p === 0 || (indexes && indexes[p] !== indexes[p - 1] + 1)) return page;
    const previous = contentBlocks(pages[p - 1]);
    const last = previous[previous.length - 1];
    const first = contentBlocks(page)[0];
    if (!last || !first || last.type !== 'table' || first.type !== 'table' || !last.table || !first.table) return page;
    const before = cellTexts(last.table);
    const after = cellTexts(first.table);
    if (columns(before) !== columns(after) || !sameExtent(last, first)) return page;
    const repeated = repeatedRows(before, after);
    const marked: Block = { ...first, continues: true, ...(repeated > 0 ? { repeatedHeaderRows: repeated } : {}) };
    return { ...page, blocks: page.blocks.map((b) => (b === first ? marked : b)) };
  });
}
