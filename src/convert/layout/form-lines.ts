// Lines of a form that look like headings by their type alone (issue 9, forms family): a value
// set a little larger than its label right under it ("Policy number" 7 pt, "66697508" 9 pt), a
// bold label right over its larger value, and a stack of field lines ("Reference R8027169",
// "Place of birth Millbrook", …) set larger than the small print that gives the page its body
// size. A heading stands over text of its own; these stand over or under each other. A bold
// label run in before its value ("Years at address: 2") or its amount, a row of fields set apart
// across the line, and a question over its check boxes are no headings either.
import type { Block } from '../model.js';
import type { Line } from './paragraphs.js';
import type { TextRun } from './types.js';
import { isFigure } from './table-rows.js';
import { CHECKED, UNCHECKED } from '../pdf/check-boxes.js';

/** Headings of one style, one right after another, this many or more: the page's text, not headings. */
const MIN_STACK = 3;
/** A label and its value lie this close (baseline to baseline, in the lower line's size)… */
const MAX_PITCH_EM = 1.8;
/** …their left edges this close (ems): one column. */
const ALIGN_EM = 1;
/** Sizes this close (points) are one size. */
const SAME_SIZE = 0.5;
/** Lines on baselines this close (points) stand side by side. */
const SAME_BASELINE = 1;
/** Pairs side by side stand at least this many ems apart (columns of fields). */
const SIDE_BY_SIDE_EM = 2;
/** A value's size is at most this many times the body's: a title set larger is a title. */
const MAX_VALUE_RATIO = 1.5;

export interface Candidate {
  level: number;
  ratio: number;
}

/** The one source line of a one-line text block, else null. */
function oneLine(b: Block | undefined): Line | null {
  return b?.source?.length === 1 ? b.source[0] : null;
}

/** `low` is set right under `high`, in its column, at a line's pitch. */
function tightlyUnder(high: Line, low: Line): boolean {
  const pitch = low.baseline - high.baseline;
  return pitch > 0 && pitch <= MAX_PITCH_EM * low.size && Math.abs(low.x0 - high.x0) <= ALIGN_EM * low.size;
}

