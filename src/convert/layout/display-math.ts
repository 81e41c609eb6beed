// Display equations on a page: the pieces of one equation (its main row, numerators and
// denominators, limits, scripts, stacked aligned rows) are cut into several segments by the
// line builder, since they sit on different baselines. Here they are gathered again and read as
// one formula by geometry (math-layout.ts), with the page's horizontal rules as fraction bars and
// radical overbars. A display equation is a cluster of segments that touch vertically, hold no
// word of prose, are set at least partly in math faces, and hold a relation or a big operator;
// a piece beside a prose line (inline math) is never taken. An equation number at the right of
// the cluster ("(3)", centred on an aligned block) goes with the equation nearest to it, inside
// its segment's box, so it stays beside it.
import type { RuleLine, TextRun } from './types.js';
import { baselineOf, type Segment } from './lines.js';
import { EQUATION_NUMBER, isMathFont, isMathFontLine, isMathRun } from '../markdown/math.js';
import { displayFormulas, type DisplayFormula, type MathBar } from './math-layout.js';

/** A word of prose: four or more letters in a text face (function names aside). */
const PROSE_WORD = /\p{L}{4,}/u;
const FUNCTION_NAMES = /^(?:sin|cos|tan|cot|sec|csc|log|exp|lim|max|min|det|dim|ker|sup|inf|arg|sinh|cosh|tanh|deg|gcd|hom)$/i;
const ANCHOR = /[=<>≤≥≈≡∑∏∫∮]/u;
/**
 * How far apart (in the equation's size) two pieces of one display may lie vertically: pieces in
 * math faces up to an em (aligned rows under a tall fraction), others (digits, signs) closer.
 */
const VERTICAL_REACH_EM = 0.6;
const MATH_FACE_REACH_EM = 1.0;
/** A piece with no math face joins only when it is this short and lies within the display's width. */
const PLAIN_PIECE_MAX_CHARS = 12;
/** How far left or right of the cluster a piece may start. */
const HORIZONTAL_REACH_EM = 2;

/** A piece opens a display when this share of its characters is in math faces. */
const MIN_SEED_MATH_SHARE = 0.35;

function mathFaceShare(s: Segment): number {
  let math = 0;
  let all = 0;
  for (const r of s.runs) {
    const n = r.text.replace(/\s/g, '').length;
    all += n;
    if (isMathRun(r)) math += n;
  }
  return all === 0 ? 0 : math / all;
}

function proseWords(s: Segment): number {
  let n = 0;
  for (const r of s.runs) {
    if (isMathFont(r.fontName)) continue;
    for (const w of r.text.match(/\p{L}{2,}/gu) ?? []) if (PROSE_WORD.test(w) && !FUNCTION_NAMES.test(w)) n++;
  }
  return n;
}

/** A piece that may belong to a display: no prose word, not code, not right-to-left. */
function isPiece(s: Segment): boolean {
  if (s.monospace || s.rtl || s.latex !== undefined || EQUATION_NUMBER.test(s.text.trim())) return false;
  if (proseWords(s) > 0) return false;
  // Letters in a text face come one or two at a time in a formula ("dx", "k"), not as words.
  // A run may hold a function name among signs ("log (", "arg min"): each name is looked at.
  return !s.runs.some((r) => !isMathFont(r.fontName) && (r.text.match(/\p{L}{3,}/gu) ?? []).some((w) => !FUNCTION_NAMES.test(w)));
}

interface Cluster {
  segs: Segment[];
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  size: number;
}

/** A relation sign opening a run: an aligned row's `&=` starts its line with one. */
const OPENING_RELATION = /^\s*[=<>≤≥≈≡≠∼≃≅∝⩽⩾]/u;
/** How far under a display an aligned row opening with a relation may start (ems). */
const ALIGNED_ROW_REACH_EM = 2.5;

/** Left edges of the runs of a segment that open with a relation sign. */
function relationEdges(s: Segment): number[] {
  return s.runs.filter((r) => OPENING_RELATION.test(r.text)).map((r) => r.x);
}

/**
 * An aligned row under the display: it opens with a relation standing under one of the
 * display's (TeX's align puts each row's `&=` in one column), within 2.5 em of it. It may lie
 * further down than other pieces: a tag pushed under the row above (amsmath, a row too wide for
 * its number) stands between them.
 */
