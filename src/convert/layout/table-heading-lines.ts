// Column headings set on several lines (issue 9 item 3: multi-line cells). Narrow statistics
// columns wrap their headings ("Full time / equivalent", "Per head of / population"), set on the
// bottom line beside the one-line headings, or from the top. Each line then reads as a header row
// of its own, and a group heading above them loses its columns. A header line merges with the
// line below it when every column where both hold text holds aligned text (same right edge,
// centre or left edge: one heading's lines), the lines are a wrapped line's pitch apart, and
// neither is a group row (a cell spanning columns) nor a label over years; a full row of units
// stays a row.
import { alignedHeadingLines, columnExtents, isFigure, mergeInto, twoHeaderRows, type Extent, type RowDraft } from './table-rows.js';

/** Lines of one heading sit at most this many font sizes apart, baseline to baseline. */
const WRAPPED_PITCH_EM = 1.45;

function oneHeading(upper: RowDraft, lower: RowDraft, cols: Extent[]): boolean {
  if (upper.spanning || lower.spanning || twoHeaderRows(upper, lower)) return false;
  const size = Math.max(upper.size, lower.size);
  if (lower.firstBaseline - upper.lastBaseline > WRAPPED_PITCH_EM * size) return false;
  return alignedHeadingLines(upper, lower, cols) && upper.cells.some((t, c) => c > 0 && t && lower.cells[c]);
}

/** Header rows (above the first row of figures) that are lines of one row of headings, merged. */
export function mergeWrappedHeadings(rows: RowDraft[]): RowDraft[] {
  const first = rows.findIndex((r) => r.cells.some((t, c) => c > 0 && isFigure(t)));
  if (first < 2) return rows;
  // The heading lines: from the top, lines with text over a value column (a section row's
  // label alone on its line ends them).
  let n = 0;
  while (n < first && rows[n].cells.some((t, c) => c > 0 && t !== '')) n++;
  const out = rows.slice();
  // Columns as the body sets them (a heading line is what is being placed).
  const cols = columnExtents(rows.slice(n), rows[0].cells.length);
  // From the lowest heading line up: lines of the column headings, until a group row. A units
  // row under the headings stays a row; the headings above it may still be wrapped.
  const lowest = n >= 2 && twoHeaderRows(out[n - 2], out[n - 1]) ? n - 3 : n - 2;
  for (let r = lowest; r >= 0; r--) {
    if (!oneHeading(out[r], out[r + 1], cols)) break;
    mergeInto(out[r], out[r + 1]);
    out.splice(r + 1, 1);
  }
  return out;
}
