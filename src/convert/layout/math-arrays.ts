// Matrices and cases in a display (issue 9): a tall delimiter (two lines or more high) whose
// content, up to its partner, stands on two or more baselines is an array, not one row: amsmath's
// pmatrix/bmatrix/Bmatrix/vmatrix between a pair, cases after a lone `{`. Its rows are the
// baselines of its full-size glyphs (glyphs over and under a fraction bar do not vote: a tall
// parenthesis around a fraction is no matrix), its columns the vertical strips of white an em
// or so wide shared by every row (TeX sets array columns 2 \arraycolsep apart, cases' condition a
// \quad after its value). Each cell is read as a row of its own.
import type { MathBar, MathGlyph } from './math-layout.js';
import { isCmexFont } from '../pdf/cmex.js';
import { isBar } from './math-pieces.js';

export interface MathArray {
  /** The glyphs it takes: delimiters and content. */
  members: Set<MathGlyph>;
  bars: Set<MathBar>;
  /** Where it stands in its row. */
  x: number;
  env: string;
  /** Rows of cells, each cell's glyphs and bars. */
  cells: Array<Array<{ gs: MathGlyph[]; bars: MathBar[] }>>;
}

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}', '|': '|', '‖': '‖' };
const ENV: Record<string, string> = { '(': 'pmatrix', '[': 'bmatrix', '{': 'Bmatrix', '|': 'vmatrix', '‖': 'Vmatrix' };
/** A delimiter this many ems tall spans two lines or more (a single line's \left( is ~1.2 em). */
const TALL_EM = 1.8;
/** White this wide between two glyphs of every row parts two columns (a relation's space is 0.28 em). */
const COLUMN_GAP_EM = 0.75;

const CLOSERS = new Set(Object.values(CLOSING));
const center = (g: { x0: number; x1: number }) => (g.x0 + g.x1) / 2;

function inkOf(g: MathGlyph): readonly [number, number] {
  return g.ink ?? [g.baseline - 0.69 * g.height, g.baseline + 0.31 * g.height];
}

/**
 * Where a glyph stands vertically: a quarter em over its baseline (the math axis), or the middle
 * of its ink for a big operator or delimiter from the extension font, which hangs from its
 * baseline (an integral's baseline is its top: it was left out of the cases row it stands in).
 */
function axisOf(g: MathGlyph): number {
  return g.ink ? (g.ink[0] + g.ink[1]) / 2 : g.baseline - 0.25 * g.size;
}

function isTall(g: MathGlyph, size: number): boolean {
  if (CLOSING[g.ch] === undefined && !Object.values(CLOSING).includes(g.ch)) return false;
  const [top, bottom] = inkOf(g);
  return bottom - top >= TALL_EM * size;
}

/** Vertical overlap of two glyphs' ink, as a share of the shorter. */
function overlap(a: MathGlyph, b: MathGlyph): number {
  const [at, ab] = inkOf(a);
  const [bt, bb] = inkOf(b);
  return (Math.min(ab, bb) - Math.max(at, bt)) / Math.min(ab - at, bb - bt);
}

/** Baselines of the content's rows: full-size glyphs not near a bar, a row at least half an em from the next. */
function rowBaselines(inner: MathGlyph[], bars: MathBar[], size: number): number[] {
  const nearBar = (g: MathGlyph) => bars.some((b) => center(g) >= b.x0 - 0.15 * size && center(g) <= b.x1 + 0.15 * size && Math.abs(g.baseline - 0.25 * g.size - b.y) < 1.5 * size);
  const voters = inner.filter((g) => g.size >= 0.9 * size && !g.ink && !nearBar(g)).map((g) => g.baseline).sort((a, b) => a - b);
  const rows: number[][] = [];
  for (const y of voters) {
    const last = rows[rows.length - 1];
    if (last && y - last[last.length - 1] < 0.5 * size) last.push(y);
    else rows.push([y]);
  }
  return rows.map((r) => r.reduce((s, y) => s + y, 0) / r.length);
}

/** Column edges: the x of each white strip of at least COLUMN_GAP_EM across all the content. */
function columnCuts(inner: MathGlyph[], size: number): Array<{ at: number; gap: number }> {
  const spans = inner.map((g) => [g.x0, g.x1] as const).sort((a, b) => a[0] - b[0]);
  const cuts: Array<{ at: number; gap: number }> = [];
  let reach = spans[0][1];
  for (const [a, b] of spans.slice(1)) {
    if (a - reach >= COLUMN_GAP_EM * size) cuts.push({ at: (a + reach) / 2, gap: a - reach });
    reach = Math.max(reach, b);
  }
  return cuts;
}

