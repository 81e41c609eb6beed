// Two-dimensional formulas whose parts the text layer gives as separate pieces: limits set above
// and below a big operator (∫, ∑, ∏) and fractions (numerator over denominator beside an
// expression, "∇ × E = −  ∂B/∂t"). The pieces are merged into one segment carrying its LaTeX, so
// reading order cannot scatter them and the Markdown stage writes `$…$`.
import type { Segment } from './lines.js';
import { formulaToLatex, isFormulaLine } from '../markdown/math.js';

const BIG_OP: Record<string, string> = { '∫': '\\int', '∑': '\\sum', '∏': '\\prod', '∮': '\\oint', '⋃': '\\bigcup', '⋂': '\\bigcap' };
const MATHY = /[=<>≤≥≠≈∂∇∫∑∏√±×⋅−+]/u;
/** Parts of a fraction or limits: short, no prose words. */
const MAX_PART_CHARS = 16;
/** Expressions examined per page (each scans the page's pieces: bounded, stays near-linear). */
const MAX_ANCHORS = 200;

function isPart(s: Segment): boolean {
  const t = s.text.trim();
  return t.length > 0 && t.length <= MAX_PART_CHARS && !/\p{L}{4,}/u.test(t);
}

function overlapX(a: Segment, b: Segment): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

function merged(parts: Segment[], latex: string, anchor: Segment): Segment {
  const runs = parts.flatMap((p) => p.runs);
  return {
    ...anchor,
    runs,
    text: parts.map((p) => p.text).join(' '),
    x0: Math.min(...parts.map((p) => p.x0)),
    x1: Math.max(...parts.map((p) => p.x1)),
    top: Math.min(...parts.map((p) => p.top)),
    bottom: Math.max(...parts.map((p) => p.bottom)),
    latex,
  };
}

/** The expression beside a fraction or an operator: a formula line, or short math. */
function isExpression(s: Segment): boolean {
  const t = s.text.trim();
  if (t.length === 0 || t.length > 80) return false;
  return isFormulaLine(t) || (MATHY.test(t) && !/\p{L}{4,}/u.test(t));
}

export function assembleMath(segs: Segment[]): Segment[] {
  if (!segs.some((s) => MATHY.test(s.text))) return segs;
  const used = new Set<Segment>();
  const out = new Map<Segment, Segment>();
  const byTop = segs.slice().sort((a, b) => a.top - b.top);
  // Small pieces near a box: candidates for limits, numerators and denominators.
  const near = (s: Segment, reach: number): Segment[] =>
    byTop.filter((o) => o !== s && !used.has(o) && o.top < s.bottom + reach && o.bottom > s.top - reach && isPart(o));

  let anchors = 0;
  // 1. Big operators with limits, followed by their integrand on the same baseline.
  for (const op of segs) {
    const t = op.text.trim();
    const cmd = BIG_OP[t];
    if (!cmd || used.has(op) || ++anchors > MAX_ANCHORS) continue;
    const size = op.size;
    const cands = near(op, 1.5 * size).filter((o) => {
      const cx = (o.x0 + o.x1) / 2;
      return cx >= op.x0 - 0.8 * size && cx <= op.x1 + 0.8 * size && o.size < 0.9 * size;
    });
    const upper = cands.filter((o) => o.bottom <= op.top + 0.5 * size && o.baseline < op.baseline - 0.5 * size).sort((a, b) => b.top - a.top)[0];
    const lower = cands.filter((o) => o.top >= op.bottom - 0.6 * size && o.baseline > op.baseline).sort((a, b) => a.top - b.top)[0];
    const body = segs
      .filter((o) => o !== op && !used.has(o) && Math.abs(o.baseline - op.baseline) < 0.35 * size && o.x0 >= op.x1 - 1 && o.x0 - op.x1 < 2.5 * size)
      .sort((a, b) => a.x0 - b.x0)[0];
    if (!upper && !lower) continue;
    if (body && !isExpression(body)) continue;
    let latex = cmd + (lower ? `_{${formulaToLatex(lower.runs)}}` : '') + (upper ? `^{${formulaToLatex(upper.runs)}}` : '');
    if (body) latex += ` ${formulaToLatex(body.runs)}`;
    const parts = [op, upper, lower, body].filter((p): p is Segment => p !== undefined);
    parts.forEach((p) => used.add(p));
    out.set(op, merged(parts, latex, body ?? op));
  }

  // 2. Fractions right of an expression (numerator above its baseline, denominator below).
  anchors = 0;
  for (const m of segs) {
    if (used.has(m) || !isExpression(m) || ++anchors > MAX_ANCHORS) continue;
    const size = m.size;
    const mid = m.baseline - 0.3 * size;
    const side = near(m, 1.5 * size).filter((o) => o.x0 >= m.x1 - 0.5 * size && o.x0 - m.x1 < 1.5 * size);
    const nums = side.filter((o) => o.baseline < mid && o.bottom < m.bottom);
    const dens = side.filter((o) => o.top > mid - 0.2 * size && o.baseline > m.baseline);
    let pair: [Segment, Segment] | null = null;
    for (const n of nums) {
      for (const d of dens) {
        // Stacked tightly (a fraction bar's width apart), unlike cells of the rows above and below.
        const stacked = d.top >= n.bottom - 0.3 * size && d.baseline - n.baseline <= 1.8 * size;
        if (overlapX(n, d) >= 0.5 * Math.min(n.x1 - n.x0, d.x1 - d.x0) && stacked) pair = [n, d];
        if (pair) break;
      }
      if (pair) break;
    }
    if (!pair) continue;
    const [n, d] = pair;
    let latex = `${formulaToLatex(m.runs)}\\frac{${formulaToLatex(n.runs)}}{${formulaToLatex(d.runs)}}`;
    const parts = [m, n, d];
    const fracRight = Math.max(n.x1, d.x1);
    const tail = segs.find((o) => o !== m && !used.has(o) && !parts.includes(o) && Math.abs(o.baseline - m.baseline) < 0.35 * size && o.x0 >= fracRight - 1 && o.x0 - fracRight < 1.5 * size && isExpression(o));
    if (tail) {
      latex += ` ${formulaToLatex(tail.runs)}`;
      parts.push(tail);
    }
    parts.forEach((p) => used.add(p));
    out.set(m, merged(parts, latex, m));
  }
  if (out.size === 0) return segs;
  const res: Segment[] = [];
  for (const s of segs) {
    const r = out.get(s);
    if (r) res.push(r);
    else if (!used.has(s)) res.push(s);
  }
  return res;
}
