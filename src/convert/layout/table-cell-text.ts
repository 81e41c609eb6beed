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

/** Leader characters alone (a dot, or a few with spaces). */
const LEADER_ONLY = /^[\s.…·]+$/u;
/** Leader dots of one leader are set this close (ems): LaTeX's \dotfill 4.4 pt apart at 10 pt. */
const LEADER_PITCH_EM = 1;
/** Dots a leader has at least (a row's missing values, "." cells, stand columns apart). */
const LEADER_MIN_DOTS = 5;
/** The leader's first dots, left at the end of the text before it: " . ." */
const TRAILING_DOTS = /\s+[.…·](?:\s*[.…·])*$/u;

/**
 * A line's runs (left to right) with dot leaders shown dot by dot cut out. pdf.js joins a
 * leader's dots into one item with its own spaces between them, and a run cut at those spaces
 * (shownStrings: the gaps of at least a cell's width) leaves one run per dot: a table of
 * contents came out as a table of 30 columns of ".". A chain of such runs, close together, of
 * LEADER_MIN_DOTS dots or more, is a leader; the dots it left at the end of the text before it
 * go with it. A row of "." cells (a statistics table's missing values) stands columns apart.
 */
export function dropLeaderRuns(runs: TextRun[]): TextRun[] {
  if (!runs.some((r) => LEADER_ONLY.test(r.text))) return runs;
  const out: TextRun[] = [];
  let i = 0;
  while (i < runs.length) {
    if (!LEADER_ONLY.test(runs[i].text)) {
      out.push(runs[i++]);
      continue;
    }
    let j = i + 1;
    while (j < runs.length && LEADER_ONLY.test(runs[j].text) && runs[j].x - (runs[j - 1].x + runs[j - 1].width) <= LEADER_PITCH_EM * runs[j].fontSize) j++;
    const prev = out[out.length - 1];
    const lead = prev?.text.match(TRAILING_DOTS)?.[0] ?? '';
    const dots = (lead + runs.slice(i, j).map((r) => r.text).join('')).replace(/\s/gu, '').length;
    if (dots < LEADER_MIN_DOTS) {
      out.push(...runs.slice(i, j));
    } else if (lead && prev) {
      const text = prev.text.slice(0, prev.text.length - lead.length);
      out[out.length - 1] = { ...prev, text, width: prev.width * (text.length / prev.text.length) };
    }
    i = j;
  }
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
