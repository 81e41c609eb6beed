// Check boxes drawn as shapes (issue 9, forms): a form prints its boxes as small stroked squares,
// and a filled one is ticked by strokes drawn in the box, a small filled shape, or a glyph typed
// into it (X, ✓). The text layer then holds the option's label alone, so whether it was ticked is
// lost; a typed X reads as a stray letter. Each box becomes a run of its own, ☒ or ☐ (the marks
// form-fields.ts gives a widget check box), right before its label.
import type { Box, TextRun } from '../layout/types.js';

/** A check box is square (within this share)… */
const SQUARE_TOLERANCE = 0.25;
/** …0.55–1.6 em across (em: its label's size; a smaller hollow square is a list bullet)… */
const MIN_SIDE_EM = 0.55;
const MAX_SIDE_EM = 1.6;
/** …with its label starting within this many ems right of it, on the box's line. */
const MAX_GAP_EM = 2;
/** Text typed into a box to tick it. */
const TICK_GLYPH = /^[xX✓✔✗✘☒☑●■•*]$/u;

export const CHECKED = '☒';
export const UNCHECKED = '☐';

function centreIn(b: Box, x: number, y: number, w: number, h: number): boolean {
  const cx = x + w / 2;
  const cy = y + h / 2;
  return cx > b.x && cx < b.x + b.width && cy > b.y && cy < b.y + b.height;
}

export interface CheckBoxes {
  /** One ☒ or ☐ run per check box found. */
  runs: TextRun[];
  /** Tick glyphs typed into a box: replaced by its run. */
  ticks: Set<TextRun>;
  /** Marks (graphics.ts) drawn in a box: its tick, no list bullet. */
  marks: Set<Box>;
}

/**
 * The check boxes among a page's frames: square, sized to the text, a label right of them on
 * their line, nothing inside but a tick. A square holding other text (a boxed digit of a comb, a
 * cell) or whose "label" sits in another frame (a row of cells) is none.
 */
export function checkBoxes(frames: Box[], marks: Box[], runs: TextRun[]): CheckBoxes {
  const out: CheckBoxes = { runs: [], ticks: new Set(), marks: new Set() };
  const upright = runs.filter((r) => !r.rotated && r.text.trim() !== '');
  const squares = frames.filter((b) => Math.abs(b.width - b.height) <= SQUARE_TOLERANCE * Math.max(b.width, b.height));
  for (const b of squares) {
    const inside = upright.filter((r) => centreIn(b, r.x, r.y, r.width, r.height));
    if (inside.some((r) => !TICK_GLYPH.test(r.text.trim()))) continue;
    const cy = b.y + b.height / 2;
    const right = b.x + b.width;
    let label: TextRun | null = null;
    for (const r of upright) {
      if (inside.includes(r) || cy < r.y || cy > r.y + r.height) continue;
      const gap = r.x - right;
      if (gap < -1 || gap > MAX_GAP_EM * r.fontSize) continue;
      if (b.width < MIN_SIDE_EM * r.fontSize || b.width > MAX_SIDE_EM * r.fontSize) continue;
      if (!label || r.x < label.x) label = r;
    }
    if (!label) continue;
    const l = label;
    if (frames.some((f) => f !== b && centreIn(f, l.x, l.y, l.width, l.height) && f.width < 40 * l.fontSize)) continue;
    const drawn = marks.filter((m) => centreIn(b, m.x, m.y, m.width, m.height) && m.width < b.width && m.height < b.height);
    const ticked = inside.length > 0 || drawn.length > 0;
    for (const r of inside) out.ticks.add(r);
    for (const m of drawn) out.marks.add(m);
    out.runs.push({ text: ticked ? CHECKED : UNCHECKED, x: b.x, y: l.y, width: b.width, height: l.height, fontSize: l.fontSize, bold: false, italic: false, monospace: false, baseline: l.baseline ?? l.y + 0.8 * l.height });
  }
  return out;
}