/**
 * The glyph a script hangs on, among `pool`: it starts where its base ends (within a quarter em),
 * smaller than it, raised up to 0.6 em or lowered up to 0.45 em (TeX's superscript shift is
 * ~0.41 em, a subscript's drop ~0.25-0.35: a glyph 0.8 em under a letter is the next row's)
 * off its baseline (within the ink of a tall delimiter, whose
 * scripts TeX sets high: `\\right)^3`), or it goes on a script in a glyph of the script's size
 * on its baseline (the −1 of t−1). The nearest such glyph; null for a glyph on a base of its own.
 */
function baseOf(g: MathGlyph, pool: Iterable<MathGlyph>, mainSize: number): MathGlyph | null {
  let best: MathGlyph | null = null;
  for (const m of pool) {
    if (m === g || g.x0 < m.x1 - 0.25 * m.size || g.x0 > m.x1 + 0.25 * m.size) continue;
    const drop = g.baseline - m.baseline;
    // Of the hung glyphs only a closing delimiter takes scripts: what follows an opening one,
    // or a cases brace, is its content.
    if (m.ink && !CLOSERS.has(m.ch)) continue;
    const level = m.ink ? g.baseline > m.ink[0] - 0.5 * g.size && g.baseline < m.ink[1] : drop > -0.6 * m.size && drop < 0.45 * m.size;
    const onBase = g.size < 0.9 * m.size && level;
    const goesOn = !m.ink && m.size < 0.9 * mainSize && g.size <= 1.05 * m.size && Math.abs(g.baseline - m.baseline) < 0.3 * m.size && g.x0 <= m.x1 + 0.15 * m.size;
    if ((onBase || goesOn) && (!best || Math.abs(g.x0 - m.x1) < Math.abs(g.x0 - best.x1))) best = m;
  }
  return best;
}

/**
 * A script hung on a glyph of the array (or going on from one) belongs to it even where it
 * reaches past the delimiter: TeX may set a delimiter up to \\delimitershortfall short of its
 * content, and a subscript under a last row's denominator sticks out below (g_k^4: the k).
 */
function scriptsOf(inner: MathGlyph[], candidates: MathGlyph[], mainSize: number): MathGlyph[] {
  const out = inner.slice();
  const left = new Set(candidates);
  for (let grown = true; grown; ) {
    grown = false;
    for (const g of left) {
      if (!baseOf(g, out, mainSize)) continue;
      out.push(g);
      left.delete(g);
      grown = true;
    }
  }
  return out;
}

/** The height a glyph's row is told by: its baseline, or for a hung glyph the middle of its ink a quarter em down. */
function rowLevel(g: MathGlyph): number {
  return g.ink ? (g.ink[0] + g.ink[1]) / 2 + 0.25 * g.size : g.baseline;
}

/** Does a cut at x leave, in some row, a closing bracket right of it whose opening is left of it? */
function splitsPair(gs: MathGlyph[], x: number, row: (g: MathGlyph) => number): boolean {
  const depth = new Map<number, number>();
  for (const g of gs.filter((q) => center(q) > x).sort((a, b) => a.x0 - b.x0)) {
    // Bars open and close alike: they tell nothing here.
    if (isBar(g.ch)) continue;
    const r = row(g);
    const d = depth.get(r) ?? 0;
    if (CLOSING[g.ch] !== undefined) depth.set(r, d + 1);
    else if (CLOSERS.has(g.ch)) {
      if (d === 0) return true;
      depth.set(r, d - 1);
    }
  }
  return false;
}

