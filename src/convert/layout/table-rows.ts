// Rows of a whitespace table (issue 9 item 3): each line is a draft row of cells placed in the
// columns; a line continues the row above when it is a wrapped cell (multi-line labels, headings
// set on several lines, a label centred on its values); a glued row-number column is split off.
import type { Chunk, Placement } from './table-columns.js';
import { joinCellLines } from './table-model.js';
import { median } from './order-stats.js';
import { withSignedFigure } from './table-cell-text.js';

/** One row of a whitespace table while it is built: a line, or lines merged into one row. */
export interface RowDraft {
  cells: string[];
  /** Horizontal extent of each cell's text (NaN where empty). */
  extents: { x0: number; x1: number }[];
  /** Columns spanned by the cell starting in each column (1 where it spans nothing). */
  spans: number[];
  /** A chunk of the row crosses a column boundary into another column's text (never a wrapped cell). */
  spanning: boolean;
  firstBaseline: number;
  lastBaseline: number;
  top: number;
  bottom: number;
  size: number;
  /** Every chunk of the line set in bold / in italic (a units row under bold headings differs). */
  bold: boolean;
  italic: boolean;
  /** A form field grid's row: a label row and its value row merged (table-field-rows.ts). */
  fieldPair?: true;
}

function onlyFirst(cells: string[]): boolean {
  return cells[0] !== '' && cells.every((t, c) => c === 0 || t === '');
}

/** A field's label: text closed by a colon. */
const LABEL_END = /\p{L}[^:]*:\s*$/u;
/** Lines of one wrapped cell are set at most this share of the usual line pitch apart. */
const WRAP_PITCH_SHARE = 0.85;
/** A number with an optional footnote marker or unit ("12.5", "1,204", "3.1*", "15.2¹", "(4.2)", "–"). */
export const NUMBER_LIKE = /^[([]?[-+−–]?[$€£]?\d[\d.,\s]*%?[)\]]?(?:[*†‡a-z]|[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})?$/u;
/**
 * A unit under a column heading (a units row: "Number", "%", "£ million", "'000s", "Rate"): the
 * words statistics tables use to say what the figures below count.
 */