function alignedRowUnder(p: Segment, c: Cluster): boolean {
  const first = p.runs.reduce((a, r) => (r.x < a.x ? r : a), p.runs[0]);
  if (!first || !OPENING_RELATION.test(first.text) || p.top < c.bottom || p.top - c.bottom > ALIGNED_ROW_REACH_EM * c.size) return false;
  return c.segs.some((s) => relationEdges(s).some((x) => Math.abs(x - first.x) < 0.6 * c.size));
}

/** Does piece p join cluster c: within its reach, and a math face or a short piece beside or under it? */
function joins(p: Segment, c: Cluster): boolean {
  if (alignedRowUnder(p, c)) return true;
  const mathFace = p.runs.some(isMathRun);
  const reachY = (mathFace ? MATH_FACE_REACH_EM : VERTICAL_REACH_EM) * c.size;
  const reachX = HORIZONTAL_REACH_EM * c.size;
  if (p.top > c.bottom + reachY || p.bottom < c.top - reachY) return false;
  if (p.x0 > c.x1 + reachX || p.x1 < c.x0 - reachX) return false;
  // Upright pieces alone (digits, signs, upright Greek) join beside the display (their
  // baseline within its height: "Σ₁ =" left of a fraction), or short and within its width,
  // an em more for a script after its last glyph (a numeric row of a table below is neither).
  const mid = (p.x0 + p.x1) / 2;
  const beside = p.baseline > c.top && p.baseline < c.bottom;
  return mathFace || beside || (p.text.length <= PLAIN_PIECE_MAX_CHARS && mid >= c.x0 - c.size && mid <= c.x1 + c.size);
}

function add(c: Cluster, p: Segment): void {
  c.segs.push(p);
  c.x0 = Math.min(c.x0, p.x0);
  c.x1 = Math.max(c.x1, p.x1);
  c.top = Math.min(c.top, p.top);
  c.bottom = Math.max(c.bottom, p.bottom);
}

function grow(seed: Segment, pieces: Segment[], taken: Set<Segment>): Cluster {
  const c: Cluster = { segs: [seed], x0: seed.x0, x1: seed.x1, top: seed.top, bottom: seed.bottom, size: seed.size };
  taken.add(seed);
  for (let changed = true; changed; ) {
    changed = false;
    for (const p of pieces) {
      if (taken.has(p) || !joins(p, c)) continue;
      taken.add(p);
      add(c, p);
      changed = true;
    }
  }
  return c;
}

/**
 * The page's display clusters, grown from the seeds largest first, then merged where a piece of
 * one would join the other: growth stops at the first cluster's reach, so a short first row of
 * an align grown first misses the tall fraction row under it, which then reaches back up to it.
 */
function clustersOf(seeds: Segment[], pieces: Segment[]): Cluster[] {
  const taken = new Set<Segment>();
  const clusters: Cluster[] = [];
  for (const seed of seeds) if (!taken.has(seed)) clusters.push(grow(seed, pieces, taken));
  // Boxes further apart than any piece reaches are not compared piece by piece.
  const far = (a: Cluster, b: Cluster) => {
    const size = Math.max(a.size, b.size);
    const reachY = Math.max(MATH_FACE_REACH_EM, ALIGNED_ROW_REACH_EM) * size;
    return b.top > a.bottom + reachY || a.top > b.bottom + reachY || b.x0 > a.x1 + HORIZONTAL_REACH_EM * size || a.x0 > b.x1 + HORIZONTAL_REACH_EM * size;
  };
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < clusters.length; i++) {
      for (let j = i + 1; j < clusters.length; j++) {
        const [a, b] = [clusters[i], clusters[j]];
        if (far(a, b) || (!b.segs.some((p) => joins(p, a)) && !a.segs.some((p) => joins(p, b)))) continue;
        b.segs.forEach((p) => add(a, p));
        clusters.splice(j, 1);
        // The grown cluster is compared again with those after it.
        j = i;
        merged = true;
      }
    }
  }
  return clusters;
}

