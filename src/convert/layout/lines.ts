// Runs → lines → segments. A line is runs sharing a baseline; a segment is a stretch of a line
// without a wide horizontal gap (so two columns or two table cells on one baseline stay apart).
import type { TextRun } from './types.js';
import { SEGMENT_GAP_EM } from './limits.js';
import { findReferenceMarkers } from './superscripts.js';
import { median } from './order-stats.js';
import { listMarker } from './lists.js';

/** What a segment and a line both are: styled text in a box, in logical order. */
export interface TextSpan {
  /** Plain text, runs joined with inferred spaces, in logical order. */
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  /** Dominant font size (by characters). */
  size: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  rtl: boolean;
}

export interface Segment extends TextSpan {
  runs: TextRun[];
  /** Segments cut from the same line share this id. */
  lineId: number;
  /** A formula assembled from several pieces (limits, fractions): its LaTeX. */
  latex?: string;
  /**
   * The equation number(s) set at the right of an assembled display ("(3)", or "(3) (4)" for
   * aligned rows numbered one by one): the segment's box reaches over them, so the white between
   * a centred display and a number at the margin is no column gutter (issue 9).
   */
  equationNumber?: string;
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
const LETTER = /\p{L}/gu;

export function baselineOf(r: TextRun): number {
  return r.baseline ?? r.y + 0.8 * r.height;
}

/** Is the text mostly right-to-left script? */
export function isRtlText(text: string): boolean {
  if (!RTL_CHAR.test(text)) return false;
  const rtl = text.match(RTL_CHARS)?.length ?? 0;
  const letters = text.match(LETTER)?.length ?? 0;
  return rtl * 2 >= letters;
}

/** Groups runs into lines (baseline clustering against the line's first run, no chaining). */
/** Sort key of a run within the page: its baseline, or for OCR word boxes (tight around the ink, no baseline) their middle. */
function lineKey(r: TextRun): number {
  return r.baseline ?? r.y + r.height / 2;
}

export function groupLines(runs: TextRun[]): TextRun[][] {
  // A raised reference marker joins the line of the word it is attached to, after the other runs
  // are grouped: sorted by its own (raised) baseline it could otherwise open a line, or join a
  // line of the neighbouring column, and become a paragraph of its own (issue 9).
  const markers = findReferenceMarkers(runs);
  const lines = groupByBaseline(markers.size > 0 ? runs.filter((r) => !markers.has(r)) : runs);
  if (markers.size === 0) return lines;
  const lineOf = new Map<TextRun, TextRun[]>();
  for (const line of lines) for (const r of line) lineOf.set(r, line);
  for (const [sup, word] of markers) {
    // A marker raised off another marker (nested scripts) goes where that one goes; the chain is
    // finite since each step is smaller by SUP_MAX_SIZE_RATIO, and bounded by the map's size.
    let anchor = word;
    for (let k = 0; k < markers.size && markers.has(anchor); k++) anchor = markers.get(anchor)!;
    const line = lineOf.get(anchor);
    if (line) line.push(sup);
    else lines.push([sup]);
  }
  return lines;
}

function groupByBaseline(runs: TextRun[]): TextRun[][] {
  const sorted = runs.slice().sort((a, b) => lineKey(a) - lineKey(b) || a.x - b.x);
  const lines: TextRun[][] = [];
  let cur: TextRun[] = [];
  let anchorTop = 0;
  let anchorBottom = 0;
  let anchorBase = 0;
  let anchorSize = 0;
  for (const r of sorted) {
    const b = baselineOf(r);
    if (cur.length > 0) {
      const overlap = Math.min(anchorBottom, r.y + r.height) - Math.max(anchorTop, r.y);
      const minH = Math.min(anchorBottom - anchorTop, r.height);
      const baseOk = r.baseline === undefined || Math.abs(b - anchorBase) <= 0.5 * Math.max(anchorSize, r.fontSize);
      if (overlap >= 0.5 * minH && baseOk && !stackedOnNeighbour(cur, r)) {
        // A bigger run (not a superscript) becomes the anchor; only one set beside the line's
        // runs, not one in another column (a pull quote beside a column's lines): anchored there,
        // the line would take the next line of this column too and glue its words (issue 9).
        if (r.fontSize > anchorSize * 1.2 && cur.some((o) => besideRun(o, r))) ({ anchorTop, anchorBottom, anchorBase, anchorSize } = anchorOf(r));
        cur.push(r);
        continue;
      }
      lines.push(cur);
    }
    cur = [r];
    ({ anchorTop, anchorBottom, anchorBase, anchorSize } = anchorOf(r));
  }
  if (cur.length > 0) lines.push(cur);
  return lines;
}

/** Horizontal reach, in ems of the bigger run, within which a run's nearest neighbour must share its baseline. */
const NEIGHBOUR_REACH_EM = 2;
/** Lines of text sit at least about an em apart, baseline to baseline (set solid: exactly one). */
const STACKED_PITCH_EM = 0.9;

/**
 * Is `r` a line above or below its nearest neighbour already in the line? Clustering against the
 * line's anchor alone lets a chain form: a larger run in another column (a section heading beside
 * a column's small footnote lines) overlaps two of those lines vertically, becomes the anchor,
 * and the next line's words join the first — "Christian http://… Gogolin: You latex@…", two
 * lines interleaved word by word. Two runs at the same x (or a couple of ems apart) whose
 * baselines are a line's pitch apart (STACKED_PITCH_EM) are stacked, not one line (issue 9). A
 * superscript and a subscript set on one symbol (Ψ²₁) are closer: under an em of their size.
 */
function stackedOnNeighbour(line: TextRun[], r: TextRun): boolean {
  if (r.baseline === undefined) return false;
  let nearest: TextRun | null = null;
  let nearestGap = Infinity;
  for (const o of line) {
    const gap = Math.max(0, o.x - (r.x + r.width), r.x - (o.x + o.width));
    if (gap < nearestGap) { nearestGap = gap; nearest = o; }
  }
  if (!nearest || nearest.baseline === undefined) return false;
  const em = Math.max(nearest.fontSize, r.fontSize);
  const apart = Math.abs(baselineOf(nearest) - baselineOf(r));
  if (nearestGap <= NEIGHBOUR_REACH_EM * em && apart >= STACKED_PITCH_EM * em) return true;
  return apart >= OVERLAID_PITCH_EM * em && overlaidWords(nearest, r, line);
}

/** Two words drawn over each other are lines this many ems apart at least (overprinted bold, a shadow: less). */
const OVERLAID_PITCH_EM = 0.25;
/** Share of the narrower word's width under the other word: one line's words never overlap so. */
const OVERLAID_SHARE = 0.5;

/**
 * Two words of the body's type, one drawn over the other's place a fraction of a line lower: the
 * lines of a paragraph set with less leading than its type (a narrow box of a template squeezes 10
 * pt lines 4-7 pt apart), not one line ("Base" over "your" read "Baseyour", "where" over "a"
 * "wherea"). Words of one line sit side by side; an accent over its letter is a mark, not a letter; scripts set on one symbol
 * (x_ij^ab) are smaller than their line's type and stay with it.
 */
function overlaidWords(a: TextRun, b: TextRun, line: TextRun[]): boolean {
  const under = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  if (under < OVERLAID_SHARE * Math.min(a.width, b.width)) return false;
  const lineSize = line.reduce((m, o) => Math.max(m, o.fontSize), 0);
  // A letter, not a modifier: pdf.js maps TeX's circumflex and caron accents to modifier letters.
  const bodyType = (r: TextRun) => r.fontSize >= (1 - SAME_SIZE) * lineSize && /[\p{Lu}\p{Ll}\p{Lt}\p{Lo}]/u.test(r.text);
  return Math.abs(a.fontSize - b.fontSize) <= SAME_SIZE * Math.max(a.fontSize, b.fontSize) && bodyType(a) && bodyType(b);
}

/** Runs further apart than this many ems of the bigger one are not beside each other (columns). */
const BESIDE_GAP_EM = 1;

function besideRun(a: TextRun, b: TextRun): boolean {
  const gap = Math.max(a.x - (b.x + b.width), b.x - (a.x + a.width));
  return gap <= BESIDE_GAP_EM * Math.max(a.fontSize, b.fontSize);
}

function anchorOf(r: TextRun): { anchorTop: number; anchorBottom: number; anchorBase: number; anchorSize: number } {
  return { anchorTop: r.y, anchorBottom: r.y + r.height, anchorBase: baselineOf(r), anchorSize: r.fontSize };
}

/** Gaps under this many ems are inside a word (a ligature, a kern) or a plain word space. */
const WORD_GAP_EM = 0.15;
/** Justification stretches a line's spaces to at most this many ems (a wider gap is a column's). */
const JUSTIFIED_MAX_EM = 4;
/** Spaces of one justified line are equal to this many ems (glyph positions are rounded). */
const JUSTIFIED_TOLERANCE_EM = 0.025;
/** Share of a justified stretch's runs that hold letters (the rest: figures, footnote marks). */
const JUSTIFIED_WORD_SHARE = 0.6;
/** Sizes within this share of each other are one size. */
const SAME_SIZE = 0.1;
/**
 * Words of a justified line vary in width by more than this many ems, where they are short: a row
 * of equal short cells ("Jan Feb Mar", "Q1 Q2 Q3") is spread with equal gaps too. Longer words of
 * one width happen in a line ("Likely Matter Image", a wrapped heading spread over a justified
 * column, 0.47 em apart at 15 pt) and a row of cells has no flush paragraph line beside it.
 */
const WORD_WIDTHS_VARY_EM = 0.5;
/** Short words (median characters), as a row of equal cells holds. */
const CELL_WORD_MAX_CHARS = 3;

/** Justified lines of one paragraph: baselines this many sizes apart at most. */
const NEIGHBOUR_LINE_EM = 2.5;
/** Lines flush with each other: both edges within this many ems. */
const FLUSH_EM = 0.1;

interface Stretch {
  words: TextRun[];
  x0: number;
  x1: number;
  size: number;
}

/**
 * Spaces of one justified line differ by this much more (ems) where the faces on either side of
 * them differ: a space takes its face's natural width before the stretch is added, and a bold or
 * italic face's space is wider or narrower (DejaVu Sans Bold's 0.35 em against 0.32; a run-in bold
 * heading opening a justified line).
 */
const FACE_SPACE_EM = 0.05;
/** Words of one line sit on one baseline, to this many ems (glyph positions are rounded). */
const BASELINE_EM = 0.1;

/** A line's words: runs chained while the gap between them is inside a word (a ligature, a kern). */
function lineWords(line: TextRun[]): TextRun[][] {
  const words: TextRun[][] = [];
  for (const r of line) {
    const last = words[words.length - 1];
    const prev = last?.[last.length - 1];
    if (prev && r.x - (prev.x + prev.width) <= WORD_GAP_EM * Math.max(prev.fontSize, r.fontSize)) last.push(r);
    else words.push([r]);
  }
  return words;
}

const wordText = (w: TextRun[]): string => w.map((r) => r.text).join('').trim();
const wordEnd = (w: TextRun[]): number => Math.max(...w.map((r) => r.x + r.width));
const sameFace = (a: TextRun, b: TextRun): boolean => a.bold === b.bold && a.italic === b.italic && a.fontName === b.fontName;

/**
 * Stretches of a line (sorted by x) that may be justified text: three or more words of one size
 * and varied widths with equal gaps side by side (justification widens every space of a line by
 * the same amount; a table row has equal gaps only when its cells are equally wide too, or each
 * column is as wide as its heading; the gutters between justified columns are equal too, but
 * never side by side: a column's own words lie between them). A word is measured whole, however
 * many runs set it (Chromium parts "fi" from "nal" at a ligature: the stretch ends at the word's
 * end, flush with its column, not inside it); a run of several words set with plain spaces is
 * no justified word (a column's unstretched line between two gutters, the next column's line
 * beyond a gutter as wide as a heading's stretched spaces).
 */
function equalGapStretches(line: TextRun[]): Stretch[] {
  const out: Stretch[] = [];
  const words = lineWords(line);
  const lettered = (w: TextRun[]) => /\p{L}/u.test(wordText(w));
  // One size: a heading's line set beside a column's line (the gutter between them) is not one line.
  const sameSize = (a: TextRun, b: TextRun) => !/\p{L}/u.test(a.text) || !/\p{L}/u.test(b.text) || Math.abs(a.fontSize - b.fontSize) <= SAME_SIZE * Math.max(a.fontSize, b.fontSize);
  const gapAfter = (k: number) => words[k + 1][0].x - wordEnd(words[k]);
  const spaced = (w: TextRun[]) => /\s/.test(wordText(w));
  for (let i = 0; i + 1 < words.length; ) {
    const ref = gapAfter(i);
    const [before, after] = [words[i][words[i].length - 1], words[i + 1][0]];
    const size = Math.max(before.fontSize, after.fontSize);
    const equal = (k: number) => {
      const [b, a] = [words[k][words[k].length - 1], words[k + 1][0]];
      // Only between words: a list's bullet (a glyph of another font) opens no justified line.
      const words4 = [b, a, before, after].every((r) => /\p{L}/u.test(r.text));
      const faces = !words4 || (sameFace(b, before) && sameFace(a, after)) ? 0 : FACE_SPACE_EM;
      // One baseline: a word beyond a gutter, on the next column's line at another height, is
      // not this line's (a footnote mark, raised, is let through by its figures).
      const oneBaseline = !words4 || Math.abs(baselineOf(a) - baselineOf(before)) <= BASELINE_EM * size;
      return Math.abs(gapAfter(k) - ref) <= (JUSTIFIED_TOLERANCE_EM + faces) * size && sameSize(a, before) && oneBaseline;
    };
    // Every space of a justified line is stretched: a run holding plain spaces is no word of one
    // (the next column's line beyond a gutter as wide as a heading's stretched spaces), but for a
    // list item's first run, its marker set with its first word ("a. Company").
    if (spaced(words[i]) && listMarker(wordText(words[i])) === null) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < words.length && equal(j) && !spaced(words[j + 1])) j++;
    const count = j - i;
    const start = i;
    i = Math.max(j, i + 1);
    if (count < 2 || ref > JUSTIFIED_MAX_EM * size) continue;
    const stretch = words.slice(start, j + 1);
    // Words: a footnote mark or a figure among them is allowed.
    if (stretch.filter(lettered).length < JUSTIFIED_WORD_SHARE * stretch.length) continue;
    const widths = stretch.map((w) => wordEnd(w) - w[0].x);
    const short = median(stretch.map((w) => [...wordText(w)].length)) <= CELL_WORD_MAX_CHARS;
    if (short && Math.max(...widths) - Math.min(...widths) <= WORD_WIDTHS_VARY_EM * size) continue;
    out.push({ words: stretch.map((w) => w[0]), x0: stretch[0][0].x, x1: wordEnd(stretch[stretch.length - 1]), size });
  }
  return out;
}

