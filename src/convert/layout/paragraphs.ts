// Lines of one column → paragraphs: a new paragraph starts at a larger line gap, a change of
// font size or weight, a first-line indent, a list marker, or after a short (paragraph-ending) line.
import { isSectionNumber, type Segment, type TextSpan } from './lines.js';
import { listMarker } from './lists.js';
import { isCapsTitle } from './headings.js';
import { displayLines } from './display-lines.js';
import { quantile } from './order-stats.js';
import { isFieldLine } from './form-lines.js';

export interface Line extends TextSpan {
  segs: Segment[];
  /**
   * OCR: the line opens a list item whose mark OCR did not read (lostMark below); its text starts
   * where the items' text hangs.
   */
  markLost?: boolean;
}

/** A line read by OCR: its words carry confidences. */
const readByOcr = (l: Line) => l.segs.some((s) => s.runs.some((r) => r.confidence !== undefined));

export function makeLine(segs: Segment[]): Line {
  const rtl = segs.filter((s) => s.rtl).length * 2 > segs.length;
  const ordered = segs.slice().sort((a, b) => (rtl ? b.x0 - a.x0 : a.x0 - b.x0));
  let chars = 0;
  let big = 0;
  let size = ordered[0].size;
  for (const s of ordered) {
    const n = s.text.length;
    chars += n;
    if (n > big) {
      big = n;
      size = s.size;
    }
  }
  const share = (f: (s: Segment) => boolean): boolean => ordered.filter(f).reduce((a, s) => a + s.text.length, 0) > 0.8 * chars;
  return {
    segs: ordered,
    text: ordered.map((s) => s.text).join(' '),
    x0: Math.min(...ordered.map((s) => s.x0)),
    x1: Math.max(...ordered.map((s) => s.x1)),
    top: Math.min(...ordered.map((s) => s.top)),
    bottom: Math.max(...ordered.map((s) => s.bottom)),
    baseline: Math.max(...ordered.map((s) => s.baseline)),
    size,
    bold: share((s) => s.bold),
    italic: share((s) => s.italic),
    monospace: share((s) => s.monospace),
    rtl,
  };
}

/** Fewer steps than this between same-size lines of a flow say nothing of its own pitch. */
const OWN_PITCH_STEPS = 3;
/** Type this many times the body size is display type (headings, titles). */
const LARGER_THAN_BODY = 1.1;

/**
 * The page's body leading: how far apart, per point of type size, the baselines of its body-size
 * lines are when one line follows another in the same column (the median of each line's step to
 * the nearest body line under it that it overlaps). Undefined on a page with too few such steps.
 * Typesetters keep leading in proportion to size on a page (LaTeX's \baselinestretch, CSS
 * line-height, a word processor's "double"), so it is what a short flow's pitch is measured by.
 */
export function bodyLeading(segs: Segment[], body: number): number | undefined {
  const lines = flowLines(segs).filter((l) => Math.abs(l.size - body) <= 0.5);
  const steps: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i];
    for (let j = i + 1; j < lines.length; j++) {
      const b = lines[j];
      const d = b.baseline - a.baseline;
      if (d > 3 * body) break;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      if (d > 0.5 * body && overlap > 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0)) {
        steps.push(d);
        break;
      }
    }
  }
  return steps.length >= 4 ? quantile(steps, 0.5) / body : undefined;
}

/** What a flow's lines are measured by beyond themselves: the page's body size and leading. */
export interface PageMeasure {
  body?: number;
  leading?: number;
}

/** Groups segments of a flow into lines (by their source line), top to bottom. */
export function flowLines(segs: Segment[]): Line[] {
  const byLine = new Map<number, Segment[]>();
  for (const s of segs) {
    const l = byLine.get(s.lineId);
    if (l) l.push(s);
    else byLine.set(s.lineId, [s]);
  }
  const lines = [...byLine.values()].map(makeLine).sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  // A line of marks only (a closing brace) right under a line of code is code: TeX sets such
  // marks from its symbol font even inside typewriter text, so the line has no monospace glyph.
  for (let i = 1; i < lines.length; i++) {
    const [prev, l] = [lines[i - 1], lines[i]];
    if (prev.monospace && !l.monospace && !/[\p{L}\p{N}]/u.test(l.text) && l.baseline - prev.baseline <= 1.6 * prev.size) lines[i] = { ...l, monospace: true };
  }
  return lines;
}

