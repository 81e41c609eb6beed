// Footnotes: small lines at the foot of a column, under which no body text follows, whose first
// line starts with a note marker (1, *, ∗, †, ¹ …). They are read after the page's body, so that a
// note at the foot of the left column does not interrupt the text that continues on the right.
import type { Block } from '../model.js';
import type { Segment } from './lines.js';
import type { BlockStage } from './stage.js';
import { NOTE_SYMBOLS } from './superscripts.js';
import { dominantSize } from './headings.js';

const MARKER = new RegExp(`^(?:\\d{1,3}|[${NOTE_SYMBOLS}]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)(?:[.)]?\\s*\\S)`, 'u');
/** Footnotes live in the lower part of the page. */
const FOOT_ZONE = 0.55;

/** Characters of text above the foot zone needed for its size to stand for the body. */
const UPPER_BODY_MIN_CHARS = 300;

export function splitFootnotes(segs: Segment[], pageBody: number, pageHeight: number): { body: Segment[]; notes: Segment[] } {
  // The body as the text above the foot zone sets it, when there is enough of it: a page of short
  // text over many notes takes the notes' size for its body, and the notes were then no smaller
  // than the body (issue 9: ten footnotes under a list, whose items then read as headings).
  const upper = segs.filter((s) => s.top <= pageHeight * FOOT_ZONE).map((s): [number, number] => [s.size, s.text.replace(/\s/g, '').length]);
  const upperChars = upper.reduce((n, [, c]) => n + c, 0);
  const body = upperChars >= UPPER_BODY_MIN_CHARS ? Math.max(pageBody, dominantSize(upper)) : pageBody;
  const small = (s: Segment): boolean => s.size <= body * 0.9;
  const lower = segs.filter((s) => s.top > pageHeight * FOOT_ZONE);
  if (lower.length === 0) return { body: segs, notes: [] };
  const large = segs.filter((s) => !small(s));
  // A small segment with body text below it (overlapping horizontally) is not at a foot.
  const atFoot = (s: Segment): boolean => small(s) && !large.some((b) => b.top > s.bottom && b.x0 < s.x1 && b.x1 > s.x0);
  const foot = lower.filter(atFoot).sort((a, b) => a.top - b.top || a.x0 - b.x0);
  if (foot.length === 0) return { body: segs, notes: [] };
  const notes = new Set<Segment>();
  for (const s of foot) {
    if (notes.has(s) || !MARKER.test(s.text)) continue;
    // The marker starts its line ("Received 13 November" is not a note 13).
    if (segs.some((o) => o.lineId === s.lineId && o.x1 <= s.x0)) continue;
    // The marker line opens the stack: it and the foot lines below it in its column are notes.
    const stack = foot.filter((o) => o.top >= s.top - 1 && o.x0 < s.x1 + body && o.x1 > s.x0 - body);
    // The line just above the marker, when small and at the foot too, would make the marker a
    // list item inside a small-print block rather than a note: leave such blocks alone.
    const above = foot.find((o) => o.baseline < s.baseline - 0.5 * s.size && s.baseline - o.baseline < 1.6 * s.size && o.x0 < s.x1 && o.x1 > s.x0 && !MARKER.test(o.text));
    if (above) continue;
    for (const o of stack) notes.add(o);
  }
  if (notes.size === 0) return { body: segs, notes: [] };
  return { body: segs.filter((s) => !notes.has(s)), notes: segs.filter((s) => notes.has(s)) };
}

/**
 * The text blocks made of note lines (set apart by splitFootnotes) are footnotes; they keep their
 * marker, but not their size: small print is not the page's body text (furniture.ts weighs sizes).
 */
export const footnotesStage: BlockStage = (blocks: Block[]) =>
  blocks.map((b): Block => {
    if (!b.note) return b;
    const { note: _note, ...rest } = b;
    if (b.type !== 'paragraph' && b.type !== 'list_item') return rest;
    const { size: _size, ...note } = rest;
    return { ...note, type: 'footnote' };
  });