/** Passes over the lines that chain two-word justified lines to the ones found before. */
const PAIR_PASSES = 4;
/** A justified two-word line's neighbour in its paragraph: baselines at most this many ems apart (a line's pitch). */
const PAIR_PITCH_EM = 1.7;
/**
 * The widest space of a justified pair (ems): a heading's two words spread over a narrow column
 * stand wider apart than a justified line's spaces ever do ("Large      Space" over "Demand", 4.3
 * em at 14 pt in a 2-inch column); the flush line of its paragraph beside it is what tells them.
 */
const PAIR_MAX_EM = 8;

/**
 * Two words side by side (each of one or more runs, none holding a space) with letters, of one size: a justified line
 * of two words has a single stretched space, so it has no equal gaps to show (narrow columns,
 * long words, a wrapped heading set justified).
 */
function wordPairs(line: TextRun[], gapEm: number): Stretch[] {
  const words = lineWords(line);
  const out: Stretch[] = [];
  for (let k = 1; k < words.length; k++) {
    const [a, b] = [words[k - 1], words[k]];
    const size = Math.max(a[0].fontSize, b[0].fontSize);
    const gap = b[0].x - (a[a.length - 1].x + a[a.length - 1].width);
    // One word each (runs holding several words are pieces of lines, set with plain spaces).
    const word = (w: TextRun[]) => {
      const t = w.map((r) => r.text).join('').trim();
      return /\p{L}/u.test(t) && !/\s/.test(t);
    };
    // Only a space wide enough to part the line matters.
    if (gap <= gapEm * size || gap > PAIR_MAX_EM * size || !word(a) || !word(b) || Math.abs(a[0].fontSize - b[0].fontSize) > SAME_SIZE * size) continue;
    // On one baseline: lines of two columns at other heights may be grouped as one line.
    if (Math.abs(baselineOf(b[0]) - baselineOf(a[a.length - 1])) > BASELINE_EM * size) continue;
    const end = b[b.length - 1];
    out.push({ words: [a[0], b[0]], x0: a[0].x, x1: end.x + end.width, size });
  }
  return out;
}

