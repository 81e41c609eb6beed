// Display equations set between lines of prose: which lines of a column are set apart as a
// display, so that groupParagraphs cuts before and after them and formulaStage sees the
// formula as a block of its own (issue 9: papers glue "(1)"-numbered equations into the
// paragraph around them when the display has no extra space above or below).
import { EQUATION_NUMBER, isMathFontLine } from '../markdown/math.js';
import type { Line } from './paragraphs.js';

/** A word of text (not math) that no piece of a formula has: four or more letters in a text face. */
const TEXT_WORD = /\p{L}{4,}/u;

/**
 * An equation number set apart at the column's right margin: the line's last segment, "(3)",
 * ending at the margin with at least two ems of space before it.
 */
function numberAtMargin(line: Line, right: number): boolean {
  const segs = line.segs;
  if (segs.length < 2) return false;
  const last = segs[segs.length - 1];
  return EQUATION_NUMBER.test(last.text.trim()) && last.x1 >= right - line.size && last.x0 - segs[segs.length - 2].x1 > 2 * line.size;
}

/**
 * Per line, whether it belongs to a display equation: an indented line ending in an equation
 * number at the right margin or set in math fonts, together with the indented pieces stacked
 * next to it (big delimiters, numerators, limits) that hold no word of text.
 */
export function displayLines(lines: Line[], left: number, right: number): boolean[] {
  const indented = (l: Line): boolean => l.x0 - left > l.size && !l.rtl && !l.monospace;
  const own = lines.map((l) => {
    if (!indented(l)) return false;
    if (numberAtMargin(l, right)) return true;
    return isMathFontLine(l.segs.flatMap((s) => s.runs));
  });
  // A piece on the display's baseline is of it, wherever it starts ("a²" split from "= b² + c²  (1)").
  const ownBaselines = lines.filter((_, k) => own[k]).map((m) => m.baseline);
  const display = lines.map((l, i) => own[i] || ownBaselines.some((b) => Math.abs(b - l.baseline) < 0.3 * l.size));
  const piece = lines.map((l, i) => display[i] || (indented(l) && !TEXT_WORD.test(l.text)));
  const out = lines.map(() => false);
  // A maximal run of pieces is a display when one of its lines is.
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && piece[j]) j++;
    if (j === i) {
      i++;
      continue;
    }
    if (display.slice(i, j).some(Boolean)) for (let k = i; k < j; k++) out[k] = true;
    i = j;
  }
  return out;
}
