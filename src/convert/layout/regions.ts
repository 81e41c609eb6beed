// Reading order: a page region is cut into horizontal bands (separated by vertical whitespace);
// consecutive bands that share a column gutter form a multi-column group, read column by column
// (each column recursively); full-width items end a group. A group whose "columns" are short,
// aligned cells becomes a whitespace table instead.
import type { Segment } from './lines.js';
import { median } from './order-stats.js';
import { joinGridHeadings } from './grid-headings.js';
import { isFigure } from './table-rows.js';
import { columnsOfFields, LABEL_END } from './field-grid.js';

/** A bullet glyph or an enumerator on its own ("•", "", "3.", "b)", "(iv)"). */
function isListLabel(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && (/^[^\p{L}\p{N}]{1,2}$/u.test(t) || /^\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)]$/i.test(t));
}

/** A column of list marks only (bullets, enumerators): a list's marks, never a column of its own. */
function listMarks(col: Item[]): boolean {
  return col.every((it) => !it.seg || isListLabel(it.seg.text));
}

export interface Item {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  seg?: Segment;
  /** An atomic block placed by the caller (ruled table, image): never split. */
  atom?: number;
}

export type RegionBlock =
  | { kind: 'flow'; items: Item[] }
  | { kind: 'grid'; items: Item[]; gutters: Interval[] };

export interface Interval {
  lo: number;
  hi: number;
}

const MAX_DEPTH = 4;

/**
 * Orders items into flows (single-column text) and grids (whitespace-table candidates). Asides
 * (a column of smaller print beside a paragraph, see `isAside`) are read after the top region's
 * text, so the paragraph they sit beside runs on into its next column unbroken.
 */
export function orderRegion(items: Item[], gutterMin: number, depth = 0, asides: RegionBlock[] = []): RegionBlock[] {
  if (items.length === 0) return [];
  const out = orderRegionInto(items, gutterMin, depth, asides);
  if (depth === 0) out.push(...asides);
  return out;
}

function orderRegionInto(items: Item[], gutterMin: number, depth: number, asides: RegionBlock[]): RegionBlock[] {
  const bands = splitBands(items);
  const extent = { lo: Math.min(...items.map((it) => it.x0)), hi: Math.max(...items.map((it) => it.x1)) };
  const out: RegionBlock[] = [];
  // XY-cut's vertical cut: a channel free through the whole region, text on both sides, splits it
  // into columns first, whatever each holds (a table, a list, lines at other heights).
  const whole = depth < MAX_DEPTH ? wholeColumns(items, bands, gutterMin, extent) : null;
  if (whole) {
    // Unless a table is set across the channel: then the bands before it, the table and the
    // bands after it are ordered each on their own (their columns found again).
    const across = whole.length === 2 ? tableAcross(bands, { lo: Math.max(...whole[0].map((it) => it.x1)), hi: Math.min(...whole[1].map((it) => it.x0)) }) : null;
    if (!across) {
      out.push(...readColumns(whole, undefined, gutterMin, depth, asides));
      return out;
    }
    // A region that is all that table is read band by band below.
    if (across.to - across.from < bands.length) {
      out.push(...orderAround(bands, across, gutterMin, depth, asides));
      return out;
    }
  }
  let flow: Item[] = [];
  let triedTo = 0;
  let tries = 0;
  const flushFlow = (): void => {
    if (flow.length) out.push({ kind: 'flow', items: flow });
    flow = [];
  };
  let i = 0;
  while (i < bands.length) {
    let gutters = findGutters(bands[i], gutterMin);
    if (gutters.length === 0 || bands[i].length === 1) {
      // Lines of columns whose baselines do not line up never share a band: find the vertical cut
      // across the following bands instead (issue 9, XY-cut).
      // A band of several items without a gutter holds a line crossing the channel: no cut there.
      // After a run that was no columns the next try starts where its second side began (a later
      // start inside the one-sided part finds the same channel); tries per region are bounded.
      // One line: one piece, or a list item's mark and its text (a bulleted item opening a
      // column: issue 9). Other pieces of a line apart (a wide word space in justified text) are
      // no column's start: a channel found from them ran through the paragraph.
      const oneLine = bands[i].length === 1 || (gutters.length === 0 && bands[i].length === 2 && markedLine(bands[i]));
      let run = depth < MAX_DEPTH && oneLine && i >= triedTo && tries < MAX_OFFSET_TRIES && !wrappedHeadingLine(bands, i, textSize(segsOf(items))) && !wrappedLastLine(bands, i) ? offsetColumns(bands, i, gutterMin, extent) : null;
      if (run) {
        tries++;
        triedTo = run.next;
      }
      // A line over the columns reaching into their gutter (a page's intro line under its title)
      // seeds a channel that the columns' own edge then closes, ending the run mid-column: the
      // columns read from the band below it run further, and the line stays above them.
      if (run?.columns && i + 1 < bands.length && tries < MAX_OFFSET_TRIES) {
        const below = offsetColumns(bands, i + 1, gutterMin, extent);
        tries++;
        if (below.columns && below.end > run.end) {
          flow.push(...bands[i]);
          i++;
          run = below;
          triedTo = run.next;
        }
      }
      // A first column of list marks only is a list's marks, not a column (its items' text beside
      // them, a nested item's mark set further in, leaves a channel between the two).
      if (run?.columns && listMarks(run.columns[0])) run = null;
      if (run?.columns) {
        const above = flow[flow.length - 1];
        flushFlow();
        out.push(...readColumns(run.columns, above, gutterMin, depth, asides));
        i = run.end;
        continue;
      }
      flow.push(...bands[i]);
      i++;
      continue;
    }
    // Grow the group while the next bands leave some gutter free.
    const group = bands[i].slice();
    let rows = 1;
    let j = i + 1;
    while (j < bands.length) {
      if (startsSection(group, bands[j])) break;
      const next = narrowGutters(gutters, bands[j], gutterMin * 0.5);
      if (next.length === 0) break;
      if (proseUnderCells(group, bands[j], next)) break;
      gutters = next;
      group.push(...bands[j]);
      rows++;
      j++;
    }
    // Ended by a band set across its gutter: a float in one column's slot below the others' end
    // is that full-width part's, not the column's (looseTail).
    if (j < bands.length) {
      const tail = looseTail(bands, i, j, gutters);
      if (tail > i) {
        group.length = 0;
        for (let k = i; k < tail; k++) group.push(...bands[k]);
        rows = tail - i;
        j = tail;
      }
    }
    const start = i;
    i = j;
    // Left to right: past the rest of a line, what follows at one distance is the rest too.
    let rest = false;
    gutters = groupGutters(group, gutters, gutterMin).filter((g) => {
      rest = followingPieces(group, g, rest);
      return !rest;
    });
    if (gutters.length === 0) {
      flow.push(...group);
      continue;
    }
    // A single band can still hold whole columns: lines of two columns whose baselines do not line
    // up (different leading, a column shifted by a heading or figure) overlap vertically and chain
    // into one band. The gutter runs through the band's whole height, so it is read as columns when
    // at least two of its sides hold stacked lines (issue 9, XY-cut: the vertical cut does not need
    // aligned baselines). A table row with one wrapped cell has only one stacked side.
    if (rows === 1) rows = Math.max(rows, stackedRows(group, gutters));
    // One line with a wide gap is still one line of the flow.
    if (rows === 1) {
      flow.push(...group);
      continue;
    }
    // Code (monospace) aligned in columns is still code: its lines stay whole, in the flow.
    if (monospaceShare(group) >= 0.8) {
      flow.push(...group);
      continue;
    }
    // A first "column" of bullets or enumerators is a list: its lines stay in the flow.
    const firstCol = splitColumns(group, gutters)[0];
    if (listMarks(firstCol)) {
      flow.push(...group);
      continue;
    }
    flushFlow();
    if (depth >= MAX_DEPTH) {
      out.push({ kind: 'flow', items: group });
      continue;
    }
    // A gutter that runs on through the two-sided lines above and below the group is the page's
    // column gutter, not a table's: the group is that stretch of two columns (one of them holding a
    // table, a list, a bold line), each read on its own (issue 9: tables in two-column papers).
    const column = columnGutter(bands, start, j, gutters, gutterMin) ?? proseGutter(group, gutters);
    if (column) {
      // A table set across the page's gutter within the group: the bands before it, the table and
      // the bands after it are ordered each on their own.
      const across = tableAcross(bands.slice(start, j), column);
      if (across && across.to - across.from === j - start) {
        out.push({ kind: 'grid', items: group, gutters });
        continue;
      }
      if (across) {
        out.push(...orderAround(bands.slice(start, j), across, gutterMin, depth, asides));
        continue;
      }
      out.push(...readColumns(splitColumns(group, [column]), undefined, gutterMin, depth, asides, false));
      continue;
    }
    if (looksLikeTextColumns(group, gutters, rows)) {
      out.push(...readColumns(splitColumns(group, gutters), undefined, gutterMin, depth, asides, false));
    } else {
      out.push({ kind: 'grid', items: group, gutters });
    }
  }
  flushFlow();
  return joinGridHeadings(out);
}