/** A list item's hanging indent: its lines start at most this many ems right of its marker. */
const HANGING_INDENT_EM = 3;

/**
 * A line starts flush with a stretch: at its left edge or, where the stretch opens a list item with
 * its marker in the first run ("a. Company", as Chromium sets an ordered item), at the item's
 * hanging indent, right of the marker (the marker's own width inside the run is not known).
 */
function flushLeft(s: Stretch, x: number, tolerance: number): boolean {
  if (Math.abs(x - s.x0) <= tolerance) return true;
  return listMarker(s.words[0].text) !== null && x > s.x0 && x <= s.x0 + HANGING_INDENT_EM * s.size;
}

/**
 * The runs (sorted lines) that follow a stretched space of justified text: a stretch of equal
 * gaps flush at both edges with a line of its paragraph just above or below (or flush left with
 * the paragraph's last line below it), that line either unbroken (no gap wider than `gapEm`) or
 * justified itself. Chromium sets a narrow column's
 * justified line one run per word with spaces up to 1.6 em (12 pt in a 3-inch column), wider than
 * a column gap: without this they were read as table rows (html family). A table's heading row
 * with equal gaps (columns as wide as their headings) has rows of cells under it, not a flush line.
 */
export function justifiedSpaces(lines: TextRun[][], gapEm: number): Set<TextRun> {
  const out = new Set<TextRun>();
  const stretches = lines.map(equalGapStretches);
  const inStretch = new Set(stretches.flat().flatMap((s) => s.words.slice(1)));
  const baseline = (line: TextRun[]) => (line.length ? baselineOf(line[0]) : NaN);
  // The paragraph's last line, below, is flush left only.
  const flushIn = (s: Stretch, line: TextRun[], below: boolean): boolean => {
    const over = line.filter((r) => r.x < s.x1 && r.x + r.width > s.x0);
    if (over.length === 0) return false;
    const tolerance = FLUSH_EM * s.size;
    const right = Math.max(...over.map((r) => r.x + r.width));
    if (!flushLeft(s, over[0].x, tolerance) || right > s.x1 + tolerance || (!below && right < s.x1 - tolerance)) return false;
    return over.every((r, k) => k === 0 || r.x - (over[k - 1].x + over[k - 1].width) <= gapEm * r.fontSize || inStretch.has(r));
  };
  lines.forEach((line, i) => {
    for (const s of stretches[i]) {
      const near = (j: number) => j >= 0 && j < lines.length && j !== i && Math.abs(baseline(lines[j]) - baseline(line)) <= NEIGHBOUR_LINE_EM * s.size;
      let flush = false;
      // Lines come sorted by baseline (groupLines); a few either side cover the lines of other columns.
      for (let j = i - NEIGHBOUR_SCAN; j <= i + NEIGHBOUR_SCAN && !flush; j++) if (near(j)) flush = flushIn(s, lines[j], baseline(lines[j]) > baseline(line));
      if (flush) for (const w of s.words.slice(1)) out.add(w);
    }
  });
  // A justified line of two words: flush at both edges with a line of its paragraph just above or
  // below, set in its size and weight, that line unbroken, justified with equal gaps, or such a
  // pair itself (narrow columns hold runs of them); a row of two cells beside a row of cells is not.
  // A bold pair (a heading wrapped in a justified column: its first line spread, its last line
  // short) may have its paragraph's last line below it, flush left only.
  const pairs = lines.map((line) => wordPairs(line, gapEm).filter((s) => !out.has(s.words[1])));
  // The pair spans its column: some unbroken line near it runs from its left edge to its right
  // (two headings side by side in two columns, "Approach" beside "Approach", span no column).
  // Lines are sorted by baseline: the scan walks out from the pair's line as far as COLUMN_WIDE_EMS,
  // however many lines of other columns lie between (three columns interleave theirs).
  const nearLine = (s: Stretch, i: number, test: (line: TextRun[]) => boolean): boolean => {
    const reach = COLUMN_WIDE_EMS * s.size;
    for (const step of [-1, 1]) {
      for (let k = i + step; k >= 0 && k < lines.length && Math.abs(baseline(lines[k]) - baseline(lines[i])) <= reach; k += step) if (test(lines[k])) return true;
    }
    return false;
  };
  const columnWide = (s: Stretch, i: number): boolean => nearLine(s, i, (line) => flushIn(s, line, false));
  // A plain pair over its paragraph's short last line (a list item's first line spread over a
  // narrow column: "•  Current      develop" over "energy") ends where its column's lines end: some
  // unbroken or justified line near it runs from its left edge or further left (the item's parent,
  // the paragraph the list sits in) flush to its right edge. A table's last row over a note has no
  // column of lines ending flush with its last cell.
  const endsColumn = (s: Stretch, i: number): boolean => {
    const reach = COLUMN_WIDE_EMS * s.size;
    const tolerance = FLUSH_EM * s.size;
    // The piece of the line ending flush with the pair's right edge, walked back over word
    // spaces and stretched ones (another column's line beside it is no part of it), starts at or
    // left of the pair's left edge.
    return nearLine(s, i, (line) => {
      let k = line.findIndex((r) => Math.abs(r.x + r.width - s.x1) <= tolerance);
      if (k < 0 || line.some((r) => r.x < s.x1 && r.x + r.width > s.x1 + tolerance)) return false;
      while (k > 0 && line[k - 1].x + line[k - 1].width >= s.x0 - reach && (line[k].x - (line[k - 1].x + line[k - 1].width) <= gapEm * line[k].fontSize || inStretch.has(line[k]))) k--;
      return line[k].x <= s.x0 + tolerance;
    });
  };
  // A pair whose first word ends a stretch already joined (equal spaces before it, a wider one
  // after: Chromium spread "Region Basis Union Around" over a column with gaps of 10.3, 10.2 and
  // 9.6 pt) starts where that stretch starts.
  const joinedFrom = (line: TextRun[], s: Stretch): Stretch => {
    let k = line.indexOf(s.words[0]);
    while (k > 0 && out.has(line[k])) k--;
    return k >= 0 && line[k] !== s.words[0] ? { ...s, x0: line[k].x } : s;
  };
  for (let pass = 0, found = true; found && pass < PAIR_PASSES; pass++) {
    found = false;
    lines.forEach((line, i) => {
      for (const pair of pairs[i]) {
        if (out.has(pair.words[1])) continue;
        const s = joinedFrom(line, pair);
        let spans: boolean | undefined;
        for (let j = Math.max(0, i - NEIGHBOUR_SCAN); j <= Math.min(lines.length - 1, i + NEIGHBOUR_SCAN); j++) {
          if (j === i) continue;
          const over = lines[j].filter((r) => r.x < s.x1 && r.x + r.width > s.x0);
          if (over.length === 0) continue;
          // Measured on the runs under the pair: a grouped line may hold other columns' runs on
          // baselines of their own (a short heading line beside a column's body line).
          const d = Math.abs(baselineOf(s.words[0]) - baselineOf(over[0]));
          if (d === 0 || d > PAIR_PITCH_EM * s.size) continue;
          const lastLineBelow = baselineOf(over[0]) > baselineOf(s.words[0]) && (spans ??= s.words[0].bold ? columnWide(s, i) : endsColumn(s, i));
          if (!over.every((r) => Math.abs(r.fontSize - s.size) <= SAME_SIZE * s.size && r.bold === s.words[0].bold) || !flushIn(s, lines[j], lastLineBelow)) continue;
          out.add(s.words[1]);
          inStretch.add(s.words[1]);
          found = true;
          break;
        }
      }
    });
  }
  return out;
}

