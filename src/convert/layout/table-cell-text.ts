// What a table cell's runs say, as opposed to how they are set (issue 9). Statistics publishers
// run dot leaders from a row label to its figures ("Total ..........  1,234"): they guide the eye
// and are no part of the label, and left in the cell they also stretch the label column over the
// channel before the figures. And a footnote marker set raised and small after a figure or a
// heading ("2019¹", "15.2¹") is no digit of it: joined plainly it reads as another number
// ("20191"). A currency sign set flush left in a cell is its figure's ("$1,234"). Laws of
// typesetting, decided from the text and the run geometry alone.
import { joinRuns, type Segment } from './lines.js';
import { findReferenceMarkers } from './superscripts.js';
import type { TextRun } from './types.js';

/** Four or more leader dots in a row, single spaces allowed between them ("....", ". . . ."). */
const LEADER = /[ \t]*(?:[.…·][ \t]?){4,}[ \t]*/gu;

/** Rough advance of a character in ems: estimates where a leader starts inside a run. */
function advance(ch: string): number {
  if (/[\s.,:;·'|!il]/u.test(ch)) return 0.28;
  if (ch === '…') return 1;
  return /[A-Z0-9MWmw]/u.test(ch) ? 0.6 : 0.5;
}

/**
 * The run with its dot leaders cut out: the text on either side kept as runs of their own (their
 * positions estimated from character widths), nothing when the run is only leaders.
 */
export function dropLeaders(r: TextRun): TextRun[] {
  if (r.rotated || !/[.…·]/u.test(r.text)) return [r];
  LEADER.lastIndex = 0;
  if (!LEADER.test(r.text)) return [r];
  const chars = r.text.split('');
  const total = chars.reduce((s, ch) => s + advance(ch), 0);
  const perEm = total > 0 ? r.width / total : 0;
  // Character index → x offset, from the estimated advances.
  const offsets: number[] = [0];
  for (const ch of chars) offsets.push(offsets[offsets.length - 1] + advance(ch) * perEm);
  const out: TextRun[] = [];
  let from = 0;
  LEADER.lastIndex = 0;
  const text = chars.join('');
  for (let m = LEADER.exec(text); m !== null; m = LEADER.exec(text)) {
    const piece = text.slice(from, m.index);
    if (piece.trim()) out.push({ ...r, text: piece.trim(), x: r.x + offsets[from], width: offsets[m.index] - offsets[from] });
    from = m.index + m[0].length;
  }
  const rest = text.slice(from);
  if (rest.trim()) out.push({ ...r, text: rest.trim(), x: r.x + offsets[from], width: offsets[chars.length] - offsets[from] });
  return out;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * The segment's text with raised reference markers of digits written as superscript digits
 * ("2019" + raised "1" → "2019¹"); letters and symbols stay as they are ("12.3a", "15*").
 */
export function cellSegmentText(seg: Segment): string {
  if (seg.latex) return seg.text;
  return withoutShortLeader(seg.runs.length < 2 ? seg.text : withSuperscripts(seg));
}

function withSuperscripts(seg: Segment): string {
  const markers = findReferenceMarkers(seg.runs);
  let changed = false;
  const runs = seg.runs.map((r) => {
    if (!markers.has(r) || !/^\s*\d+\s*$/u.test(r.text)) return r;
    changed = true;
    return { ...r, text: r.text.trim().replace(/\d/g, (d) => SUPERSCRIPT_DIGITS[Number(d)]) };
  });
  if (!changed) return seg.text;
  // A marker runs straight on from its word (no inferred space), whatever the gap.
  const sorted = runs.slice().sort((a, b) => a.x - b.x);
  return joinRuns(sorted, seg.rtl).replace(/ ([⁰¹²³⁴⁵⁶⁷⁸⁹]+)/gu, '$1');
}

/**
 * A label's leader cut short by a long label: three dots set apart after its words ("Total
 * ..."). Alone in a cell, "..." is a symbol (not available), and is kept.
 */
function withoutShortLeader(text: string): string {
  return text.replace(/(\p{L}\S*)\s+[.…·](?:\s?[.…·]){2,}$/u, '$1');
}

/** A currency sign set apart from its figure ("$   1,234", flush left in the cell): "$1,234". */
export function withSignedFigure(text: string): string {
  return text.replace(/^([$£€¥])\s+(?=[\d(])/u, '$1');
}