/** Pieces (at least) and the share of them that are cells (≤ CELL_MAX_WORDS words) in rows of cells. */
const CELL_ROWS_MIN_PIECES = 6;
const CELL_ROWS_SHARE = 0.8;

/**
 * A band of prose under rows of cells, past white space across the region: lines of several
 * words (TEXT_LINE_WORDS) on both sides of the channel the group keeps, where the group's pieces
 * are cells. A table's rows end there, whatever gap of theirs the band's columns happen to leave
 * free (issue 9: a table across a two-column page, its cells' gaps and the columns' gutter
 * overlapping by a few points, ran on into the two lists under it, their items read as rows).
 */
function proseUnderCells(group: Item[], band: Item[], gutters: Interval[]): boolean {
  // The band first (its own few items): only a band of prose both sides goes on to the group's
  // pieces, which a long table's every band would otherwise walk again.
  if (!gutters.some((g) => band.some((it) => it.x1 <= g.lo && wordy(it)) && band.some((it) => it.x0 >= g.hi && wordy(it)))) return false;
  const segs = group.filter((it) => it.seg);
  if (segs.length < CELL_ROWS_MIN_PIECES) return false;
  const cells = segs.filter((it) => it.seg!.text.trim().split(/\s+/).length <= CELL_MAX_WORDS).length;
  if (cells < CELL_ROWS_SHARE * segs.length) return false;
  const lineHeight = median(segs.map((it) => it.seg!.bottom - it.seg!.top));
  const bottom = Math.max(...group.map((it) => it.bottom));
  return Math.min(...band.map((it) => it.top)) - bottom >= SECTION_GAP_LINES * lineHeight;
}

/** Columns whose last lines end this many lines apart at most end together (looseTail). */
const BALANCED_LINES = 2;

/**
 * Where a group of columns that a band across its gutter ends has a loose tail: its last bands lie
 * in one column only, below white space across every column (more than a paragraph break, under
 * the other columns' end), and open with a table or figure (a placed block, or a row of cells).
 * Columns set above a full-width line are balanced, ending together (a word processor's section,
 * CSS columns, multicols): a float that only one of them runs on to, in white space the others
 * leave, sits in the full-width part's slot (issue 9: a table under two columns' text, its
 * caption and a note across the page below it, was read inside the left column, before the right
 * column's text above it). Its index, or `from` when there is none. A paragraph or heading running
 * on in one column is that column's (the last page of a paper), never a tail.
 */
function looseTail(bands: Item[][], from: number, to: number, gutters: Interval[]): number {
  if (gutters.length === 0 || to - from < 3) return from;
  const cuts = gutters.map((g) => (g.lo + g.hi) / 2).sort((a, b) => a - b);
  const column = (it: Item): number => cuts.filter((c) => (it.x0 + it.x1) / 2 > c).length;
  const oneColumn = (band: Item[]): number | null => {
    const c = column(band[0]);
    return band.every((it) => column(it) === c && (c === 0 || it.x0 >= cuts[c - 1]) && (c === cuts.length || it.x1 <= cuts[c])) ? c : null;
  };
  // The one-sided run at the group's end, in one column.
  const side = oneColumn(bands[to - 1]);
  if (side === null) return from;
  let first = to - 1;
  while (first - 1 > from && oneColumn(bands[first - 1]) === side) first--;
  const segs = bands.slice(from, to).flat().filter((it) => it.seg).map((it) => it.seg!);
  if (segs.length === 0) return from;
  const lineHeight = median(segs.map((sg) => sg.bottom - sg.top));
  // Each column's last item bottom over the bands above band k, grown band by band.
  const ends = new Map<number, number>();
  const add = (band: Item[]) => {
    for (const it of band) ends.set(column(it), Math.max(ends.get(column(it)) ?? -Infinity, it.bottom));
  };
  for (let k = from; k < first; k++) add(bands[k]);
  for (let k = first; k < to; k++, add(bands[k - 1])) {
    // The columns above: at least two of them hold text, and they end together (within two
    // lines: balanced), not a column of margin notes ending higher beside the body's.
    if (ends.size < 2 || Math.max(...ends.values()) - Math.min(...ends.values()) > BALANCED_LINES * lineHeight) continue;
    const bottom = Math.max(...ends.values());
    const top = Math.min(...bands[k].map((it) => it.top));
    if (top - bottom < SECTION_GAP_LINES * lineHeight) continue;
    const opens = bands[k].some((it) => it.atom !== undefined) || bands[k].length >= 2;
    return opens ? k : from;
  }
  return from;
}

/**
 * The group's gutters: the channels free through all its lines (x-projection gaps of at least
 * `gutterMin` with lines on both sides), besides the ones narrowed from its first band. A column
 * that begins lower than its neighbours (the white space above its heading, a figure ending
 * higher) has no line in the first band, so the first band alone misses the gutter before it
 * and two columns of a three-column page read as one (issue 9).
 */
function groupGutters(group: Item[], narrowed: Interval[], gutterMin: number): Interval[] {
  const sorted = group.slice().sort((a, b) => a.x0 - b.x0);
  const out: Interval[] = [];
  let right = sorted[0].x1;
  for (const it of sorted.slice(1)) {
    if (it.x0 - right >= gutterMin) out.push({ lo: right, hi: it.x0 });
    right = Math.max(right, it.x1);
  }
  for (const g of narrowed) if (!out.some((o) => o.lo < g.hi && g.lo < o.hi)) out.push(g);
  return out.sort((a, b) => a.lo - b.lo);
}

/**
 * Edges this close (in the text's size) line up; on two lines, twice as close: the values of
 * stacked fields are set a point or two in from their labels.
 */
const ALIGN_TOL_EM = 0.15;
/** Words at most in a label before a channel, or in the value after it. */
const FOLLOWING_MAX_WORDS = 6;

/**
 * Are the pieces right of a channel no column but the rest of their lines: pieces set one
 * distance after the label before them on their line, whose left edges line up on no half of the
 * lines (on neither of two lines)? A form's values boxed right after labels of other lengths
 * ("Annual income [$4,672.92]" over "Mailing address [2882 Station Avenue]") start wherever their
 * labels end (issue 9). A column's cells start at one x; set flush right, centred or on their
 * decimal points after labels of other lengths, they stand at other distances from them.
 * `afterRest`: the channel before this one was such (the pieces before this channel are values).
 */
function followingPieces(group: Item[], g: Interval, afterRest: boolean): boolean {
  const first = new Map<number, Item>();
  // The piece right before the channel on each line: its words and its end.
  const before = new Map<number, { words: number; end: number }>();
  const words = (it: Item) => it.seg!.text.split(/\s+/).filter(Boolean).length;
  for (const it of group) {
    if (!it.seg) continue;
    if (it.x1 <= g.lo + 0.5 && it.x1 > (before.get(it.seg.lineId)?.end ?? -Infinity)) before.set(it.seg.lineId, { words: words(it), end: it.x1 });
    if (it.x0 < g.hi - 0.5) continue;
    const cur = first.get(it.seg.lineId);
    if (!cur || it.x0 < cur.x0) first.set(it.seg.lineId, it);
  }
  const pieces = [...first.values()];
  // Labels and values: a few words either side (lines of text columns run on), every value
  // after a label of its line.
  if (pieces.length < 2 || pieces.some((it) => words(it) > FOLLOWING_MAX_WORDS || (before.get(it.seg!.lineId)?.words ?? 0) === 0 || before.get(it.seg!.lineId)!.words > FOLLOWING_MAX_WORDS)) return false;
  const tol = (pieces.length === 2 ? 2 : 1) * ALIGN_TOL_EM * median(pieces.map((it) => it.seg!.size));
  // Each value set the same distance after its label's end (records side by side, names over
  // affiliations, stand wherever their columns put them; a column flush right or on its decimal
  // point after labels of other lengths stands at other distances from them).
  const gaps = pieces.map((it) => it.x0 - before.get(it.seg!.lineId)!.end);
  if (Math.max(...gaps) - Math.min(...gaps) > tol) return false;
  // After the rest of a line (a check box's options one after another), the next pieces line
  // up only as the ends before them do.
  if (afterRest) return true;
  const need = pieces.length === 2 ? 2 : Math.ceil(pieces.length / 2);
  const lineUp = (xs: number[]) => xs.some((x) => xs.filter((y) => Math.abs(y - x) <= tol).length >= need);
  return !lineUp(pieces.map((it) => it.x0));
}

