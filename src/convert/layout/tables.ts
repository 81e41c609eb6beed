// Text → table cells: ruled grids (cells from the rules, spans where a rule is missing) and
// whitespace grids (columns from alignment across rows, rows from lines; wrapped cells merged).
import type { TextRun } from './types.js';
import type { RuledGrid } from './ruled-tables.js';
import type { Interval, Item } from './regions.js';
import { splitBands } from './regions.js';
import { buildSegments, type Segment } from './lines.js';
import { chunkLines, chunkSpans, findColumnChannels, MIN_CHANNEL_EM, placeChunks, shownStringsAcross, splitAtCuts, type Chunk, type ColumnCut, type Span } from './table-columns.js';
import type { TableCell, TableModel } from './table-model.js';
import { joinCellLines, pruneEmpty } from './table-model.js';
import { buildRows, isColumnNumbering, isFigure, lineDraft, NUMBER_LIKE, splitIndexColumn, YEAR, type RowDraft } from './table-rows.js';
import { groupHeadingSpans } from './table-groups.js';
import { headerRowCount, spanStubHeading } from './table-header.js';
import { spanStubGroups } from './table-stub-groups.js';
import { pairFieldRows } from './table-field-rows.js';
import { unruledRows } from './ruled-rows.js';
import { mergeWrappedHeadings } from './table-heading-lines.js';
import { EQUATION_NUMBER } from '../markdown/math.js';
import { cellSegmentText, dropLeaders, withSignedFigure } from './table-cell-text.js';
import { MATH_SIGN, mathSigns } from './math-signs.js';

export { repeatedBlocks, splitIndexColumn, type RowDraft } from './table-rows.js';
export { groupHeadingSpans } from './table-groups.js';

/** Fills a ruled grid with the runs whose centre lies in it; returns the model and the runs used. */
export function tableFromGrid(g: RuledGrid, runs: TextRun[]): { table: TableModel; used: Set<TextRun> } {
  const nR = g.ys.length - 1;
  const nC = g.xs.length - 1;
  // Slot ownership: union slots not separated by a rule.
  const owner: number[] = [];
  for (let i = 0; i < nR * nC; i++) owner.push(i);
  const find = (i: number): number => {
    while (owner[i] !== i) i = owner[i] = owner[owner[i]];
    return i;
  };
  for (let r = 0; r < nR; r++) {
    for (let c = 0; c < nC; c++) {
      if (c + 1 < nC && !g.hasV[r][c + 1]) owner[find(r * nC + c + 1)] = find(r * nC + c);
      if (r + 1 < nR && !g.hasH[r + 1][c]) owner[find((r + 1) * nC + c)] = find(r * nC + c);
    }
  }
  const cellRuns = new Map<number, TextRun[]>();
  const used = new Set<TextRun>();
  const inner = g.xs.slice(1, -1);
  for (const whole of runs) {
    if (whole.rotated) continue;
    // Strings shown in two cells that pdf.js joined across the rule between them go apart.
    const outside = (run: TextRun): boolean => {
      const cx = run.x + run.width / 2;
      const cy = run.y + run.height / 2;
      return cx < g.xs[0] || cx > g.xs[nC] || cy < g.ys[0] || cy > g.ys[nR];
    };
    const pieces = shownStringsAcross(whole, inner);
    for (const run of pieces.length > 1 && pieces.some(outside) ? [whole] : pieces) {
      if (outside(run)) continue;
      const cx = run.x + run.width / 2;
      const cy = run.y + run.height / 2;
      const c = upperIndex(g.xs, cx);
      const r = upperIndex(g.ys, cy);
      const root = find(r * nC + c);
      let list = cellRuns.get(root);
      if (!list) cellRuns.set(root, (list = []));
      list.push(run);
      used.add(whole);
    }
  }
  const rows: (TableCell | null)[][] = [];
  const seen = new Set<number>();
  const alone = (r: number, c: number): boolean => {
    const root = find(r * nC + c);
    return (c === 0 || find(r * nC + c - 1) !== root) && (c + 1 === nC || find(r * nC + c + 1) !== root) && (r === 0 || find((r - 1) * nC + c) !== root) && (r + 1 === nR || find((r + 1) * nC + c) !== root);
  };
  for (let r = 0; r < nR; r++) {
    // A row of single cells whose lines line up across the columns: rows drawn without rules between them.
    const split = Array.from({ length: nC }, (_, c) => alone(r, c)).every(Boolean) ? unruledRows(Array.from({ length: nC }, (_, c) => cellRuns.get(find(r * nC + c)) ?? [])) : null;
    if (split) {
      for (let c = 0; c < nC; c++) seen.add(find(r * nC + c));
      for (const texts of split) rows.push(texts.map((text) => ({ text, rowSpan: 1, colSpan: 1 })));
      continue;
    }
    const row: (TableCell | null)[] = [];
    for (let c = 0; c < nC; c++) {
      const root = find(r * nC + c);
      if (seen.has(root)) {
        row.push(null);
        continue;
      }
      seen.add(root);
      // Extent of the merged slot (rectangular by construction of ruled tables).
      let rs = 1;
      while (r + rs < nR && find((r + rs) * nC + c) === root) rs++;
      let cs = 1;
      while (c + cs < nC && find(r * nC + c + cs) === root) cs++;
      row.push({ text: cellText(cellRuns.get(root) ?? []), rowSpan: rs, colSpan: cs });
    }
    rows.push(row);
  }
  const table = pruneEmpty({ rows, top: g.box.y, bottom: g.box.y + g.box.height, x0: g.box.x, x1: g.box.x + g.box.width });
  return { table: withHeaderRows(table), used };
}

