// Superscript references (footnote and note markers: "more²⁰", "sense.”¹⁹", "word*"): a short run
// of digits, *, †, ‡ or a few lowercase letters, set smaller than the word it follows and raised
// above that word's baseline. A law of typography, not of any one document: it is decided from run
// geometry alone (size ratio, baseline shift, attachment to the run before it). Issue 9.
import type { TextRun } from './types.js';

/**
 * Note symbols, as a character class: the asterisk and the typographic sequence † ‡ § ¶ ‖, with
 * the asterisk as math fonts set it (∗, LaTeX's \thanks) and the star some journal classes use (⋆).
 */
export const NOTE_SYMBOLS = '*\u2217\u22c6\u2020\u2021\u00a7\u00b6\u2016';
/** What a reference marker may read: a number or list of numbers ("3", "1,2", "4–6"), note symbols, a letter. */
const MARKER_TEXT = new RegExp(`^(?:\\d{1,3}(?:[,\\u2013-]\\d{1,3}){0,3}|[${NOTE_SYMBOLS}]{1,3}|[a-z]{1,2})$`, 'u');
/** A marker is set at most this share of the size of the word it follows, and at least the other. */
export const SUP_MAX_SIZE_RATIO = 0.85;
export const SUP_MIN_SIZE_RATIO = 0.3;
/** Its baseline is raised at least this many of the word's ems above the word's baseline … */
export const SUP_MIN_RAISE_EM = 0.12;
/** … and at most this many (beyond, it belongs to the line above). */
export const SUP_MAX_RAISE_EM = 0.75;
/** It starts within this many ems after the word's end (attached; a little overlap allowed). */
export const SUP_MAX_GAP_EM = 0.35;
export const SUP_MAX_OVERLAP_EM = 0.3;

/** Word/marker pairs examined per call at most: a page of thousands of small numbers on few baselines
 * (a dense grid) stops looking for markers there instead of costing markers × runs. */
export const SUP_MAX_CHECKS = 200_000;

function baseline(r: TextRun): number | undefined {
  return r.baseline;
}

/**
 * Is `sup` set raised and smaller beside `word`, `gap` points away from it? The geometry shared by
 * a marker after a word and one before it. Needs true baselines (text layer, not OCR).
 */
function raisedBeside(word: TextRun, sup: TextRun, gap: number): boolean {
  const wb = baseline(word);
  const sb = baseline(sup);
  if (wb === undefined || sb === undefined || word.rotated || sup.rotated) return false;
  const em = word.fontSize;
  if (!(em > 0) || sup.fontSize > em * SUP_MAX_SIZE_RATIO || sup.fontSize < em * SUP_MIN_SIZE_RATIO) return false;
  const raise = wb - sb;
  if (raise < SUP_MIN_RAISE_EM * em || raise > SUP_MAX_RAISE_EM * em) return false;
  return gap <= SUP_MAX_GAP_EM * em && gap >= -SUP_MAX_OVERLAP_EM * em;
}

/** Is `sup` a raised reference marker attached to `word` (which precedes it)? */
export function isReferenceMarkerAfter(word: TextRun, sup: TextRun): boolean {
  if (!MARKER_TEXT.test(sup.text.trim()) || !/\S/u.test(word.text)) return false;
  return raisedBeside(word, sup, sup.x - (word.x + word.width));
}

/** A leading marker reads as a number or note symbols only (a raised letter before a word is rarer than a small-caps or accent quirk). */
const LEADING_MARKER_TEXT = new RegExp(`^(?:\\d{1,3}(?:[,\\u2013-]\\d{1,3}){0,3}|[${NOTE_SYMBOLS}]{1,3})$`, 'u');

/**
 * Is `sup` a raised marker set just before `word` (a footnote's own number, "⁶Yes, really!", or an
 * affiliation's "¹Department of …")? The same geometry as after a word, mirrored.
 */
export function isReferenceMarkerBefore(sup: TextRun, word: TextRun): boolean {
  if (!LEADING_MARKER_TEXT.test(sup.text.trim()) || !/^\s*[\p{L}\p{N}(“"‘']/u.test(word.text)) return false;
  return raisedBeside(word, sup, word.x - (sup.x + sup.width));
}

/**
 * The reference markers among `runs` and the word each is attached to (the word it follows, or,
 * when it follows none, the word it leads). Runs are searched by
 * baseline window, so a page of n runs costs O(n log n + markers × window).
 */
export function findReferenceMarkers(runs: TextRun[]): Map<TextRun, TextRun> {
  const out = new Map<TextRun, TextRun>();
  const candidates = runs.filter((r) => r.baseline !== undefined && !r.rotated && MARKER_TEXT.test(r.text.trim()));
  if (candidates.length === 0) return out;
  const byBase = runs.filter((r) => r.baseline !== undefined && !r.rotated).sort((a, b) => a.baseline! - b.baseline!);
  let checks = 0;
  for (const sup of candidates) {
    if (checks > SUP_MAX_CHECKS) break;
    const sb = sup.baseline!;
    // Words whose baseline lies below the marker's by a raise the marker's own size allows.
    const lo = sb + SUP_MIN_RAISE_EM * sup.fontSize;
    const hi = sb + (SUP_MAX_RAISE_EM * sup.fontSize) / SUP_MIN_SIZE_RATIO;
    let best: TextRun | undefined;
    for (let i = lowerBound(byBase, lo); i < byBase.length && byBase[i].baseline! <= hi; i++) {
      const w = byBase[i];
      checks++;
      if (w === sup || !isReferenceMarkerAfter(w, sup)) continue;
      // The closest word end wins (two columns may both have a candidate at that height).
      if (!best || Math.abs(sup.x - (w.x + w.width)) < Math.abs(sup.x - (best.x + best.width))) best = w;
    }
    // Leading a word instead: the nearest word start to its right.
    for (let i = lowerBound(byBase, lo); !best && i < byBase.length && byBase[i].baseline! <= hi; i++) {
      const w = byBase[i];
      checks++;
      if (w !== sup && isReferenceMarkerBefore(sup, w)) best = w;
    }
    if (best) out.set(sup, best);
  }
  return out;
}

function lowerBound(sorted: TextRun[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].baseline! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