/** Lines looked at either side for a justified stretch's paragraph neighbour (one per column). */
const NEIGHBOUR_SCAN = 6;
/** A bold pair's column is measured on lines this near (ems of its size): a few of its column's lines. */
const COLUMN_WIDE_EMS = 8;

/** A section's number by itself: "1.2", "1.2.1", "3.", "A.1", "IV." (a bare "1" is a table's row number too). */
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){1,3}\.?|\d{1,2}\.|[A-Z]\.(?:\d{1,2}\.?){0,3}|[IVX]{1,5}\.)$/;
/** A bare section number ("4", LaTeX's \section): a heading's only when set larger than the body. */
const BARE_SECTION_NUMBER = /^\d{1,2}$/;

/** A section's number by itself, bare ("4") or not ("1.2", "3.", "A.1", "IV."). */
export function isSectionNumber(text: string): boolean {
  const t = text.trim();
  return SECTION_NUMBER.test(t) || BARE_SECTION_NUMBER.test(t);
}
/** The widest space a heading sets between its number and its title (a quad and some). */
const NUMBER_GAP_EM = 3;
/** Text opening with a Han, kana or Hangul character. */
const CJK_START = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;

/**
 * A heading's number and its title, set apart by a quad ("1.2      Brief tutorial"): one line, not
 * two columns. Only in display type (larger than the body, or bold at its size), the title of the
 * same size and weight, starting with a letter, within three ems. A table's row label at body
 * size stays its own cell.
 */