/** A heading's wrapped line lies at most this many of its sizes below the line above it. */
const HEADING_WRAP_PITCH = 1.4;
/** Type this much larger than the region's text marks a heading when it is not bold. */
const HEADING_SIZE_RATIO = 1.15;

function segsOf(items: Item[]): Segment[] {
  return items.flatMap((it) => (it.seg ? [it.seg] : []));
}

/**
 * Band `i` is the wrapped line of a heading on the band above: both lone lines in one size and
 * weight, set as a heading (bold, or larger than the region's text), flush left with each other,
 * a line's pitch apart. Columns may start under the heading, never with its last line (a title
 * wrapped over two lines was split, its last line read as the first column's top).
 */
function wrappedHeadingLine(bands: Item[][], i: number, size: number): boolean {
  if (i === 0 || bands[i - 1].length !== 1 || bands[i].length !== 1) return false;
  const [a, b] = [bands[i - 1][0].seg, bands[i][0].seg];
  if (!a || !b || a.bold !== b.bold || Math.abs(a.size - b.size) > 0.05 * a.size) return false;
  if (!a.bold && a.size < HEADING_SIZE_RATIO * size) return false;
  const d = b.baseline - a.baseline;
  const aligned = Math.abs(a.x0 - b.x0) <= 0.5 * a.size || Math.abs(a.x0 + a.x1 - b.x0 - b.x1) <= a.size;
  return d > 0 && d <= HEADING_WRAP_PITCH * a.size && aligned;
}

/** A paragraph's lines are at most this many of their font sizes apart (a line's pitch). */
const LAST_LINE_PITCH = 1.5;

/**
 * Band `i` is the last line of a paragraph set across the region on the band above (a caption
 * under a figure spanning two columns, an abstract): both lone lines in one size and weight, flush
 * left or centred with each other, a line's pitch apart, this one shorter, and set apart from
 * what follows by more than that pitch. Columns may start under the paragraph, never with its
 * last line (it was read as the first column's top line, apart from its sentence: issue 9).
 */
function wrappedLastLine(bands: Item[][], i: number): boolean {
  if (i === 0 || bands[i - 1].length !== 1 || bands[i].length !== 1) return false;
  const [a, b] = [bands[i - 1][0].seg, bands[i][0].seg];
  if (!a || !b || a.bold !== b.bold || Math.abs(a.size - b.size) > 0.05 * a.size || b.x1 - b.x0 >= a.x1 - a.x0) return false;
  const d = b.baseline - a.baseline;
  const aligned = Math.abs(a.x0 - b.x0) <= 0.5 * a.size || Math.abs(a.x0 + a.x1 - b.x0 - b.x1) <= a.size;
  if (d <= 0 || d > LAST_LINE_PITCH * a.size || !aligned) return false;
  const next = bands[i + 1]?.flatMap((it) => (it.seg ? [it.seg.baseline] : []));
  return !next || next.length === 0 || Math.min(...next) - b.baseline > LAST_LINE_PITCH * d;
}

/**
 * Columns read one after the other (each ordered on its own), the one that continues `above`
 * first, asides kept for the end (`withAsides`: columns of text, not a band group's); or, where
 * something cuts across them (`fullWidthSlabs`), the parts above, across and below it in turn.
 */
function readColumns(columns: Item[][], above: Item | undefined, gutterMin: number, depth: number, asides: RegionBlock[], withAsides = true): RegionBlock[] {
  const out: RegionBlock[] = [];
  const slabs = fullWidthSlabs(columns);
  if (slabs) {
    for (const slab of slabs) out.push(...orderRegion(slab, gutterMin, depth + 1, asides));
    return out;
  }
  const cols = continuedFirst(columns, above);
  for (const col of cols) {
    const blocks = orderRegion(col, gutterMin, depth + 1, asides);
    if (withAsides && isAside(col, cols)) asides.push(...blocks);
    else out.push(...blocks);
  }
  return out;
}

/** Bands next to a group through which its gutter must run to be the page's column gutter… */
const COLUMN_GUTTER_BANDS = 3;
/** …of which at least this many hold lines left of it, and as many right of it. */
const COLUMN_GUTTER_SIDE_BANDS = 2;
/** Width, in `gutterMin`s, of the channel that must stay free inside the gutter through those bands. */
const COLUMN_GUTTER_MIN_SHARE = 0.5;
/** Bands looked at on each side of the group. */
const COLUMN_GUTTER_REACH = 12;

/**
 * The group's gutter (bands[start..end)) that stays free through the bands right above and below
 * it, with lines of text on both sides among them: two columns of text around the group (their lines may
 * sit at other heights on each side). A table's own gutters end at its edges, where full-width
 * lines cross them, and a list or short lines above a table lie on one side only; the group
 * itself holds lines of text on one side (the table, a list, a bold line on the other).
 */
/** Words that make a piece of a line read as text rather than a table cell. */
const TEXT_LINE_WORDS = 5;

function wordy(it: Item): boolean {
  return it.seg !== undefined && it.seg.text.split(/\s+/).length >= TEXT_LINE_WORDS;
}

function columnGutter(bands: Item[][], start: number, end: number, gutters: Interval[], gutterMin: number): Interval | null {
  let best: Interval | null = null;
  let bestCount = 0;
  const group = bands.slice(start, end).flat();
  for (const g of gutters) {
    // Text beside the table within the group too: a table across both columns (its gutter where
    // the page's is) holds cells on both sides, not lines of text.
    const textBeside = group.filter((it) => it.x1 <= g.lo && wordy(it)).length >= COLUMN_GUTTER_SIDE_BANDS || group.filter((it) => it.x0 >= g.hi && wordy(it)).length >= COLUMN_GUTTER_SIDE_BANDS;
    if (!textBeside) continue;
    // The channel each band leaves free inside the gutter: the column's own gutter can be narrower
    // than the group's (a table's cells are inset by their padding from the edge its column's text
    // keeps above and below it).
    const channel = (band: Item[]): Interval | undefined => narrowGutters([g], band, COLUMN_GUTTER_MIN_SHARE * gutterMin)[0];
    const run: { band: Item[]; c: Interval }[] = [];
    const walk = (from: number, to: number, step: number): void => {
      for (let k = from; k !== to; k += step) {
        const c = channel(bands[k]);
        if (!c) return;
        run.push({ band: bands[k], c });
      }
    };
    walk(start - 1, Math.max(-1, start - 1 - COLUMN_GUTTER_REACH), -1);
    walk(end, Math.min(bands.length, end + COLUMN_GUTTER_REACH), 1);
    // Lines of text (several words), not the rows of the same table cut into another group.
    const left = run.filter((r) => r.band.some((it) => it.x1 <= r.c.lo && wordy(it))).length;
    const right = run.filter((r) => r.band.some((it) => it.x0 >= r.c.hi && wordy(it))).length;
    if (run.length >= COLUMN_GUTTER_BANDS && left >= COLUMN_GUTTER_SIDE_BANDS && right >= COLUMN_GUTTER_SIDE_BANDS && run.length > bestCount) {
      best = g;
      bestCount = run.length;
    }
  }
  return best;
}

/** The bands before a table across the gutter, the table and the bands after it, each ordered on its own. */
function orderAround(bands: Item[][], across: { from: number; to: number }, gutterMin: number, depth: number, asides: RegionBlock[]): RegionBlock[] {
  const parts = [bands.slice(0, across.from), bands.slice(across.from, across.to), bands.slice(across.to)];
  return parts.filter((part) => part.length > 0).flatMap((part) => orderRegion(part.flat(), gutterMin, depth + 1, asides));
}

/** Rows of figures a table across the page's gutter needs, each with a figure set either side of it. */
const ACROSS_FIGURE_ROWS = 2;
/** A cell holds at most this many words (a longer piece is a line of text). */
const CELL_MAX_WORDS = 3;

/**
 * Bands of the group (from, to) that are the rows of one table set across the gutter: a table
 * wider than its column of a two-column page, whose channel before its last column lies where the
 * page's gutter runs (mixed-22016: "1999" and "Special"), read as two columns, its last column
 * with the right column's text. Each band holds cells either side of the gutter, the pieces
 * nearest it short, or cells on one side only (a section label); two rows at least hold a figure
 * on both sides next to it. Tables side by side in the two columns have labels there, not figures.
 */
