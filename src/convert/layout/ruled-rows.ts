// Rows of a ruled table drawn without rules between them (issue 9: invoices, forms): a frame and
// column rules only, so each column's cell holds every row's line. Where every cell of a grid
// row holds the same number of lines, two or more, set on the same baselines across the columns,
// and each line holds a figure, each line is a row of its own; a cell that wraps (more lines than
// its neighbours) keeps the row whole, and so do headings wrapped alike in every column.
import { buildSegments } from './lines.js';
import { NUMBER_LIKE } from './table-rows.js';
import type { TextRun } from './types.js';

/** Baselines of one row agree within this share of the text size. */
const BASELINE_TOL = 0.3;

/** A cell's text lines top to bottom: each with its baseline, size and text. */
function cellLines(runs: TextRun[]): Array<{ baseline: number; size: number; text: string }> {
  const segs = buildSegments(runs).sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const lines: Array<{ baseline: number; size: number; texts: string[] }> = [];
  for (const s of segs) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(s.baseline - last.baseline) <= BASELINE_TOL * Math.max(s.size, last.size)) last.texts.push(s.text);
    else lines.push({ baseline: s.baseline, size: s.size, texts: [s.text] });
  }
  return lines.map((l) => ({ baseline: l.baseline, size: l.size, text: l.texts.join(' ') }));
}

/**
 * The texts of a grid row's cells (runs per cell, [] for an empty one) split into rows, one per
 * line; null when the row is one row (a cell of one line, lines counted or set differently).
 */
export function unruledRows(cells: TextRun[][]): string[][] | null {
  const lines = cells.map((runs) => (runs.length ? cellLines(runs) : null));
  const filled = lines.filter((l) => l !== null);
  if (filled.length < 2) return null;
  const k = filled[0].length;
  if (k < 2 || filled.some((l) => l.length !== k)) return null;
  for (let i = 0; i < k; i++) {
    const ref = filled[0][i];
    if (filled.some((l) => Math.abs(l[i].baseline - ref.baseline) > BASELINE_TOL * Math.max(l[i].size, ref.size))) return null;
  }
  const rows = Array.from({ length: k }, (_, i) => lines.map((l) => (l ? l[i].text : '')));
  // Every line a row of values (a figure in some cell): headings wrapped onto two lines in every
  // column line up as well, and are one row.
  return rows.every((row) => row.some((t) => NUMBER_LIKE.test(t.trim()))) ? rows : null;
}
