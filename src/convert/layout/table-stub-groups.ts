// Row labels that stand for a group of rows (issue 9 item 3, tables): a stub column whose label
// is set on the first row of its group, with the rows under it left blank in that column while
// they carry their own sub-labels and values, is a cell spanning those rows, as an HTML or
// word-processor table draws a `rowspan` cell aligned to its top, and as statistics tables set a category over its
// sub-rows ("North | Urban | 12", " | Rural | 7"). Read as blanks, each sub-row lost its label: a
// user (or a test walking down the column) found no "North" over "Rural".
//
// Whitespace tables only: a ruled grid draws its cells as they are (tables.ts fills spans from
// missing rules already).
import type { TableCell, TableModel } from './table-model.js';
import { isFigure } from './table-rows.js';

const filled = (c: TableCell | null | undefined): c is TableCell => c != null && c.text.trim() !== '';
/**
 * A row label: words that open with a letter, no figure ("100 USD" is an amount, "4 chairs" an
 * invoice line), and no field label closed by a colon ("Subtotal:").
 */
const isLabel = (c: TableCell | null | undefined): boolean => filled(c) && !isFigure(c.text) && /^\p{L}/u.test(c.text.trim()) && !/:$/.test(c.text.trim());

/**
 * A row of a group: a sub-label in the next column (words, not figures) and values after it in at
 * least half of the remaining columns. Rows without their own sub-label under a blank stub are
 * something else: standard errors under a coefficient, "Subtotal:" under an invoice's items, a
 * wrapped line. A row of one label alone is a section row (table-groups.ts reads those).
 */
function groupRow(row: (TableCell | null)[]): boolean {
  const rest = row.slice(1);
  if (rest.length < 2 || !isLabel(rest[0])) return false;
  return rest.slice(1).filter(filled).length * 2 >= rest.length - 1;
}

/**
 * The table with the labels of its first column spanning the blank cells under them, when the
 * column reads as group labels over sub-labels: below the header, its first body row is labelled,
 * it has two or more labels (words, not figures) and one blank at least, every body row is a
 * group row (groupRow), and no cell of the column spans already.
 */
export function spanStubGroups(t: TableModel): TableModel {
  const head = t.headerRows ?? 1;
  const body = t.rows.slice(head);
  if (body.length < 3) return t;
  const stub = body.map((row) => row[0]);
  if (stub.some((c) => c === null || c.rowSpan !== 1 || c.colSpan !== 1)) return t;
  const labels = stub.filter(filled);
  if (!filled(stub[0]) || labels.length < 2 || labels.length === stub.length) return t;
  if (!labels.every(isLabel) || !body.every(groupRow)) return t;
  const rows = t.rows.map((row) => [...row]);
  for (let r = 0; r < body.length; ) {
    let end = r + 1;
    while (end < body.length && !filled(stub[end])) end++;
    if (end - r > 1) {
      rows[head + r][0] = { ...stub[r]!, rowSpan: end - r };
      for (let k = r + 1; k < end; k++) rows[head + k][0] = null;
    }
    r = end;
  }
  return { ...t, rows };
}
