// Tables drawn with ruling lines. Full grids (horizontal and vertical rules) give cells and
// spans; tables with horizontal rules only (booktabs style) give a region whose columns come
// from whitespace.
import type { RuleLine } from './types.js';
import type { Box } from './types.js';

const TOL = 2;
const MAX_LINES = 1500;
const MAX_GRID_SLOTS = 2500;

interface HLine { y: number; x0: number; x1: number }
interface VLine { x: number; y0: number; y1: number }

export interface RuledGrid {
  /** Column boundaries left to right and row boundaries top to bottom. */
  xs: number[];
  ys: number[];
  /** hasV[r][c]: a vertical rule at xs[c] across row r; hasH[r][c]: a horizontal rule at ys[r] across column c. */
  hasV: boolean[][];
  hasH: boolean[][];
  box: Box;
}

export interface RuledRegions {
  grids: RuledGrid[];
  /** Regions bounded by ≥2 long horizontal rules but without vertical rules. */
  open: OpenRegion[];
}

export function mergeLines(rules: RuleLine[]): { h: HLine[]; v: VLine[] } {
  const h: HLine[] = [];
  const v: VLine[] = [];
  for (const r of rules) {
    if (Math.abs(r.y1 - r.y0) <= 1 && r.x1 - r.x0 > TOL) h.push({ y: (r.y0 + r.y1) / 2, x0: r.x0, x1: r.x1 });
    else if (Math.abs(r.x1 - r.x0) <= 1 && r.y1 - r.y0 > TOL) v.push({ x: (r.x0 + r.x1) / 2, y0: r.y0, y1: r.y1 });
  }
  h.sort((a, b) => a.y - b.y || a.x0 - b.x0);
  v.sort((a, b) => a.x - b.x || a.y0 - b.y0);
  // Pieces of one line touch end to end. Sorted by y first, a piece a little lower may start left
  // of the last one (a rule of the next column): it joins only where the two touch or overlap.
  const mh: HLine[] = [];
  for (const l of h) {
    const last = mh[mh.length - 1];
    if (last && Math.abs(last.y - l.y) <= TOL && l.x0 <= last.x1 + TOL && l.x1 >= last.x0 - TOL) {
      last.x0 = Math.min(last.x0, l.x0);
      last.x1 = Math.max(last.x1, l.x1);
    } else mh.push({ ...l });
  }
  const mv: VLine[] = [];
  for (const l of v) {
    const last = mv[mv.length - 1];
    if (last && Math.abs(last.x - l.x) <= TOL && l.y0 <= last.y1 + TOL && l.y1 >= last.y0 - TOL) {
      last.y0 = Math.min(last.y0, l.y0);
      last.y1 = Math.max(last.y1, l.y1);
    } else mv.push({ ...l });
  }
  return { h: mh.slice(0, MAX_LINES), v: mv.slice(0, MAX_LINES) };
}

function cluster(values: number[]): number[] {
  const s = values.slice().sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of s) if (out.length === 0 || v - out[out.length - 1] > TOL * 1.5) out.push(v);
  return out;
}

export function findRuledRegions(rules: RuleLine[], pageWidth: number): RuledRegions {
  const { h, v } = mergeLines(rules);
  // Components: union-find over lines that touch.
  const n = h.length + v.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let i = 0; i < h.length; i++) {
    const a = h[i];
    for (let j = 0; j < v.length; j++) {
      const b = v[j];
      if (b.x >= a.x0 - TOL && b.x <= a.x1 + TOL && a.y >= b.y0 - TOL && a.y <= b.y1 + TOL) {
        parent[find(i)] = find(h.length + j);
      }
    }
  }
  const comps = new Map<number, { h: HLine[]; v: VLine[] }>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    let c = comps.get(root);
    if (!c) comps.set(root, (c = { h: [], v: [] }));
    if (i < h.length) c.h.push(h[i]);
    else c.v.push(v[i - h.length]);
  }
  const grids: RuledGrid[] = [];
  const loneH: HLine[] = [];
  for (const c of comps.values()) {
    if (c.h.length >= 2 && c.v.length >= 2) {
      const g = buildGrid(c.h, c.v);
      if (g) grids.push(g);
    } else if (c.v.length === 0) loneH.push(...c.h);
  }
  return { grids, open: openRegions(loneH, pageWidth) };
}

