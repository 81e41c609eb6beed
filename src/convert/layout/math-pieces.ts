// Tall delimiters built from pieces (issue 9): TeX (cmex's parenlefttp/ex/bt, bracelefttp/mid/bt,
// braceex…, pdf/cmex.ts maps them to Unicode's ⎛⎜⎝ ⎧⎨⎩⎪) and KaTeX (the same pieces in
// KaTeX_Size4) stack a top, repeated extenders and a bottom in one column for a delimiter taller
// than any single glyph (a matrix of three rows, cases). One stack is one delimiter: a glyph of
// its own spanning the stack's ink, so the reader sees `(` and not three symbols.
import type { MathGlyph } from './math-layout.js';

/** Piece → the delimiter it builds. ⎪ (braceex) serves both braces: its column's other pieces decide. */
const PIECES: Record<string, string> = {
  '⎛': '(', '⎜': '(', '⎝': '(', '⎞': ')', '⎟': ')', '⎠': ')',
  '⎡': '[', '⎢': '[', '⎣': '[', '⎤': ']', '⎥': ']', '⎦': ']',
  '⎧': '{', '⎨': '{', '⎩': '{', '⎫': '}', '⎬': '}', '⎭': '}', '⎪': '',
  // cmex's vertical extenders (\\Big| and taller, \\Big\\| ), read as U+2223 and U+2225.
  '⏐': '|', '∣': '|', '∥': '‖',
};

/** A bar, single or double: it opens and closes alike (`\\left| … \\right|`). */
export function isBar(ch: string): boolean {
  return ch === '|' || ch === '‖';
}

/** The vertical ink of a piece: its hung box, else the font's box around its baseline. */
function inkOf(g: MathGlyph): readonly [number, number] {
  return g.ink ?? [g.baseline - 0.8 * g.size, g.baseline + 0.2 * g.size];
}

/**
 * Glyphs with each column of stacked pieces replaced by one delimiter glyph: pieces whose boxes
 * overlap horizontally by half their width and touch vertically (a gap under a fifth of an em).
 */
export function assemblePieces(gs: MathGlyph[]): MathGlyph[] {
  const pieces = gs.filter((g) => PIECES[g.ch] !== undefined).sort((a, b) => inkOf(a)[0] - inkOf(b)[0]);
  if (pieces.length === 0) return gs;
  const stacks: MathGlyph[][] = [];
  for (const p of pieces) {
    const w = p.x1 - p.x0;
    const stack = stacks.find((st) => {
      const last = st[st.length - 1];
      const overlap = Math.min(last.x1, p.x1) - Math.max(last.x0, p.x0);
      return overlap >= 0.5 * Math.min(w, last.x1 - last.x0) && inkOf(p)[0] - inkOf(last)[1] < 0.2 * p.size;
    });
    if (stack) stack.push(p);
    else stacks.push([p]);
  }
  const replaced = new Map<MathGlyph, MathGlyph | null>();
  for (const st of stacks) {
    const ch = st.map((g) => PIECES[g.ch]).find((c) => c !== '');
    // A lone piece or a column of extenders only stays as drawn.
    if (!ch || st.length === 1) continue;
    const top = Math.min(...st.map((g) => inkOf(g)[0]));
    const bottom = Math.max(...st.map((g) => inkOf(g)[1]));
    const first = st[0];
    const merged: MathGlyph = {
      ...first,
      ch,
      x0: Math.min(...st.map((g) => g.x0)),
      x1: Math.max(...st.map((g) => g.x1)),
      height: bottom - top,
      ink: [top, bottom],
    };
    replaced.set(first, merged);
    for (const g of st.slice(1)) replaced.set(g, null);
  }
  const out: MathGlyph[] = [];
  for (const g of gs) {
    const r = replaced.get(g);
    if (r === undefined) out.push(g);
    else if (r !== null) out.push(r);
  }
  return out;
}
