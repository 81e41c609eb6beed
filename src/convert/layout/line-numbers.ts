// Line numbers in the margin (a manuscript set for review, lineno, a pleading paper): a column of
// counting integers beside the text, outside the text's own edge. They number the page's lines,
// they are not its text: read with it, every line became a table row "| 56 | — a double-blind …"
// (issue 9: a review copy of a paper was a page of two-column tables). A table's column of row
// numbers stands inside the text's edge (the prose above and below starts where it does); a table
// of contents numbers its entries, and a listing its lines of code, not lines of prose: all stay.
import type { TextRun } from './types.js';

/** Numbers a column needs to count lines (a folio or two in the margin is no numbering). */
const MIN_NUMBERS = 4;
/** A column's numbers line up on their right (or left) edge within this many font sizes. */
const ALIGN_EM = 1.5;
/** The column stands at least this many font sizes outside the text's edge. */
const OUTSIDE_EM = 0.5;
/** Share of the steps from one number to the next that are the column's usual step… */
const SAME_STEP_SHARE = 0.6;
/**
 * …which is one of the steps lines are numbered by (every line, every other, every fifth or
 * tenth): a table of contents' page numbers rise by what each chapter runs to.
 */
const LINE_STEPS = new Set([1, 2, 5, 10]);
/**
 * The numbers stand at one pitch per count (the line pitch: every line numbered, or every fifth
 * a fifth as often), most steps within this share of it: paragraph numbers hung in the margin
 * stand as far apart as their paragraphs are long.
 */
const PITCH_SHARE = 0.1;
/**
 * Share of the numbers beside text that stand beside a line of prose (a page of tables and
 * displays numbers their lines too)…
 */
const PROSE_SHARE = 0.3;
/** …a line of at least this many words (a column of a three-column page holds five or six)… */
const PROSE_WORDS = 5;
/** …and at least this many of them. */
const MIN_PROSE_LINES = 3;

const INTEGER = /^\d{1,5}$/;

/** A run's box, and the size its distances are measured in. */
interface Piece {
  run: TextRun;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  size: number;
}

/**
 * The page's runs without the line numbers of its margins. Read on runs, before lines are built:
 * a number set an em or so before a heading in larger type joins its line ("17 Ground however").
 */
export function dropLineNumbers(runs: TextRun[]): TextRun[] {
  const pieces: Piece[] = runs.filter((r) => !r.rotated && r.text.trim()).map((run) => ({ run, x0: run.x, x1: run.x + run.width, top: run.y, bottom: run.y + run.height, size: run.fontSize || run.height }));
  const integers = pieces.filter((p) => INTEGER.test(p.run.text.trim()));
  if (integers.length < MIN_NUMBERS) return runs;
  const words = pieces.filter((p) => !INTEGER.test(p.run.text.trim()));
  const textLeft = Math.min(...words.map((p) => p.x0));
  const textRight = Math.max(...words.map((p) => p.x1));
  // A margin's number stands outside every word of the page (one pass over the page; each column
  // is checked against every run below) and opens (left) or closes (right) its line.
  const candidates = (side: 'left' | 'right') => {
    const outside = integers.filter((p) => (side === 'left' ? p.x1 + OUTSIDE_EM * p.size <= textLeft : p.x0 - OUTSIDE_EM * p.size >= textRight));
    return outside.filter((p) => !outside.some((q) => beside(p, q) && (side === 'left' ? q.x0 < p.x0 : q.x1 > p.x1)));
  };
  const numbers = new Set<TextRun>();
  for (const side of ['left', 'right'] as const) {
    const found = candidates(side);
    if (found.length < MIN_NUMBERS) continue;
    for (const column of alignedColumns(found, side)) {
      if (countsLines(column) && outsideText(column, pieces, side) && besideProse(column, pieces)) for (const p of column) numbers.add(p.run);
    }
  }
  return numbers.size === 0 ? runs : runs.filter((r) => !numbers.has(r));
}

/** `q` stands on `p`'s line: their boxes overlap over more than half of `p`'s size. */
function beside(p: Piece, q: Piece): boolean {
  return q !== p && q.bottom > p.top + 0.25 * p.size && q.top < p.bottom - 0.25 * p.size;
}

/** Candidates grouped by the edge they line up on (right edges for a left margin's numbers). */
function alignedColumns(candidates: Piece[], side: 'left' | 'right'): Piece[][] {
  const edge = (p: Piece) => (side === 'left' ? p.x1 : p.x0);
  const sorted = candidates.slice().sort((a, b) => edge(a) - edge(b));
  const out: Piece[][] = [];
  let current: Piece[] = [];
  for (const p of sorted) {
    if (current.length > 0 && edge(p) - edge(current[0]) > ALIGN_EM * p.size) {
      out.push(current);
      current = [];
    }
    current.push(p);
  }
  if (current.length > 0) out.push(current);
  return out.filter((c) => c.length >= MIN_NUMBERS);
}

/** Top to bottom the numbers rise, mostly by one of LINE_STEPS, at one pitch per count. */
function countsLines(column: Piece[]): boolean {
  const sorted = column.slice().sort((a, b) => a.top - b.top);
  const values = sorted.map((p) => Number(p.run.text.trim()));
  const steps = values.slice(1).map((v, i) => v - values[i]);
  if (steps.some((d) => d <= 0)) return false;
  const counts = new Map<number, number>();
  for (const d of steps) counts.set(d, (counts.get(d) ?? 0) + 1);
  const [step, n] = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
  if (!LINE_STEPS.has(step) || n < SAME_STEP_SHARE * steps.length) return false;
  const pitches = steps.map((d, i) => (sorted[i + 1].top - sorted[i].top) / d);
  const mid = pitches.slice().sort((a, b) => a - b)[pitches.length >> 1];
  return pitches.filter((p) => Math.abs(p - mid) <= PITCH_SHARE * mid).length >= SAME_STEP_SHARE * pitches.length;
}

/**
 * The column stands outside the edge of the page's text: no other run starts (left margin) or
 * ends (right margin) within OUTSIDE_EM of the numbers or beyond them. A heading over a column
 * of entry numbers starts where they do.
 */
function outsideText(column: Piece[], pieces: Piece[], side: 'left' | 'right'): boolean {
  const members = new Set(column);
  const size = column[0].size;
  const others = pieces.filter((p) => !members.has(p));
  if (others.length < MIN_NUMBERS) return false;
  if (side === 'left') {
    const edge = Math.max(...column.map((p) => p.x1));
    return others.every((p) => p.x0 >= edge + OUTSIDE_EM * size);
  }
  const edge = Math.min(...column.map((p) => p.x0));
  return others.every((p) => p.x1 <= edge - OUTSIDE_EM * size);
}

/**
 * Of the numbers beside text (a review copy numbers its blank lines too), a good share stand
 * beside a line of prose (PROSE_WORDS words or more), and a few at least do.
 */
function besideProse(column: Piece[], pieces: Piece[]): boolean {
  const members = new Set(column);
  const lines = column.map((n) => pieces.filter((q) => !members.has(q) && beside(n, q))).filter((l) => l.length > 0);
  // Words of two letters or more: a listing set letter by letter ("g i t c l o n e") is no prose.
  const words = (line: Piece[]) => line.reduce((k, q) => k + q.run.text.split(/\s+/).filter((w) => /\p{L}.*\p{L}/u.test(w)).length, 0);
  const prose = lines.filter((l) => words(l) >= PROSE_WORDS).length;
  return prose >= MIN_PROSE_LINES && prose >= PROSE_SHARE * lines.length;
}