function tableAcross(bands: Item[][], g: Interval): { from: number; to: number } | null {
  const cell = (it: Item | undefined) => it?.seg !== undefined && it.seg.text.trim().split(/\s+/).length <= CELL_MAX_WORDS;
  let best: { from: number; to: number; figures: number } | null = null;
  // The current stretch: its first and last band with cells on both sides (a one-sided band
  // before or after them is the columns' text, not a row).
  let from = -1;
  let last = -1;
  let figures = 0;
  for (let k = 0; k <= bands.length; k++) {
    const band = bands[k];
    const left = band?.filter((it) => it.x1 <= g.lo).sort((a, b) => b.x1 - a.x1)[0];
    const right = band?.filter((it) => it.x0 >= g.hi).sort((a, b) => a.x0 - b.x0)[0];
    // An enumerator opening the right side's line is a list item of that column ("1. Form built"
    // beside a table's row "Output detail 802 18"), not a figure in a cell.
    const item = right?.seg !== undefined && isListLabel(right.seg.text) && band!.some((it) => it.x0 > right.x1 && it.seg && !isListLabel(it.seg.text));
    const row = band !== undefined && (left || right) && (!left || cell(left)) && (!right || cell(right)) && !item && band.every((it) => it.x1 <= g.lo || it.x0 >= g.hi);
    if (row) {
      if (left && right) {
        if (from < 0) [from, figures] = [k, 0];
        last = k;
      }
      if (left?.seg && right?.seg && isFigure(left.seg.text) && isFigure(right.seg.text)) figures++;
      continue;
    }
    if (from >= 0 && figures >= ACROSS_FIGURE_ROWS && (!best || figures > best.figures)) best = { from, to: last + 1, figures };
    from = -1;
  }
  return best && { from: best.from, to: best.to };
}

/** Lines of prose each side of a gutter needs to be the page's column gutter inside a group. */
const PROSE_GUTTER_LINES = 3;

/**
 * A gutter of the group with lines of prose on both sides, beside each other: lines of several
 * words (TEXT_LINE_WORDS) spanning most of their side's width (FILLED_PROSE_FILL). Such a group
 * is two columns of text, one of them holding a table or a list as well (a table's column of
 * descriptions is one side at most: its other columns hold figures and short labels).
 */
function proseGutter(group: Item[], gutters: Interval[]): Interval | null {
  for (const g of gutters) {
    const sides = [group.filter((it) => it.x1 <= g.lo), group.filter((it) => it.x0 >= g.hi)];
    const prose = sides.map((side) => {
      if (side.length === 0) return [];
      const lo = Math.min(...side.map((it) => it.x0));
      const hi = Math.max(...side.map((it) => it.x1));
      return side.filter((it) => wordy(it) && it.x1 - it.x0 >= FILLED_PROSE_FILL * (hi - lo));
    });
    if (prose.some((p) => p.length < PROSE_GUTTER_LINES)) continue;
    const spans = prose.map((p) => [Math.min(...p.map((it) => it.top)), Math.max(...p.map((it) => it.bottom))]);
    if (Math.min(spans[0][1], spans[1][1]) > Math.max(spans[0][0], spans[1][0])) return g;
  }
  return null;
}

/** Lines side by side across a channel whose baselines differ by more than this many sizes are not one row's. */
const OFFSET_BASELINE_EM = 0.15;
/** Such lines a channel needs to part two columns however few words their lines hold. */
const OFFSET_BANDS = 3;

/**
 * Two columns of words side by side whose lines do not share baselines: lines of the two sides
 * that share a band sit at different heights in three bands or more (tables and lists side by side
 * in the two columns of a page, each set to its own pitch). One table's rows share their baselines
 * across its channels; a column of figures alone (cells centred on wrapped labels) is no column
 * of text.
 */
function offsetSides(bands: Item[][], g: Interval): boolean {
  let offset = 0;
  const left: Item[] = [];
  const right: Item[] = [];
  for (const band of bands) {
    const l = band.filter((it) => it.seg && it.x1 <= g.lo);
    const r = band.filter((it) => it.seg && it.x0 >= g.hi);
    left.push(...l);
    right.push(...r);
    if (l.length === 0 || r.length === 0) continue;
    const size = median([...l, ...r].map((it) => it.seg!.size));
    const base = (side: Item[]) => median(side.map((it) => it.seg!.baseline));
    if (Math.abs(base(l) - base(r)) > OFFSET_BASELINE_EM * size) offset++;
  }
  return offset >= OFFSET_BANDS && left.length > 0 && right.length > 0 && !figuresOnly(left) && !figuresOnly(right);
}

/** Regions of more bands than this are not tried for a whole-region cut (the section check is quadratic). */
const WHOLE_CUT_MAX_BANDS = 400;
/** Lines of text (≥ TEXT_LINE_WORDS words) each side of a whole-region channel needs. */
const WHOLE_COLUMN_TEXT_LINES = 3;
/** A channel through the whole region is this share of a band's gutter wide at least (0.63 em of the body). */
const WHOLE_GUTTER_SHARE = 0.7;

/**
 * Columns of the whole region: a vertical channel that no item crosses, with lines of text on
 * both sides, the sides overlapping through most of the region's height. A table's own gutters
 * hold cells, not lines of text, on at least one side; stacked blocks do not overlap.
 */
function wholeColumns(items: Item[], bands: Item[][], gutterMin: number, extent: Interval): Item[][] | null {
  if (bands.length < 2 * WHOLE_COLUMN_TEXT_LINES || bands.length > WHOLE_CUT_MAX_BANDS) return null;
  // Gaps in the projection of every item on the x axis. Free through the whole region, a
  // narrower gap than a band's gutter is a channel: LaTeX's 10 pt column gap is 0.83 em at 12 pt.
  const gutters: Interval[] = [];
  let right = extent.lo;
  for (const it of items.slice().sort((a, b) => a.x0 - b.x0)) {
    if (it.x0 - right >= WHOLE_GUTTER_SHARE * gutterMin) gutters.push({ lo: right, hi: it.x0 });
    right = Math.max(right, it.x1);
  }
  // Gutters with text on both sides (a table's own gutters inside a column have cells on one).
  // Lines of several words, or (narrow columns of three or four words a line) running text.
  const texty = (list: Item[]) => list.filter(wordy).length >= WHOLE_COLUMN_TEXT_LINES || runsOn(list);
  const cuts = gutters.filter((g) => {
    const left = items.filter((it) => it.x1 <= g.lo);
    const right = items.filter((it) => it.x0 >= g.hi);
    return (texty(left) && (texty(right) || endedColumn(left, right))) || offsetSides(bands, g);
  }).filter((g, k, all) => {
    // A column of list marks only is its list's marks, not a column: they stay with their items.
    const from = k > 0 ? all[k - 1].hi : -Infinity;
    const marks = items.filter((it) => it.x0 >= from && it.x1 <= g.lo);
    return !(k > 0 && marks.length > 0 && listMarks(marks));
  });
  if (cuts.length === 0) return null;
  // A heading under white space across the region opens a section: the horizontal cut comes
  // first there (the band grouping below reads the columns above it to their end). Not a band
  // with lines on both sides of the channel: two columns' bold lines side by side at one height
  // (the header rows of two tables, one in each column) head their own columns (issue 9).
  const bothSides = (band: Item[]) => cuts.some((g) => band.some((it) => it.x1 <= g.lo) && band.some((it) => it.x0 >= g.hi));
  let above: Item[] = [];
  for (let j = 1; j < bands.length; j++) {
    above = above.concat(bands[j - 1]);
    if (startsSection(above, bands[j]) && !bothSides(bands[j]) && !headsItsColumn(above, bands, j, cuts)) return null;
  }
  const offset = cuts.some((g) => offsetSides(bands, g));
  // The last of two columns may be one that ended (endedColumn).
  const columnLike = (col: Item[], k: number, all: Item[][]) => offset || texty(col) || (all.length === 2 && k === 1 && endedColumn(all[0], col));
  let columns = splitColumns(items, cuts);
  if (!columns.every(columnLike)) columns = splitColumns(items, [cuts.reduce((a, b) => (b.hi - b.lo > a.hi - a.lo ? b : a))]);
  if (columns.length < 2 || !columns.every(columnLike)) return null;
  const top = Math.min(...items.map((it) => it.top));
  const bottom = Math.max(...items.map((it) => it.bottom));
  const spans = columns.map((col) => [Math.min(...col.map((it) => it.top)), Math.max(...col.map((it) => it.bottom))]);
  const overlap = Math.min(...spans.map((sp) => sp[1])) - Math.max(...spans.map((sp) => sp[0]));
  return overlap >= 0.5 * (bottom - top) || (columns.length === 2 && endedColumn(columns[0], columns[1])) ? columns : null;
}