function upperIndex(bounds: number[], v: number): number {
  for (let i = 1; i < bounds.length; i++) if (v <= bounds[i]) return i - 1;
  return bounds.length - 2;
}

export function cellText(runs: TextRun[]): string {
  if (runs.length === 0) return '';
  // Dot leaders dropped, raised digit markers as superscripts, a currency sign set apart joined
  // to its figure (table-cell-text.ts). Line by line (a raised marker must not lift its piece
  // above the line's others), left to right.
  const segs = buildSegments(runs.flatMap(dropLeaders)).sort((a, b) => a.lineId - b.lineId || a.x0 - b.x0);
  return withSignedFigure(joinCellLines(segs.map(cellSegmentText)));
}

/** Rows with two or more cells a whitespace table needs. */
const MIN_TABLE_ROWS = 3;
/** A whitespace table's cells are short: the median at most this many characters… */
const MAX_MEDIAN_CELL_CHARS = 30;
/** …or at least this share of them are numbers. */
const NUMERIC_SHARE = 0.25;
/** Lines of several cells needed to find the columns from those lines alone. */
const MIN_VOTING_LINES = 3;
/** A lone chunk wider than this share of the table is a line of prose, not a row of cells. */
const PROSE_LINE_SHARE = 0.45;

/**
 * Whitespace table: columns from alignment across all its lines (table-columns.ts), rows from
 * lines, a line continuing the row above when it is a wrapped cell (see continuesRow). A chunk
 * crossing a column boundary into another column's text spans those columns.
 * `gutters` (the channels the reading-order pass saw) are the fallback when the projection finds
 * no column boundary.
 */
export function tableFromWhitespace(items: Item[], gutters: Interval[]): TableModel {
  const segs = items.flatMap((i) => (i.seg ? [i.seg] : []));
  const chunks = chunkLines(segs);
  const found = columnChannels(chunks, segs);
  // Each boundary's channel, by the boundary (cuts are dropped below; gutters have none).
  const channels = new Map(found.map((c) => [c.at, c]));
  let cuts = found.map((c) => c.at);
  if (cuts.length === 0) cuts = gutters.map((g) => (g.lo + g.hi) / 2).sort((a, b) => a - b);
  let rows = rowsBetween(chunks, cuts, channels);
  for (let k = 0; k < cuts.length; k++) {
    const cut = headingOnlyCut(rows);
    if (cut < 0) break;
    cuts = cuts.filter((_, i) => i !== cut);
    rows = rowsBetween(chunks, cuts, channels);
  }
  const nCols = splitIndexColumn(rows, cuts.length + 1);
  const model = groupHeadingSpans(rows, nCols);
  const x0 = Math.min(...items.map((i) => i.x0));
  const x1 = Math.max(...items.map((i) => i.x1));
  const top = Math.min(...items.map((i) => i.top));
  const bottom = Math.max(...items.map((i) => i.bottom));
  // A grid of form fields has no header row: each row is fields, each cell a label over its value.
  if (rows.length > 0 && rows.every((r) => r.fieldPair)) return pruneEmpty({ rows: model.rows, headerRows: 0, fieldPairs: true, top, bottom, x0, x1 });
  return spanStubGroups(spanStubHeading(withHeaderRows(pruneEmpty({ rows: model.rows, headerRows: model.headerRows, top, bottom, x0, x1 }))));
}