/** Horizontal rules inside the cluster's box, cut to it (fraction bars, radical overbars). */
function barsIn(c: Cluster, rules: RuleLine[]): MathBar[] {
  const bars: MathBar[] = [];
  for (const r of rules) {
    if (Math.abs(r.y1 - r.y0) > 0.5) continue;
    const y = (r.y0 + r.y1) / 2;
    // A radical's overbar may stand above the glyph boxes of its row.
    if (y < c.top - 0.5 * c.size || y > c.bottom + 0.5 * c.size) continue;
    // A rule starting well left of the display is no part of it (a table's, an underline);
    // a fraction bar may start an em or so left of its glyphs, over a radical drawn as a path.
    if (r.x0 < c.x0 - 1.5 * c.size || r.x0 > c.x1) continue;
    const x1 = Math.min(r.x1, c.x1 + 0.2 * c.size);
    if (x1 - r.x0 >= 0.3 * c.size) bars.push({ x0: r.x0, x1, y });
  }
  return bars;
}

/**
 * Prose set within this many ems of a cluster goes on with it (inline math). Further off it is the
 * next column's: LaTeX's two columns are 10 pt apart, and a display as wide as its column has
 * the other column's lines that close.
 */
const BESIDE_PROSE_EM = 0.9;

/** Is some prose segment set beside the cluster, on a baseline inside it (inline math)? */
function besideProse(c: Cluster, segs: Segment[]): boolean {
  return segs.some((s) => !c.segs.includes(s) && proseWords(s) > 0 && s.baseline > c.top && s.baseline < c.bottom && s.x0 < c.x1 + BESIDE_PROSE_EM * c.size && s.x1 > c.x0 - BESIDE_PROSE_EM * c.size);
}

/**
 * An equation number set in the same segment as the display's last piece (a narrow column, or a
 * display so wide that TeX shrank its glue to keep the number beside it): the rightmost run,
 * "(3)" in a text face, half an em or more clear of the glyphs before it. Math spacing stops
 * short of that (a thick space, around a relation, is 5/18 em). Set in a face no glyph of the
 * display uses (the body's text face beside KaTeX's math faces), it is the number however close
 * the display has run up to it, even over its last script (a display too wide for its line);
 * a face the formula shares (TeX's CMR digits) needs the gap.
 */
function trailingNumber(runs: TextRun[], size: number): TextRun | null {
  // The run reaching furthest right: a script the number overlaps may start after it.
  const last = runs.reduce<TextRun | null>((a, r) => (!a || r.x + r.width > a.x + a.width ? r : a), null);
  if (!last || isMathFont(last.fontName) || !EQUATION_NUMBER.test(last.text.trim())) return null;
  const rest = runs.filter((r) => r !== last);
  const before = Math.max(...rest.map((r) => r.x + r.width));
  const ownFace = last.fontName !== undefined && !rest.some((r) => r.fontName === last.fontName);
  if (ownFace) return last.x + last.width >= before ? last : null;
  return last.x - before >= 0.5 * size ? last : null;
}

/**
 * An equation number pushed onto a line of its own under its display: a display too wide to leave
 * room for its number at the right gets the number on the next line, flush right (amsmath does so).
 * It stands alone on its line in its column, right under the display, its right edge at or past
 * the display's.
 */
function tagBelow(s: Segment, c: Cluster, segs: Segment[]): boolean {
  if (s.top < c.bottom - 0.3 * c.size || s.top - c.bottom > 1.2 * c.size) return false;
  if (s.x1 < c.x1 - 0.5 * c.size || s.x0 < (c.x0 + c.x1) / 2) return false;
  // Alone in its column: the next column's line beside it does not count.
  return !segs.some((o) => o !== s && !c.segs.includes(o) && o.bottom > s.top && o.top < s.bottom && o.x1 > c.x0 - 0.5 * c.size && o.x0 < s.x1 + 0.5 * c.size);
}

/** The equation number as a segment of its own on the display's line. */
function numberSegment(m: Segment, run: TextRun): Segment {
  const text = run.text.trim();
  return { ...m, runs: [run], text, x0: run.x, x1: run.x + run.width, top: run.y, bottom: run.y + run.height, baseline: baselineOf(run), size: run.fontSize, latex: undefined };
}

/**
 * One formula of the cluster as a segment carrying its LaTeX: all the cluster's pieces, or for a
 * row of its own the runs read into it, on that row's baseline and line.
 */