function headingNumberGap(piece: TextRun[], r: TextRun, body: number): boolean {
  if (body <= 0 || piece.length !== 1) return false;
  const n = piece[0];
  if (!isSectionNumber(n.text)) return false;
  const bare = BARE_SECTION_NUMBER.test(n.text.trim());
  const title = r.text.trim();
  // A Chinese, Japanese or Korean title is set in a face that comes in one weight (a heiti, a
  // gothic), beside a number in the bold Latin face: the weights differ, the heading is one.
  const weightOk = n.bold === r.bold || CJK_START.test(title);
  if (Math.abs(n.fontSize - r.fontSize) > 0.05 * n.fontSize || !weightOk || !/^\p{L}/u.test(title)) return false;
  if (!(n.fontSize >= 1.15 * body || (!bare && n.bold && n.fontSize >= 0.95 * body))) return false;
  return r.x - (n.x + n.width) <= NUMBER_GAP_EM * n.fontSize;
}

/** A gutter is wider than a word space (a justified line's stretched spaces can be as wide). */
const GUTTER_MIN_EM = 0.6;
/** How far above and below the gap its column edges are looked for, in the line's size. */
const GUTTER_REACH_EM = 10;
/** A column left of a gutter is at least this many ems wide (text, not a list's marks). */
const GUTTER_COLUMN_EM = 4;
/** Type this many times larger, in another weight, across a gap: a title beside the next column's text. */
const TITLE_SIZE_RATIO = 1.2;
/** Lines that must end at the gap's left side and start at its right side for it to be a gutter. */
const GUTTER_EDGE_LINES = 3;