/**
 * The last column of two ended early: it starts where the first does, at the top of the region,
 * and holds lines of running text (two or more), fewer than the first. Text fills the first
 * column before the next, so the second column of a page whose text ends is short, beside the
 * first's top, not stacked under it (issue 9: a right column of four lines, or of two beside a
 * section title, read into the middle of the first column).
 */
function endedColumn(first: Item[], last: Item[]): boolean {
  const lineHeight = median(first.filter((it) => it.seg).map((it) => it.seg!.bottom - it.seg!.top));
  if (!(lineHeight > 0) || last.length === 0) return false;
  const top = (col: Item[]) => Math.min(...col.map((it) => it.top));
  if (Math.abs(top(first) - top(last)) > lineHeight) return false;
  const lines = splitBands(last);
  return lines.length >= 2 && lines.length < splitBands(first).length && last.filter(wordy).length >= lines.length - 1;
}

/**
 * A heading in the first column under the end of a shorter column beside it heads the rest of
 * its own column, not a section across the page: columns above a break across the page end
 * together (balanced, as LaTeX and word processors set them), and text fills the first column
 * before the next. So when the band and everything below it lie left of a channel, and the text
 * right of it ended above, more than two lines higher than the first column's text over the
 * band, or the lines below are justified to the first column's edge, the columns read on: the
 * first to its end, then the short one (issue 9).
 */
function headsItsColumn(above: Item[], bands: Item[][], j: number, cuts: Interval[]): boolean {
  const segs = above.filter((it) => it.seg);
  if (segs.length === 0) return false;
  const lineHeight = median(segs.map((it) => it.seg!.bottom - it.seg!.top));
  const below = bands.slice(j).flat();
  return cuts.some((g) => {
    if (below.some((it) => it.x1 > g.lo)) return false;
    const left = above.filter((it) => it.x1 <= g.lo);
    const right = above.filter((it) => it.x0 >= g.hi);
    if (left.length === 0 || right.length === 0) return false;
    if (Math.max(...right.map((it) => it.bottom)) < Math.max(...left.map((it) => it.bottom)) - UNBALANCED_LINES * lineHeight) return true;
    // Or the lines below are the first column's own: justified to its edge, as above it (a short
    // last column may end level with the first column's text over the heading by chance).
    const edge = Math.max(...left.map((it) => it.x1));
    return below.filter((it) => it.seg && Math.abs(it.x1 - edge) <= COLUMN_EDGE_PT).length >= COLUMN_EDGE_LINES;
  });
}

/** Lines below a heading ending this close to the first column's edge… */
const COLUMN_EDGE_PT = 1;
/** …this many at least, go on in that column. */
const COLUMN_EDGE_LINES = 2;

/** A column this many lines shorter than the first, over a heading, has ended: it is no balanced column. */
const UNBALANCED_LINES = 2;

/** White space across the region, in line heights, that can end a stretch of columns… */
const SLAB_GAP_LINES = 1;
/** …and that ends it on its own, with columns of text above and below it. */
const BLANK_SLAB_GAP_LINES = 2;
/** Height, in line heights, of a stretch set in one column only that cuts across the others. */
const SLAB_MIN_LINES = 3;

/**
 * XY-cut's horizontal cuts that come before the vertical one (XY-Cut++: elements that cut across
 * columns): the columns of `columns` hold no item in some stretch of the region's height, so the
 * region is read part by part, each part column by column. A stretch is cut out when
 * - it lies between two white bands across the region, is set in some columns only (a table or
 *   figure with its caption, narrower than the page it spans) and the other columns hold text
 *   both above and below it: a column of running text never leaves a hole that tall, so the
 *   stretch spans the page and the columns restart under it;
 * - or it is blank, at least two lines tall, with text in every column above and below it: the
 *   columns stop together and start again together (a new set of columns, as under a full-width
 *   element), which running columns do not do.
 * Null when no such stretch exists.
 */
function fullWidthSlabs(columns: Item[][]): Item[][] | null {
  const items = columns.flat();
  // In font sizes, not box heights: some producers' boxes are half a line tall.
  const lineHeight = median(items.filter((it) => it.seg).map((it) => it.seg!.size));
  if (!(lineHeight > 0)) return null;
  const sideOf = new Map<Item, number>();
  columns.forEach((col, k) => col.forEach((it) => sideOf.set(it, k)));
  // White bands across the region, SLAB_GAP_LINES or taller, cut it into stretches.
  const sorted = items.slice().sort((a, b) => a.top - b.top);
  const stretches: { items: Item[]; gapAbove: number }[] = [{ items: [], gapAbove: 0 }];
  let bottom = -Infinity;
  for (const it of sorted) {
    const gap = it.top - bottom;
    if (stretches[stretches.length - 1].items.length > 0 && gap >= SLAB_GAP_LINES * lineHeight) stretches.push({ items: [], gapAbove: gap });
    stretches[stretches.length - 1].items.push(it);
    bottom = Math.max(bottom, it.bottom);
  }
  if (stretches.length < 2) return null;
  const sides = (list: Item[]): Set<number> => new Set(list.filter((it) => it.seg).map((it) => sideOf.get(it) ?? -1));
  const textSides = stretches.map((st) => sides(st.items));
  // Columns holding text in the stretches above stretch k (above[k]) and below it (below[k]).
  const above: Set<number>[] = [new Set()];
  for (let k = 1; k < stretches.length; k++) above.push(new Set([...above[k - 1], ...textSides[k - 1]]));
  const below: Set<number>[] = stretches.map(() => new Set<number>());
  for (let k = stretches.length - 2; k >= 0; k--) below[k] = new Set([...below[k + 1], ...textSides[k + 1]]);
  const all = (set: Set<number>): boolean => columns.every((_, c) => set.has(c));
  // cut[k]: a cut runs above stretch k.
  const cut = stretches.map(() => false);
  for (let k = 1; k < stretches.length; k++) {
    // A blank band, columns of text above and below it.
    if (stretches[k].gapAbove >= BLANK_SLAB_GAP_LINES * lineHeight && all(textSides[k - 1]) && all(textSides[k])) cut[k] = true;
  }
  for (let k = 1; k < stretches.length - 1; k++) {
    const st = stretches[k].items;
    const height = Math.max(...st.map((it) => it.bottom)) - Math.min(...st.map((it) => it.top));
    const own = new Set(st.map((it) => sideOf.get(it) ?? -1));
    const missing = columns.map((_, c) => c).filter((c) => !own.has(c));
    if (height < SLAB_MIN_LINES * lineHeight || missing.length === 0) continue;
    if (missing.every((c) => above[k].has(c) && below[k].has(c))) cut[k] = cut[k + 1] = true;
  }
  if (!cut.some(Boolean)) return null;
  const out: Item[][] = [];
  stretches.forEach((st, k) => {
    if (k === 0 || cut[k]) out.push([]);
    out[out.length - 1].push(...st.items);
  });
  return out;
}

/** Lines each side of an offset-column gutter needs before it is read as columns. */
const OFFSET_COLUMN_MIN_LINES = 3;
/** Words per line of prose in a narrow column (three columns on a letter page hold about five). */
const NARROW_PROSE_WORDS = 4;
/** Offset-column searches per region (each walks the bands once). */
const MAX_OFFSET_TRIES = 32;

/**
 * Columns whose lines sit at different heights (other leading, a column shifted by a heading or
 * figure): from band `start` on, the bands are grown while a vertical white gutter stays free
 * across all of them (XY-cut's vertical cut, which does not need aligned baselines). They are
 * columns when at least two sides hold OFFSET_COLUMN_MIN_LINES stacked lines each, the sides
 * lie beside each other (stacked blocks are not columns) and read as text, not cells. Two sides
 * of prose are columns even where most bands hold both (lines of equal leading overlapping in
 * height): the run starts at the first one-sided band, so a column that begins higher than its
 * neighbour (the neighbour starts under a drawn figure) is read whole, not its first lines as a
 * paragraph above both.
 */
