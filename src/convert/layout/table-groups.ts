// Group headings of a whitespace table (issue 9 item 3): leading rows with fewer, non-numeric
// cells than the row below are group labels; each spans the columns it heads (a block of
// repeated sub-headings, the run of columns or lower groups it is centred over, or the columns
// near it), and the rows down to the column headings are header rows.
import type { TableCell } from './table-model.js';
import { columnExtents, repeatedBlocks, YEAR, type RowDraft } from './table-rows.js';
import { centredOwners, columnUnits, groupUnits } from './table-group-owners.js';

const NUMERIC_CELL = /^[-+−]?[\d.,]+%?$/;

/** A row's cells as placed: a cell spanning columns covers the slots to its right (null). */
function placedCells(r: RowDraft): (TableCell | null)[] {
  const out: (TableCell | null)[] = [];
  for (let c = 0; c < r.cells.length; ) {
    const n = Math.max(1, Math.min(r.spans[c] ?? 1, r.cells.length - c));
    out.push({ text: r.cells[c], rowSpan: 1, colSpan: n });
    for (let k = 1; k < n; k++) out.push(null);
    c += n;
  }
  return out;
}

/**
 * Group labels over several columns ("ReACT" centred over Procedure | Completion | Knowledge): the
 * leading rows (up to three) with fewer, non-numeric cells than the row below them. They are
 * placed from the lowest up, so a higher label spans whole groups of the level below (nested
 * headings): a label takes the block of repeated sub-headings under it, else the run of columns
 * or groups it is centred over (table-group-owners.ts), else the columns nearest it. The rows
 * down to the column headings are header rows.
 */
export function groupHeadingSpans(rows: RowDraft[], nC: number): { rows: (TableCell | null)[][]; headerRows?: number } {
  const plain = (): (TableCell | null)[][] => rows.map(placedCells);
  if (rows.length < 3 || nC < 3) return { rows: plain() };
  // Column centres from the body rows (one-line cells of rows that span nothing).
  const centres: number[] = [];
  for (let c = 0; c < nC; c++) {
    const xs = rows.slice(1).filter((r) => !r.spanning && r.cells[c]).map((r) => (r.extents[c].x0 + r.extents[c].x1) / 2).sort((a, b) => a - b);
    centres.push(xs.length ? xs[Math.floor(xs.length / 2)] : NaN);
  }
  if (centres.some((x) => Number.isNaN(x))) return { rows: plain() };
  const gaps = centres.slice(1).map((x, c) => x - centres[c]).sort((a, b) => a - b);
  const pitch = gaps[Math.floor(gaps.length / 2)];
  let groupRows = 0;
  while (groupRows + 1 < rows.length && groupRows < 3 && isGroupRow(rows[groupRows], rows[groupRows + 1])) groupRows++;
  if (groupRows === 0) return { rows: plain() };
  const out = plain();
  // Columns as the column headings and the body set them (a group is centred over their text).
  const cols = columnExtents(rows.slice(groupRows), nC);
  let units = columnUnits(cols);
  let placedAny = false;
  for (let r = groupRows - 1; r >= 0; r--) {
    const row = rows[r];
    const filled = row.cells.map((t, c) => (t ? c : -1)).filter((c) => c >= 0);
    const blocks = r === groupRows - 1 ? repeatedBlocks(rows[r + 1].cells) : null;
    const byBlock = blocks && blockOwners(row, filled, blocks, centres, pitch);
    const byCentre = byBlock ?? centredOwners(row, filled.filter((c) => c > 0), units, nC, Math.max(row.size, CENTRE_TOL_PITCH * pitch));
    const owner: number[] = byCentre ?? nearestCentredOwners(row, filled, columnExtents(rows.slice(r + 1), nC), pitch);
    let spans = false;
    const cells: (TableCell | null)[] = [];
    for (let c = 0; c < nC; ) {
      let n = 1;
      if (owner[c] >= 0) while (c + n < nC && owner[c + n] === owner[c]) n++;
      const text = owner[c] >= 0 ? row.cells[owner[c]] : '';
      cells.push({ text, rowSpan: 1, colSpan: n });
      for (let k = 1; k < n; k++) cells.push(null);
      if (n > 1 && text) spans = true;
      c += n;
    }
    // Every label must keep its place (no label left without a column), and sit centred over the
    // columns it spans (a plain heading row with an empty stub cell is not a group row).
    const placed = new Set(owner.filter((o) => o >= 0));
    const centred = byCentre !== null || filled.every((c) => {
      const own = owner.map((o, k) => (o === c ? k : -1)).filter((k) => k >= 0);
      if (own.length < 2) return true;
      const mid = (centres[own[0]] + centres[own[own.length - 1]]) / 2;
      return Math.abs(mid - (row.extents[c].x0 + row.extents[c].x1) / 2) <= 0.35 * pitch;
    });
    if (!spans || !centred || filled.some((c) => !placed.has(c))) continue;
    out[r] = cells;
    units = groupUnits(owner, units);
    placedAny = true;
  }
  return placedAny ? { rows: out, headerRows: groupRows + 1 } : { rows: out };
}

