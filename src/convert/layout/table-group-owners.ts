// Which columns a group heading row spans (issue 9 item 3): a group heading is set centred over
// the columns it heads, and a heading of a higher level over whole groups of the level below
// (nested spans). Each label takes the run of adjacent units (columns, or the groups below) it
// sits centred over; the runs of one row do not overlap.
import type { RowDraft } from './table-rows.js';

/** A unit a group heading can span: one column, or a group of the level below. */
export interface HeadUnit {
  /** First and last column of the unit. */
  from: number;
  to: number;
  /** Extent of its columns (text of the column headings and the body). */
  x0: number;
  x1: number;
  /**
   * Extent of its columns' boxes: to the middle of the channel on either side (the last column's
   * text edge at the right). Word processors, spreadsheets and browsers centre a heading over
   * its merged cells' boxes, and a right-aligned column's box reaches left of its text.
   */
  bx0: number;
  bx1: number;
}

/** The value columns (1..nC-1) as units; columns holding no text are left out. */
export function columnUnits(cols: { x0: number; x1: number }[]): HeadUnit[] {
  const out: HeadUnit[] = [];
  const has = (c: number) => c >= 0 && c < cols.length && Number.isFinite(cols[c].x0);
  for (let c = 1; c < cols.length; c++) {
    if (!has(c)) continue;
    let p = c - 1;
    while (p >= 0 && !has(p)) p--;
    let n = c + 1;
    while (n < cols.length && !has(n)) n++;
    const bx0 = p >= 0 && cols[p].x1 < cols[c].x0 ? (cols[p].x1 + cols[c].x0) / 2 : cols[c].x0;
    const bx1 = n < cols.length && cols[n].x0 > cols[c].x1 ? (cols[c].x1 + cols[n].x0) / 2 : cols[c].x1;
    out.push({ from: c, to: c, x0: cols[c].x0, x1: cols[c].x1, bx0, bx1 });
  }
  return out;
}

/**
 * The units of the next level up: each group of `owner` (a run of columns with one owner) is one
 * unit, and each column under no group is a unit of its own.
 */
export function groupUnits(owner: number[], units: HeadUnit[]): HeadUnit[] {
  const out: HeadUnit[] = [];
  for (const u of units) {
    const last = out[out.length - 1];
    const o = owner[u.from];
    if (last && o >= 0 && owner[last.to] === o) {
      last.to = u.to;
      last.x1 = Math.max(last.x1, u.x1);
      last.bx1 = Math.max(last.bx1, u.bx1);
    } else out.push({ ...u });
  }
  return out;
}

interface Choice {
  /** Units left under no label between two labels' runs. */
  gaps: number;
  covered: number;
  err: number;
  picks: [number, number][];
}

/**
 * Column owners of a group heading row (owner[c] = the column index of the label heading column
 * c, -1 for none). Each label (`labels`: its columns in `row`, left to right) takes a run of units
 * whose extent it is centred over within `tol`; the runs keep the labels' order and do not
 * overlap. Centring alone is ambiguous (over equal columns a heading is centred over the middle
 * one, the middle three and all five), so the choice is the one a table is set by: groups side by
 * side, ungrouped columns (a total) at the edges rather than between two groups, then as many
 * columns covered as can be (over four equal columns a heading heads all four, not the middle
 * two), then the best centred. Null when a label is centred over no run (the row is not a row of
 * group headings, or is set otherwise).
 */
export function centredOwners(row: RowDraft, labels: number[], units: HeadUnit[], nC: number, tol: number): number[] | null {
  if (labels.length === 0 || units.length === 0) return null;
  // Centred over the columns' text; failing that, over their boxes as well (headings wider than
  // their columns, centred on the cells they widened).
  return ownersOfRuns(row, labels, units, nC, centredRuns(row, labels, units, tol, false)) ?? ownersOfRuns(row, labels, units, nC, centredRuns(row, labels, units, tol, true));
}

type Run = { a: number; b: number; err: number };

/** Each label's runs of units it is centred over within `tol` (over their text, or with `boxes` over their boxes too). */
function centredRuns(row: RowDraft, labels: number[], units: HeadUnit[], tol: number, boxes: boolean): Run[][] {
  return labels.map((c) => {
    const e = row.extents[c];
    const mid = (e.x0 + e.x1) / 2;
    const out: Run[] = [];
    for (let a = 0; a < units.length; a++) {
      for (let b = a; b < units.length; b++) {
        const text = Math.abs((units[a].x0 + units[b].x1) / 2 - mid);
        const err = boxes ? Math.min(text, Math.abs((units[a].bx0 + units[b].bx1) / 2 - mid)) : text;
        if (err <= tol && e.x0 < units[b].x1 && e.x1 > units[a].x0) out.push({ a, b, err });
      }
    }
    return out;
  });
}

/** The owners of the best choice of one run per label (see centredOwners), or null. */
function ownersOfRuns(row: RowDraft, labels: number[], units: HeadUnit[], nC: number, runs: Run[][]): number[] | null {
  if (runs.some((r) => r.length === 0)) return null;
  // Best choice for labels i.. with runs starting at unit `from` or later (memoised).
  const memo = new Map<number, Choice | null>();
  const best = (i: number, from: number): Choice | null => {
    if (i === labels.length) return { gaps: 0, covered: 0, err: 0, picks: [] };
    const key = i * (units.length + 1) + from;
    if (memo.has(key)) return memo.get(key)!;
    let out: Choice | null = null;
    for (const r of runs[i]) {
      if (r.a < from) continue;
      const rest = best(i + 1, r.b + 1);
      if (!rest) continue;
      const gaps = rest.gaps + (i > 0 ? r.a - from : 0);
      const covered = rest.covered + r.b - r.a + 1;
      const err = rest.err + r.err;
      const better = !out || gaps < out.gaps || (gaps === out.gaps && (covered > out.covered || (covered === out.covered && err < out.err)));
      if (better) out = { gaps, covered, err, picks: [[r.a, r.b], ...rest.picks] };
    }
    memo.set(key, out);
    return out;
  };
  const choice = best(0, 0);
  if (!choice) return null;
  const owner = new Array<number>(nC).fill(-1);
  if (row.cells[0]) owner[0] = 0;
  choice.picks.forEach(([a, b], i) => {
    for (let c = units[a].from; c <= units[b].to; c++) owner[c] = labels[i];
  });
  return owner;
}