function offsetColumns(bands: Item[][], start: number, gutterMin: number, extent: Interval): { columns: Item[][] | null; end: number; next: number } {
  let gutters = narrowGutters([extent], bands[start], gutterMin);
  if (gutters.length === 0) return { columns: null, end: start + 1, next: start + 1 };
  let group = bands[start].slice();
  let end = start + 1;
  while (end < bands.length && !startsSection(group, bands[end])) {
    const next = narrowGutters(gutters, bands[end], gutterMin);
    if (next.length === 0) break;
    gutters = next;
    group.push(...bands[end]);
    end++;
  }
  // Ended by a band across the gutter: a float in one column's slot below the others' end is
  // that full-width part's (looseTail), whatever heights the columns' lines sit at.
  if (end < bands.length) {
    const tail = looseTail(bands, start, end, gutters);
    if (tail > start) {
      end = tail;
      group = bands.slice(start, tail).flat();
    }
  }
  // A free channel with nothing on one side is margin, not a gutter.
  gutters = gutters.filter((g) => group.some((it) => it.x1 <= g.lo) && group.some((it) => it.x0 >= g.hi));
  // No channel with text both sides: the first band (a full-width title) blocks every gutter, and
  // the search goes on from the band below it.
  if (gutters.length === 0) return { columns: null, end, next: start + 1 };
  const columns = splitColumns(group, gutters);
  // Where the run's second side begins: the next search starts there.
  const sideOf = new Map<Item, number>();
  columns.forEach((col, k) => col.forEach((it) => sideOf.set(it, k)));
  const side = (it: Item): number => sideOf.get(it) ?? -1;
  const firstSide = side(bands[start][0]);
  let next = start + 1;
  while (next < end && bands[next].every((it) => side(it) === firstSide)) next++;
  const none = { columns: null, end, next };
  if (gutters.length === 0 || end - start < 2 * OFFSET_COLUMN_MIN_LINES) return none;
  const full = columns.filter((col) => splitBands(col).length >= OFFSET_COLUMN_MIN_LINES);
  if (full.length < 2) return none;
  const top = Math.min(...group.map((it) => it.top));
  const bottom = Math.max(...group.map((it) => it.bottom));
  const spans = full.map((col) => [Math.min(...col.map((it) => it.top)), Math.max(...col.map((it) => it.bottom))]);
  const overlap = Math.min(...spans.map((s) => s[1])) - Math.max(...spans.map((s) => s[0]));
  // Beside, not stacked: the shorter side lies mostly beside the others (a column that starts
  // below a figure, which is drawn and holds no text, is still a column).
  const shortest = Math.min(...spans.map((s) => s[1] - s[0]));
  if (overlap < 0.5 * Math.min(bottom - top, shortest)) return none;
  // Most bands hold one side only, or both sides are prose: bands holding both sides are then
  // lines of equal leading overlapping in height, not the aligned rows of a table (the band
  // grouping's job).
  const oneSided = bands.slice(start, end).filter((b) => new Set(b.map(side)).size === 1).length;
  if (oneSided < 0.5 * (end - start) && full.filter((col) => isProse(col, NARROW_PROSE_WORDS) || runsOn(col) || justifiedProse(col)).length < 2) return none;
  if (!looksLikeTextColumns(group, gutters, end - start)) return none;
  return { columns, end, next: end };
}

/**
 * The column that goes on with the line just above it (that line lies over this column only, at
 * a paragraph's line spacing) is read first: its paragraph is still running when the other column
 * (a sidebar beside its lower part) begins. Otherwise left to right.
 */
function continuedFirst(columns: Item[][], above: Item | undefined): Item[][] {
  if (!above?.seg) return columns;
  const over = columns.filter((col) => col.some((it) => Math.min(it.x1, above.x1) - Math.max(it.x0, above.x0) > 0));
  if (over.length !== 1) return columns;
  const col = over[0];
  const top = col.reduce((a, b) => (b.top < a.top ? b : a));
  if (top.top - above.bottom > 0.5 * (above.bottom - above.top)) return columns;
  return [col, ...columns.filter((c) => c !== col)];
}

/** Print this much smaller than the column beside it marks a column as an aside (notes, a sidebar). */
const ASIDE_SIZE_RATIO = 0.92;

/** A column of offset columns set smaller, and with fewer lines, than another one beside it. */
function isAside(col: Item[], columns: Item[][]): boolean {
  // The size most of the column's characters are set in: counted by pieces, a column's table of
  // small cells outweighed its prose, whose justified lines are one piece each.
  const size = (c: Item[]): number => textSize(segsOf(c));
  const lines = (c: Item[]): number => splitBands(c).length;
  return columns.some((other) => other !== col && size(col) <= ASIDE_SIZE_RATIO * size(other) && lines(col) < lines(other));
}

/**
 * Rows of a one-band group read side by side: the second-largest count of stacked lines among its
 * columns (1 when fewer than two columns hold more than one line).
 */
function stackedRows(group: Item[], gutters: Interval[]): number {
  const counts = splitColumns(group, gutters).map((col) => splitBands(col).length).sort((a, b) => b - a);
  return counts.length >= 2 ? Math.max(1, counts[1]) : 1;
}

/** White space across the whole region, in line heights, above a heading that opens a section. */
const SECTION_GAP_LINES = 1.4;

/**
 * A band that opens a new section of the page (XY-cut's horizontal cut): white space across the
 * whole region above it, more than a paragraph break, and its first line set as a heading (bold
 * or larger than the text above). The columns above are read to their end before it, even when
 * the section below keeps the same columns.
 */
function startsSection(above: Item[], band: Item[]): boolean {
  const segs = above.filter((it) => it.seg).map((it) => it.seg!);
  const first = band.reduce((a, b) => (b.top < a.top || (b.top === a.top && b.x0 < a.x0) ? b : a));
  if (!first.seg || segs.length === 0) return false;
  const lineHeight = median(segs.map((s) => s.bottom - s.top));
  const bottom = Math.max(...above.map((it) => it.bottom));
  if (first.top - bottom < SECTION_GAP_LINES * lineHeight) return false;
  // Text set beside it (not in its face: another column's line, even on its baseline) makes it
  // the head of its own column only: no cut across the region there (a table caption in one
  // column of a two-column page). Pieces of the heading itself ("1." and its title) share its face.
  const head = first.seg;
  if (band.some((it) => it.seg && (it.x1 <= first.x0 || it.x0 >= first.x1) && (it.seg.bold !== head.bold || it.seg.size < head.size))) return false;
  const size = textSize(segs);
  return (first.seg.bold && !segs.every((s) => s.bold)) || first.seg.size >= 1.15 * size;
}

/**
 * The size most of the text is set in: the median over characters, not segments (a table's many
 * short cells in smaller print would otherwise make the body text look larger than the text).
 */
function textSize(segs: Segment[]): number {
  const sorted = segs.slice().sort((a, b) => a.size - b.size);
  const half = sorted.reduce((n, s) => n + s.text.length, 0) / 2;
  let seen = 0;
  for (const s of sorted) {
    seen += s.text.length;
    if (seen >= half) return s.size;
  }
  return 0;
}

/** Share of the characters set in a monospace face. */
export function monospaceShare(items: Item[]): number {
  let mono = 0;
  let all = 0;
  for (const it of items) {
    if (!it.seg) continue;
    all += it.seg.text.length;
    if (it.seg.monospace) mono += it.seg.text.length;
  }
  return all === 0 ? 0 : mono / all;
}

/** Sorted by top; a band ends where the next item starts below everything so far. */
export function splitBands(items: Item[]): Item[][] {
  const sorted = items.slice().sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const bands: Item[][] = [];
  let cur: Item[] = [];
  let bottom = -Infinity;
  for (const it of sorted) {
    // Lines touch or overlap slightly within a paragraph; a tiny tolerance keeps them apart.
    if (cur.length && it.top > bottom - 0.25 * (it.bottom - it.top)) {
      bands.push(cur);
      cur = [];
      bottom = -Infinity;
    }
    cur.push(it);
    bottom = Math.max(bottom, it.bottom);
  }
  if (cur.length) bands.push(cur);
  return bands;
}

/** Vertical gaps between items of a band at least `min` wide. */
export function findGutters(band: Item[], min: number): Interval[] {
  const sorted = band.slice().sort((a, b) => a.x0 - b.x0);
  const out: Interval[] = [];
  let right = sorted[0].x1;
  for (let k = 1; k < sorted.length; k++) {
    const it = sorted[k];
    if (it.x0 - right >= min) out.push({ lo: right, hi: it.x0 });
    right = Math.max(right, it.x1);
  }
  return out;
}