/** A group label is centred over its columns within this share of the column pitch (or a font size). */
const CENTRE_TOL_PITCH = 0.15;

/**
 * A row of group labels: fewer value cells than the row below, text or years ("2019" over
 * quarters), never amounts. Value columns only: a row of column headings with an empty stub
 * corner over a body row with its label has one cell fewer, yet heads every column.
 */
function isGroupRow(row: RowDraft, below: RowDraft): boolean {
  const filled = row.cells.map((t, c) => (t ? c : -1)).filter((c) => c >= 0);
  const values = filled.filter((c) => c > 0).length;
  const under = below.cells.filter((t, c) => c > 0 && t).length;
  return filled.length > 0 && values < under && !filled.some((c) => NUMERIC_CELL.test(row.cells[c]) && !YEAR.test(row.cells[c]));
}

/**
 * Column owners of a group row from geometry alone: each value column goes to the label nearest
 * its text; a label then gives up columns from its far side until it sits centred over the text
 * of the columns it keeps (a group heading is centred over its columns; an ungrouped column
 * beside a group, nearest to the group's label, is not under it). The first column keeps its
 * own label.
 */
function nearestCentredOwners(row: RowDraft, filled: number[], cols: { x0: number; x1: number }[], pitch: number): number[] {
  const owner = cols.map(() => -1);
  if (filled.includes(0)) owner[0] = 0;
  const labels = filled.filter((c) => c > 0);
  for (let k = 1; k < cols.length; k++) {
    if (!Number.isFinite(cols[k].x0)) continue;
    let best = -1;
    let bestD = Infinity;
    for (const c of labels) {
      const e = row.extents[c];
      const d = Math.max(0, e.x0 - cols[k].x1, cols[k].x0 - e.x1);
      if (d < bestD) {
        best = c;
        bestD = d;
      }
    }
    // However far: a label over several groups lies far from their outer columns; the centring
    // below gives back what it is not centred over.
    if (best >= 0) owner[k] = best;
  }
  for (const c of labels) {
    const mine = owner.map((o, k) => (o === c && k > 0 ? k : -1)).filter((k) => k >= 0);
    const mid = (row.extents[c].x0 + row.extents[c].x1) / 2;
    let a = 0;
    let b = mine.length - 1;
    const tol = Math.max(row.size, 0.2 * pitch);
    while (b > a) {
      const centre = (cols[mine[a]].x0 + cols[mine[b]].x1) / 2;
      if (Math.abs(centre - mid) <= tol) break;
      if (centre < mid) owner[mine[a++]] = -1;
      else owner[mine[b--]] = -1;
    }
  }
  return owner;
}

/**
 * Column owners of a group row over repeated blocks: each block goes to the one label whose
 * centre lies over it; the first column keeps its own label. Null when a block has two labels.
 */
function blockOwners(row: RowDraft, filled: number[], blocks: { from: number; to: number }[], centres: number[], pitch: number): number[] | null {
  const owner = centres.map(() => -1);
  if (filled.includes(0)) owner[0] = 0;
  for (const b of blocks) {
    const lo = centres[b.from] - pitch / 2;
    const hi = centres[b.to] + pitch / 2;
    const over = filled.filter((c) => c > 0 && (row.extents[c].x0 + row.extents[c].x1) / 2 > lo && (row.extents[c].x0 + row.extents[c].x1) / 2 < hi);
    if (over.length > 1) return null;
    if (over.length === 1) for (let c = b.from; c <= b.to; c++) owner[c] = over[0];
  }
  return owner;
}
