// Text → table cells: ruled grids (cells from the rules, spans where a rule is missing) and
// whitespace grids (columns from gutters, rows from bands; continuation lines merged).
import type { TextRun } from './types.js';
import type { RuledGrid } from './ruled-tables.js';
import type { Interval, Item } from './regions.js';
import { splitBands } from './regions.js';
import { buildSegments, type Segment } from './lines.js';
import type { TableCell, TableModel } from './table-model.js';
import { pruneEmpty } from './table-model.js';

/** Fills a ruled grid with the runs whose centre lies in it; returns the model and the runs used. */
export function tableFromGrid(g: RuledGrid, runs: TextRun[]): { table: TableModel; used: Set<TextRun> } {
  const nR = g.ys.length - 1;
  const nC = g.xs.length - 1;
  // Slot ownership: union slots not separated by a rule.
  const owner: number[] = [];
  for (let i = 0; i < nR * nC; i++) owner.push(i);
  const find = (i: number): number => {
    while (owner[i] !== i) i = owner[i] = owner[owner[i]];
    return i;
  };
  for (let r = 0; r < nR; r++) {
    for (let c = 0; c < nC; c++) {
      if (c + 1 < nC && !g.hasV[r][c + 1]) owner[find(r * nC + c + 1)] = find(r * nC + c);
      if (r + 1 < nR && !g.hasH[r + 1][c]) owner[find((r + 1) * nC + c)] = find(r * nC + c);
    }
  }
  const cellRuns = new Map<number, TextRun[]>();
  const used = new Set<TextRun>();
  for (const run of runs) {
    if (run.rotated) continue;
    const cx = run.x + run.width / 2;
    const cy = run.y + run.height / 2;
    if (cx < g.xs[0] || cx > g.xs[nC] || cy < g.ys[0] || cy > g.ys[nR]) continue;
    const c = upperIndex(g.xs, cx);
    const r = upperIndex(g.ys, cy);
    const root = find(r * nC + c);
    let list = cellRuns.get(root);
    if (!list) cellRuns.set(root, (list = []));
    list.push(run);
    used.add(run);
  }
  const rows: (TableCell | null)[][] = [];
  const seen = new Set<number>();
  for (let r = 0; r < nR; r++) {
    const row: (TableCell | null)[] = [];
    for (let c = 0; c < nC; c++) {
      const root = find(r * nC + c);
      if (seen.has(root)) {
        row.push(null);
        continue;
      }
      seen.add(root);
      // Extent of the merged slot (rectangular by construction of ruled tables).
      let rs = 1;
      while (r + rs < nR && find((r + rs) * nC + c) === root) rs++;
      let cs = 1;
      while (c + cs < nC && find(r * nC + c + cs) === root) cs++;
      row.push({ text: cellText(cellRuns.get(root) ?? []), rowSpan: rs, colSpan: cs });
    }
    rows.push(row);
  }
  const table = pruneEmpty({ rows, top: g.box.y, bottom: g.box.y + g.box.height, x0: g.box.x, x1: g.box.x + g.box.width });
  return { table, used };
}

function upperIndex(bounds: number[], v: number): number {
  for (let i = 1; i < bounds.length; i++) if (v <= bounds[i]) return i - 1;
  return bounds.length - 2;
}

export function cellText(runs: TextRun[]): string {
  if (runs.length === 0) return '';
  const segs = buildSegments(runs).sort((a, b) => a.top - b.top || a.x0 - b.x0);
  return joinCellLines(segs.map((s) => s.text));
}

function joinCellLines(lines: string[]): string {
  let out = '';
  for (const l of lines) {
    if (!out) out = l;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(l)) out = out.slice(0, -1) + l;
    else out += ' ' + l;
  }
  return out;
}

interface RowDraft {
  cells: string[];
  /** Horizontal extent of each cell's text (NaN where empty). */
  extents: { x0: number; x1: number }[];
  spanning: boolean;
  firstBaseline: number;
  lastBaseline: number;
  bottom: number;
  size: number;
}

function onlyFirst(cells: string[]): boolean {
  return cells[0] !== '' && cells.every((t, c) => c === 0 || t === '');
}

/**
 * Whitespace table: rows from bands, columns from gutters. A band joins the row above when it
 * continues it: its first cell is empty, or one of the two holds only a first-column label, and
 * the baselines are a wrapped-line pitch apart. A line crossing a gutter is a spanning row.
 */
