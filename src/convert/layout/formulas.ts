// Display formulas: a line assembled from stacked pieces (limits, fractions: math2d.ts), a line of
// operators and variables or set in math fonts, or a short stack of such lines (an aligned system,
// a derivation). Their LaTeX is kept; an equation number set apart at the right stays text.
import type { Block, FormulaLine } from '../model.js';
import { EQUATION_NUMBER, formulaToLatex, isFormulaLine, isMathFontLine } from '../markdown/math.js';
import type { Line } from './paragraphs.js';
import { undecided, type BlockStage, type PageFacts } from './stage.js';

/** The most lines a stack of display formulas has, and the longest such line. */
const MAX_STACK_LINES = 8;
const MAX_STACK_LINE_CHARS = 200;
const RELATION = /[=<>≤≥≠≈≡∝]/u;

/** One line as a display formula, or null when it is text. */
function formulaLine(line: Line, ocr: boolean): FormulaLine | null {
  const assembled = line.segs.filter((s) => s.latex !== undefined);
  if (assembled.length > 0 && assembled.length === line.segs.length) {
    const numbers = assembled.flatMap((s) => (s.equationNumber ? [s.equationNumber] : []));
    return numbers.length ? { latex: assembled.map((s) => s.latex!), number: numbers.join(' ') } : { latex: assembled.map((s) => s.latex!) };
  }
  // An assembled display with its equation number at the right (display-math.ts); aligned rows
  // numbered one by one (amsmath's align) put all their numbers there, read top to bottom.
  const rest = line.segs.filter((s) => s.latex === undefined);
  if (assembled.length > 0 && rest.length > 0 && rest.every((s) => EQUATION_NUMBER.test(s.text.trim()) && s.x0 >= Math.max(...assembled.map((a) => a.x1)))) {
    return { latex: assembled.map((s) => s.latex!), number: rest.sort((a, b) => a.top - b.top).map((s) => s.text.trim()).join(' ') };
  }
  if (ocr) return null;
  const segs = line.segs;
  const last = segs[segs.length - 1];
  const numbered = segs.length > 1 && EQUATION_NUMBER.test(last.text.trim());
  const body = numbered ? segs.slice(0, -1) : segs;
  const runs = body.flatMap((s) => s.runs);
  if (!isFormulaLine(body.map((s) => s.text).join(' ')) && !isMathFontLine(runs)) return null;
  return numbered ? { latex: [formulaToLatex(runs)], number: last.text.trim() } : { latex: [formulaToLatex(runs)] };
}

function formula(lines: Line[], ocr: boolean): FormulaLine[] | null {
  if (lines.length === 1) {
    const one = formulaLine(lines[0], ocr);
    return one ? [one] : null;
  }
  if (ocr || lines.length > MAX_STACK_LINES || !lines.every((l) => l.text.length <= MAX_STACK_LINE_CHARS && RELATION.test(l.text))) return null;
  // A line in a fixed-width face is code, not a formula (codeStage decides a block; here a line).
  const each = lines.map((l) => (l.monospace ? null : formulaLine(l, ocr)));
  return each.every((f) => f !== null) ? (each as FormulaLine[]) : null;
}

export const formulaStage: BlockStage = (blocks: Block[], page: PageFacts) =>
  blocks.map((b): Block => {
    if (!undecided(b)) return b;
    const f = formula(b.source!, page.ocr);
    return f ? { ...b, type: 'formula', formula: f } : b;
  });
