// A grid of form fields set label over value (issue 9, forms family): "Household size" in small
// or bold type, its value right under it, fields side by side in columns. Read as a whitespace
// table, each label line and each value line became a row of its own, so every label headed a
// column of one value and a reader met the labels of a row before their values. When a table's
// rows come in such pairs throughout, each pair is one row: every cell holds its label and then
// its value.
import { mergeInto, type RowDraft } from './table-rows.js';

/** Pairs of label and value rows a grid holds at least. */
const MIN_PAIRS = 2;
/** Sizes this close (points) are one size. */
const SAME_SIZE = 0.5;
/** A label sits closer to its value than this share of the distance to the next pair's label. */
const PAIR_PITCH_SHARE = 0.9;

/**
 * A label row: set smaller than the row under it, or bold over regular; text in two cells or more
 * (`minFilled`: a grid's last field may stand alone in its row, "Tax identification number" under
 * a row of two).
 */
function labelOver(label: RowDraft, value: RowDraft, minFilled = 2): boolean {
  const styled = label.size < value.size - SAME_SIZE || (label.bold && !value.bold && label.size <= value.size + SAME_SIZE);
  const filled = label.cells.filter((t) => t !== '').length;
  // A value stands only under a label of its column.
  const orphan = value.cells.some((t, c) => t !== '' && label.cells[c] === '');
  return styled && filled >= minFilled && !orphan && !label.spanning && !value.spanning;
}

/** Rows merged label with value when every pair of rows is a label row over its value row. */
export function pairFieldRows(rows: RowDraft[]): RowDraft[] {
  if (rows.length < 2 * MIN_PAIRS || rows.length % 2 !== 0) return rows;
  for (let i = 0; i < rows.length; i += 2) {
    if (!labelOver(rows[i], rows[i + 1], i === rows.length - 2 && i > 0 ? 1 : 2)) return rows;
    const inPair = rows[i + 1].firstBaseline - rows[i].lastBaseline;
    const next = rows[i + 2];
    if (next && inPair > PAIR_PITCH_SHARE * (next.firstBaseline - rows[i + 1].lastBaseline)) return rows;
  }
  const out: RowDraft[] = [];
  for (let i = 0; i < rows.length; i += 2) {
    const pair: RowDraft = { ...rows[i], cells: rows[i].cells.slice(), extents: rows[i].extents.slice(), bold: false, size: rows[i + 1].size, fieldPair: true };
    mergeInto(pair, rows[i + 1]);
    out.push(pair);
  }
  return out;
}
