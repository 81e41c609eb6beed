// Header rows of a table model, ruled or whitespace (issue 9 item 3): the rows above the first
// row that holds a figure, each with a heading over some value column (group headings, column
// headings set on one or more rows, a units row: "Number", "%", "£ million"). A row with only a
// label (a section row) or any figure ends the header. Year headings ("2019", "2019-20",
// "2015r") are headings, not figures.
import type { TableModel } from './table-model.js';
import { isFigure } from './table-rows.js';

/** More header rows than this and the table is not read this way (at most: two group levels, headings, units). */
const MAX_HEADER_ROWS = 5;

/**
 * The number of header rows: at least the model's own count (group rows found from geometry),
 * extended down over rows of headings; undefined when the table has no row of figures to stop
 * at (a table of words: the first row is its header, the renderer's default).
 */
export function headerRowCount(t: TableModel): number | undefined {
  const first = t.rows.findIndex((row) => row.some((c, k) => k > 0 && c !== null && isFigure(c.text)));
  if (first <= 0) return t.headerRows;
  let n = 0;
  while (n < first && n < MAX_HEADER_ROWS && t.rows[n].some((c, k) => k > 0 && c !== null && c.text.trim() !== '')) n++;
  // Cells spanning down from the header rows keep their rows in the header.
  for (let r = 0; r < n; r++) for (const c of t.rows[r]) if (c && r + c.rowSpan > n) n = Math.min(first, r + c.rowSpan);
  const own = t.headerRows ?? 0;
  const count = Math.max(own, n);
  return count > 0 ? count : t.headerRows;
}
