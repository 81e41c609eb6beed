// Rotated column headings: a row of short vertical labels sharing a baseline (table headers set
// sideways to keep narrow numeric columns narrow). Each becomes a horizontal run at its column's
// centre on the header row, so the table reads it as that column's heading. Lone vertical text
// (side stamps, axis titles) stays out of the flow.
import type { TextRun } from './types.js';

/** At least this many vertical labels must share a baseline to be a heading row. */
const MIN_ROTATED_HEADINGS = 3;
const MAX_HEADING_CHARS = 40;

export function unrotateHeadingRows(runs: TextRun[]): TextRun[] {
  const rotated = runs.filter((r) => r.rotated && r.text.trim().length > 0 && r.text.length <= MAX_HEADING_CHARS && r.baseline !== undefined);
  if (rotated.length < MIN_ROTATED_HEADINGS) return runs;
  const rows = new Map<number, TextRun[]>();
  for (const r of rotated) {
    const k = Math.round(r.baseline!);
    const row = rows.get(k) ?? rows.get(k - 1) ?? rows.get(k + 1);
    if (row) row.push(r);
    else rows.set(k, [r]);
  }
  const replaced = new Map<TextRun, TextRun>();
  for (const row of rows.values()) {
    if (row.length < MIN_ROTATED_HEADINGS) continue;
    const size = row[0].fontSize;
    if (row.some((r) => Math.abs(r.fontSize - size) > 0.15 * size)) continue;
    // Distinct columns: vertical labels side by side, not one label broken into pieces.
    const xs = row.map((r) => r.x).sort((a, b) => a - b);
    if (xs.some((x, i) => i > 0 && x - xs[i - 1] < 0.9 * size)) continue;
    for (const r of row) {
      const cx = r.x + r.fontSize / 2;
      const width = Math.max(r.fontSize, Math.min(r.text.length * r.fontSize * 0.5, 0.9 * r.fontSize * 2));
      replaced.set(r, { ...r, rotated: undefined, x: cx - width / 2, width, y: r.baseline! - 0.8 * r.fontSize, height: r.fontSize });
    }
  }
  return replaced.size ? runs.map((r) => replaced.get(r) ?? r) : runs;
}
