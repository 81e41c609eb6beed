// Line numbers in the margin (a manuscript set for review, lineno, a pleading paper): a column of
// counting integers beside the text, outside the text's own edge. They number the page's lines,
// they are not its text: read with it, every line became a table row "| 56 | — a double-blind …"
// (issue 9: a review copy of a paper was a page of two-column tables). A table's column of row
// numbers stands inside the text's edge (the prose above and below starts where it does); a table
// of contents numbers its entries, and a listing its lines of code, not lines of prose: all stay.
import type { Segment } from './lines.js';

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
/** …a line of at least this many words… */
const PROSE_WORDS = 6;
/** …and at least this many of them. */
const MIN_PROSE_LINES = 3;

const INTEGER = /^\d{1,5}$/;

/** The page's segments without the line numbers of its margins. */
export function dropLineNumbers(segs: Segment[]): Segment[] {
  const candidates = segs.filter((s) => INTEGER.test(s.text.trim()) && !s.runs.some((r) => r.rotated));
  if (candidates.length < MIN_NUMBERS) return segs;
  const numbers = new Set<Segment>();
  for (const side of ['left', 'right'] as const) {
    for (const column of alignedColumns(candidates, side)) {
      if (countsLines(column) && outsideText(column, segs, side) && besideProse(column, segs)) for (const s of column) numbers.add(s);
    }
  }
  return numbers.size === 0 ? segs : segs.filter((s) => !numbers.has(s));
}

/** Candidates grouped by the edge they line up on (right edges for a left margin's numbers). */
function alignedColumns(candidates: Segment[], side: 'left' | 'right'): Segment[][] {
  const edge = (s: Segment) => (side === 'left' ? s.x1 : s.x0);
  const sorted = candidates.slice().sort((a, b) => edge(a) - edge(b));
  const out: Segment[][] = [];
  let current: Segment[] = [];
  for (const s of sorted) {
    if (current.length > 0 && edge(s) - edge(current[0]) > ALIGN_EM * s.size) {
      out.push(current);
      current = [];
    }
    current.push(s);
  }
  if (current.length > 0) out.push(current);
  return out.filter((c) => c.length >= MIN_NUMBERS);
}

/** Top to bottom the numbers rise, mostly by one of LINE_STEPS, at one pitch per count. */
function countsLines(column: Segment[]): boolean {
  const values = column
    .slice()
    .sort((a, b) => a.top - b.top)
    .map((s) => Number(s.text.trim()));
  const steps = values.slice(1).map((v, i) => v - values[i]);
  if (steps.some((d) => d <= 0)) return false;
  const counts = new Map<number, number>();
  for (const d of steps) counts.set(d, (counts.get(d) ?? 0) + 1);
  const [step, n] = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
  if (!LINE_STEPS.has(step) || n < SAME_STEP_SHARE * steps.length) return false;
  const tops = column.map((s) => s.top).sort((a, b) => a - b);
  const pitches = steps.map((d, i) => (tops[i + 1] - tops[i]) / d);
  const mid = pitches.slice().sort((a, b) => a - b)[pitches.length >> 1];
  return pitches.filter((p) => Math.abs(p - mid) <= PITCH_SHARE * mid).length >= SAME_STEP_SHARE * pitches.length;
}

/**
 * The column stands outside the edge of the page's text: no other line starts (left margin) or
 * ends (right margin) within OUTSIDE_EM of the numbers or beyond them. A heading over a column
 * of entry numbers starts where they do.
 */
function outsideText(column: Segment[], segs: Segment[], side: 'left' | 'right'): boolean {
  const members = new Set(column);
  const size = column[0].size;
  const others = segs.filter((s) => !members.has(s) && !s.runs.some((r) => r.rotated));
  if (others.length < MIN_NUMBERS) return false;
  if (side === 'left') {
    const edge = Math.max(...column.map((s) => s.x1));
    return others.every((s) => s.x0 >= edge + OUTSIDE_EM * size);
  }
  const edge = Math.min(...column.map((s) => s.x0));
  return others.every((s) => s.x1 <= edge - OUTSIDE_EM * size);
}

/**
 * Of the numbers beside text (a review copy numbers its blank lines too), a good share stand beside a
 * line of prose (PROSE_WORDS words or more), and a few at least do.
 */
function besideProse(column: Segment[], segs: Segment[]): boolean {
  const members = new Set(column);
  const words = (s: Segment) => s.text.split(/\s+/).filter(Boolean).length;
  const besideOf = (n: Segment) => segs.filter((s) => !members.has(s) && s.bottom > n.top && s.top < n.bottom);
  const withText = column.map(besideOf).filter((b) => b.length > 0);
  const prose = withText.filter((b) => b.some((s) => words(s) >= PROSE_WORDS)).length;
  return prose >= MIN_PROSE_LINES && prose >= PROSE_SHARE * withText.length;
}