/** The table's rows with its columns between the given cuts (wrapped cells and headings merged). */
function rowsBetween(chunks: Chunk[][], cuts: number[], channels: ReadonlyMap<number, ColumnCut>): RowDraft[] {
  const lines = splitAtCuts(chunks, cuts, channels);
  const nC = cuts.length + 1;
  const placed = placeChunks(lines, cuts, headingLines(lines));
  const drafts = lines.map((line, i) => lineDraft(line, placed[i], nC));
  return pairFieldRows(mergeWrappedHeadings(buildRows(drafts, cuts)));
}

/**
 * A column that holds only headings (a row numbering the columns, "(1) (2)", among them) is no
 * column of its own: a short heading centred in a column
 * of decimal-aligned figures, a heading set flush left over figures set flush right, a group
 * heading wider than the channel under it. It joins the nearer neighbour column holding figures
 * whose headings lie in other rows (two headings side by side on one row stay apart). Returns the
 * index of the cut between them, or -1.
 */
export function headingOnlyCut(rows: RowDraft[]): number {
  const first = rows.findIndex((r) => r.cells.some((t, c) => c > 0 && isFigure(t)) && !isColumnNumbering(r.cells));
  if (first <= 0) return -1;
  const nC = rows[0].cells.length;
  const head = rows.slice(0, first);
  const body = rows.slice(first);
  const filled = (rs: RowDraft[], c: number) => rs.filter((r) => r.cells[c] && (r.spans[c] ?? 1) === 1);
  let best = -1;
  let bestD = Infinity;
  for (let c = 1; c < nC; c++) {
    const heads = filled(head, c);
    if (heads.length === 0 || filled(body, c).length > 0 || head.some((r) => r.cells[c] && (r.spans[c] ?? 1) > 1)) continue;
    const hx0 = Math.min(...heads.map((r) => r.extents[c].x0));
    const hx1 = Math.max(...heads.map((r) => r.extents[c].x1));
    for (const n of [c - 1, c + 1]) {
      if (n < 1 || n >= nC || head.some((r) => r.cells[c] && r.cells[n]) || filled(body, n).length < MIN_TABLE_ROWS - 1) continue;
      const cells = filled(body, n);
      const d = Math.max(0, Math.min(...cells.map((r) => r.extents[n].x0)) - hx1, hx0 - Math.max(...cells.map((r) => r.extents[n].x1)));
      if (d < bestD) {
        bestD = d;
        best = Math.min(c, n);
      }
    }
  }
  return best;
}

function withHeaderRows(t: TableModel): TableModel {
  const headerRows = headerRowCount(t);
  return headerRows === undefined ? t : { ...t, headerRows };
}

/**
 * Lines above the first that holds a number beside its first chunk: the table's headings, the
 * only lines whose chunks may span columns (below, a long cell runs on over empty cells).
 */
function headingLines(lines: Chunk[][]): number {
  const k = lines.findIndex((l) => l.slice(1).some((ch) => NUMBER_LIKE.test(ch.text.trim()) && !YEAR.test(ch.text.trim())));
  return k < 0 ? lines.length : k;
}

/**
 * A line that is one wide chunk (a title, a note, a source line caught in the table's region)
 * says nothing about the columns: it would cross every channel.
 */
function isProseLine(line: Chunk[], lines: Chunk[][]): boolean {
  if (line.length !== 1) return false;
  const x0 = Math.min(...lines.map((l) => l[0].x0));
  const x1 = Math.max(...lines.map((l) => l[l.length - 1].x1));
  return line[0].x1 - line[0].x0 > PROSE_LINE_SHARE * (x1 - x0);
}

/**
 * Display equations set beside their numbers line up like a grid (formula | punctuation | (1)),
 * but a right-hand column holding only equation numbers that go up, (1), (2), (3a), is a
 * paper's numbered equations, not a table column (issue 9): read as a table, the formulas were
 * lost to cells. Coefficient tables put "(0.02)" under figures in every column, not numbers
 * that count up in the last one.
 */
