// Text → table cells: ruled grids (cells from the rules, spans where a rule is missing) and
// whitespace grids (columns from alignment across rows, rows from lines; wrapped cells merged).
import type { TextRun } from './types.js';
import type { RuledGrid } from './ruled-tables.js';
import type { Interval, Item } from './regions.js';
import { splitBands } from './regions.js';
import { buildSegments, type Segment } from './lines.js';
import { chunkLines, findColumnCuts, MIN_CHANNEL_EM, placeChunks, splitAtCuts, type Chunk, type Placement } from './table-columns.js';
import type { TableCell, TableModel } from './table-model.js';
import { pruneEmpty } from './table-model.js';

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
  for (const run of runs) {
    if (run.rotated) continue;
    const cx = run.x + run.width / 2;
    const cy = run.y + run.height / 2;
    if (cx < g.xs[0] || cx > g.xs[nC] || cy < g.ys[0] || cy > g.ys[nR]) continue;
    const c = upperIndex(g.xs, cx);
    const r = upperIndex(g.ys, cy);
    const root = find(r * nC + c);
    let list = cellRuns.get(root);
    if (!list) cellRuns.set(root, (list = []));
    list.push(run);
    used.add(run);
  }
  const rows: (TableCell | null)[][] = [];
  const seen = new Set<number>();
  for (let r = 0; r < nR; r++) {
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
  return { table, used };
}

function upperIndex(bounds: number[], v: number): number {
  for (let i = 1; i < bounds.length; i++) if (v <= bounds[i]) return i - 1;
  return bounds.length - 2;
}

export function cellText(runs: TextRun[]): string {
  if (runs.length === 0) return '';
  const segs = buildSegments(runs).sort((a, b) => a.top - b.top || a.x0 - b.x0);
  return joinCellLines(segs.map((s) => s.text));
}

function joinCellLines(lines: string[]): string {
  let out = '';
  for (const l of lines) {
    if (!out) out = l;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(l)) out = out.slice(0, -1) + l;
    else out += ' ' + l;
  }
  return out;
}

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
}

function onlyFirst(cells: string[]): boolean {
  return cells[0] !== '' && cells.every((t, c) => c === 0 || t === '');
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

/** Lines of one wrapped cell are set at most this share of the usual line pitch apart. */
const WRAP_PITCH_SHARE = 0.85;

const NUMERIC_CELL = /^[-+−]?[\d.,]+%?$/;
/** A number with an optional footnote marker or unit ("12.5", "1,204", "3.1*", "(4.2)", "–"). */
const NUMBER_LIKE = /^[([]?[-+−–]?[$€£]?\d[\d.,\s]*%?[)\]]?[*†‡a-z]?$/u;

/**
 * Whitespace table: columns from alignment across all its lines (table-columns.ts), rows from
 * lines, a line continuing the row above when it is a wrapped cell (see continuesRow). A chunk
 * crossing a column boundary into another column's text spans those columns.
 * `gutters` (the channels the reading-order pass saw) are the fallback when the projection finds
 * no column boundary.
 */
export function tableFromWhitespace(items: Item[], gutters: Interval[]): TableModel {
  const segs = items.flatMap((i) => (i.seg ? [i.seg] : []));
  let lines = chunkLines(segs);
  let cuts = columnCuts(lines, segs);
  if (cuts.length === 0) cuts = gutters.map((g) => (g.lo + g.hi) / 2).sort((a, b) => a - b);
  lines = splitAtCuts(lines, cuts);
  const nC = cuts.length + 1;
  const placed = placeChunks(lines, cuts, headingLines(lines));
  const drafts = lines.map((line, i) => lineDraft(line, placed[i], nC));
  const labelEdge = fullLabelEdge(drafts, cuts);
  const rowPitch = medianPitch(drafts);
  const rows: RowDraft[] = [];
  for (const d of drafts) {
    const prev = rows[rows.length - 1];
    if (prev && continuesRow(prev, d, rows.length, labelEdge, rowPitch)) mergeInto(prev, d);
    else rows.push(d);
  }
  const nCols = splitIndexColumn(rows, nC);
  const model = groupHeadingSpans(rows, nCols);
  const x0 = Math.min(...items.map((i) => i.x0));
  const x1 = Math.max(...items.map((i) => i.x1));
  const top = Math.min(...items.map((i) => i.top));
  const bottom = Math.max(...items.map((i) => i.bottom));
  return pruneEmpty({ rows: model.rows, headerRows: model.headerRows, top, bottom, x0, x1 });
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
 * Is a whitespace grid a table (issue 9 item 3)? At least MIN_TABLE_ROWS rows with two or more
 * cells filled (two when it holds figures), and cells of tables: short, or many of them numbers.
 * Text set in two columns, or a paragraph whose words happen to line up, is not.
 */
export function isWhitespaceTable(t: TableModel): boolean {
  const cells = t.rows.flatMap((r) => r.flatMap((c) => (c && c.text ? [c.text.trim()] : [])));
  const fullRows = t.rows.filter((r) => r.filter((c) => c && c.text).length >= 2).length;
  const numeric = cells.filter((c) => NUMBER_LIKE.test(c) && !YEAR.test(c)).length;
  // Two rows are a table when one holds figures (a heading row and the last row of a table
  // continued from the page before); words that merely line up are not.
  if (cells.length === 0 || fullRows < (numeric >= 2 ? 2 : MIN_TABLE_ROWS)) return false;
  const lengths = cells.map((c) => c.length).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length / 2)] <= MAX_MEDIAN_CELL_CHARS || numeric >= NUMERIC_SHARE * cells.length;
}