function buildGrid(h: HLine[], v: VLine[]): RuledGrid | null {
  const xs = cluster(v.map((l) => l.x));
  const ys = cluster(h.map((l) => l.y));
  // Rules that run past the outermost verticals (tables ruled only between inner columns) bound
  // one more column on each side.
  const hMin = Math.min(...h.map((l) => l.x0));
  const hMax = Math.max(...h.map((l) => l.x1));
  if (xs.length >= 2 && xs[0] - hMin > 10) xs.unshift(hMin);
  if (xs.length >= 2 && hMax - xs[xs.length - 1] > 10) xs.push(hMax);
  if (xs.length < 2 || ys.length < 2) return null;
  // Graph paper and vector drawings are not tables (and would cost rows × columns × lines).
  if (xs.length * ys.length > MAX_GRID_SLOTS) return null;
  const hasV: boolean[][] = [];
  for (let r = 0; r + 1 < ys.length; r++) {
    const mid = (ys[r] + ys[r + 1]) / 2;
    hasV.push(xs.map((x) => v.some((l) => Math.abs(l.x - x) <= TOL * 1.5 && l.y0 <= mid && l.y1 >= mid)));
  }
  // Boxes stacked one under another, each row one box between its own two sides, not the same
  // two in every row (a form's value boxes drawn right after labels of other lengths): fields,
  // not a table (issue 9). A table ruled only round its frame and between its rows keeps the
  // frame's two sides in every row.
  // Sides are the vertical rules crossing a row, not their clustered columns: the lefts of boxes
  // a point or two apart fall in two clusters. Rows crossed by none are the white between boxes.
  const sides: number[][] = [];
  for (let r = 0; r + 1 < ys.length; r++) {
    const mid = (ys[r] + ys[r + 1]) / 2;
    const xsHere = v.filter((l) => l.y0 <= mid && l.y1 >= mid).map((l) => l.x).sort((a, b) => a - b);
    if (xsHere.length > 0) sides.push(xsHere);
  }
  const sameSides = (a: number[], b: number[]) => Math.abs(a[0] - b[0]) <= TOL && Math.abs(a[1] - b[1]) <= TOL;
  if (sides.length >= 2 && sides.every((s) => s.length === 2) && sides.some((s) => !sameSides(s, sides[0]))) return null;
  const hasH: boolean[][] = [];
  for (let r = 0; r < ys.length; r++) {
    const row: boolean[] = [];
    for (let c = 0; c + 1 < xs.length; c++) {
      const mid = (xs[c] + xs[c + 1]) / 2;
      row.push(h.some((l) => Math.abs(l.y - ys[r]) <= TOL * 1.5 && l.x0 <= mid && l.x1 >= mid));
    }
    hasH.push(row);
  }
  const box = { x: xs[0], y: ys[0], width: xs[xs.length - 1] - xs[0], height: ys[ys.length - 1] - ys[0] };
  if (box.width < 20 || box.height < 8) return null;
  return { xs, ys, hasV, hasH, box };
}

/**
 * A region bounded by long horizontal rules of one extent (booktabs: top rule, mid rule, bottom
 * rule), with the y of each of its rules top to bottom.
 */
export interface OpenRegion {
  box: Box;
  rules: number[];
  /** Where each rule starts and ends (x), by `rules`' order. */
  starts: number[];
  ends: number[];
}

/**
 * Rules at least this long (points) may bound a booktabs table: a table of three narrow columns
 * in one column of a two-column page is ruled ~100 pt wide. Shorter rules (a footnote separator,
 * an underline) stand alone; what a stack bounds must still read as a table (page-tables.ts).
 */
const MIN_STACK_RULE = 80;
/** Rules of one stack share their extent within this (points). */
const STACK_EXTENT_TOL = 15;

/**
 * Stacks of ≥2 long horizontal rules with similar extent (top rule, mid rule, bottom rule). The
 * rules of other extents between them (a table beside it in the other column of the page, a
 * group heading's short rule) do not break a stack: tables side by side in two columns each
 * keep their own.
 */
function openRegions(h: HLine[], pageWidth: number): OpenRegion[] {
  const long = h.filter((l) => l.x1 - l.x0 >= Math.min(MIN_STACK_RULE, pageWidth * 0.2)).sort((a, b) => a.y - b.y);
  const stacks: HLine[][] = [];
  for (const l of long) {
    const stack = stacks.find((st) => {
      const last = st[st.length - 1];
      // However far apart: a long table's mid rule and bottom rule may lie a page apart (what
      // lies between two rules of a stack is prose or a table: splitOpenRegion).
      return Math.abs(last.x0 - l.x0) < STACK_EXTENT_TOL && Math.abs(last.x1 - l.x1) < STACK_EXTENT_TOL;
    });
    if (stack) stack.push(l);
    else stacks.push([l]);
  }
  const out: OpenRegion[] = [];
  for (const st of stacks) {
    const first = st[0];
    const last = st[st.length - 1];
    // The box spans every rule of the stack: its rules' extents differ by up to the tolerance, and
    // two tables one over the other each end where their own rules do.
    const x0 = Math.min(...st.map((l) => l.x0));
    const x1 = Math.max(...st.map((l) => l.x1));
    if (st.length >= 2 && last.y - first.y > 10) out.push({ box: { x: x0, y: first.y, width: x1 - x0, height: last.y - first.y }, rules: st.map((l) => l.y), starts: st.map((l) => l.x0), ends: st.map((l) => l.x1) });
  }
  return out.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/**
 * Splits a stack of rules where the space between two of its rules holds prose (`isProse`: a
 * caption, a paragraph line): two tables one above the other with the same rules are two tables,
 * and the text between them is not a row. Each part keeps ≥2 rules.
 */
export function splitOpenRegion(region: OpenRegion, isProse: (top: number, bottom: number) => boolean): Box[] {
  const out: Box[] = [];
  let start = 0;
  const { rules, starts, ends } = region;
  // Each part spans its own rules (a narrower table over a wider one, in one stack: the wider
  // one's last column lay outside the narrower's box, and its figures out of the table).
  const flush = (end: number): void => {
    if (end <= start || rules[end] - rules[start] <= 10) return;
    const x0 = Math.min(...starts.slice(start, end + 1));
    const x1 = Math.max(...ends.slice(start, end + 1));
    out.push({ x: x0, y: rules[start], width: x1 - x0, height: rules[end] - rules[start] });
  };
  for (let i = 0; i + 1 < rules.length; i++) {
    if (!isProse(rules[i], rules[i + 1])) continue;
    flush(i);
    start = i + 1;
  }
  flush(rules.length - 1);
  return out;
}
