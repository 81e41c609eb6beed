// Reading order: a page region is cut into horizontal bands (separated by vertical whitespace);
// consecutive bands that share a column gutter form a multi-column group, read column by column
// (each column recursively); full-width items end a group. A group whose "columns" are short,
// aligned cells becomes a whitespace table instead.
import type { Segment } from './lines.js';

/** A bullet glyph or an enumerator on its own ("•", "", "3.", "b)", "(iv)"). */
function isListLabel(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && (/^[^\p{L}\p{N}]{1,2}$/u.test(t) || /^\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)]$/i.test(t));
}

export interface Item {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  seg?: Segment;
  /** An atomic block placed by the caller (ruled table, image): never split. */
  atom?: number;
}

export type RegionBlock =
  | { kind: 'flow'; items: Item[] }
  | { kind: 'grid'; items: Item[]; gutters: Interval[] };

export interface Interval {
  lo: number;
  hi: number;
}

const MAX_DEPTH = 4;

/** Orders items into flows (single-column text) and grids (whitespace-table candidates). */
export function orderRegion(items: Item[], gutterMin: number, depth = 0): RegionBlock[] {
  if (items.length === 0) return [];
  const bands = splitBands(items);
  const out: RegionBlock[] = [];
  let flow: Item[] = [];
  const flushFlow = (): void => {
    if (flow.length) out.push({ kind: 'flow', items: flow });
    flow = [];
  };
  let i = 0;
  while (i < bands.length) {
    let gutters = findGutters(bands[i], gutterMin);
    if (gutters.length === 0 || bands[i].length === 1) {
      flow.push(...bands[i]);
      i++;
      continue;
    }
    // Grow the group while the next bands leave some gutter free.
    const group = bands[i].slice();
    let rows = 1;
    let j = i + 1;
    while (j < bands.length) {
      if (startsSection(group, bands[j])) break;
      const next = narrowGutters(gutters, bands[j], gutterMin * 0.5);
      if (next.length === 0) break;
      gutters = next;
      group.push(...bands[j]);
      rows++;
      j++;
    }
    i = j;
    // One line with a wide gap is still one line of the flow.
    if (rows === 1) {
      flow.push(...group);
      continue;
    }
    // Code (monospace) aligned in columns is still code: its lines stay whole, in the flow.
    if (monospaceShare(group) >= 0.8) {
      flow.push(...group);
      continue;
    }
    // A first "column" of bullets or enumerators is a list: its lines stay in the flow.
    const firstCol = splitColumns(group, gutters)[0];
    if (firstCol.every((it) => !it.seg || isListLabel(it.seg.text))) {
      flow.push(...group);
      continue;
    }
    flushFlow();
    if (depth >= MAX_DEPTH) {
      out.push({ kind: 'flow', items: group });
      continue;
    }
    if (looksLikeTextColumns(group, gutters, rows)) {
      for (const col of splitColumns(group, gutters)) out.push(...orderRegion(col, gutterMin, depth + 1));
    } else {
      out.push({ kind: 'grid', items: group, gutters });
    }
  }
  flushFlow();
  return out;
}

/** White space across the whole region, in line heights, above a heading that opens a section. */
const SECTION_GAP_LINES = 1.4;

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
}

/**
 * A band that opens a new section of the page (XY-cut's horizontal cut): white space across the
 * whole region above it, more than a paragraph break, and its first line set as a heading (bold
 * or larger than the text above). The columns above are read to their end before it, even when
 * the section below keeps the same columns.
 */
export function startsSection(above: Item[], band: Item[]): boolean {
  const segs = above.filter((it) => it.seg).map((it) => it.seg!);
  const first = band.reduce((a, b) => (b.top < a.top || (b.top === a.top && b.x0 < a.x0) ? b : a));
  if (!first.seg || segs.length === 0) return false;
  const lineHeight = median(segs.map((s) => s.bottom - s.top));
  const bottom = Math.max(...above.map((it) => it.bottom));
  if (first.top - bottom < SECTION_GAP_LINES * lineHeight) return false;
  const size = median(segs.map((s) => s.size));
  return (first.seg.bold && !segs.every((s) => s.bold)) || first.seg.size >= 1.15 * size;
}

/** Share of the characters set in a monospace face. */
export function monospaceShare(items: Item[]): number {
  let mono = 0;
  let all = 0;
  for (const it of items) {
    if (!it.seg) continue;
    all += it.seg.text.length;
    if (it.seg.monospace) mono += it.seg.text.length;
  }
  return all === 0 ? 0 : mono / all;
}

