// List marks as OCR reads them. Tesseract knows no bullet: a "•" comes back as "*", "+", "e",
// "«" or "°", a dash as "~", "=" or "~~", and only some of those are list markers (lists.ts). What
// stays is the mark's place: a lone glyph-sized mark opening a line, set off from the line's first
// word by a hanging indent (a clear em, where words are a third of one apart), at the same left
// edge as the marks of the other items. Such a mark is read as the bullet or dash it is drawn as.
// Item numbers come back with their full stop read as a comma, colon or semicolon ("1, Already…",
// "4, Return…"): set at the left edge of the list's other numbers, they are read as "1." again.
import { groupLines } from './lines.js';
import type { TextRun } from './types.js';

/** A mark is at most this wide (em): a bullet ~0.4, a dash ~0.7, an en rule ~0.9. */
const MARK_MAX_WIDTH_EM = 1;
/** A letter read for a bullet is dot-sized: no taller than this (em; a bullet measures ~0.35-0.55). */
const LETTER_MARK_MAX_HEIGHT_EM = 0.6;
/** The indent after a mark (em): measured 0.96-1.9 on scans, where spaces between words are ~0.3. */
const MARK_MIN_GAP_EM = 0.9;
/** Marks of one list share their left edge within this (em). */
const ALIGN_EM = 0.5;
/** A dash is flat: its ink at most this tall for its width. */
const DASH_MAX_ASPECT = 0.35;

/** The text a mark read by OCR might be: 1-3 characters, no digit, no capital (an "L" may be a "3."). */
function markText(r: TextRun, em: number): boolean {
  const chars = [...r.text];
  if (chars.length > 3 || /[\p{N}\p{Lu}]/u.test(r.text)) return false;
  // Lowercase letters ("e", "ae", "o") only when dot-sized: a word's letters reach the x-height.
  return !/\p{L}/u.test(r.text) || r.height <= LETTER_MARK_MAX_HEIGHT_EM * em;
}

interface Candidate {
  run: TextRun;
  dash: boolean;
}

/** The line's opening mark, when its first run is one and the line's first word stands an indent after it. */
function openingMark(line: TextRun[]): Candidate | null {
  if (line.length < 2) return null;
  const [mark, next] = [...line].sort((a, b) => a.x - b.x);
  const em = mark.fontSize;
  if (em <= 0 || mark.width > MARK_MAX_WIDTH_EM * em || !markText(mark, em)) return null;
  if (next.x - (mark.x + mark.width) < MARK_MIN_GAP_EM * em || !/\p{L}/u.test(next.text)) return null;
  return { run: mark, dash: mark.height <= DASH_MAX_ASPECT * mark.width };
}

/**
 * OCR runs with their list marks read as drawn, from one grouping of the page's lines: every
 * bullet or dash as "•" (a dot, a square) or "–" (a dash), where another candidate mark stands at
 * the same left edge (a list has items; a stray speck or a dash of dialogue opening one line does
 * not make one), and item numbers whose stop was misread (itemNumbers). OCR words only: a text
 * layer has the marks as drawn.
 */
export function readListMarks(runs: TextRun[]): TextRun[] {
  const lines = groupLines(runs);
  const candidates = lines.map(openingMark).filter((c) => c !== null);
  const marks = itemNumbers(lines);
  for (const c of candidates) {
    const aligned = candidates.some((o) => o !== c && Math.abs(o.run.x - c.run.x) <= ALIGN_EM * c.run.fontSize);
    if (aligned) marks.set(c.run, c.dash ? '–' : '•');
  }
  if (marks.size === 0) return runs;
  return runs.map((r) => (marks.has(r) ? { ...r, text: marks.get(r)! } : r));
}

/** An item number as OCR reads it: one or two digits and the stop after them, maybe misread. */
const ITEM_NUMBER = /^(\d{1,2})([.,;:])$/;
/** Numbers of one list lie this close to each other (an item or two of it may be lost). */
const NUMBER_REACH = 3;

/** The line's opening item number, when a capitalised word follows it. */
function openingNumber(line: TextRun[]): { run: TextRun; n: number; misread: boolean } | null {
  if (line.length < 2) return null;
  const [mark, next] = [...line].sort((a, b) => a.x - b.x);
  const m = ITEM_NUMBER.exec(mark.text.trim());
  if (!m || mark.fontSize <= 0 || !/^\p{Lu}/u.test(next.text)) return null;
  return { run: mark, n: Number(m[1]), misread: m[2] !== '.' };
}

/**
 * Item numbers read "1," (or "1:", "1;") to be read "1.": where another item number of nearly the
 * same value opens a line at the same left edge (the list's other items). A figure opening a line
 * of prose ("5, and the rest…") has no such neighbours, nor a capital after it.
 */
function itemNumbers(lines: TextRun[][]): Map<TextRun, string> {
  const candidates = lines.map(openingNumber).filter((c) => c !== null);
  const fixed = new Map<TextRun, string>();
  for (const c of candidates) {
    if (!c.misread) continue;
    const listed = candidates.some((o) => o !== c && o.n !== c.n && Math.abs(o.n - c.n) <= NUMBER_REACH && Math.abs(o.run.x - c.run.x) <= ALIGN_EM * c.run.fontSize);
    if (listed) fixed.set(c.run, `${c.n}.`);
  }
  return fixed;
}