function numberedEquations(t: TableModel): boolean {
  const numbers: number[] = [];
  for (const row of t.rows) {
    const last = row[row.length - 1];
    if (!last || !last.text.trim()) continue;
    if (!EQUATION_NUMBER.test(last.text.trim())) return false;
    numbers.push(parseInt(last.text.replace(/^\(\s*/, ''), 10));
  }
  return numbers.length >= 2 && numbers.every((n, i) => i === 0 || n >= numbers[i - 1]) && numbers[numbers.length - 1] > numbers[0];
}

/** Different signs a display sets at least (one alone is a minus in figures or a hyphen in code). */
const MIN_MATH_SIGN_KINDS = 2;
/** A word of this many letters or more is text, which a display's pieces hold none of. */
const TEXT_WORD = /\p{L}{4,}/u;
/** Share of the cells (other than figures) that hold a mathematical sign. */
const MATH_CELL_SHARE = 0.5;

/**
 * A two-dimensional display (fractions, sums, indices set above and below) whose pieces line up
 * like a grid: most cells that are no figure hold a mathematical sign, and no cell holds a word
 * of text (issue 9: a paper's display of translation coefficients came out as a table of nine rows
 * of "(", "+1", "×" and "l ′ + l"). A table of formulas has headings and labels in words; a table
 * of figures has signs in its figures ("−0.5"), which do not count.
 */
function formulaPieces(t: TableModel): boolean {
  const cells = cellTexts(t);
  if (cells.some((c) => TEXT_WORD.test(c))) return false;
  const pieces = cells.filter((c) => !isFigure(c));
  const kinds = new Set(pieces.flatMap(mathSigns));
  return kinds.size >= MIN_MATH_SIGN_KINDS && pieces.filter((c) => MATH_SIGN.test(c)).length >= MATH_CELL_SHARE * pieces.length;
}

/**
 * Cells that continue a sentence from the cell above: two words or more opening in lower case
 * ("however between young whether"). Lines of narrow columns of prose set side by side read as
 * such cells, most of them; a table's cells open with a capital, a figure or a symbol, and the
 * few that continue a wrapped label are not most of them.
 */
const CONTINUED_LINE = /^\p{Ll}[\p{L}'’-]*(?:[\s,;]+\S+)+$/u;
/** Share of continued lines from which a grid with no figures to speak of is columns of prose. */
const RUNNING_TEXT_SHARE = 0.5;
/** At most this share of figures: a table of words and numbers is a table however its words read. */
const RUNNING_TEXT_MAX_NUMERIC = 0.1;

/**
 * Share of a column's lines that continue a sentence from which it is one of several columns of
 * prose: its heading, list items and paragraph starts open in capitals, so less than the grid's.
 */
const RUNNING_COLUMN_SHARE = 0.25;

const cellTexts = (t: TableModel): string[] => t.rows.flatMap((r) => r.flatMap((c) => (c && c.text ? [c.text.trim()] : [])));
const figureCount = (cells: string[]): number => cells.filter((c) => NUMBER_LIKE.test(c) && !YEAR.test(c)).length;

/** At least `share` of the texts continue a sentence, among few figures. */
function runningText(texts: string[], share: number): boolean {
  if (texts.length === 0 || figureCount(texts) > RUNNING_TEXT_MAX_NUMERIC * texts.length) return false;
  return texts.filter((c) => CONTINUED_LINE.test(c)).length >= share * texts.length;
}

/** A whitespace grid whose cells are lines of running text (columns of prose side by side). */
export function readsAsRunningText(t: TableModel): boolean {
  return runningText(cellTexts(t), RUNNING_TEXT_SHARE);
}

/** Lines (texts) of one column that read as running text, as a column of prose beside others does. */
export function linesReadAsRunningText(lines: string[]): boolean {
  return runningText(lines.map((l) => l.trim()).filter(Boolean), RUNNING_COLUMN_SHARE);
}

/**
 * Is a whitespace grid a table (issue 9 item 3)? At least MIN_TABLE_ROWS rows with two or more
 * cells filled (two when it holds figures), and cells of tables: short, or many of them numbers.
 * Text set in two columns, or a paragraph whose words happen to line up, is not.
 */
export function isWhitespaceTable(t: TableModel): boolean {
  if (numberedEquations(t) || formulaPieces(t)) return false;
  const cells = cellTexts(t);
  const fullRows = t.rows.filter((r) => r.filter((c) => c && c.text).length >= 2).length;
  const numeric = figureCount(cells);
  // Two rows are a table when one holds figures (a heading row and the last row of a table
  // continued from the page before); words that merely line up are not.
  // A grid of form fields is a table of two rows or more: every row pairs a row of labels with
  // the row of values under it, set apart by their type (table-field-rows.ts), which words that
  // merely line up do not do.
  if (t.fieldPairs) return t.rows.length >= 2;
  if (cells.length === 0 || fullRows < (numeric >= 2 ? 2 : MIN_TABLE_ROWS)) return false;
  if (runningText(cells, RUNNING_TEXT_SHARE)) return false;
  const lengths = cells.map((c) => c.length).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)] <= MAX_MEDIAN_CELL_CHARS || numeric >= NUMERIC_SHARE * cells.length;
}

/** Column boundaries of a whitespace table's items (see table-columns.ts). */
export function whitespaceColumnCuts(items: Item[]): number[] {
  return whitespaceColumnChannels(items).map((c) => c.at);
}