/** Sorted by top; a band ends where the next item starts below everything so far. */
export function splitBands(items: Item[]): Item[][] {
  const sorted = items.slice().sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const bands: Item[][] = [];
  let cur: Item[] = [];
  let bottom = -Infinity;
  for (const it of sorted) {
    // Lines touch or overlap slightly within a paragraph; a tiny tolerance keeps them apart.
    if (cur.length && it.top > bottom - 0.25 * (it.bottom - it.top)) {
      bands.push(cur);
      cur = [];
      bottom = -Infinity;
    }
    cur.push(it);
    bottom = Math.max(bottom, it.bottom);
  }
  if (cur.length) bands.push(cur);
  return bands;
}

/** Vertical gaps between items of a band at least `min` wide. */
export function findGutters(band: Item[], min: number): Interval[] {
  const sorted = band.slice().sort((a, b) => a.x0 - b.x0);
  const out: Interval[] = [];
  let right = sorted[0].x1;
  for (let k = 1; k < sorted.length; k++) {
    const it = sorted[k];
    if (it.x0 - right >= min) out.push({ lo: right, hi: it.x0 });
    right = Math.max(right, it.x1);
  }
  return out;
}

/** The parts of the gutters that the band's items leave free (each at least `min` wide). */
export function narrowGutters(gutters: Interval[], band: Item[], min: number): Interval[] {
  const out: Interval[] = [];
  for (const g of gutters) {
    let parts: Interval[] = [g];
    for (const it of band) {
      const nextParts: Interval[] = [];
      for (const p of parts) {
        if (it.x1 <= p.lo || it.x0 >= p.hi) nextParts.push(p);
        else {
          if (it.x0 - p.lo >= min) nextParts.push({ lo: p.lo, hi: it.x0 });
          if (p.hi - it.x1 >= min) nextParts.push({ lo: it.x1, hi: p.hi });
        }
      }
      parts = nextParts;
      if (parts.length === 0) break;
    }
    // Keep the widest part: a gutter is one channel.
    if (parts.length) out.push(parts.reduce((a, b) => (b.hi - b.lo > a.hi - a.lo ? b : a)));
  }
  return out;
}

export function splitColumns(items: Item[], gutters: Interval[]): Item[][] {
  const cuts = gutters.map((g) => (g.lo + g.hi) / 2).sort((a, b) => a - b);
  const cols: Item[][] = cuts.map(() => []);
  cols.push([]);
  for (const it of items) {
    const cx = (it.x0 + it.x1) / 2;
    let c = 0;
    while (c < cuts.length && cx > cuts[c]) c++;
    cols[c].push(it);
  }
  return cols.filter((c) => c.length > 0);
}

/**
 * Text columns: few columns, lines long and filling their column. Table cells: short, ragged,
 * many columns.
 */
export function looksLikeTextColumns(items: Item[], gutters: Interval[], rows: number): boolean {
  const cols = splitColumns(items, gutters);
  if (cols.length < 2) return true;
  const lens = items.filter((it) => it.seg).map((it) => it.seg!.text.length).sort((a, b) => a - b);
  const median = lens.length ? lens[Math.floor(lens.length / 2)] : 0;
  let fillSum = 0;
  let fillN = 0;
  for (const col of cols) {
    const lo = Math.min(...col.map((c) => c.x0));
    const hi = Math.max(...col.map((c) => c.x1));
    const w = Math.max(1, hi - lo);
    for (const it of col) {
      fillSum += (it.x1 - it.x0) / w;
      fillN++;
    }
  }
  const fill = fillN ? fillSum / fillN : 0;
  if (cols.length <= 3 && median >= 25 && fill >= 0.6) return true;
  // Every column holds prose (a label column of a key-value table does not).
  const colMedian = (col: Item[]): number => {
    const l = col.filter((it) => it.seg).map((it) => it.seg!.text.length).sort((a, b) => a - b);
    return l.length ? l[Math.floor(l.length / 2)] : 0;
  };
  if (cols.length <= 3 && cols.every((c) => colMedian(c) >= 20)) return true;
  // Two or more columns of prose (many words per line) are text columns, whatever sits between
  // them (a photo caption); tables hold at most one such column (descriptions).
  const proseLines = (col: Item[]): boolean => {
    const perLine = new Map<number, number>();
    for (const it of col) if (it.seg) perLine.set(it.seg.lineId, (perLine.get(it.seg.lineId) ?? 0) + it.seg.text.split(/\s+/).length);
    const l = [...perLine.values()].sort((a, b) => a - b);
    return l.length >= 4 && l[Math.floor(l.length / 2)] >= 5;
  };
  if (cols.filter(proseLines).length >= 2) return true;
  if (rows < 2) return true;
  if (cols.length === 2 && rows < 3) return true;
  return false;
}
