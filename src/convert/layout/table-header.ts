// Header rows of a table model, ruled or whitespace (issue 9 item 3): the rows above the first
// row that holds a figure, each with a heading over some value column (group headings, column
// headings set on one or more rows, a units row: "Number", "%", "£ million"). A row with only a
// label (a section row) or any figure ends the header. Year headings ("2019", "2019-20",
// "2015r") are headings, not figures, and so is a row numbering the columns ("(1) (2) (3)").
import type { TableModel } from './table-model.js';
import { isColumnNumbering, isFigure } from './table-rows.js';

/** More header rows than this and the table is not read this way (at most: two group levels, headings, units). */
const MAX_HEADER_ROWS = 5;

/**
 * The number of header rows: at least the model's own count (group rows found from geometry),
 * extended down over rows of headings; undefined when the table has no row of figures to stop
 * at (a table of words: the first row is its header, the renderer's default).
 */
export function headerRowCount(t: TableModel): number | undefined {
  // A row numbering the columns, "(1) (2) (3)", is headings, however figure-like.
  const first = t.rows.findIndex((row) => row.some((c, k) => k > 0 && c !== null && isFigure(c.text)) && !isColumnNumbering(row.map((c) => c?.text ?? '')));
  if (first <= 0) return t.headerRows;
  let n = 0;
  while (n < first && n < MAX_HEADER_ROWS && t.rows[n].some((c, k) => k > 0 && c !== null && c.text.trim() !== '')) n++;
  // Cells spanning down from the header rows keep their rows in the header.
  for (let r = 0; r < n; r++) for (const c of t.rows[r]) if (c && r + c.rowSpan > n) n = Math.min(first, r + c.rowSpan);
  const own = t.headerRows ?? 0;
  const count = Math.max(own, n);
  return count > 0 ? count : t.headerRows;
}

/**
 * The stub column's heading ("Region", set beside the column headings) with only empty cells
 * under it down to the header's last row (a units row, a second line of headings) spans those
 * rows, as HTML statistics tables set it (`<th rowspan>`): the cell under it is then the first
 * row label, not an empty heading. Tables without rules between the rows only: a ruled grid draws
 * its cells as they are.
 */
export function spanStubHeading(t: TableModel): TableModel {
  const h = t.headerRows ?? 0;
  if (h < 2) return t;
  const stub = t.rows.slice(0, h).map((row) => row[0]);
  const at = stub.findIndex((c) => c !== null && c.text.trim() !== '');
  if (at < 0 || at === h - 1) return t;
  const cell = stub[at]!;
  if (cell.rowSpan !== 1 || cell.colSpan !== 1) return t;
  if (!stub.slice(at + 1).every((c) => c !== null && c.text.trim() === '' && c.rowSpan === 1 && c.colSpan === 1)) return t;
  const rows = t.rows.map((row, r) => (r === at ? [{ ...cell, rowSpan: h - at }, ...row.slice(1)] : r > at && r < h ? [null, ...row.slice(1)] : row));
  return { ...t, rows };
}