/**
 * The gap from `a` to `b` on line `i` (its text on the left from `from`) is a column gutter: the
 * text on its left is a column's (four ems wide at least, here and on the lines counted), and
 * around it lines end flush at its left side and start flush at its right side (GUTTER_EDGE_LINES
 * of each), and at most one line in
 * three of those crosses it. A heading justified to its column's full width stretches its spaces
 * as wide as the gutter beside it (LaTeX sets section titles justified), and in large type the
 * gutter (10 pt in LaTeX's two columns) is less than a wide gap, so neither the gap's width nor
 * equal gaps tell it from the next column. A table's label column is ragged at the right and its
 * figures are not flush at the left, so a long label's spaces are not taken for a gutter.
 */
function gutterChannel(lines: TextRun[][], i: number, from: number, a: number, b: number, typeChanges: boolean): boolean {
  const size = lines[i][0].fontSize;
  const y = baselineOf(lines[i][0]);
  // A column of text on the left: a list's numbers with their items hung after them, a column of
  // row labels, leave a channel too (OCR's footnotes "1 Trade…" "2 Capital…" lost a line split so).
  // A title's last word alone is narrow too, when its spaces are stretched wider than the gutter;
  // but a title in larger type does not run on in the body's type across a gap: that gap needs no
  // width of text on its left.
  const wide = (start: number, fontSize: number) => a - start >= GUTTER_COLUMN_EM * fontSize;
  if (!typeChanges && !wide(from, size)) return false;
  let ends = 0;
  let starts = 0;
  let crossed = 0;
  for (const dir of [-1, 1]) {
    for (let j = i + dir; j >= 0 && j < lines.length; j += dir) {
      const line = lines[j];
      if (line.length === 0) continue;
      if (Math.abs(baselineOf(line[0]) - y) > GUTTER_REACH_EM * size) break;
      if (line.some((r) => r.x < b - 1 && r.x + r.width > a + 1)) crossed++;
      else {
        if (line.some((r) => r.x + r.width <= a + 1 && r.x + r.width >= a - r.fontSize) && wide(line.reduce((m, r) => (r.x < a ? Math.min(m, r.x) : m), a), line[0].fontSize)) ends++;
        if (line.some((r) => r.x >= b - 1 && r.x <= b + 0.5 * r.fontSize)) starts++;
      }
    }
  }
  // The change of type is evidence of its own: a column's last lines beside the title are enough,
  // and on the right one more line of a column that ends there (a page's last column, two lines
  // at the top beside a section title: issue 9).
  const edges = typeChanges ? GUTTER_EDGE_LINES - 1 : GUTTER_EDGE_LINES;
  const startEdges = typeChanges ? 1 : GUTTER_EDGE_LINES;
  return ends >= edges && starts >= startEdges && 3 * crossed <= Math.min(ends, starts);
}