/** The parts of the gutters that the band's items leave free (each at least `min` wide). */
export function narrowGutters(gutters: Interval[], band: Item[], min: number): Interval[] {
  const out: Interval[] = [];
  for (const g of gutters) {
    let parts: Interval[] = [g];
    for (const it of band) {
      const nextParts: Interval[] = [];
      for (const p of parts) {
        if (it.x1 <= p.lo || it.x0 >= p.hi) nextParts.push(p);
        else {
          if (it.x0 - p.lo >= min) nextParts.push({ lo: p.lo, hi: it.x0 });
          if (p.hi - it.x1 >= min) nextParts.push({ lo: it.x1, hi: p.hi });
        }
      }
      parts = nextParts;
      if (parts.length === 0) break;
    }
    // Keep the widest part: a gutter is one channel.
    if (parts.length) out.push(parts.reduce((a, b) => (b.hi - b.lo > a.hi - a.lo ? b : a)));
  }
  return out;
}

export function splitColumns(items: Item[], gutters: Interval[]): Item[][] {
  const cuts = gutters.map((g) => (g.lo + g.hi) / 2).sort((a, b) => a - b);
  const cols: Item[][] = cuts.map(() => []);
  cols.push([]);
  for (const it of items) {
    const cx = (it.x0 + it.x1) / 2;
    let c = 0;
    while (c < cuts.length && cx > cuts[c]) c++;
    cols[c].push(it);
  }
  return cols.filter((c) => c.length > 0);
}

/**
 * A column of prose: at least four lines, most of them of `minWords` words or more, and few
 * numbers (numbers are not words: table rows are full of them).
 */
function isProse(col: Item[], minWords: number): boolean {
  const perLine = new Map<number, number>();
  let tokens = 0;
  let numbers = 0;
  for (const it of col) {
    if (!it.seg) continue;
    const words = it.seg.text.split(/\s+/).filter((w) => w.length > 0);
    tokens += words.length;
    numbers += words.filter((w) => /^[^\p{L}]*\d[^\p{L}]*$/u.test(w)).length;
    perLine.set(it.seg.lineId, (perLine.get(it.seg.lineId) ?? 0) + words.filter((w) => /\p{L}/u.test(w)).length);
  }
  const l = [...perLine.values()].sort((a, b) => a - b);
  return l.length >= 4 && l[Math.floor(l.length / 2)] >= minWords && numbers <= PROSE_MAX_NUMBER_SHARE * tokens;
}

/** Share of a column's lines that hold only figures, in a column of figures (the rest: its headings). */
const FIGURE_COLUMN_LINE_SHARE = 0.6;

/**
 * A column of figures: most of its lines hold no word of two letters or more (footnote and
 * revision markers, "x" for a suppressed value, are single letters); its headings are the rest.
 */
function figuresOnly(col: Item[]): boolean {
  const lines = new Map<number, boolean>();
  for (const it of col) if (it.seg) lines.set(it.seg.lineId, (lines.get(it.seg.lineId) ?? true) && !/\p{L}{2}/u.test(it.seg.text));
  const flags = [...lines.values()];
  return flags.length > 0 && flags.filter(Boolean).length >= FIGURE_COLUMN_LINE_SHARE * flags.length;
}

/** Words a label of a row holds at most. */
const LABEL_MAX_WORDS = 4;

/**
 * How a row's label is set apart from its value: the label in bold, the value in regular weight
 * ("**Marital status**  Widowed"), or the value typed in a typewriter face beside a label in a
 * proportional one (a form filled in on a typewriter or by a program: "Home address  255
 * Victoria Lane" in Courier; issue 9, forms family).
 */
function labelSetApart(label: Segment, value: Segment): boolean {
  return (label.bold && !value.bold) || (!label.monospace && value.monospace);
}

/**
 * Two or more rows, each a short label beside a value set apart from it (labelSetApart), every
 * label with a value on its line and every value with a label: fields read row by row. A narrow
 * column of bold headings beside paragraphs (a résumé's "Experience" beside its text) has value
 * lines without a label, so it stays two columns.
 */
function labelRows(labels: Item[], values: Item[]): boolean {
  const rowsOf = (col: Item[]) => new Set(col.map((it) => it.seg?.lineId));
  if (!labels.every((it) => it.seg && it.seg.text.trim().split(/\s+/).length <= LABEL_MAX_WORDS)) return false;
  if (!values.every((it) => it.seg !== undefined)) return false;
  const labelRowIds = [...rowsOf(labels)];
  const valueRows = rowsOf(values);
  if (labelRowIds.length < 2 || labelRowIds.length !== valueRows.size) return false;
  // Beside each other: a label's line and a value's line share a band (their vertical middles
  // overlap), and the value is set apart from its label.
  const beside = (l: Item, v: Item) => Math.max(l.top, v.top) < Math.min(l.bottom, v.bottom) && labelSetApart(l.seg!, v.seg!);
  return labels.every((l) => values.some((v) => beside(l, v))) && values.every((v) => labels.some((l) => beside(l, v)));
}

/** A value that is no figure but stands in a column of them: a suppressed or missing value. */
const PLACEHOLDER = /^([-–—:x.]|\.\.|n\/?a)$/iu;

/** Every token of a piece a figure or a placeholder ("(7.0) 443,247", pdf.js joined the cells). */
const figureTokens = (text: string): boolean => {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  return tokens.length > 0 && tokens.some((t) => isFigure(t)) && tokens.every((t) => isFigure(t) || PLACEHOLDER.test(t));
};

/**
 * A column of labels beside a column whose every piece is figures. Each label line starts with a
 * word; figures may follow it on its line (a tight table's first columns of figures, set closer to
 * the labels than to the rest, read as a column of text beside one of figures: issue 9).
 */
function labelsWithAmounts(labels: Item[], values: Item[]): boolean {
  const lines = new Map<number, Item[]>();
  for (const it of labels) {
    if (!it.seg) return false;
    lines.set(it.seg.lineId, [...(lines.get(it.seg.lineId) ?? []), it]);
  }
  const labelled = [...lines.values()].every((line) => {
    const [first, ...rest] = line.sort((a, b) => a.x0 - b.x0);
    return /\p{L}{2}/u.test(first.seg!.text) && rest.every((it) => /\p{L}{2}/u.test(it.seg!.text) || figureTokens(it.seg!.text));
  });
  return labelled && values.length > 0 && values.every((it) => it.seg !== undefined && figureTokens(it.seg.text));
}

/** Share of a prose column's tokens that may be numbers (years, figures quoted in the text). */
const PROSE_MAX_NUMBER_SHARE = 0.15;

/** Lines a column of filled prose needs, the median share of its width they span, and their words. */
const FILLED_PROSE_LINES = 4;
const FILLED_PROSE_FILL = 0.8;
const FILLED_PROSE_WORDS = 3;

/**
 * A column of prose set to its measure: most of its lines span nearly the column's whole width
 * (justified, or ragged close to the edge) and hold several words. Prose is set line after line to
 * one measure; a table column's cells are as wide as their text, so only its widest reaches both
 * edges. Words per line alone do not tell them apart in narrow columns: three columns on a letter
 * page hold three to five words a line, as many as a table's description column (issue 9).
 */
function filledProse(col: Item[]): boolean {
  if (figuresOnly(col)) return false;
  const lo = Math.min(...col.map((c) => c.x0));
  const hi = Math.max(...col.map((c) => c.x1));
  const lines = new Map<number, { x0: number; x1: number; words: number }>();
  for (const it of col) {
    if (!it.seg) continue;
    const l = lines.get(it.seg.lineId) ?? { x0: it.x0, x1: it.x1, words: 0 };
    l.x0 = Math.min(l.x0, it.x0);
    l.x1 = Math.max(l.x1, it.x1);
    l.words += it.seg.text.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length;
    lines.set(it.seg.lineId, l);
  }
  const all = [...lines.values()];
  if (all.length < FILLED_PROSE_LINES) return false;
  const fill = median(all.map((l) => (l.x1 - l.x0) / Math.max(1, hi - lo)));
  return fill >= FILLED_PROSE_FILL && median(all.map((l) => l.words)) >= FILLED_PROSE_WORDS;
}

/** Two pieces of one line: a list mark (bullet, enumerator) and the item's text after it. */
function markedLine(band: Item[]): boolean {
  const [a, b] = band.slice().sort((p, q) => p.x0 - q.x0);
  return a.seg !== undefined && b.seg !== undefined && a.seg.lineId === b.seg.lineId && isListLabel(a.seg.text) && !isListLabel(b.seg.text);
}