export function tableFromWhitespace(items: Item[], gutters: Interval[]): TableModel {
  const cuts = gutters.map((g) => (g.lo + g.hi) / 2).sort((a, b) => a - b);
  const nC = cuts.length + 1;
  const rows: RowDraft[] = [];
  for (const band of splitBands(items)) {
    const cells: Segment[][] = Array.from({ length: nC }, () => []);
    let size = 0;
    let top = Infinity;
    let bottom = -Infinity;
    let firstBaseline = Infinity;
    let lastBaseline = -Infinity;
    let spanning = false;
    for (const it of band) {
      if (!it.seg) continue;
      if (gutters.some((g) => it.x0 < g.lo - 1 && it.x1 > g.hi + 1)) spanning = true;
      const anchor = spanning ? it.x0 + 1 : (it.x0 + it.x1) / 2;
      let c = 0;
      while (c < cuts.length && anchor > cuts[c]) c++;
      cells[c].push(it.seg);
      size = Math.max(size, it.seg.size);
      top = Math.min(top, it.top);
      bottom = Math.max(bottom, it.bottom);
      firstBaseline = Math.min(firstBaseline, it.seg.baseline);
      lastBaseline = Math.max(lastBaseline, it.seg.baseline);
    }
    const texts = cells.map((segs) => joinCellLines(segs.sort((a, b) => a.top - b.top || a.x0 - b.x0).map((s) => s.text)));
    const extents = cells.map((segs) => (segs.length ? { x0: Math.min(...segs.map((s) => s.x0)), x1: Math.max(...segs.map((s) => s.x1)) } : { x0: NaN, x1: NaN }));
    const filled = texts.filter((t) => t !== '').length;
    if (filled === 0) continue;
    const prev = rows[rows.length - 1];
    let merge = false;
    if (prev && !prev.spanning && !spanning) {
      const pitch = firstBaseline - prev.lastBaseline;
      const close = pitch <= 1.25 * Math.max(size, prev.size);
      const boxGap = top - prev.bottom;
      if (texts[0] === '' && filled < nC && (close || boxGap < 0.6 * Math.max(size, prev.size))) merge = true;
      else if (close && rows.length > 1 && (onlyFirst(prev.cells) || onlyFirst(texts))) merge = true;
    }
    if (merge) {
      texts.forEach((t, c) => {
        if (t) prev.cells[c] = joinCellLines(prev.cells[c] ? [prev.cells[c], t] : [t]);
        if (t) prev.extents[c] = { x0: Math.min(prev.extents[c].x0, extents[c].x0), x1: Math.max(prev.extents[c].x1, extents[c].x1) };
      });
      prev.lastBaseline = lastBaseline;
      prev.bottom = bottom;
    } else rows.push({ cells: texts, extents, spanning, firstBaseline, lastBaseline, bottom, size });
  }
  const nCols = splitIndexColumn(rows, nC);
  const model = groupHeadingSpans(rows, nCols);
  const x0 = Math.min(...items.map((i) => i.x0));
  const x1 = Math.max(...items.map((i) => i.x1));
  const top = Math.min(...items.map((i) => i.top));
  const bottom = Math.max(...items.map((i) => i.bottom));
  return pruneEmpty({ rows: model.rows, headerRows: model.headerRows, top, bottom, x0, x1 });
}

const INDEX_LEAD = /^(\d{1,3})\s+(\S.*)$/s;

/**
 * A narrow row-number column merged with its neighbour ("1 Easy", "2 Normal", …, under "# Topic"):
 * when most cells of a column start with a number that counts up by one from row to row, the
 * numbers are a column of their own. Returns the new column count (rows are edited in place).
 */