/** The channels of a whitespace table's items: each boundary and the free stretch it lies in. */
export function whitespaceColumnChannels(items: Item[]): ColumnCut[] {
  const segs = items.flatMap((i) => (i.seg ? [i.seg] : []));
  return columnChannels(chunkLines(segs), segs);
}

function columnChannels(lines: Chunk[][], segs: Segment[]): ColumnCut[] {
  const sizes = segs.map((s) => s.size).sort((a, b) => a - b);
  const size = sizes.length ? sizes[Math.floor(sizes.length / 2)] : 10;
  // Lines of two or more chunks vote on the columns: a lone chunk (a section label, a wrapped
  // label, a note or title caught in the region) tells nothing about them.
  const spans = new Map(lines.map((l) => [l, l.flatMap(chunkSpans)]));
  const spansOf = (l: Chunk[]): Span[] => spans.get(l)!;
  const groups = groupHeadingLines(lines, spansOf);
  const multi = lines.filter((l) => l.length > 1 && !groups.has(l));
  const voters = multi.length >= MIN_VOTING_LINES ? multi : lines.filter((l) => !isProseLine(l, lines));
  const others = lines.filter((l) => !voters.includes(l) && !groups.has(l) && !isProseLine(l, lines));
  return findColumnChannels(voters.map(spansOf), MIN_CHANNEL_EM * size, others.map(spansOf));
}

/**
 * Lines of group headings over the figures: above the first line holding a figure, two chunks
 * or more, but at most half as many strings shown apart as the fullest line of figures has
 * chunks (a group heads two columns or more). Each is set centred over its group, so it crosses the channels inside it; two levels of
 * them over a pair of columns ("Plan" over "Other Present Usually" over "Employed | Full time")
 * crossed their channel on more lines than a short table tolerates and the pair became one
 * column, "1.2 113.9" in one cell. They do not vote on the channels: the figures and the column
 * headings do, and placeChunks spans the group headings over what those find (issue 9).
 */
function groupHeadingLines(lines: Chunk[][], spansOf: (l: Chunk[]) => Span[]): Set<Chunk[]> {
  const solid = (l: Chunk[]): boolean => spansOf(l).some((s) => s.solid);
  const first = lines.findIndex(solid);
  const figureLines = lines.filter(solid);
  if (first <= 0 || figureLines.length < MIN_VOTING_LINES) return new Set();
  // A heading line counted as the projection sees it: a row of column headings set tight, one
  // string that pdf.js joined, is many strings shown apart, not a few chunks. The figure lines
  // by their cells (a code listing's lines, numbered, are two chunks of many strings).
  const widest = Math.max(...figureLines.map((l) => l.length));
  const label = (ch: Chunk): boolean => ch.text.trim().split(/\s+/u).length <= GROUP_HEADING_MAX_WORDS;
  return new Set(lines.slice(0, first).filter((l) => l.length >= 2 && 2 * spansOf(l).length <= widest && l.every(label)));
}

/**
 * A group heading is a label ("Percentage of targets with segment in"), not a sentence: a margin
 * note beside a paragraph's line above a code listing is two chunks too.
 */
const GROUP_HEADING_MAX_WORDS = 8;

/**
 * Columns of a region known to be a table (between horizontal rules): x-ranges that few rows
 * cross. Spanning headers cross a gutter without destroying it.
 */
export function projectGutters(items: Item[], min: number): Interval[] {
  const bands = splitBands(items);
  if (bands.length === 0) return [];
  const x0 = Math.floor(Math.min(...items.map((i) => i.x0)));
  const x1 = Math.ceil(Math.max(...items.map((i) => i.x1)));
  const width = x1 - x0;
  if (width <= 0 || width > 5000) return [];
  const cover = new Uint16Array(width + 1);
  for (const band of bands) {
    const hit = new Uint8Array(width + 1);
    for (const it of band) for (let x = Math.max(0, Math.floor(it.x0) - x0); x <= Math.min(width, Math.ceil(it.x1) - x0); x++) hit[x] = 1;
    for (let x = 0; x <= width; x++) cover[x] += hit[x];
  }
  const allowed = Math.floor(bands.length * 0.2);
  const out: Interval[] = [];
  let start = -1;
  for (let x = 0; x <= width; x++) {
    const free = cover[x] <= allowed;
    if (free && start < 0) start = x;
    if ((!free || x === width) && start >= 0) {
      const end = free ? x : x - 1;
      if (start > 0 && end < width && end - start + 1 >= min) out.push({ lo: x0 + start, hi: x0 + end + 1 });
      start = -1;
    }
  }
  return out;
}