function formulaSegment(c: Cluster, f: DisplayFormula): Segment {
  const own = new Set(f.runs);
  const pieces = c.segs.filter((s) => s.runs.some((r) => own.has(r)));
  const baseline = f.baseline ?? pieces.reduce((a, s) => (s.text.length > a.text.length ? s : a), pieces[0]).baseline;
  const anchor = pieces.reduce((a, s) => (Math.abs(s.baseline - baseline) < Math.abs(a.baseline - baseline) || (s.baseline === a.baseline && s.text.length > a.text.length) ? s : a), pieces[0]);
  const runs = f.runs.slice().sort((a, b) => a.y - b.y || a.x - b.x);
  return {
    ...anchor,
    runs,
    text: runs.map((r) => r.text).join(' '),
    x0: Math.min(...runs.map((r) => r.x)),
    x1: Math.max(...runs.map((r) => r.x + r.width)),
    top: Math.min(...runs.map((r) => r.y)),
    bottom: Math.max(...runs.map((r) => r.y + r.height)),
    baseline: f.baseline ?? anchor.baseline,
    latex: f.latex,
  };
}

/** Segments with each display equation's pieces merged into one segment carrying its LaTeX. */
export function assembleDisplayMath(segs: Segment[], rules: RuleLine[]): Segment[] {
  const seeds = segs.filter((s) => isPiece(s) && mathFaceShare(s) >= MIN_SEED_MATH_SHARE).sort((a, b) => b.size - a.size || b.text.length - a.text.length);
  if (seeds.length === 0) return segs;
  const replaced = new Map<Segment, Segment[]>();
  for (const c of clustersOf(seeds, segs.filter(isPiece))) {
    if (!c.segs.some((s) => ANCHOR.test(s.text)) || !isMathFontLine(c.segs.flatMap((s) => s.runs)) || besideProse(c, segs)) continue;
    const runs = c.segs.flatMap((s) => s.runs);
    const number = trailingNumber(runs, c.size);
    const formulas = displayFormulas(number ? runs.filter((r) => r !== number) : runs, barsIn(c, rules));
    if (formulas.length === 0) continue;
    const made = formulas.map((f) => formulaSegment(c, f));
    c.segs.forEach((s) => replaced.set(s, []));
    // An equation number, in the cluster's last segment or beside it at the right (its middle
    // within the display's height, nothing between them: in two columns the right column's
    // display stands between a left display and the right one's number), goes on the line of
    // the formula nearest to it.
    const numbers = number ? [numberSegment(made[0], number)] : [];
    for (const s of segs) {
      const mid = (s.top + s.bottom) / 2;
      if (replaced.has(s) || !EQUATION_NUMBER.test(s.text.trim())) continue;
      // Beside: within the display's height, no piece of it further right on the number's band
      // (an aligned block's tag pushed under a row too wide for it stands inside its box).
      const band = (o: Segment) => o.bottom > s.top && o.top < s.bottom;
      const beside = mid > c.top && mid < c.bottom && !c.segs.some((o) => band(o) && o.x1 > s.x0);
      const clear = beside
        ? !segs.some((o) => o !== s && !c.segs.includes(o) && o.x0 >= c.x0 - 1 && o.x1 <= s.x0 + 1 && band(o))
        : tagBelow(s, c, segs);
      if (clear) {
        numbers.push(s);
        replaced.set(s, []);
      }
    }
    // Each number goes with the formula nearest to it; the formula's box takes it in.
    const own = new Map<Segment, Segment[]>();
    for (const n of numbers) {
      const line = made.reduce((a, m) => (Math.abs(m.baseline - n.baseline) < Math.abs(a.baseline - n.baseline) ? m : a), made[0]);
      own.set(line, [...(own.get(line) ?? []), n]);
    }
    const numbered = made.map((m) => {
      const ns = own.get(m);
      if (!ns) return m;
      ns.sort((a, b) => a.top - b.top);
      return { ...m, x1: Math.max(m.x1, ...ns.map((n) => n.x1)), equationNumber: ns.map((n) => n.text.trim()).join(' ') };
    });
    replaced.set(c.segs[0], numbered);
  }
  if (replaced.size === 0) return segs;
  const out: Segment[] = [];
  for (const s of segs) out.push(...(replaced.get(s) ?? [s]));
  return out;
}