/** A reference, a date or a phone number: a capital or a figure, then figures and signs, ending on a figure. */
const REFERENCE = /^[\p{Lu}\d(+#-][\d\s./()+#-]*\d$/u;

/**
 * A run-in field: a bold label closed by a colon, then its value in another weight ("**Years at
 * address:** 2"), or a label and its typed value in a monospace face. The line counts as bold
 * when the label holds most of its letters, but a title is set in one weight and does not end its
 * bold part on a colon.
 */
export function isRunInField(line: Line): boolean {
  const runs = line.segs.flatMap((s) => s.runs).filter((r) => r.text.trim());
  const colon = runs.findIndex((r) => /:\s*$/.test(r.text));
  if (colon >= 0 && colon < runs.length - 1 && runs.slice(0, colon + 1).every((r) => r.bold) && runs.slice(colon + 1).every((r) => !r.bold && /[\p{L}\p{N}]/u.test(r.text))) return true;
  // A bold label and its figure in regular weight ("**Subtotal** £30,869.48", "**Years at
  // address** 9"): a figure as a table's cells hold them (table-rows.ts isFigure), a reference
  // or a phone number (digits among other signs), or a value typed in a monospace face.
  const value = runs.findIndex((r) => !r.bold);
  const isValue = (r: TextRun) => !r.bold && (isFigure(r.text) || REFERENCE.test(r.text.trim()) || r.monospace);
  if (value > 0 && runs.slice(0, value).every((r) => /\p{L}{2}/u.test(r.text)) && runs.slice(value).every(isValue)) return true;
  // A label in the text face and its value typed after it in a regular monospace face ("Full
  // name  Lucia Okafor", the name in Courier): a form filled in on a typewriter or as a PDF's
  // typed fields. A heading holding code sets it in its own weight, bold.
  const typed = runs.findIndex((r) => r.monospace);
  return typed > 0 && runs.slice(0, typed).every((r) => !r.monospace && /\p{L}{2}/u.test(r.text)) && runs.slice(typed).every((r) => r.monospace && !r.bold);
}

/** A value set apart after its label starts this many ems after it at least (more than a word space). */
const VALUE_APART_EM = 0.8;

/**
 * A label and its value set apart after it on the line, the two pieces of the line: the value a
 * figure, a reference or a date ("Policy number   O3675166", "Expiry date   28.01.1957", filled
 * into a form's underlined field). A heading's words are set a word space apart, in one piece.
 */
export function isSetApartField(line: Line): boolean {
  const segs = line.segs.slice().sort((a, b) => a.x0 - b.x0);
  if (segs.length !== 2 || segs[1].x0 - segs[0].x1 < VALUE_APART_EM * line.size) return false;
  const [label, value] = segs.map((seg) => seg.text.trim());
  return /\p{L}{2}/u.test(label) && !/\d/.test(label) && !segs[1].bold && (isFigure(value) || REFERENCE.test(value));
}

/** Pieces of one line this many ems apart, each holding words, are fields or cells side by side. */
const FIELDS_APART_EM = 2;

/**
 * A row of fields: pieces of the line at least FIELDS_APART_EM apart, with words on both sides of
 * the gap ("Account number [317-89-6127]      Tax identification number [869-53-5987]"). A title
 * is set as one piece; a section number set apart before it holds no word.
 */
export function isFieldRow(line: Line): boolean {
  const segs = line.segs.slice().sort((a, b) => a.x0 - b.x0);
  for (let k = 1; k < segs.length; k++) {
    if (segs[k].x0 - segs[k - 1].x1 < FIELDS_APART_EM * line.size) continue;
    const words = (from: number, to: number) => segs.slice(from, to).some((s) => /\p{L}{2}/u.test(s.text));
    if (words(0, k) && words(k, segs.length)) return true;
  }
  return false;
}

/**
 * Indexes of heading candidates (`found`, same order as `blocks`) that are a form's field lines:
 * a larger regular line tight under a smaller one (its value under a label), a bold line tight
 * over a larger regular one (a label over its value), or one of a stack of MIN_STACK or more
 * regular-weight candidates of one size, a little larger than the body, with nothing between them;
 * or a label over its value beside another such pair on the same two baselines (a row of fields).
 */
export function formFieldLines(blocks: Block[], found: Array<Candidate | null>): Set<number> {
  const out = new Set<number>();
  blocks.forEach((b, i) => {
    if (!found[i]) return;
    // Field lines read as one block (a row of fields over a run-in field) are fields line by line.
    if (b.source && b.source.length > 0 && b.source.every((l) => isRunInField(l) || isFieldRow(l) || isSetApartField(l))) out.add(i);
    const line = oneLine(b);
    if (!line) return;
    // A question over its check boxes ("Do you hold a current licence?" over "☐ Yes"): the form's
    // field, however it is set.
    const next = blocks[i + 1]?.source?.[0]?.text.trimStart() ?? '';
    if (/\?\s*$/.test(line.text) && (next.startsWith(CHECKED) || next.startsWith(UNCHECKED))) out.add(i);
    const above = oneLine(blocks[i - 1]);
    if (!line.bold && found[i]!.ratio < MAX_VALUE_RATIO && above && above.size < line.size - SAME_SIZE && tightlyUnder(above, line)) out.add(i);
    const below = oneLine(blocks[i + 1]);
    if (line.bold && below && !below.bold && below.size > line.size + SAME_SIZE && tightlyUnder(line, below)) out.add(i);
  });
  // Label over value pairs side by side on the same two baselines (a row of boxed fields:
  // "Marital status" over "Married" beside "Place of birth" over "Greenville"): a heading and its
  // subtitle are never set twice across a row.
  const pairs: Array<{ i: number; top: Line; bottom: Line }> = [];
  blocks.forEach((b, i) => {
    const [top, bottom] = [oneLine(b), oneLine(blocks[i + 1])];
    if (top && bottom && (found[i] || found[i + 1]) && tightlyUnder(top, bottom) && (top.size < bottom.size - SAME_SIZE || (top.bold && !bottom.bold))) pairs.push({ i, top, bottom });
  });
  for (const p of pairs) {
    const beside = pairs.some((q) => q !== p && Math.abs(q.top.baseline - p.top.baseline) <= SAME_BASELINE && Math.abs(q.bottom.baseline - p.bottom.baseline) <= SAME_BASELINE && Math.abs(q.top.x0 - p.top.x0) > SIDE_BY_SIDE_EM * p.bottom.size);
    if (!beside) continue;
    if (found[p.i]) out.add(p.i);
    if (found[p.i + 1]) out.add(p.i + 1);
  }
  const style = (i: number) => {
    const l = blocks[i].source!;
    return { size: Math.max(...l.map((x) => x.size)), bold: l.every((x) => x.bold) };
  };
  for (let i = 0; i < blocks.length; ) {
    if (!found[i]) {
      i++;
      continue;
    }
    const first = style(i);
    let j = i + 1;
    // Regular weight only, a little larger than the body: bold headings of empty sections do
    // follow each other (a report's outline).
    if (first.bold || found[i]!.ratio >= MAX_VALUE_RATIO) {
      i = j;
      continue;
    }
    while (j < blocks.length && found[j] && found[j]!.level === found[i]!.level && Math.abs(style(j).size - first.size) <= SAME_SIZE && !style(j).bold) j++;
    if (j - i >= MIN_STACK) for (let k = i; k < j; k++) out.add(k);
    i = j;
  }
  return out;
}

/** A field line (but a line of options) holds at most this many words: a label and its value, not a sentence. */
const FIELD_LINE_MAX_WORDS = 8;

/**
 * A line of a form by its own content: options with their check boxes ("Residence ☒ Owner
 * occupied ☐ Rented"), a label and its value set apart, run in, or closed by a colon ("Date
 * signed: 03/18/1976"), a few words. A form's lines stand one under the other at one pitch, each
 * short of the measure, and nothing on a page of them reaches the measure that would show it:
 * two such lines one after the other are two lines, not one paragraph (issue 9).
 */
export function isFieldLine(line: Line): boolean {
  // A row of fields side by side is read by the field grid, row by row (field-grid.ts).
  if (isFieldRow(line)) return false;
  const text = line.text.trim();
  if (text.includes(CHECKED) || text.includes(UNCHECKED)) return true;
  if (text.split(/\s+/).length > FIELD_LINE_MAX_WORDS) return false;
  if (isSetApartField(line) || isRunInField(line)) return true;
  const colon = /^([^:]{2,40}):\s+(\S.*)$/u.exec(text);
  return colon !== null && /\p{L}{2}/u.test(colon[1]) && !/[.!?]$/.test(colon[2]);
}