const TOC_ENTRY = /(?:[.…·]\s?){4,}\s*[\divxlc]+$/i;

/**
 * Where the text of a list item's first line starts, after its marker ("2.   Text": the x of
 * "Text"); null when the line is not a list item. Its wrapped lines hang at this x.
 */
export function itemTextStart(line: Line): number | null {
  const marker = listMarker(line.text);
  if (!marker) return null;
  const runs = line.segs.flatMap((s) => s.runs);
  const label = marker.label.replace(/\s/g, '');
  // The marker as a run (or segment) of its own: the text starts at the next one.
  let seen = '';
  for (let i = 0; i < runs.length - 1; i++) {
    seen += runs[i].text.replace(/\s/g, '');
    if (seen === label) return runs[i + 1].x;
    if (seen.length >= label.length) break;
  }
  return null;
}

/**
 * Where the title starts on a line that opens with a section number set apart from it ("4   Market
 * Course Those": the x of "Market"); null otherwise. A long title wraps under its own first word,
 * not under the number, so its second line is not an indented paragraph start.
 */
function numberedTitleStart(line: Line): number | null {
  const runs = line.segs.flatMap((s) => s.runs);
  if (runs.length < 2 || !isSectionNumber(runs[0].text)) return null;
  const gap = runs[1].x - (runs[0].x + runs[0].width);
  return gap > 0.3 * line.size ? runs[1].x : null;
}

/**
 * A line wholly in the fixed-width face that goes on with the sentence above it: that line ran to
 * the measure without ending its sentence (no stop, no colon introducing a listing), the next one
 * sits at the line pitch at the column's left edge, and the line after it is prose again. A
 * sentence whose words at a line break are all code names ("…a tuple containing {MatchHead," over
 * "MatchCondition, MatchBody}:") is one paragraph with inline code, not prose cut by a listing
 * (issue 9). Listings are set apart: introduced by a colon or a stop, indented, or several lines.
 */
function sentenceRunsIntoCode(lines: Line[], i: number, left: number, right: number, step: number): boolean {
  const [prev, l, next] = [lines[i - 1], lines[i], lines[i + 1]];
  if (!l.monospace || prev.monospace || Math.abs(l.size - prev.size) > 0.12 * prev.size) return false;
  if (/[.!?:;]$/.test(prev.text.trim()) || prev.x1 < right - 2 * prev.size) return false;
  if (Math.abs(l.x0 - left) > 0.5 * l.size || Math.abs(prev.x0 - left) > 3 * l.size) return false;
  if (l.baseline - prev.baseline > step * 1.3 + 0.5) return false;
  return next === undefined || !next.monospace || next.baseline - l.baseline > step * 1.3 + 0.5;
}

/** The width of a line's first word (its share of the first run, by characters). */
function firstWordWidth(l: Line): number {
  const r = l.segs[0]?.runs[0];
  if (!r || r.text.length === 0) return Infinity;
  const word = r.text.trimStart().split(/\s/)[0];
  return (r.width * word.length) / r.text.length;
}

/**
 * A line break the writer made, not the typesetter: the line stopped so far short of the measure
 * that the next line's first word would have fitted after it (a word space and two ems to spare,
 * and a quarter of the measure at least). Filling a line is how every typesetter breaks running
 * text, so lines broken short one after the other are lines of their own: a question's answers,
 * an address, a list without marks, a paragraph's last line before the next one set flush. Only
 * lines flush at one left edge, at one size and weight, a word not broken across them. Not where
 * the short line ends at an edge the line before or after it also ends at: text set to a narrower
 * measure of its own (wrapped around a figure) is still running text. Not on lines read by OCR:
 * a word Tesseract could not make out is dropped, and a line that lost its last word looks short
 * (a magazine scan's paragraphs came apart mid-sentence).
 */
function wouldHaveFit(prev: Line, l: Line, right: number, width: number, before: Line | undefined): boolean {
  if (prev.rtl || l.rtl || prev.bold || l.bold || prev.monospace || l.monospace) return false;
  if (readByOcr(prev) || readByOcr(l)) return false;
  const sameEdge = (other: Line | undefined) => other !== undefined && Math.abs(other.x1 - prev.x1) <= 0.5 * prev.size;
  if (sameEdge(before) || sameEdge(l)) return false;
  if (Math.abs(l.x0 - prev.x0) > 0.5 * l.size || Math.abs(l.size - prev.size) > 0.12 * prev.size) return false;
  if (/[-\u2010\u00ad]$/.test(prev.text)) return false;
  const slack = right - prev.x1;
  return slack > 0.25 * width && slack > firstWordWidth(l) + 2.5 * l.size;
}