export function splitIndexColumn(rows: RowDraft[], nC: number): number {
  for (let c = 0; c < nC; c++) {
    const hits: number[] = [];
    let filled = 0;
    rows.forEach((r, i) => {
      if (!r.cells[c]) return;
      filled++;
      const m = INDEX_LEAD.exec(r.cells[c]);
      if (m && !/^[\d.,%]+$/.test(m[2])) hits.push(i);
    });
    if (hits.length < 3 || hits.length < 0.6 * filled) continue;
    const nums = hits.map((i) => Number(INDEX_LEAD.exec(rows[i].cells[c])![1]));
    let steps = 0;
    for (let k = 1; k < nums.length; k++) if (nums[k] === nums[k - 1] + 1) steps++;
    if (steps < 0.8 * (nums.length - 1)) continue;
    const firstHit = hits[0];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const m = hits.includes(i) ? INDEX_LEAD.exec(r.cells[c]) : null;
      // A heading row above the numbers ("# Topic", "No. Name") splits the same way.
      const head = i < firstHit ? /^(#|No\.?|Nr\.?|N°)\s+(\S.*)$/i.exec(r.cells[c]) : null;
      const [num, rest] = m ? [m[1], m[2]] : head ? [head[1], head[2]] : ['', r.cells[c]];
      r.cells.splice(c, 1, num, rest);
      const e = r.extents[c];
      r.extents.splice(c, 1, { x0: e.x0, x1: e.x0 }, { x0: e.x0, x1: e.x1 });
    }
    return nC + 1;
  }
  return nC;
}

const NUMERIC_CELL = /^[-+−]?[\d.,]+%?$/;

/**
 * Group labels over several columns ("ReACT" centred over Procedure | Completion | Knowledge): a
 * leading row with fewer, non-numeric cells than the heading row below it. Each column goes to
 * the label whose text lies over it or within about a label's width of it; a label given two or
 * more adjacent columns spans them. The rows down to the heading row are header rows.
 */
export function groupHeadingSpans(rows: RowDraft[], nC: number): { rows: (TableCell | null)[][]; headerRows?: number } {
  const plain = (): (TableCell | null)[][] => rows.map((r) => r.cells.map((text) => ({ text, rowSpan: 1, colSpan: 1 })));
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
  const out = plain();
  let headerRows: number | undefined;
  for (let r = 0; r + 1 < rows.length && r < 3; r++) {
    const row = rows[r];
    const filled = row.cells.map((t, c) => (t ? c : -1)).filter((c) => c >= 0);
    const below = rows[r + 1].cells.filter(Boolean).length;
    if (filled.length === 0 || filled.length >= below || filled.some((c) => NUMERIC_CELL.test(row.cells[c]))) break;
    const owner: number[] = centres.map((cx) => {
      let best = -1;
      let bestD = Infinity;
      for (const c of filled) {
        const e = row.extents[c];
        const d = Math.max(0, e.x0 - cx, cx - e.x1);
        if (d <= Math.max(0.6 * (e.x1 - e.x0), row.size, 0.75 * pitch) && d < bestD) { best = c; bestD = d; }
      }
      return best;
    });
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
    const centred = filled.every((c) => {
      const cols = owner.map((o, k) => (o === c ? k : -1)).filter((k) => k >= 0);
      if (cols.length < 2) return true;
      const mid = (centres[cols[0]] + centres[cols[cols.length - 1]]) / 2;
      return Math.abs(mid - (row.extents[c].x0 + row.extents[c].x1) / 2) <= 0.35 * pitch;
    });
    if (!spans || !centred || filled.some((c) => !placed.has(c))) break;
    out[r] = cells;
    headerRows = r + 2;
  }
  return { rows: out, headerRows };
}

/**
 * Columns of a region known to be a table (between horizontal rules): x-ranges that few rows
 * cross. Spanning headers cross a gutter without destroying it.
 */
export function projectGutters(items: Item[], min: number): Interval[] {
  const bands = splitBands(items);
  if (bands.length === 0) return [];
  const x0 = Math.floor(Math.min(...items.map((i) => i.x0)));
  const x1 = Math.ceil(Math.max(...items.map((i) => i.x1)));
  const width = x1 - x0;
  if (width <= 0 || width > 5000) return [];
  const cover = new Uint16Array(width + 1);
  for (const band of bands) {
    const hit = new Uint8Array(width + 1);
    for (const it of band) for (let x = Math.max(0, Math.floor(it.x0) - x0); x <= Math.min(width, Math.ceil(it.x1) - x0); x++) hit[x] = 1;
    for (let x = 0; x <= width; x++) cover[x] += hit[x];
  }
  const allowed = Math.floor(bands.length * 0.2);
  const out: Interval[] = [];
  let start = -1;
  for (let x = 0; x <= width; x++) {
    const free = cover[x] <= allowed;
    if (free && start < 0) start = x;
    if ((!free || x === width) && start >= 0) {
      const end = free ? x : x - 1;
      if (start > 0 && end < width && end - start + 1 >= min) out.push({ lo: x0 + start, hi: x0 + end + 1 });
      start = -1;
    }
  }
  return out;
}
