// The table model shared by ruled and whitespace tables, before rendering.

export interface TableCell {
  text: string;
  rowSpan: number;
  colSpan: number;
}

/** rows[r][c] is a cell, or null where a spanning cell above/left covers the slot. */
export interface TableModel {
  rows: (TableCell | null)[][];
  /** Rows at the top that are headings (group labels and the column headings below them). */
  headerRows?: number;
  /** Every row is a row of form fields, each cell a label set over its value (table-field-rows.ts). */
  fieldPairs?: true;
  top: number;
  bottom: number;
  x0: number;
  x1: number;
}

export function hasSpans(t: TableModel): boolean {
  return t.rows.some((row) => row.some((c) => c !== null && (c.rowSpan > 1 || c.colSpan > 1)));
}

/** Drops columns and rows with no text at all (artefacts of double borders). */
export function pruneEmpty(t: TableModel): TableModel {
  if (hasSpans(t)) return t;
  const nCols = Math.max(0, ...t.rows.map((r) => r.length));
  const keepCol: boolean[] = [];
  for (let c = 0; c < nCols; c++) keepCol.push(t.rows.some((r) => (r[c]?.text ?? '') !== ''));
  const rows = t.rows
    .filter((r) => r.some((c) => (c?.text ?? '') !== ''))
    .map((r) => r.filter((_, c) => keepCol[c]));
  return { ...t, rows };
}

/** Lines of one cell joined: a word hyphenated at a line end is put back together. */
export function joinCellLines(lines: string[]): string {
  let out = '';
  for (const l of lines) {
    if (!out) out = l;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(l)) out = out.slice(0, -1) + l;
    else out += ' ' + l;
  }
  return out;
}
