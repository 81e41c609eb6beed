// Column headings set on several lines (issue 9 item 3: multi-line cells). Narrow statistics
// columns wrap their headings ("Full time / equivalent", "Per head of / population"), set on the
// bottom line beside the one-line headings, or from the top. Each line then reads as a header row
// of its own, and a group heading above them loses its columns. A header line merges with the
// line below it when every column where both hold text holds aligned text (same right edge,
// centre or left edge: one heading's lines), the lines are a wrapped line's pitch apart, and
// neither is a group row (a cell spanning columns) nor a label over years; a full row of units
// stays a row.
import { alignedHeadingLines, columnExtents, isFigure, mergeInto, twoHeaderRows, type Extent, type RowDraft } from './table-rows.js';
import { joinCellLines } from './table-model.js';

/** Lines of one heading sit at most this many font sizes apart, baseline to baseline. */
const WRAPPED_PITCH_EM = 1.45;

function oneHeading(upper: RowDraft, lower: RowDraft, cols: Extent[]): boolean {
  if (upper.spanning || lower.spanning || twoHeaderRows(upper, lower)) return false;
  const size = Math.max(upper.size, lower.size);
  if (lower.firstBaseline - upper.lastBaseline > WRAPPED_PITCH_EM * size) return false;
  return alignedHeadingLines(upper, lower, cols) && upper.cells.some((t, c) => c > 0 && t && lower.cells[c]);
}

/** A wrapped group heading's lines share their centre within this many font sizes. */
const SAME_CENTRE_EM = 0.35;

/**
 * The lines of wrapped group headings ("Central" over "Number", centred over the two columns they
 * head, a narrow column's group heading set on two lines): under a group row (a heading spanning
 * columns), a line a wrapped line's pitch below it whose every heading lies centred or flush left
 * under one of its headings (or goes on in its own column beside them), over no figure. Returns,
 * for each heading of the lower line, the column of the heading it continues, or null. Two
 * levels of groups are set a row apart, not a line's pitch.
 */
function wrappedGroupLine(upper: RowDraft, lower: RowDraft): Map<number, number> | null {
  if (!upper.spanning) return null;
  const size = Math.max(upper.size, lower.size);
  if (lower.firstBaseline - upper.lastBaseline > WRAPPED_PITCH_EM * size) return null;
  const tol = SAME_CENTRE_EM * size;
  const centre = (r: RowDraft, c: number) => (r.extents[c].x0 + r.extents[c].x1) / 2;
  // Centred under it, or set flush left under it as a heading wrapped in its columns' width is.
  const under = (h: number, c: number) =>
    (Math.abs(centre(upper, h) - centre(lower, c)) <= tol || Math.abs(upper.extents[h].x0 - lower.extents[c].x0) <= tol) &&
    lower.extents[c].x0 >= upper.extents[h].x0 - 2 * size &&
    lower.extents[c].x1 <= upper.extents[h].x1 + 2 * size;
  const heads = upper.cells.map((t, c) => (t && (upper.spans[c] ?? 1) > 1 ? c : -1)).filter((c) => c >= 0);
  const pairs = new Map<number, number>();
  let grouped = false;
  for (let c = 0; c < lower.cells.length; c++) {
    const t = lower.cells[c];
    if (!t) continue;
    if (isFigure(t)) return null;
    let u = heads.find((h) => under(h, c));
    if (u !== undefined) grouped = true;
    // Beside it, a one-column heading wrapped on the same lines goes on in its own column
    // ("Total number / of trials per / participant" beside "Percentage of / targets with").
    else if (upper.cells[c] && (upper.spans[c] ?? 1) === 1 && sameEdge(upper.extents[c], lower.extents[c], tol)) u = c;
    if (u === undefined || [...pairs.values()].includes(u)) return null;
    pairs.set(c, u);
  }
  return grouped ? pairs : null;
}

/** Two lines of one heading: the same left edge, right edge or centre. */
function sameEdge(a: { x0: number; x1: number }, b: { x0: number; x1: number }, tol: number): boolean {
  return Math.abs(a.x0 - b.x0) <= tol || Math.abs(a.x1 - b.x1) <= tol || Math.abs(a.x0 + a.x1 - b.x0 - b.x1) <= 2 * tol;
}

/** The group heading lines at the top of the rows, each wrapped group heading's lines merged into one. */
function mergeWrappedGroups(rows: RowDraft[], headingLines: number): RowDraft[] {
  const out = rows.slice();
  for (let r = 0; r + 1 < Math.min(out.length, headingLines); r++) {
    const pairs = wrappedGroupLine(out[r], out[r + 1]);
    if (!pairs) continue;
    const upper = { ...out[r], cells: out[r].cells.slice(), extents: out[r].extents.slice() };
    for (const [c, u] of pairs) {
      upper.cells[u] = joinCellLines([upper.cells[u], out[r + 1].cells[c]]);
      const e = upper.extents[u];
      const d = out[r + 1].extents[c];
      upper.extents[u] = { x0: Math.min(e.x0, d.x0), x1: Math.max(e.x1, d.x1) };
    }
    upper.lastBaseline = out[r + 1].lastBaseline;
    upper.bottom = out[r + 1].bottom;
    out.splice(r, 2, upper);
    headingLines--;
    r--;
  }
  return out;
}

/** Header rows (above the first row of figures) that are lines of one row of headings, merged. */
export function mergeWrappedHeadings(rows: RowDraft[]): RowDraft[] {
  const top = rows.findIndex((r) => r.cells.some((t, c) => c > 0 && isFigure(t)));
  if (top >= 2) rows = mergeWrappedGroups(rows, top - 1);
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