/** Splits column lines into paragraphs. */
export function groupParagraphs(input: Line[], page: PageMeasure = {}): Line[][] {
  const { body, leading } = page;
  if (input.length === 0) return [];
  const lines = [...input];
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  const width = right - left;
  const steps: number[] = [];
  const stepSizes: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const d = lines[i].baseline - lines[i - 1].baseline;
    if (d > 0 && Math.abs(lines[i].size - lines[i - 1].size) < 0.5) {
      steps.push(d);
      stepSizes.push(lines[i].size);
    }
  }
  // The pitch of lines within a paragraph: the lower quartile of the steps, not their median (in
  // a short flow of spaced list items and paragraphs most steps are breaks, and the median is one).
  // The size the steps are mostly set in: larger type wrapped over lines keeps the same leading, in
  // proportion (a heading wrapped at CSS line-height 1.45 in 16.5 pt over 11 pt prose: its lines
  // 24 pt apart against the prose's 16, each line was a heading of its own).
  const stepSize = quantile(stepSizes, 0.5) || lines[0].size;
  // A few lines in type larger than the body's (the headings over a table) are measured by the
  // page's leading too: with one step their pitch is that step, and two headings stacked with
  // nothing between were one. Body-size lines keep their own (a listing's lines, a row of numbers:
  // a short flow set apart is often spaced apart).
  const own = quantile(steps, 0.25) || lines[0].size * 1.2;
  const large = body !== undefined && stepSize > LARGER_THAN_BODY * body;
  const step = leading !== undefined && large && steps.length < OWN_PITCH_STEPS ? Math.min(own, leading * stepSize) : own;
  const display = displayLines(lines, left, right);
  // The measure is an edge the text was set to when two lines or more run out to it.
  const measured = lines.filter((l) => right - l.x1 < l.size).length >= 2;
  // Lines of a form, each a line of its own after another (form-lines.ts), judged once a line.
  const fieldLines = lines.map(isFieldLine);
  const paras: Line[][] = [];
  let cur: Line[] = [lines[0]];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1];
    if (sentenceRunsIntoCode(lines, i, left, right, step)) lines[i] = { ...lines[i], monospace: false };
    const l = lines[i];
    // A wrapped line of a list item hangs under the item's text, not under its marker: it goes on
    // with the item, whatever an indent would otherwise say.
    const hang = itemTextStart(cur[0]) ?? (cur[0].markLost ? cur[0].x0 : null);
    const hanging = hang !== null && Math.abs(l.x0 - hang) < 0.5 * l.size;
    // OCR drops marks (a bullet taken for a speck, a column of numbers for one garbled word): a
    // line hanging under the item's text after a line that stopped well short of the measure is
    // the next item, its mark lost. A wrapped line follows a full one.
    const lostMark = hanging && readByOcr(l) && listMarker(l.text) === null && prev.x1 < right - Math.max(0.15 * width, 4 * prev.size);
    // A list item's last line stops short and the next line starts back out at the marker's
    // column: the item has ended (a paragraph after the list, set with no extra space). A wrapped
    // line of an item that does not hang follows a full line, so it stays with its item.
    const itemEnded = hang !== null && !hanging && l.x0 < hang - 0.5 * l.size && prev.x1 < right - Math.max(0.15 * width, 4 * prev.size);
    const d = l.baseline - prev.baseline;
    const sizeChange = Math.abs(l.size - prev.size) > 0.12 * Math.max(l.size, prev.size);
    // A full-width bold line running on into a lowercase continuation is one sentence, not a
    // heading over its paragraph.
    // So is a bold phrase that starts within a full line and runs on over the break: the line
    // after it, wholly bold, goes on in lower case ("…skip this section. **We urge all users of
    // the**" over "**package to read this carefully!**"), one sentence in a paragraph.
    const boldTail = !prev.bold && l.bold && prev.segs.length > 0 && prev.segs[prev.segs.length - 1].runs.at(-1)?.bold === true;
    const runOn = (prev.bold || boldTail) && (prev.bold ? !l.bold : l.bold) && !/[.!?:;]$/.test(prev.text) && /^\p{Ll}/u.test(l.text) && prev.x1 >= right - 2 * prev.size;
    const boldChange = l.bold !== prev.bold && (l.bold ? l : prev).text.length < 120 && !runOn;
    // A short all-italic line before plain text is a run-in subheading, not the paragraph's start.
    const italicLead = prev.italic && !l.italic && prev.text.length <= 60 && !/[.,;:]$/.test(prev.text) && prev.x1 < right - 0.2 * width;
    // Large type (titles) has a larger pitch than the body's.
    // Only a line the next one's first word would not have fitted on wrapped onto it: a title
    // page's author over its date, in one larger size, stay two lines.
    const pairSize = Math.min(l.size, prev.size);
    const wrapped = right - prev.x1 < firstWordWidth(l) + l.size;
    const gap = d > Math.max(step * (wrapped ? Math.max(1, pairSize / stepSize) : 1) * 1.3 + 0.5, pairSize * 1.45) || d < 0;
    // A line that opens with what looks like a list mark ("[19] W. R. Pearson…", "(ii) the raw
    // score…") right after a line that ran to the measure mid-sentence, flush at the same edge,
    // in a paragraph that is no list item, is where the line happened to break: a citation or an
    // inline enumeration in running text, not a new item.
    // An item whose next line hangs under its text is a list item whatever came before it.
    const itemStart = lines[i + 1] ? itemTextStart(l) : null;
    const nextHangs = itemStart !== null && Math.abs(lines[i + 1].x0 - itemStart) < 0.5 * l.size;
    const brokenAtMark = !nextHangs && prev.x1 >= right - 1.5 * prev.size && !/[.!?:]["'”’)\]]?$/u.test(prev.text.trim()) && Math.abs(l.x0 - prev.x0) < 0.5 * l.size && listMarker(cur[0].text) === null && !cur[0].markLost;
    const marker = listMarker(l.text) !== null && !brokenAtMark;
    // A short capitals line over mixed-case text is a section title, not the paragraph's start.
    const capsLead = isCapsTitle(prev.text) && !isCapsTitle(l.text) && prev.x1 < right - 0.15 * width;
    // The second line of a numbered title, under the title's first word.
    const titleStart = cur.length === 1 ? numberedTitleStart(cur[0]) : null;
    const underTitle = titleStart !== null && Math.abs(l.x0 - titleStart) < 0.5 * l.size;
    const indent = !hanging && !underTitle && !l.rtl && l.x0 - left > 0.8 * l.size && l.x0 - left < width * 0.3 && Math.abs(prev.x0 - left) < 0.5 * l.size && i + 1 < lines.length && Math.abs(lines[i + 1].x0 - left) < 0.5 * l.size;
    const shortPrev = !prev.rtl && prev.x1 < right - Math.max(0.15 * width, 4 * prev.size) && /[.!?:;)"'\u201d]$/.test(prev.text);
    const forcedBreak = (measured && wouldHaveFit(prev, l, right, width, i >= 2 ? lines[i - 2] : undefined)) || (fieldLines[i - 1] && fieldLines[i]);
    const monoChange = l.monospace !== prev.monospace;
    // A table-of-contents entry (dot leader, then a page number) is a line of its own.
    const tocPrev = TOC_ENTRY.test(prev.text);
    // Code keeps its lines together whatever their indentation.
    const code = l.monospace && prev.monospace;
    // An assembled formula is a block of its own.
    const formula = l.segs.some((s) => s.latex !== undefined) || prev.segs.some((s) => s.latex !== undefined);
    // A display equation set between lines of prose starts and ends a block (display-lines.ts).
    const displayEdge = display[i] !== display[i - 1];
    if (lostMark) {
      paras.push(cur);
      cur = [{ ...l, markLost: true }];
    } else if (gap || monoChange || tocPrev || formula || displayEdge || itemEnded || (!code && (sizeChange || boldChange || italicLead || capsLead || marker || indent || shortPrev || forcedBreak))) {
      paras.push(cur);
      cur = [l];
    } else cur.push(l);
  }
  paras.push(cur);
  return paras;
}