interface ColumnLine {
  chars: number;
  words: number;
  x0: number;
  x1: number;
  /** The line's first piece (leftmost). */
  first: string;
}

/** A list mark this many of its sizes (or less) before its text is that line's opening. */
const MARK_GAP_EM = 2.5;

/**
 * A column's lines as its text pieces, a list mark joined to the text it opens (characters,
 * extent, first piece). Other pieces of one line stay apart: cells of a table's sub-columns are
 * no line of prose filling the column.
 */
function columnLines(col: Item[]): ColumnLine[] {
  const pieces = col.filter((it) => it.seg).sort((a, b) => a.seg!.lineId - b.seg!.lineId || a.x0 - b.x0);
  const out: ColumnLine[] = [];
  for (let k = 0; k < pieces.length; k++) {
    const it = pieces[k];
    const next = pieces[k + 1];
    const seg = it.seg!;
    if (next && next.seg!.lineId === seg.lineId && isListLabel(seg.text) && next.x0 - it.x1 <= MARK_GAP_EM * seg.size) {
      out.push({ chars: seg.text.length + 1 + next.seg!.text.length, words: wordCount(next.seg!.text), x0: it.x0, x1: next.x1, first: seg.text });
      k++;
    } else out.push({ chars: seg.text.length, words: wordCount(seg.text), x0: it.x0, x1: it.x1, first: seg.text });
  }
  return out;
}

const wordCount = (text: string): number => text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

/** Share of a column's lines of two words or more that end flush at its right edge, justified. */
const JUSTIFIED_SHARE = 0.6;
/** Flush: within this many ems of the column's right edge. */
const JUSTIFIED_FLUSH_EM = 0.15;

/**
 * A column of justified prose: most of its lines of two words or more end flush at its right
 * edge. A narrow column (two inches at 11 pt) sets three words a line or fewer, too few for the
 * word counts above, but justification squares its right edge; a table's text cells are ragged
 * at the right, and its figures carry no words.
 */
function justifiedProse(col: Item[]): boolean {
  const lines = columnLines(col).filter((l) => l.words >= 2);
  if (lines.length < RUN_ON_MIN_LINES) return false;
  const right = Math.max(...lines.map((l) => l.x1));
  const size = median(col.filter((it) => it.seg).map((it) => it.seg!.size));
  const flush = lines.filter((l) => right - l.x1 <= JUSTIFIED_FLUSH_EM * size).length;
  return flush >= JUSTIFIED_SHARE * lines.length;
}

/** Lines a column needs before its share of running-on lines says anything. */
const RUN_ON_MIN_LINES = 6;
/** Share of a column's lines that open in lower case for it to be running text… */
const RUN_ON_SHARE = 0.4;
/** …its lines holding this many words (median)… */
const RUN_ON_MIN_WORDS = 3;
/** …and filling this share of its measure (median). */
const RUN_ON_MIN_FILL = 0.6;

/**
 * A column of running text: lines of a few words filling most of its measure, many of them
 * opening in lower case, mid-sentence (a sentence wrapped to a narrow measure, ragged or not, a
 * list nested in it). A table's cells open a row each, mostly capitalised or with a figure; only
 * a wrapped cell's second line runs on. Scripts without case say nothing here.
 */
function runsOn(col: Item[]): boolean {
  const lines = columnLines(col);
  if (lines.length < RUN_ON_MIN_LINES) return false;
  // Lines of several words filling most of the measure: a column of lower-case identifiers or
  // short descriptions (a table of package names and what they do) opens in lower case too.
  const lo = Math.min(...lines.map((l) => l.x0));
  const width = Math.max(1, Math.max(...lines.map((l) => l.x1)) - lo);
  if (median(lines.map((l) => l.words)) < RUN_ON_MIN_WORDS || median(lines.map((l) => (l.x1 - l.x0) / width)) < RUN_ON_MIN_FILL) return false;
  let lower = 0;
  for (const l of lines) {
    // The first word with a letter (a bullet or an enumerator before it is the item's mark).
    const word = l.first.split(/\s+/).find((w) => /\p{L}/u.test(w)) ?? '';
    if (/^\p{Ll}/u.test(word)) lower++;
  }
  return lower >= RUN_ON_SHARE * lines.length;
}

/**
 * Text columns: few columns, lines long and filling their column. Table cells: short, ragged,
 * many columns.
 */
export function looksLikeTextColumns(items: Item[], gutters: Interval[], rows: number): boolean {
  const cols = splitColumns(items, gutters);
  if (cols.length < 2) return true;
  // A first column of labels closed by colons ("Supplier:", "Invoice date:") holds a form's or an
  // invoice's fields, their values beside them: read row by row, never as columns of text.
  if (cols[0].length >= 2 && cols[0].every((it) => it.seg !== undefined && LABEL_END.test(it.seg.text))) return false;
  // So are columns of fields, each line a label and its value after it ("Annual income:
  // €40,202.46" beside "Expiry date:   10/19/1964", a bold label before its value, a filled
  // form field: field-grid.ts): the fields of a row are read together, as the form sets them,
  // not each column down (issue 9).
  if (columnsOfFields(cols)) return false;
  // So is a column of short labels with a value beside every one of them, set apart from it
  // ("**Marital status**  Widowed" over "**Monthly rent**  £68,426.87"; a typed value beside its
  // printed label): a form's or a key-value table's rows.
  if (cols.length === 2 && labelRows(cols[0], cols[1])) return false;
  // Measured on each column's lines, not its pieces: a list item's bullet set apart from its
  // text is one line of the column, not a one-character cell (a bulleted list in a text column
  // made the column look like short cells: issue 9).
  const colLines = cols.map(columnLines);
  const lens = colLines.flat().map((l) => l.chars).sort((a, b) => a - b);
  const median = lens.length ? lens[Math.floor(lens.length / 2)] : 0;
  let fillSum = 0;
  let fillN = 0;
  for (const lines of colLines) {
    if (lines.length === 0) continue;
    const lo = Math.min(...lines.map((c) => c.x0));
    const hi = Math.max(...lines.map((c) => c.x1));
    const w = Math.max(1, hi - lo);
    for (const l of lines) {
      fillSum += (l.x1 - l.x0) / w;
      fillN++;
    }
  }
  const fill = fillN ? fillSum / fillN : 0;
  if (cols.length <= 3 && median >= 25 && fill >= 0.6) return true;
  // Every column holds prose (a label column of a key-value table does not).
  const colMedian = (k: number): number => {
    const l = colLines[k].map((x) => x.chars).sort((a, b) => a - b);
    return l.length ? l[Math.floor(l.length / 2)] : 0;
  };
  if (cols.length <= 3 && cols.every((_, k) => colMedian(k) >= 20)) return true;
  // Two or more columns of prose (many words per line) are text columns, whatever sits between
  // them (a photo caption); tables hold at most one such column (descriptions). A column of
  // figures is no prose however many there are to a line: it is the rest of a stretched table
  // whose label column and first figures lie beyond a wide channel.
  const manyWords = (col: Item[]): boolean => {
    if (figuresOnly(col)) return false;
    const perLine = new Map<number, number>();
    for (const it of col) if (it.seg) perLine.set(it.seg.lineId, (perLine.get(it.seg.lineId) ?? 0) + it.seg.text.split(/\s+/).length);
    const l = [...perLine.values()].sort((a, b) => a - b);
    return l.length >= 4 && l[Math.floor(l.length / 2)] >= 5;
  };
  if (cols.filter(manyWords).length >= 2) return true;
  // Two columns of prose filling their measure, or justified to it, however few words a narrow
  // column's line holds.
  if (cols.filter((col) => filledProse(col) || justifiedProse(col)).length >= 2) return true;
  // Two columns of running text, however ragged (a list nested in one of them).
  if (cols.length <= 3 && cols.filter(runsOn).length >= 2) return true;
  if (rows < 2) return true;
  // Two lines of two columns are text, unless the second holds only amounts beside labels (an
  // invoice's "Subtotal  €48,429.82" over "Tax  €19,257.85": read as columns, the labels became a
  // bold heading "Subtotal Tax" over the amounts).
  if (cols.length === 2 && rows < 3) {
    // Nor is a lone piece beside two lines: the rest of the line it ends ("Residence ☒ Owner
    // occupied ☐ Rented" … "☐ Living with family" above a shorter line), not a column of text.
    if (cols.some((col) => new Set(col.map((it) => it.seg?.lineId)).size < 2)) return false;
    return !labelsWithAmounts(cols[0], cols[1]);
  }
  return false;
}