const UNIT = /^(%|per ?cent|percent(age)?|numbers?|no\.?|counts?|rates?|ratio|index|shares?|[£$€¥]\s?(m|bn|k|mn|millions?|billions?|thousands?|000s?|'000s?)?|'?000s?|thousands?|millions?|billions?|persons|people|years?|months?|days?|hours?|kg|tonnes|t|km|ha|units?)$/i;
/** A year heading ("2019"): a period, not an amount. */
export const YEAR = /^(1[89]|2[01])\d\d$/;

/** A period heading: a year, a year range, a year with a footnote or revision marker. */
export const PERIOD = /^(1[89]|2[01])\d\d(\s?[-–/]\s?(\d{2}|\d{4}))?\s?([*†‡¹²³]|[a-z]|\([a-z]\))?$/u;

/**
 * A row numbering the columns under their headings ("(1) (2) (3)", as census tables set it so that
 * notes can name a column): every filled cell a number in parentheses, counting up by one from
 * the left. A heading row, not a row of figures.
 */
export function isColumnNumbering(cells: readonly string[]): boolean {
  const filled = cells.map((t) => t.trim()).filter(Boolean);
  if (filled.length < 2 || !filled.every((t) => /^\(\d{1,2}\)$/.test(t))) return false;
  const n = filled.map((t) => Number(t.slice(1, -1)));
  return n.every((v, i) => i === 0 || v === n[i - 1] + 1);
}

/** A figure of the body (an amount, a count, a share), not a period heading. */
export const isFigure = (text: string): boolean => NUMBER_LIKE.test(text.trim()) && !PERIOD.test(text.trim());

const headsValues = (d: RowDraft): boolean => d.cells.some((t, c) => c > 0 && t !== '');

export interface Extent {
  x0: number;
  x1: number;
}

/** The extent of each column's text in the given rows (cells that span nothing). */
export function columnExtents(rows: RowDraft[], nC: number): Extent[] {
  const out = Array.from({ length: nC }, () => ({ x0: Infinity, x1: -Infinity }));
  for (const r of rows) {
    for (let c = 0; c < nC; c++) {
      if (!r.cells[c] || (r.spans[c] ?? 1) > 1 || Number.isNaN(r.extents[c].x0)) continue;
      out[c].x0 = Math.min(out[c].x0, r.extents[c].x0);
      out[c].x1 = Math.max(out[c].x1, r.extents[c].x1);
    }
  }
  return out;
}

/** Edges of one heading's lines agree within this many font sizes (set by one rule, they agree to a fraction of a point). */
const ALIGN_EM = 0.15;
/** Centres of one heading's centred lines agree within this many font sizes. */
const CENTRE_EM = 0.5;

type HeadingAlign = 'right' | 'left' | 'any';

/**
 * How a row of headings sits over its columns: flush right (most headings end where their
 * column's text ends), flush left, or either (centred, or as wide as the column).
 */
function headingAlign(row: RowDraft, cols: Extent[], tol: number): HeadingAlign {
  let right = 0;
  let left = 0;
  let n = 0;
  for (let c = 1; c < row.cells.length; c++) {
    const e = row.extents[c];
    if (!row.cells[c] || !Number.isFinite(cols[c]?.x0)) continue;
    n++;
    const r = Math.abs(e.x1 - cols[c].x1) <= tol;
    const l = Math.abs(e.x0 - cols[c].x0) <= tol;
    if (r && !l) right++;
    if (l && !r) left++;
  }
  return right > n / 2 ? 'right' : left > n / 2 ? 'left' : 'any';
}

/**
 * Is `upper` a line of the same heading as `lower`? Aligned as the headings are: right edges
 * agree under right-aligned headings, left edges under left-aligned ones, and else any of the
 * edges or the centres. (A group heading centred over three columns lies centred over the
 * middle one too, but not flush with its right-aligned heading.)
 */
function aligned(upper: Extent, lower: Extent, mode: HeadingAlign, tol: number): boolean {
  const right = Math.abs(upper.x1 - lower.x1) <= tol;
  const left = Math.abs(upper.x0 - lower.x0) <= tol;
  // Centring is looser than an edge (a centred line's width rounds; a word space may trail).
  const centre = Math.abs(upper.x0 + upper.x1 - lower.x0 - lower.x1) <= 2 * CENTRE_EM * (tol / ALIGN_EM);
  return mode === 'right' ? right : mode === 'left' ? left : right || left || centre;
}

/**
 * How one heading sits over its column's text, when that says more than its row does: flush
 * right or left on one edge only, or flush with neither (centred, or over decimal-aligned
 * figures: a table may set some columns so and others flush right). Null when it is as wide as
 * the column's text or wider (its edges are the column's: they tell nothing).
 */
function columnAlign(e: Extent, col: Extent, tol: number): HeadingAlign | null {
  if (!Number.isFinite(col.x0) || Number.isNaN(e.x0) || e.x1 - e.x0 > col.x1 - col.x0 - tol) return null;
  const right = Math.abs(e.x1 - col.x1) <= tol;
  const left = Math.abs(e.x0 - col.x0) <= tol;
  if (right !== left) return right ? 'right' : 'left';
  return right ? null : 'any';
}

/**
 * Does a heading as wide as its column's text (or wider) sit on the edge its row's headings keep?
 * One that does not ("change" centred over decimal-aligned figures, under right-aligned headings)
 * is set otherwise, and its row's way says nothing about its own lines.
 */
function sitsAs(e: Extent, col: Extent, mode: HeadingAlign, tol: number): boolean {
  if (!Number.isFinite(col.x0) || Number.isNaN(e.x0)) return true;
  return mode === 'right' ? Math.abs(e.x1 - col.x1) <= tol : mode === 'left' ? Math.abs(e.x0 - col.x0) <= tol : true;
}

/**
 * Can two heading lines be lines of the same headings? Wherever both hold text over a value
 * column, it is aligned the same way (as the lower line sits over its column, else as its row's
 * headings mostly sit), and it is not a label over a year (a group over periods,
 * "Women" over 2015 2016 2017). `cols`: the columns as the body sets them.
 */
export function alignedHeadingLines(upper: RowDraft, lower: RowDraft, cols: Extent[]): boolean {
  const tol = ALIGN_EM * Math.max(upper.size, lower.size);
  const mode = headingAlign(lower, cols, tol);
  // Centred on each other as closely as an edge is set, over two columns or more: the lines of
  // centred headings, whatever edge the column's figures keep ("Per head / of / population").
  const shared = upper.cells.map((t, c) => (c > 0 && t && lower.cells[c] ? c : -1)).filter((c) => c > 0);
  const onCentre = (c: number) => Math.abs((upper.extents[c].x0 + upper.extents[c].x1) / 2 - (lower.extents[c].x0 + lower.extents[c].x1) / 2) <= tol;
  const centred = shared.length >= 2 && shared.every(onCentre);
  for (let c = 1; c < upper.cells.length; c++) {
    if (!upper.cells[c] || !lower.cells[c]) continue;
    if (centred && !PERIOD.test(lower.cells[c].trim())) continue;
    // Two lines of words centred on each other within one column (a heading centred over figures
    // kept at their right edge, "Percentage" over "change"): one heading's lines.
    if (onCentre(c) && /\p{L}{2}/u.test(upper.cells[c]) && /^\p{Ll}/u.test(lower.cells[c].trim())) continue;
    const own = columnAlign(lower.extents[c], cols[c], tol) ?? (sitsAs(lower.extents[c], cols[c], mode, tol) ? mode : 'any');
    if (PERIOD.test(lower.cells[c].trim()) || !aligned(upper.extents[c], lower.extents[c], own, tol)) return false;
  }
  // The label column: a stub heading sits on one line of the block (or its lines align too).
  return !(upper.cells[0] && lower.cells[0] && !aligned(upper.extents[0], lower.extents[0], 'any', tol));
}

/**
 * Draft rows merged into table rows (wrapped cells joined to the row they continue). Heading
 * lines above the first line of figures join only when aligned as one heading's lines are (see
 * also table-heading-lines.ts).
 */
export function buildRows(drafts: RowDraft[], cuts: number[]): RowDraft[] {
  const labelEdge = fullLabelEdge(drafts, cuts);
  const rowPitch = medianPitch(drafts);
  const wrapBelow = wrapPitchLimit(drafts);
  const firstFigures = drafts.findIndex((d) => d.cells.some((t, c) => c > 0 && isFigure(t)));
  const cols = columnExtents(firstFigures < 0 ? [] : drafts.slice(firstFigures), drafts[0]?.cells.length ?? 0);
  const rows: RowDraft[] = [];
  drafts.forEach((d, i) => {
    const prev = rows[rows.length - 1];
    // Heading lines join only where their text is aligned as one heading's lines are.
    // Labels side by side on two lines, in different columns, are two rows of group headings.
    const shared = prev !== undefined && d.cells.some((t, c) => c > 0 && t && prev.cells[c]);
    const misaligned = i <= firstFigures && prev !== undefined && headsValues(prev) && headsValues(d) && (!shared || !alignedHeadingLines(prev, d, cols));
    if (prev && !misaligned && !closerBelow(prev, d, drafts[i + 1], i < firstFigures) && continuesRow(prev, d, rows.length, labelEdge, rowPitch, wrapBelow)) mergeInto(prev, d);
    else rows.push(d);
  });
  return rows;
}

/**
 * A heading line set clearly closer to the line below it, in a column both hold, than to the line
 * above is that lower heading's first line ("Share / of total" under a group heading "Entire"): a
 * wrapped heading's lines are set tighter than the rows of headings.
 */
function closerBelow(prev: RowDraft, d: RowDraft, next: RowDraft | undefined, heading: boolean): boolean {
  if (!heading || !next || !d.cells.some((t, c) => c > 0 && t && next.cells[c])) return false;
  return next.firstBaseline - d.lastBaseline <= WRAP_PITCH_SHARE * (d.firstBaseline - prev.lastBaseline);
}

export function lineDraft(line: Chunk[], placed: Placement[], nC: number): RowDraft {
  const parts: Chunk[][] = Array.from({ length: nC }, () => []);
  const spans = new Array<number>(nC).fill(1);
  let crossing = false;
  line.forEach((ch, k) => {
    const p = placed[k];
    if (p.crossing) crossing = true;
    parts[p.col].push(ch);
    spans[p.col] = Math.max(spans[p.col], p.span);
  });
  // A span stops at the next column that holds text of its own.
  for (let c = 0; c < nC; c++) {
    for (let k = 1; k < spans[c]; k++) {
      if (parts[c + k]?.length) {
        spans[c] = k;
        break;
      }
    }
  }
  // A currency sign set apart from its figure, as a ruled cell's is (table-cell-text.ts): "£3 132".
  const cells = parts.map((chs) => withSignedFigure(joinCellLines(chs.sort((a, b) => a.x0 - b.x0).map((s) => s.text))));
  const extents = parts.map((chs) => (chs.length ? { x0: Math.min(...chs.map((s) => s.x0)), x1: Math.max(...chs.map((s) => s.x1)) } : { x0: NaN, x1: NaN }));
  return {
    cells,
    extents,
    spans,
    spanning: crossing || spans.some((s) => s > 1),
    firstBaseline: line[0].baseline,
    lastBaseline: line[0].baseline,
    top: Math.min(...line.map((s) => s.top)),
    bottom: Math.max(...line.map((s) => s.bottom)),
    size: Math.max(...line.map((s) => s.size)),
    bold: line.every((s) => s.bold),
    italic: line.every((s) => s.italic),
  };
}

/**
 * The x beyond which a first-column label fills its column: a label line ending there was
 * wrapped (text wraps only when the line is full), one ending well before it was not.
 */
function fullLabelEdge(drafts: RowDraft[], cuts: number[]): LabelEdge {
  const ends = drafts.filter((d) => d.cells[0] && d.spans[0] === 1 && (cuts.length === 0 || d.extents[0].x1 <= cuts[0]));
  if (ends.length === 0) return { full: Infinity, widest: Infinity };
  const x0 = Math.min(...ends.map((d) => d.extents[0].x0));
  const x1 = Math.max(...ends.map((d) => d.extents[0].x1));
  return { full: x0 + 0.7 * (x1 - x0), widest: x1 };
}

interface LabelEdge {
  /** A label line ending beyond this filled its column. */
  full: number;
  /** The right edge of the widest label. */
  widest: number;
}

/**
 * Did the label line `prev` end where it did because the next line's first word would not fit
 * (text wraps only then)? It fills its column, or that word, a space on, would reach past the
 * widest label of the column ("Until Whether" over "Change", wrapped short of the edge).
 */
function wrappedBefore(prev: RowDraft, d: RowDraft, edge: LabelEdge): boolean {
  const end = prev.extents[0].x1;
  if (end >= edge.full) return true;
  const text = d.cells[0];
  const word = /^\S+/u.exec(text)?.[0] ?? '';
  const e = d.extents[0];
  if (!word || Number.isNaN(e.x0)) return false;
  // Characters taken as equally wide: the word's share of its line's width.
  const width = ((e.x1 - e.x0) * word.length) / Math.max(1, text.length);
  return end + SPACE_EM * d.size + width > edge.widest;
}

/** A word space, in font sizes (Helvetica 0.28, Times 0.25). */
const SPACE_EM = 0.25;

/**
 * Does line d continue the row above (a multi-line cell) rather than start a row? Only when the
 * baselines are a wrapped-line pitch apart, no column gets a second number (numbers do not
 * wrap), and either d only adds to cells the row already has or gives a lone label its values
 * (its first cell empty), or one of
 * the two holds only a first-column label that wrapped: the continuation starts in lower case, or
 * the label line above fills its column and the lines are set tighter than rows. A short label
 * alone on its line is a section row.
 */
function continuesRow(prev: RowDraft, d: RowDraft, rowCount: number, labelEdge: LabelEdge, rowPitch: number, wrapBelow: number): boolean {
  if (prev.spanning || d.spanning) return false;
  const size = Math.max(d.size, prev.size);
  // Wrapped lines sit at most a row's pitch apart (leading varies: 1.2 to 1.4 em and more).
  const close = d.firstBaseline - prev.lastBaseline <= Math.max(1.25 * size, 1.05 * rowPitch);
  if (d.cells.some((t, c) => t && prev.cells[c] && NUMBER_LIKE.test(t.trim()))) return false;
  const filled = d.cells.filter(Boolean).length;
  if (twoHeaderRows(prev, d)) return false;
  // Two labels closed by a colon, one under the other in a column ("Subtotal:" over "VAT:"), are
  // two fields of an invoice or form, never the lines of one wrapped cell.
  if (d.cells.some((t, c) => t && prev.cells[c] && LABEL_END.test(t) && LABEL_END.test(prev.cells[c]))) return false;
  if (d.cells[0] === '') {
    // It goes on in cells the row has, or gives a label alone on its line (a label centred on
    // its values or set above them) its values, or is the next line of headings set on several
    // lines; sub-headings repeated under each group ("2019 2020 2019 2020") are a row of their own.
    const within = d.cells.every((t, c) => !t || prev.cells[c]) || onlyFirst(prev.cells) || repeatedBlocks(d.cells) === null;
    return within && filled < d.cells.length && (close || d.top - prev.bottom < 0.6 * size);
  }
  if (!close || rowCount < 2 || !prev.cells[0] || /:$/.test(prev.cells[0])) return false;
  // A label that goes on in lower case continues; one in capitals continues only a label line
  // that filled its column, set closer than rows are (otherwise it is the next row's label).
  const lower = /^\p{Ll}/u.test(d.cells[0]);
  const pitch = d.firstBaseline - prev.lastBaseline;
  const tight = Number.isFinite(wrapBelow) ? pitch < wrapBelow : pitch <= WRAP_PITCH_SHARE * rowPitch;
  const wrapped = lower || (tight && wrappedBefore(prev, d, labelEdge));
  if (onlyFirst(d.cells)) return wrapped;
  return onlyFirst(prev.cells) && wrapped;
}

/**
 * Two full rows of headings set in different type, or a row of units under the headings, are
 * two header rows (a heading wrapped onto a second line leaves the short headings' columns empty).
 */
export function twoHeaderRows(upper: RowDraft, lower: RowDraft): boolean {
  const full = (r: RowDraft) => r.cells.slice(1).every(Boolean);
  if (full(upper) && full(lower) && (upper.bold !== lower.bold || upper.italic !== lower.italic)) return true;
  // Units under two or more headings, each under one of them; a heading line that ends on a
  // word that cannot end a heading ("Number of" over "persons") goes on below: no units there.
  const units = lower.cells.map((t, c) => (c > 0 && t ? c : -1)).filter((c) => c > 0);
  return units.length >= 2 && units.every((c) => upper.cells[c] && UNIT.test(lower.cells[c].trim()) && !OPEN_END.test(upper.cells[c].trim()));
}

/** A word no heading ends on: a preposition, article or conjunction opening what follows. */
const OPEN_END = /(?:^|\s)(?:of|and|per|in|by|for|the|to|from|with|on|at|or|a|an)$/i;

/**
 * The pitch under which two lines are one cell's lines, where the table shows both pitches it is
 * set with: labels that surely wrapped (a line going on in lower case under a label) and rows that
 * surely start anew (a label in capitals beside figures). Cells wrap at the face's leading, rows
 * are set that or more apart; halfway between the two tells them apart where a fixed share of the
 * row pitch does not (9 pt rows 13.7 pt apart wrap at 11.7: 0.854 of it). Infinity when either
 * pitch is unseen or they are not told apart.
 */
function wrapPitchLimit(drafts: RowDraft[]): number {
  const wraps: number[] = [];
  const rows: number[] = [];
  for (let i = 1; i < drafts.length; i++) {
    const [prev, d] = [drafts[i - 1], drafts[i]];
    if (!prev.cells[0] || !d.cells[0] || prev.spanning || d.spanning) continue;
    const pitch = d.firstBaseline - prev.lastBaseline;
    if (/^\p{Ll}/u.test(d.cells[0]) && onlyFirst(d.cells)) wraps.push(pitch);
    else if (/^\p{Lu}/u.test(d.cells[0]) && d.cells.some((t, c) => c > 0 && isFigure(t))) rows.push(pitch);
  }
  if (wraps.length === 0 || rows.length === 0) return Infinity;
  const wrap = median(wraps);
  const row = median(rows);
  const size = median(drafts.map((d) => d.size));
  return row - wrap >= MIN_PITCH_DIFF_EM * size ? (wrap + row) / 2 : Infinity;
}

/** Row and wrapped-line pitches this many font sizes apart or more are told apart. */
const MIN_PITCH_DIFF_EM = 0.1;

/** Lines looked back over for the line above in the same column. */
const PITCH_LOOK_BACK = 3;

/**
 * The usual distance between the baselines of consecutive lines of a column: from each line to
 * the nearest line above with text in a column it has too. Figures centred on a row whose label
 * wraps stand on a line of their own between the label's lines ("Object major", "68.6  5.9",
 * "river"): measured line to line, the table's pitch came out half a line, and every wrapped label
 * looked set too far apart to be one cell.
 */
function medianPitch(drafts: RowDraft[]): number {
  const gaps: number[] = [];
  drafts.forEach((d, i) => {
    for (let j = i - 1; j >= Math.max(0, i - PITCH_LOOK_BACK); j--) {
      if (!d.cells.some((t, c) => t && drafts[j].cells[c])) continue;
      gaps.push(d.firstBaseline - drafts[j].lastBaseline);
      return;
    }
    if (i > 0) gaps.push(d.firstBaseline - drafts[i - 1].lastBaseline);
  });
  gaps.sort((a, b) => a - b);
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : Infinity;
}

export function mergeInto(prev: RowDraft, d: RowDraft): void {
  d.cells.forEach((t, c) => {
    if (!t) return;
    prev.cells[c] = joinCellLines(prev.cells[c] ? [prev.cells[c], t] : [t]);
    const e = prev.extents[c];
    prev.extents[c] = prev.cells[c] === t ? d.extents[c] : { x0: Math.min(e.x0, d.extents[c].x0), x1: Math.max(e.x1, d.extents[c].x1) };
  });
  prev.lastBaseline = d.lastBaseline;
  prev.bottom = d.bottom;
}

const INDEX_LEAD = /^(\d{1,3})\s+(\S.*)$/s;

/**
 * A narrow row-number column merged with its neighbour ("1 Easy", "2 Normal", …, under "# Topic"):
 * when most cells of a column start with a number that counts up by one from row to row, the
 * numbers are a column of their own. Returns the new column count (rows are edited in place).
 */
export function splitIndexColumn(rows: RowDraft[], nC: number): number {
  for (let c = 0; c < nC; c++) {
    const hits: number[] = [];
    let filled = 0;
    rows.forEach((r, i) => {
      if (!r.cells[c]) return;
      filled++;
      const m = INDEX_LEAD.exec(r.cells[c]);
      if (m && !/^[\d.,%]+$/.test(m[2])) hits.push(i);
    });
    if (hits.length < 3 || hits.length < 0.6 * filled) continue;
    const nums = hits.map((i) => Number(INDEX_LEAD.exec(rows[i].cells[c])![1]));
    let steps = 0;
    for (let k = 1; k < nums.length; k++) if (nums[k] === nums[k - 1] + 1) steps++;
    if (steps < 0.8 * (nums.length - 1)) continue;
    const firstHit = hits[0];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const m = hits.includes(i) ? INDEX_LEAD.exec(r.cells[c]) : null;
      // A heading row above the numbers ("# Topic", "No. Name") splits the same way.
      const head = i < firstHit ? /^(#|No\.?|Nr\.?|N°)\s+(\S.*)$/i.exec(r.cells[c]) : null;
      const [num, rest] = m ? [m[1], m[2]] : head ? [head[1], head[2]] : ['', r.cells[c]];
      r.cells.splice(c, 1, num, rest);
      const e = r.extents[c];
      r.extents.splice(c, 1, { x0: e.x0, x1: e.x0 }, { x0: e.x0, x1: e.x1 });
      r.spans.splice(c, 1, 1, r.spans[c] ?? 1);
      // A cell spanning over the split column now spans one more.
      for (let k = 0; k < c; k++) if (k + r.spans[k] > c) r.spans[k]++;
    }
    return nC + 1;
  }
  return nC;
}

/**
 * Sub-headings repeated under each group ("2019 2020 | 2019 2020"): the value columns (all but
 * the first) fall into blocks of the repeat's period. Null when the row does not repeat.
 */
export function repeatedBlocks(cells: string[]): { from: number; to: number }[] | null {
  const values = cells.slice(1).map((t) => t.replace(/\s+/g, ' ').trim());
  if (values.some((t) => !t)) return null;
  for (let p = 1; p <= values.length / 2; p++) {
    if (values.length % p !== 0) continue;
    if (!values.every((t, i) => i + p >= values.length || t === values[i + p])) continue;
    // One sub-heading repeated over every column says nothing about groups.
    if (p === 1) return null;
    return Array.from({ length: values.length / p }, (_, k) => ({ from: 1 + k * p, to: k * p + p }));
  }
  return null;
}