/** Column boundaries of a whitespace table's items (see table-columns.ts). */
export function whitespaceColumnCuts(items: Item[]): number[] {
  const segs = items.flatMap((i) => (i.seg ? [i.seg] : []));
  return columnCuts(chunkLines(segs), segs);
}

function columnCuts(lines: Chunk[][], segs: Segment[]): number[] {
  const sizes = segs.map((s) => s.size).sort((a, b) => a - b);
  const size = sizes.length ? sizes[Math.floor(sizes.length / 2)] : 10;
  // Lines of two or more chunks vote on the columns: a lone chunk (a section label, a wrapped
  // label, a note or title caught in the region) tells nothing about them.
  const multi = lines.filter((l) => l.length > 1);
  const voters = multi.length >= MIN_VOTING_LINES ? multi : lines.filter((l) => !isProseLine(l, lines));
  return findColumnCuts(voters, MIN_CHANNEL_EM * size);
}

function lineDraft(line: Chunk[], placed: Placement[], nC: number): RowDraft {
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
  const cells = parts.map((chs) => joinCellLines(chs.sort((a, b) => a.x0 - b.x0).map((s) => s.text)));
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
  };
}

/**
 * The x beyond which a first-column label fills its column: a label line ending there was
 * wrapped (text wraps only when the line is full), one ending well before it was not.
 */
function fullLabelEdge(drafts: RowDraft[], cuts: number[]): number {
  const ends = drafts.filter((d) => d.cells[0] && d.spans[0] === 1 && (cuts.length === 0 || d.extents[0].x1 <= cuts[0]));
  if (ends.length === 0) return Infinity;
  const x0 = Math.min(...ends.map((d) => d.extents[0].x0));
  const x1 = Math.max(...ends.map((d) => d.extents[0].x1));
  return x0 + 0.7 * (x1 - x0);
}

/**
 * Does line d continue the row above (a multi-line cell) rather than start a row? Only when the
 * baselines are a wrapped-line pitch apart, no column gets a second number (numbers do not
 * wrap), and either d only adds to cells the row already has or gives a lone label its values
 * (its first cell empty), or one of
 * the two holds only a first-column label that wrapped: the continuation starts in lower case, or
 * the label line above fills its column and the lines are set tighter than rows. A short label
 * alone on its line is a section row.
 */
