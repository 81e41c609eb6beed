// List bullets drawn as shapes (issue 9, `eval:synthetic --family html`): Chromium draws a disc,
// circle or square instead of setting a glyph, so the text layer holds the item's words without
// a marker and the list reads as paragraphs (html family, 40 cases: lists pass in 27.6 %). The
// shapes are turned into `•` runs that the list stage reads like any bullet glyph. They are only
// seen on a full reading (extract.ts); on a document whose producer draws bullets so, a page
// gets one when its text shows lines indented under the line above with no marker. The cue alone
// is not enough to pay for: block quotes, tables of contents and hanging references show it
// too (bench: 108 of freeculture's 352 pages, 26/55 pdkids, 7/14 tracemonkey).
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, TextRun } from '../layout/types.js';
import { listMarker } from '../layout/lists.js';
import { bodySize, chunks, overlaps, type Chunk, type LinePiece } from './set-apart.js';

/** An item's text starts 0.8–4 ems right of the line above it (a list's indent, not a column). */
const INDENT_MIN_EM = 0.8;
const INDENT_MAX_EM = 4;
/** Lines of one list follow each other within this many sizes; a list opens within 3 of the line above. */
const LINE_STEP_EM = 2;
const OPENING_STEP_EM = 3;

/** The next chunk below `k` in its column (overlapping it, within `step` sizes), or null. */
function below(all: Chunk[], k: number, step: number): Chunk | null {
  const c = all[k];
  for (let j = k + 1; j < all.length && all[j].baseline - c.baseline <= step * c.size; j++) {
    if (all[j].baseline - c.baseline > 0.5 * c.size && overlaps(all[j], c)) return all[j];
  }
  return null;
}

/**
 * Whether a line starts indented under a line of its column, and the line below it as far or
 * further (a first-line indent goes back), with no list marker of its own: the items of a list whose bullets are drawn
 * (or a block quote, or hanging references: pages that then get the full reading).
 */
export function hasUnmarkedIndentedLines(pieces: LinePiece[]): boolean {
  const body = bodySize(pieces);
  if (body <= 0) return false;
  const all = chunks(pieces, body);
  for (let k = 0; k < all.length; k++) {
    const a = all[k];
    const b = below(all, k, OPENING_STEP_EM);
    if (!b || !b.body) continue;
    // Under an item whose marker is text ("1. Period being"), a nested list's indent counts from
    // that item's words, past its marker (html family: a bulleted list in a numbered one starts
    // 4.4 em right of the number, 3.2 em right of the words).
    const indent = b.x - a.x - markerWidth(a);
    if (indent < INDENT_MIN_EM * b.size || indent > INDENT_MAX_EM * b.size) continue;
    const c = below(all, all.indexOf(b), LINE_STEP_EM);
    if (c && c.x >= b.x - 0.5 && listMarker(b.lead) === null) return true;
  }
  // A list that opens its column has no line above it to be indented under: the line after its
  // last item, back at the column's edge, shows the indent (html family: a bulleted list at the
  // top of a second column). Its last line follows a line set as far in or further, so it is no
  // paragraph's indented first line.
  for (let k = 0; k < all.length; k++) {
    const c = below(all, k, LINE_STEP_EM);
    if (!c || !c.body || all[k].x < c.x - 0.5 || listMarker(c.lead) !== null) continue;
    const d = below(all, all.indexOf(c), OPENING_STEP_EM);
    if (d && d.body && c.x - d.x >= INDENT_MIN_EM * c.size && c.x - d.x <= INDENT_MAX_EM * c.size) return true;
  }
  return false;
}

/** Width a glyph of a marker's label takes, in ems (digits and periods are about half an em). */
const MARKER_CHAR_EM = 0.6;

/** The estimated width of a chunk's leading list marker and its space ("1. ", "(a) "), else 0. */
function markerWidth(c: Chunk): number {
  const m = listMarker(c.lead);
  return m ? (m.label.trim().length + 1) * MARKER_CHAR_EM * c.size : 0;
}

/** A drawn bullet is 0.12–0.7 em across, 0.1–2 em left of its item's first word. */
const MARK_MIN_EM = 0.12;
const MARK_MAX_EM = 0.7;
const GAP_MIN_EM = 0.1;
const GAP_MAX_EM = 2;
const LINE_START_EM = 1.5;

/**
 * A `•` run for each mark (graphics.ts) that stands where a bullet stands: left of a line's first
 * word, nothing between them, its centre between that line's baseline and the top of its
 * lowercase letters, no text over it.
 */
export function drawnBulletRuns(marks: Box[], runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  const upright = runs.filter((r) => !r.rotated);
  for (const m of marks) {
    const cy = m.y + m.height / 2;
    const right = m.x + m.width;
    if (upright.some((r) => r.x < right && r.x + r.width > m.x && r.y < m.y + m.height && r.y + r.height > m.y)) continue;
    let best: TextRun | null = null;
    for (const r of upright) {
      const size = r.fontSize;
      const base = r.baseline ?? r.y + 0.8 * r.height;
      const gap = r.x - right;
      if (gap < GAP_MIN_EM * size || gap > GAP_MAX_EM * size) continue;
      if (Math.max(m.width, m.height) > MARK_MAX_EM * size || Math.min(m.width, m.height) < MARK_MIN_EM * size) continue;
      if (cy > base || cy < base - 0.7 * size) continue;
      if (!best || r.x < best.x) best = r;
    }
    if (!best) continue;
    const b = best;
    const base = b.baseline ?? b.y + 0.8 * b.height;
    // The mark must start its line: no text on its baseline from 1.5 em left of it to the word
    // (a dot drawn between words, a separator, is not a list's bullet).
    if (upright.some((r) => r !== b && Math.abs((r.baseline ?? r.y + 0.8 * r.height) - base) < 0.3 * b.fontSize && r.x + r.width > m.x - LINE_START_EM * b.fontSize && r.x < b.x)) continue;
    out.push({ text: '•', x: m.x, y: b.y, width: m.width, height: b.height, fontSize: b.fontSize, bold: false, italic: false, monospace: false, baseline: base });
  }
  return out;
}

/**
 * Producers that draw list bullets as shapes: Skia/PDF (Chromium's printing and what prints
 * through it; seen in its PDFs, html family). Others may do the same; add them when seen.
 */
const SHAPE_BULLET_PRODUCERS = /\bSkia\/PDF\b/;

/** Whether the document's producer draws list bullets as shapes; read once per document. */
export function drawnBulletsCheck(pdf: { doc: Pick<PDFDocumentProxy, 'getMetadata'> }): () => Promise<boolean> {
  let verdict: Promise<boolean> | undefined;
  return () =>
    (verdict ??= pdf.doc.getMetadata().then(
      (m) => SHAPE_BULLET_PRODUCERS.test(String((m.info as { Producer?: unknown } | null)?.Producer ?? '')),
      () => false,
    ));
}