/** Splits each line at wide gaps (not at a justified line's stretched spaces) and builds segments. */
export function buildSegments(runs: TextRun[], gapEm = SEGMENT_GAP_EM, body = 0): Segment[] {
  const out: Segment[] = [];
  const lines = groupLines(runs);
  for (const line of lines) line.sort((a, b) => a.x - b.x);
  const stretched = justifiedSpaces(lines, gapEm);
  lines.forEach((line, lineId) => {
    let piece: TextRun[] = [];
    let right = -Infinity;
    for (const r of line) {
      const size = Math.max(r.fontSize, piece.length ? piece[0].fontSize : 0);
      const gap = r.x - right;
      const wide = gap > gapEm * size && !stretched.has(r);
      const prev = piece[piece.length - 1];
      const typeChanges = prev !== undefined && Math.max(prev.fontSize, r.fontSize) >= TITLE_SIZE_RATIO * Math.min(prev.fontSize, r.fontSize) && prev.bold !== r.bold;
      // A justified line's stretched space is no gutter, even where the lines below leave a channel
      // under it (a heading's spread first line over its short last line).
      const gutter = !wide && !stretched.has(r) && gap > GUTTER_MIN_EM * Math.min(r.fontSize, piece[0]?.fontSize ?? r.fontSize) && gutterChannel(lines, lineId, piece[0]?.x ?? r.x, right, r.x, typeChanges);
      if (piece.length > 0 && (wide || gutter) && !headingNumberGap(piece, r, body)) {
        out.push(makeSegment(piece, lineId));
        piece = [];
        right = -Infinity;
      }
      piece.push(r);
      right = Math.max(right, r.x + r.width);
    }
    if (piece.length > 0) out.push(makeSegment(piece, lineId));
  });
  return out;
}

