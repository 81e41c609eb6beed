// Headings from font statistics: the body size is the most common size by character count; a
// short paragraph set larger than the body, or bold at body size, is a heading.
import type { Block } from '../model.js';
import { formFieldLines } from './form-lines.js';
import { isCaptionLine } from './margins.js';
import { sourceText, undecided, type BlockStage, type PageFacts } from './stage.js';
import { mathSigns } from './math-signs.js';

/** Most common font size weighted by characters (sizes rounded to 0.5 pt). */
export function dominantSize(samples: Iterable<[size: number, chars: number]>): number {
  const counts = new Map<number, number>();
  for (const [s, n] of samples) {
    const k = Math.round(s * 2) / 2;
    counts.set(k, (counts.get(k) ?? 0) + n);
  }
  let best = 0;
  let size = 0;
  for (const [s, n] of [...counts].sort((a, b) => a[0] - b[0])) if (n > best) { best = n; size = s; }
  return size;
}

export interface HeadingInput {
  text: string;
  lines: number;
  size: number;
  bold: boolean;
  /** All italic (a run-in subheading when short and alone). */
  italic?: boolean;
}

/**
 * A caption or note label: the word, then a number or its punctuation ("Figure 3", "Table IV.",
 * "Source: …", "Note —"). The word alone opens titles too ("Image and Identity", "Table Manners").
 */
const CAPTION = /^(fig(ure)?|table|tab|source|note|chart|photo|image)s?\.?\s*(?:\d|[ivx]+\b|[:.\-–—])/i;

const SECTION_NUMBER = /^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+\p{Lu}/u;

const CODE_LIKE = /<[^<>]+>|[{};]\s*$|[{}]|\s(?:=|:=|==|=>|->)\s/;

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** A calendar date: "January 3, 2024", "3 Jan 2024", "March 2014", "03/01/2024", "2024-01-03". */
const DATE = new RegExp(`\\b${MONTH}\\s+(?:\\d{1,2},?\\s+)?\\d{4}\\b|\\b\\d{1,2}\\s+${MONTH}\\s+\\d{4}\\b|\\b\\d{1,2}\/\\d{1,2}\/\\d{2,4}\\b|\\b\\d{1,2}\\.\\d{1,2}\\.\\d{4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b`, 'i');

/**
 * A section title set in capitals at body size ("INTRODUCTION", "2. RESULTS AND DISCUSSION"):
 * short, at least four letters, every letter upper case, no closing punctuation.
 */
export function isCapsTitle(text: string): boolean {
  const t = text.trim();
  const letters = t.match(/\p{L}/gu) ?? [];
  if (letters.length < 4 || t.length > 60 || t.split(/\s+/).length > 8 || /[.,;:!?]$/.test(t)) return false;
  return letters.every((c) => c === c.toUpperCase() && c !== c.toLowerCase());
}

/**
 * A units line: what a statistics table's figures count, set over the table ("In thousands",
 * "Percent", "(In millions of dollars)", "Rates per 1 000 population", "Index 2015=100", "£ million").
 * Often in italic or bold at the body's size, yet no section title (issue 9).
 */
const UNITS_LINE = new RegExp(
  '^\\(?\\s*(?:(?:[Ii]n|[Ff]igures in|[Aa]mounts in|[Vv]alues in|[Dd]ata in|[Uu]nits?:?)\\s+)?' +
    "(?:%|[Pp]er ?cent(?:age)?s?|[Tt]housands?|[Mm]illions?|[Bb]illions?|[Hh]undreds?|[Nn]umbers?|[Rr]ates?|[Ii]ndex|[£$€¥]\\s?(?:m|bn|k|mn|millions?|billions?|thousands?)|'?000s?)" +
    // What they count, in lower case but for a currency's code ("of US dollars", "per 1 000 population").
    '(?:\\s+(?:of|per|in)(?:\\s+(?:[\\p{Ll}\\d,.£$€]+|\\p{Lu}{2,3}))+|\\s*\\(?\\d{4}\\s?=\\s?100\\)?)?\\s*\\)?$',
  'u',
);

/** A line that carries a date is a byline or dateline ("Jane Doe · March 3, 2024"), not a section title. */
function isDateline(text: string): boolean {
  return DATE.test(text) || ISO_SLASH_DATE.test(text);
}

/** A date written year first with slashes or dots: "2012/06/30", "2004.11.14". */
const ISO_SLASH_DATE = /\b(?:19|20)\d{2}[/.](?:0?[1-9]|1[0-2])[/.](?:0?[1-9]|[12]\d|3[01])\b/;

/**
 * A byline: an author's name with an address to write to ("John Frampton j.frampton@neu.edu"), or
 * the name after a lower-case "by" ("by John Pate"). Title pages set them larger than the text, yet
 * no section title carries an e-mail address or opens with "by" (issue 9).
 */
