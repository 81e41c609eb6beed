// Whether a page sets stacked math (fractions, roots over their content), whose fraction bars and
// radical overbars are rules the text-only reading leaves out (issue 9): a paper's dense page of
// prose read the display "y = (a+b)/(c−d)" as two lines of glyphs, "y=a+b" and "c−d". The cue: two
// pieces of lines set mostly in math faces, one over the other (a numerator over its
// denominator), closer than two lines of text, or one holding a radical sign; prose with inline
// math, or a display of one row, pays nothing. A function of the page's own text and font names, like every other choice of
// what a page keeps (the reading of its operators costs about as much as its text).
import type { TextRun } from '../layout/types.js';
import { isMathFont } from '../markdown/math.js';

/** A piece of math: this many characters at least, this share of them in math faces. */
const MIN_CHARS = 2;
const MIN_MATH_SHARE = 0.5;
/** Runs this far apart (in em) on one baseline are pieces of their own (a fraction beside a sign). */
const PIECE_GAP_EM = 0.8;
/** One piece over another: baselines this far apart, in ems of the larger. */
const STACK_MIN_EM = 0.5;
const STACK_MAX_EM = 2.2;
/** Pieces looked at: the pairing is quadratic. */
const MAX_PIECES = 400;

interface Piece {
  /** It holds a radical sign, whose overbar is a rule too. */
  root: boolean;
  x0: number;
  x1: number;
  baseline: number;
  size: number;
  all: number;
  math: number;
}

function mathPieces(runs: TextRun[]): Piece[] {
  const byLine = new Map<number, TextRun[]>();
  for (const r of runs) {
    if (r.rotated || r.text.trim().length === 0) continue;
    const key = Math.round((r.baseline ?? r.y + r.height) / 2);
    const l = byLine.get(key);
    if (l) l.push(r);
    else byLine.set(key, [r]);
  }
  const out: Piece[] = [];
  for (const line of byLine.values()) {
    line.sort((a, b) => a.x - b.x);
    let cur: Piece | null = null;
    const flush = () => {
      if (cur) out.push(cur);
      cur = null;
    };
    for (const r of line) {
      const n = r.text.replace(/\s/g, '').length;
      const math = isMathFont(r.fontName) ? n : 0;
      if (cur && r.x - cur.x1 <= PIECE_GAP_EM * r.fontSize) {
        const c: Piece = cur;
        c.x1 = Math.max(c.x1, r.x + r.width);
        c.size = Math.max(c.size, r.fontSize);
        c.all += n;
        c.math += math;
        c.root ||= r.text.includes('√');
      } else {
        flush();
        cur = { root: r.text.includes('√'), x0: r.x, x1: r.x + r.width, baseline: r.baseline ?? r.y + r.height, size: r.fontSize, all: n, math };
      }
    }
    flush();
    if (out.length > MAX_PIECES) break;
  }
  // A script (smaller, raised or lowered half an em at most, touching) belongs to the piece it
  // follows or precedes: "σ" and its "2" are one piece.
  const scripts = new Set<Piece>();
  for (const p of out) {
    const host = out.find((q) => q !== p && !scripts.has(q) && p.size < 0.85 * q.size && Math.abs(p.baseline - q.baseline) <= 0.5 * q.size && p.x0 <= q.x1 + 0.3 * q.size && p.x1 >= q.x0 - 0.3 * q.size);
    if (!host) continue;
    host.x0 = Math.min(host.x0, p.x0);
    host.x1 = Math.max(host.x1, p.x1);
    host.all += p.all;
    host.math += p.math;
    host.root ||= p.root;
    scripts.add(p);
  }
  return out.filter((p) => !scripts.has(p) && p.all >= MIN_CHARS && p.math >= MIN_MATH_SHARE * p.all);
}

/** Whether the page holds stacked math or a root (see above). */
export function hasStackedMath(runs: TextRun[]): boolean {
  const pieces = mathPieces(runs).slice(0, MAX_PIECES);
  if (pieces.some((p) => p.root)) return true;
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const a = pieces[i];
      const b = pieces[j];
      const size = Math.max(a.size, b.size);
      const dy = Math.abs(a.baseline - b.baseline);
      if (dy < STACK_MIN_EM * size || dy > STACK_MAX_EM * size) continue;
      // One over the other: their middles within the other's width.
      const ma = (a.x0 + a.x1) / 2;
      const mb = (b.x0 + b.x1) / 2;
      if ((ma >= b.x0 && ma <= b.x1) || (mb >= a.x0 && mb <= a.x1)) return true;
    }
  }
  return false;
}