function continuesRow(prev: RowDraft, d: RowDraft, rowCount: number, labelEdge: number, rowPitch: number): boolean {
  if (prev.spanning || d.spanning) return false;
  const size = Math.max(d.size, prev.size);
  // Wrapped lines sit at most a row's pitch apart (leading varies: 1.2 to 1.4 em and more).
  const close = d.firstBaseline - prev.lastBaseline <= Math.max(1.25 * size, 1.05 * rowPitch);
  if (d.cells.some((t, c) => t && prev.cells[c] && NUMBER_LIKE.test(t.trim()))) return false;
  const filled = d.cells.filter(Boolean).length;
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
  const tight = d.firstBaseline - prev.lastBaseline <= WRAP_PITCH_SHARE * rowPitch;
  const wrapped = lower || (prev.extents[0].x1 >= labelEdge && tight);
  if (onlyFirst(d.cells)) return wrapped;
  return onlyFirst(prev.cells) && wrapped;
}

/** The usual distance between the baselines of consecutive lines of the table. */
function medianPitch(drafts: RowDraft[]): number {
  const gaps = drafts.slice(1).map((d, i) => d.firstBaseline - drafts[i].lastBaseline).sort((a, b) => a - b);
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : Infinity;
}

function mergeInto(prev: RowDraft, d: RowDraft): void {
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

const YEAR = /^(1[89]|2[01])\d\d$/;

/** A row's cells as placed: a cell spanning columns covers the slots to its right (null). */
function placedCells(r: RowDraft): (TableCell | null)[] {
  const out: (TableCell | null)[] = [];
  for (let c = 0; c < r.cells.length; ) {
    const n = Math.max(1, Math.min(r.spans[c] ?? 1, r.cells.length - c));
    out.push({ text: r.cells[c], rowSpan: 1, colSpan: n });
    for (let k = 1; k < n; k++) out.push(null);
    c += n;
  }
  return out;
}

/**
 * Group labels over several columns ("ReACT" centred over Procedure | Completion | Knowledge): a
 * leading row with fewer, non-numeric cells than the heading row below it. Each column goes to
 * the label whose text lies over it or within about a label's width of it; a label given two or
 * more adjacent columns spans them. The rows down to the heading row are header rows.
 */
export function groupHeadingSpans(rows: RowDraft[], nC: number): { rows: (TableCell | null)[][]; headerRows?: number } {
  const plain = (): (TableCell | null)[][] => rows.map(placedCells);
  if (rows.length < 3 || nC < 3) return { rows: plain() };
  // Column centres from the body rows (one-line cells of rows that span nothing).
  const centres: number[] = [];
  for (let c = 0; c < nC; c++) {
    const xs = rows.slice(1).filter((r) => !r.spanning && r.cells[c]).map((r) => (r.extents[c].x0 + r.extents[c].x1) / 2).sort((a, b) => a - b);
    centres.push(xs.length ? xs[Math.floor(xs.length / 2)] : NaN);
  }
  if (centres.some((x) => Number.isNaN(x))) return { rows: plain() };
  const gaps = centres.slice(1).map((x, c) => x - centres[c]).sort((a, b) => a - b);
  const pitch = gaps[Math.floor(gaps.length / 2)];
  const out = plain();
  let headerRows: number | undefined;
  for (let r = 0; r + 1 < rows.length && r < 3; r++) {
    const row = rows[r];
    const filled = row.cells.map((t, c) => (t ? c : -1)).filter((c) => c >= 0);
    const below = rows[r + 1].cells.filter(Boolean).length;
    // A group label is text or a year ("2019" over quarters), never an amount.
    if (filled.length === 0 || filled.length >= below || filled.some((c) => NUMERIC_CELL.test(row.cells[c]) && !YEAR.test(row.cells[c]))) break;
    const blocks = repeatedBlocks(rows[r + 1].cells);
    const byBlock = (blocks && blockOwners(row, filled, blocks, centres, pitch)) ?? yearRangeOwners(row, filled, rows[r + 1].cells, centres, pitch);
    const owner: number[] = byBlock || centres.map((cx) => {
      let best = -1;
      let bestD = Infinity;
      for (const c of filled) {
        const e = row.extents[c];
        const d = Math.max(0, e.x0 - cx, cx - e.x1);
        if (d <= Math.max(0.6 * (e.x1 - e.x0), row.size, 0.75 * pitch) && d < bestD) { best = c; bestD = d; }
      }
      return best;
    });
    let spans = false;
    const cells: (TableCell | null)[] = [];
    for (let c = 0; c < nC; ) {
      let n = 1;
      if (owner[c] >= 0) while (c + n < nC && owner[c + n] === owner[c]) n++;
      const text = owner[c] >= 0 ? row.cells[owner[c]] : '';
      cells.push({ text, rowSpan: 1, colSpan: n });
      for (let k = 1; k < n; k++) cells.push(null);
      if (n > 1 && text) spans = true;
      c += n;
    }
    // Every label must keep its place (no label left without a column), and sit centred over the
    // columns it spans (a plain heading row with an empty stub cell is not a group row).
    const placed = new Set(owner.filter((o) => o >= 0));
    const centred = byBlock !== null || filled.every((c) => {
      const cols = owner.map((o, k) => (o === c ? k : -1)).filter((k) => k >= 0);
      if (cols.length < 2) return true;
      const mid = (centres[cols[0]] + centres[cols[cols.length - 1]]) / 2;
      return Math.abs(mid - (row.extents[c].x0 + row.extents[c].x1) / 2) <= 0.35 * pitch;
    });
    if (!spans || !centred || filled.some((c) => !placed.has(c))) break;
    out[r] = cells;
    headerRows = r + 2;
  }
  return { rows: out, headerRows };
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

/**
 * Column owners of a group row over repeated blocks: each block goes to the one label whose
 * centre lies over it; the first column keeps its own label. Null when a block has two labels.
 */
function blockOwners(row: RowDraft, filled: number[], blocks: { from: number; to: number }[], centres: number[], pitch: number): number[] | null {
  const owner = centres.map(() => -1);
  if (filled.includes(0)) owner[0] = 0;
  for (const b of blocks) {
    const lo = centres[b.from] - pitch / 2;
    const hi = centres[b.to] + pitch / 2;
    const over = filled.filter((c) => c > 0 && (row.extents[c].x0 + row.extents[c].x1) / 2 > lo && (row.extents[c].x0 + row.extents[c].x1) / 2 < hi);
    if (over.length > 1) return null;
    if (over.length === 1) for (let c = b.from; c <= b.to; c++) owner[c] = over[0];
  }
  return owner;
}

/**
 * Column owners of a group row over runs of period columns ("Men" over 2013 2014 2015, beside
 * an ungrouped "Total"): a label takes the widest run of year-headed columns around it that it
 * is centred over. Null when no label gets two columns that way.
 */
function yearRangeOwners(row: RowDraft, filled: number[], below: string[], centres: number[], pitch: number): number[] | null {
  const owner = centres.map(() => -1);
  if (filled.includes(0)) owner[0] = 0;
  const own = new Map<number, number>();
  for (const c of filled) {
    if (c === 0) continue;
    const mid = (row.extents[c].x0 + row.extents[c].x1) / 2;
    let k = 1;
    for (let j = 1; j < centres.length; j++) if (Math.abs(centres[j] - mid) < Math.abs(centres[k] - mid)) k = j;
    own.set(c, k);
  }
  const taken = new Set(own.values());
  let spans = false;
  for (const [c, k] of own) {
    const mid = (row.extents[c].x0 + row.extents[c].x1) / 2;
    let best: [number, number] = [k, k];
    for (let a = k; a >= 1 && YEAR.test(below[a]?.trim() ?? '') && (a === k || !taken.has(a)); a--) {
      for (let b = k; b < centres.length && YEAR.test(below[b]?.trim() ?? '') && (b === k || !taken.has(b)); b++) {
        const centred = Math.abs((centres[a] + centres[b]) / 2 - mid) <= 0.35 * pitch;
        if (centred && b - a > best[1] - best[0]) best = [a, b];
      }
    }
    for (let j = best[0]; j <= best[1]; j++) owner[j] = c;
    if (best[1] > best[0]) spans = true;
  }
  return spans ? owner : null;
}

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