/** The arrays of a display (or a part of one), outermost first; `size` is its main glyph size. */
export function findArrays(gs: MathGlyph[], bars: MathBar[], size: number): MathArray[] {
  const out: MathArray[] = [];
  const taken = new Set<MathGlyph>();
  const byX = gs.slice().sort((a, b) => a.x0 - b.x0);
  for (const open of byX) {
    if (taken.has(open) || !ENV[open.ch] || !isTall(open, size)) continue;
    const want = CLOSING[open.ch];
    const close = byX.find((g) => g !== open && !taken.has(g) && g.x0 > open.x0 + 0.3 * size && g.ch === want && isTall(g, size) && overlap(open, g) > 0.5) ?? null;
    // A lone `{` opens cases; another lone delimiter is no array. A lone "(" from TeX's extension
    // font is a cases brace read raw: a \Bigg brace is code 0x28, "(" in ASCII, and a font with
    // no other glyph on the page cannot be told read raw (pdf/cmex.ts).
    const rawBrace = !close && open.ch === '(' && isCmexFont(open.font);
    if (!close && open.ch !== '{' && !rawBrace) continue;
    const [top, bottom] = inkOf(open);
    const across = (g: MathGlyph) => g !== open && g !== close && !taken.has(g) && center(g) > open.x1 - 0.1 * size && (!close || center(g) < close.x0 + 0.1 * size);
    const within = gs.filter((g) => across(g) && axisOf(g) > top && axisOf(g) < bottom);
    if (within.length < 2) continue;
    const inner = scriptsOf(within, gs.filter((g) => across(g) && !within.includes(g) && axisOf(g) > top - size && axisOf(g) < bottom + size), size);
    const innerSize = Math.max(...inner.filter((g) => !g.ink).map((g) => g.size), 0) || size;
    // A radical's rule over a cell's first row may stand a little above the delimiter's top.
    const innerBars = bars.filter((b) => b.x0 >= open.x1 - 0.1 * size && (!close || b.x1 <= close.x0 + 0.1 * size) && b.y > top - 0.5 * size && b.y < bottom + 0.5 * size);
    const baselines = rowBaselines(inner, innerBars, innerSize);
    if (baselines.length < 2) continue;
    let cuts = columnCuts(inner, innerSize);
    const env = close ? ENV[open.ch] : 'cases';
    const rowOf = (y: number) => baselines.reduce((best, b, i) => (Math.abs(b - y) < Math.abs(baselines[best] - y) ? i : best), 0);
    // Cases have a value and a condition: only the widest strip parts them, of those that part
    // no bracket from its partner (the strip a \\Bigg parenthesis pdf.js dropped left inside a
    // value can be wider than the quad before the condition).
    if (env === 'cases' && cuts.length > 1) {
      const whole = cuts.filter((c) => !splitsPair(inner, c.at, (g) => rowOf(rowLevel(g))));
      cuts = [(whole.length ? whole : cuts).reduce((a, b) => (b.gap > a.gap ? b : a))];
    }
    const colOf = (x: number) => cuts.filter((c) => x > c.at).length;
    const cells = baselines.map(() => Array.from({ length: cuts.length + 1 }, () => ({ gs: [] as MathGlyph[], bars: [] as MathBar[] })));
    // A glyph's row by its baseline (a hung glyph's by its ink), a script's by its base's: a
    // script set high on a tall delimiter is nearer the row above.
    const rowOfGlyph = new Map<MathGlyph, number>();
    for (const g of inner.slice().sort((a, b) => a.x0 - b.x0)) {
      const base = baseOf(g, inner, innerSize);
      const own = rowOf(rowLevel(g));
      rowOfGlyph.set(g, base && rowOfGlyph.has(base) ? rowOfGlyph.get(base)! : own);
    }
    const glyphRow = (g: MathGlyph) => rowOfGlyph.get(g)!;
    for (const g of inner) cells[glyphRow(g)][colOf(center(g))].gs.push(g);
    // A bar goes with the glyphs right under it: a fraction's denominator, a radical's content
    // (its overbar stands nearer the row above when the rows are close, as in cases); with none,
    // by the math axis, a quarter em over its row's baseline.
    for (const b of innerBars) {
      const under = inner
        .filter((g) => center(g) >= b.x0 && center(g) <= b.x1 && axisOf(g) > b.y && axisOf(g) < b.y + 1.5 * innerSize)
        .reduce<MathGlyph | null>((a, g) => (!a || axisOf(g) < axisOf(a) ? g : a), null);
      cells[under ? glyphRow(under) : rowOf(b.y + 0.25 * innerSize)][colOf((b.x0 + b.x1) / 2)].bars.push(b);
    }
    const members = new Set([open, ...inner, ...(close ? [close] : [])]);
    members.forEach((g) => taken.add(g));
    out.push({ members, bars: new Set(innerBars), x: open.x0, env, cells });
  }
  return out;
}

/** A cell of dots one over another (TeX's \\vdots is three periods stacked) is \\vdots. */
function isVdots(gs: MathGlyph[]): boolean {
  if (gs.length < 2 || !gs.every((g) => g.ch === '.')) return false;
  const ys = gs.map((g) => g.baseline);
  return Math.max(...ys) - Math.min(...ys) > 0.3 * gs[0].size && Math.max(...gs.map((g) => g.x0)) - Math.min(...gs.map((g) => g.x0)) < 0.3 * gs[0].size;
}

/** An array as LaTeX, each cell read by `read` (the row parser). */
export function arrayLatex(a: MathArray, read: (gs: MathGlyph[], bars: MathBar[]) => string): string {
  const rows = a.cells.map((row) => row.map((c) => (isVdots(c.gs) ? '\\vdots' : read(c.gs, c.bars))).join('&'));
  return `\\begin{${a.env}}${rows.join('\\\\')}\\end{${a.env}}`;
}