/** Joins runs left to right with inferred spaces; RTL lines are joined right to left. */
export function joinRuns(runs: TextRun[], rtl: boolean): string {
  const ordered = rtl ? runs.slice().reverse() : runs;
  let text = '';
  for (let i = 0; i < ordered.length; i++) {
    const r = ordered[i];
    if (i > 0) {
      const p = ordered[i - 1];
      const gap = rtl ? p.x - (r.x + r.width) : r.x - (p.x + p.width);
      const size = Math.min(p.fontSize, r.fontSize);
      if (gap > 0.15 * size && !/\s$/.test(text) && !/^\s/.test(r.text)) text += ' ';
    }
    text += r.text;
  }
  return text.replace(/\s+/g, ' ').trim();
}

export function makeSegment(runs: TextRun[], lineId: number): Segment {
  let x0 = Infinity, x1 = -Infinity, top = Infinity, bottom = -Infinity;
  const sizeChars = new Map<number, number>();
  let boldChars = 0, italicChars = 0, monoChars = 0, chars = 0, symbolChars = 0;
  let baseline = 0;
  let bestSize = -1;
  for (const r of runs) {
    x0 = Math.min(x0, r.x);
    x1 = Math.max(x1, r.x + r.width);
    top = Math.min(top, r.y);
    bottom = Math.max(bottom, r.y + r.height);
    const n = r.text.replace(/\s/g, '').length;
    chars += n;
    if (r.bold) boldChars += n;
    if (r.italic) italicChars += n;
    if (r.monospace) monoChars += n;
    else if (!/[\p{L}\p{N}]/u.test(r.text)) symbolChars += n;
    const s = Math.round(r.fontSize * 2) / 2;
    sizeChars.set(s, (sizeChars.get(s) ?? 0) + n);
    if (r.fontSize > bestSize) {
      bestSize = r.fontSize;
      baseline = baselineOf(r);
    }
  }
  let size = bestSize;
  let best = -1;
  for (const [s, n] of sizeChars) if (n > best || (n === best && s > size)) { best = n; size = s; }
  const raw = runs.map((r) => r.text).join('');
  const rtl = isRtlText(raw);
  return {
    runs,
    text: joinRuns(runs, rtl),
    x0, x1, top, bottom, baseline, size,
    bold: chars > 0 && boldChars / chars > 0.8,
    italic: chars > 0 && italicChars / chars > 0.8,
    // Braces and backslashes in typewriter text come from a symbol font in TeX's OT1 encoding
    // (`\{`, `\textbackslash` are CMSY glyphs): runs of such marks only do not count against code.
    monospace: monoChars > 0 && monoChars / (chars - symbolChars) > 0.8,
    rtl,
    lineId,
  };
}