export function isByline(text: string): boolean {
  if (/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u.test(text)) return true;
  return /^by\s+\p{Lu}[\p{L}.'’-]*(?:\s+(?:\p{Lu}[\p{L}.'’-]*|and|&|,|de|van|von|der|la))*$/u.test(text.trim());
}

/** Level of a bold body-size heading from its section number: "2 Methods" → 2, "2.1" and deeper → 3. */
/** How many parts a heading's section number has ("2" 1, "2.1.3" 3), 0 without one. */
export function sectionDepth(text: string): number {
  const sec = SECTION_NUMBER.exec(text);
  return sec ? sec[1].split('.').length : 0;
}

export function numberedLevel(text: string): number {
  const sec = SECTION_NUMBER.exec(text);
  return sec ? Math.min(3, sec[1].split('.').length + 1) : 0;
}

/** Below this size ratio a full sentence is not a heading (see headingLevel). */
const SENTENCE_HEADING_MIN_RATIO = 1.3;
const SENTENCE_MIN_WORDS = 6;
/** Below this size ratio an italic full sentence is not a heading either (a pull quote). */
const ITALIC_SENTENCE_HEADING_MIN_RATIO = 1.7;

/** Several words closed by terminal punctuation: how running text ends, and how titles do not. */
function isSentence(text: string): boolean {
  return /[.!?…]["'”’)]?$/u.test(text) && text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= SENTENCE_MIN_WORDS;
}

/** A heading's level from how much larger than the body it is set (at least the minimum ratio). */
export function sizeLevel(ratio: number): number {
  return ratio >= 1.7 ? 1 : ratio >= 1.3 ? 2 : 3;
}

/** A heading wraps onto this many lines at most… */
const HEADING_MAX_LINES = 3;
/**
 * …or, set larger than the body and short (a title's words, not a paragraph's), onto this many: a
 * narrow column wraps a section title one or two words a line ("Several / Network / Increase /
 * During / Being / Second", 18 pt in a 2-inch column of three: read as bold text before).
 */
const NARROW_HEADING_MAX_LINES = 6;
const NARROW_HEADING_MAX_CHARS = 80;

function maxHeadingLines(text: string, ratio: number, minRatio: number): number {
  return ratio >= minRatio && text.length <= NARROW_HEADING_MAX_CHARS ? NARROW_HEADING_MAX_LINES : HEADING_MAX_LINES;
}

/** 0 when not a heading, else 1..3. */
export function headingLevel(p: HeadingInput, body: number, minRatio = 1.15): number {
  const text = p.text.trim();
  if (text.length > 160 || text.length < 2 || !/\p{L}{2}/u.test(text) || body <= 0) return 0;
  const r = p.size / body;
  if (p.lines > maxHeadingLines(text, r, minRatio)) return 0;
  if (/^[•·▪\-–—*]/.test(text)) return 0;
  // A line of a display (indices, primes, operators, no word of three letters) is mathematics.
  if (mathSigns(text).length >= 2 && !/\p{L}{3}/u.test(text)) return 0;
  // A line holding check boxes is a form's question and its options, not a title.
  if (/[☐☒]/u.test(text)) return 0;
  // Syntax diagrams and code set in bold ("CREATE TABLE <name>", "x = 1;") are not headings.
  if (CODE_LIKE.test(text)) return 0;
  // A caption's label read past a stray mark before it (OCR reads a speck as ‘ or a dot).
  const label = text.replace(/^[^\p{L}\p{N}]+/u, '');
  if (isByline(text)) return 0;
  // Only a title set much larger than the text may hold a date ("Annual Report, March 2024").
  if (r < 1.7 && isDateline(text)) return 0;
  if (r < SENTENCE_HEADING_MIN_RATIO && UNITS_LINE.test(text)) return 0;
  // A numbered figure or table label ("Figure 2-4: Scaling…", "Table 3. Results") opens a caption,
  // often set a point or two larger or bold: no section title unless set in display type.
  if (r < SENTENCE_HEADING_MIN_RATIO && isCaptionLine(label)) return 0;
  if (r >= minRatio) {
    if (text.length > 120 && r < 1.5) return 0;
    // A sentence (several words closed by a full stop) set only a little larger than the body is
    // text (a lead paragraph, an intro line above a table set in smaller type), not a section title.
    if (r < SENTENCE_HEADING_MIN_RATIO && isSentence(text)) return 0;
    // An italic sentence set larger is a pull quote or a lead: titles in italic end without a stop.
    if (p.italic && r < ITALIC_SENTENCE_HEADING_MIN_RATIO && isSentence(text)) return 0;
    return sizeLevel(r);
  }
  if (p.lines === 1 && r >= 0.95 && isCapsTitle(text) && !CAPTION.test(label)) return numberedLevel(text) || 3;
  if (p.italic && !p.bold && r >= 0.95 && p.lines === 1 && text.length <= 60 && /^\p{Lu}/u.test(text) && !/[.,;:!?]$/.test(text) && !CAPTION.test(label)) return 3;
  if (p.bold && r >= 0.92 && p.lines <= 2 && text.length <= 90 && !/[.,;:]$/.test(text) && !/^\d+(\.\d+)?$/.test(text) && !CAPTION.test(label)) {
    return numberedLevel(text) || 3;
  }
  return 0;
}

/**
 * A heading needs to be set this much larger than the body; OCR size estimates are noisier (a line
 * box measures ink, ocr/line-size.ts: 1.35 before lines were corrected for the letters they hold;
 * scans seed 1, 40 cases: headings found 10 → 12 of 19 at 1.3, no false one; seed 1000 unchanged).
 */
export const MIN_RATIO = 1.15;
export const OCR_MIN_RATIO = 1.3;

/**
 * OCR: a heading is print set to be read, and Tesseract reads it clearly (mean word confidence,
 * weighted by length). A block it reads less clearly than this is a smudge, a stamp, a picture's
 * texture or handwriting whose ink happens to stand tall ("## ae a oor" on a handwritten letter),
 * not a title: it stays text.
 */
const OCR_HEADING_MIN_CONFIDENCE = 60;

/** Mean confidence of a block's OCR words, weighted by their length; undefined for text-layer runs. */
function readConfidence(lines: NonNullable<Block['source']>): number | undefined {
  let sum = 0;
  let weight = 0;
  for (const l of lines) for (const s of l.segs) for (const r of s.runs) {
    if (r.confidence === undefined) continue;
    sum += r.confidence * r.text.length;
    weight += r.text.length;
  }
  return weight > 0 ? sum / weight : undefined;
}

/** The level of a heading at body size on a page that also has a heading set larger at level 3. */
const BELOW_LARGER_LEVEL = 4;

/**
 * A heading set larger than the body outranks one at body size (issue 9): a 12 pt section title
 * over a 10 pt bold subsection, a shaded banner over a sidebar's bold title. sizeLevel gives both
 * level 3 when the larger is set less than 1.3 times the body, which would rank them alike; the
 * body-size ones go one level down. Numbered headings keep what their numbers say (numberedLevel).
 */
export function rankBelowLarger(headings: Array<{ level: number; ratio: number; numbered: boolean }>, minRatio: number): number[] {
  const largerAtThree = headings.some((h) => h.level === 3 && h.ratio >= minRatio);
  const levels = headings.map((h) => (largerAtThree && h.level === 3 && h.ratio < minRatio && !h.numbered ? BELOW_LARGER_LEVEL : h.level));
  // Over small print (a form's notes, a table's footnotes: the page's body), a title and its
  // sections both stand 1.7 times the body or more, and sizeLevel ranks them alike: the title,
  // set clearly larger than the next heading face, takes level 1 alone and every other
  // unnumbered heading goes one level down (16 pt title, 12 pt sections over 7 pt print).
  const top = Math.max(0, ...headings.filter((h) => h.level === 1).map((h) => h.ratio));
  const rest = headings.filter((h) => h.level === 1 && h.ratio * TITLE_OVER_SECTIONS < top);
  if (rest.length === 0 || headings.some((h) => h.numbered)) return levels;
  return headings.map((h, k) => (h.ratio * TITLE_OVER_SECTIONS < top ? Math.min(BELOW_LARGER_LEVEL, levels[k] + 1) : levels[k]));
}

/** A title this many times the size of the next heading face outranks it alone. */
const TITLE_OVER_SECTIONS = 1.25;

/** Headings: a text block's level from its size, weight and form against the body (headingLevel). */
export const headingsStage: BlockStage = (blocks: Block[], page: PageFacts) => {
  const minRatio = page.ocr ? OCR_MIN_RATIO : MIN_RATIO;
  const found = blocks.map((b): { level: number; ratio: number; numbered: boolean } | null => {
    // A picture's lettering is set at whatever size the picture was scaled to: no evidence of rank.
    if (!undecided(b) || b.picture) return null;
    const lines = b.source!;
    const input = {
      text: sourceText(b),
      lines: lines.length,
      size: Math.max(...lines.map((l) => l.size)),
      bold: lines.every((l) => l.bold),
      italic: !page.ocr && lines.every((l) => l.italic),
    };
    // A sentence set apart between rules or in a box is a pull quote or a note, not a title.
    if (b.aside && isSentence(input.text)) return null;
    if (page.ocr && (readConfidence(lines) ?? 100) < OCR_HEADING_MIN_CONFIDENCE) return null;
    const level = headingLevel(input, page.body, minRatio);
    return level > 0 ? { level, ratio: input.size / page.body, numbered: numberedLevel(input.text) > 0 } : null;
  });
  // A form's label and value lines, and stacks of its field lines, are no headings (form-lines.ts).
  for (const i of formFieldLines(blocks, found)) found[i] = null;
  const headings = found.filter((h) => h !== null);
  const levels = rankBelowLarger(headings, minRatio);
  let k = 0;
  return blocks.map((b, i): Block => (found[i] ? { ...b, type: 'heading', level: levels[k++] } : b));
};
