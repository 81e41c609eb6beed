// Whitespace-table blocks of the reading-order pass, completed (issue 9 item 3):
// - heading lines that belong to the table below them: a lone group heading ("Percent change",
//   centred over two of the value columns) is one chunk on its line, so the reading-order pass
//   leaves it in the flow above the table, where it would read as a heading of the text. A line
//   set just above a table, right of its label column and within its width, short and not a
//   caption, is the table's top heading row instead;
// - one table cut in two: the reading-order pass ends a grid where a row narrows its first
//   gutter too much (a wide number, a footnote marker) or at section rows set apart (a label
//   alone on its line); two grids one above the other, a row's pitch apart or parted only by
//   such labels, whose lines share the same column boundaries are one table.
import type { Item, RegionBlock } from './regions.js';
import { isCaptionLine } from './margins.js';
import { whitespaceColumnChannels, whitespaceColumnCuts } from './tables.js';
import { isFigure } from './table-rows.js';
import { chunkLines, type ColumnCut } from './table-columns.js';

/** A heading line sits at most this many of its font sizes above the table's first line. */
const HEADING_GAP_EM = 1.5;
/** Two grids this many font sizes apart (or less) may be one table cut in two. */
const MAX_SPLIT_GAP_EM = 1.2;
/** Section rows between two parts of one table: at most this many lines… */
const MAX_SECTION_LINES = 3;
/** …each at most this many font sizes from the parts. */
const MAX_SECTION_GAP_EM = 2.5;
/** A group heading may stick out this many font sizes past the columns it heads. */
const HEADING_OVERHANG_EM = 2;
/** Heading lines taken into one table at most (two levels of group rows, column headings on two lines, a units row). */
const MAX_HEADING_LINES = 5;
/** A heading chunk longer than this (characters) is prose. */
const MAX_HEADING_CHARS = 40;

/** Grids one below the other are joined when they are one table, then given their heading lines. */
export function assembleTableBlocks(blocks: RegionBlock[]): RegionBlock[] {
  return adoptTableHeadings(joinSplitGrids(blocks));
}

/** Consecutive grids a row's pitch apart with the same column boundaries become one. */
export function joinSplitGrids(blocks: RegionBlock[]): RegionBlock[] {
  const out: RegionBlock[] = [];
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k];
    const prev = out[out.length - 1];
    if (prev?.kind === 'grid' && b.kind === 'grid' && (sameTable(prev.items, b.items, 0) || headingGrid(prev.items, b.items, 0))) {
      out[out.length - 1] = { kind: 'grid', items: [...prev.items, ...b.items], gutters: prev.gutters };
      continue;
    }
    // Section rows (a label alone on its line, or two) that the reading-order pass took out of
    // the table, between two parts of it.
    const next = blocks[k + 1];
    if (prev?.kind === 'grid' && b.kind === 'flow' && next?.kind === 'grid') {
      const height = Math.max(...b.items.map((i) => i.bottom)) - Math.min(...b.items.map((i) => i.top));
      const parts = sectionRows(prev.items, b.items) && sameTable(prev.items, next.items, height);
      // Or the table's headings (a grid of their own) above section rows that open its body.
      if (parts || (sectionRows(next.items, b.items) && headingGrid(prev.items, next.items, height))) {
        out[out.length - 1] = { kind: 'grid', items: [...prev.items, ...b.items, ...next.items], gutters: prev.gutters };
        k++;
        continue;
      }
    }
    // The table's last row read as the tops of columns of the text below it: a long label run on
    // to its first figure closes the label channel, and the figures' columns run on down beside
    // the notes under the table (a vertical cut through row and notes). The row's pieces open
    // flows side by side; taken together they are the row.
    const beside = prev?.kind === 'grid' && b.kind === 'flow' ? flowsBeside(blocks, k) : 0;
    if (beside > 0) {
      const flows = blocks.slice(k, k + beside + 1);
      const rows = trailingRows(prev.items, flows.flatMap((f) => f.items));
      const taken = new Set(rows);
      if (rows.length > 0 && flows.every((f) => f.items.some((i) => taken.has(i)))) {
        out[out.length - 1] = { ...prev, items: [...prev.items, ...rows] };
        for (const f of flows) {
          const rest = f.items.filter((i) => !taken.has(i));
          if (rest.length > 0) out.push({ kind: 'flow', items: rest });
        }
        k += beside;
        continue;
      }
    }
    if (prev?.kind === 'grid' && (b.kind === 'flow' || b.kind === 'grid')) {
      const rows = trailingRows(prev.items, b.items);
      const rest = b.items.filter((i) => !rows.includes(i));
      // A grid below gives up its first lines only when what is left is no grid of its own (a
      // total row and the source line under it, read as one grid), never a second table's rows.
      if (rows.length > 0 && (b.kind === 'flow' || !hasRowOfCells(rest))) {
        out[out.length - 1] = { ...prev, items: [...prev.items, ...rows] };
        if (rest.length > 0) out.push({ kind: 'flow', items: rest });
        continue;
      }
    }
    out.push(b);
  }
  return out;
}

/**
 * How many flows after the one at `k` stand beside it, their first lines on its first line (one
 * line of the page cut into columns): 0 when none does.
 */
function flowsBeside(blocks: RegionBlock[], k: number): number {
  const firstLine = (b: RegionBlock): number | undefined => {
    const top = b.items.reduce<Item | undefined>((a, i) => (!a || i.top < a.top ? i : a), undefined);
    return top?.seg?.lineId;
  };
  const line = firstLine(blocks[k]);
  if (line === undefined) return 0;
  let n = 0;
  while (k + n + 1 < blocks.length && blocks[k + n + 1].kind === 'flow' && firstLine(blocks[k + n + 1]) === line) n++;
  return n;
}

/**
 * The flow's first lines when they are the table's last rows, set apart by the reading-order
 * pass (a total row in bold after a gap): each a row's distance below the table, cut into two
 * or more cells, holding figures, and keeping every column boundary of the table's body.
 */
function trailingRows(table: Item[], flow: Item[]): Item[] {
  const cells = table.filter((i) => i.seg);
  if (cells.length !== table.length || flow.some((i) => !i.seg)) return [];
  const body = bodyItems(cells);
  const cuts = whitespaceColumnCuts(body);
  if (cuts.length < 1) return [];
  const size = Math.max(...cells.map((i) => i.seg!.size));
  const out: Item[] = [];
  let bottom = Math.max(...cells.map((i) => i.bottom));
  let rest = flow;
  for (let n = 0; n < MAX_SECTION_LINES && rest.length > 0; n++) {
    const highest = rest.reduce((a, b) => (b.top < a.top ? b : a));
    const line = rest.filter((i) => i.seg!.lineId === highest.seg!.lineId);
    const gap = Math.min(...line.map((i) => i.top)) - bottom;
    if (gap > HEADING_GAP_EM * size || gap < -0.25 * size) break;
    if (!line.some((i) => i.seg!.text.split(/\s+/).some(isFigure)) || isCaptionLine(line[0].seg!.text)) break;
    // Cells, not a line of text (a list item, a sentence with figures in it).
    const chunks = chunkLines(line.map((i) => i.seg!)).flat();
    if (chunks.length < 2 || chunks.some((c) => c.text.length > MAX_HEADING_CHARS)) break;
    if (whitespaceColumnCuts([...body, ...out, ...line]).length !== cuts.length) break;
    out.push(...line);
    bottom = Math.max(...line.map((i) => i.bottom));
    rest = rest.filter((i) => !line.includes(i));
  }
  return out;
}

/** Does any line of the items hold two or more cell candidates? */
function hasRowOfCells(items: Item[]): boolean {
  return items.some((i) => !i.seg) || chunkLines(items.map((i) => i.seg!)).some((line) => line.length > 1);
}

/** A table's items from its first line holding a figure down (all of them when none does). */
function bodyItems(items: Item[]): Item[] {
  const figures = items.filter((i) => i.seg!.text.split(/\s+/).some(isFigure));
  if (figures.length === 0) return items;
  const top = Math.min(...figures.map((i) => i.top));
  return items.filter((i) => i.bottom > top);
}

/**
 * Is `upper` the rows of headings of the table below it, cut off as a grid of their own (its
 * lines have several headings each, but no label column)? A few lines of short headings, no
 * figures among them, set right of the table's label column and within its width, a heading's
 * distance above it (plus `between`: section rows set between).
 */
function headingGrid(upper: Item[], lower: Item[], between: number): boolean {
  const a = upper.filter((i) => i.seg);
  const b = lower.filter((i) => i.seg);
  if (a.length === 0 || b.length === 0 || upper.length !== a.length || lower.length !== b.length) return false;
  if (new Set(a.map((i) => i.seg!.lineId)).size > MAX_HEADING_LINES) return false;
  if (a.some((i) => i.seg!.text.length > MAX_HEADING_CHARS || isCaptionLine(i.seg!.text) || i.seg!.text.split(/\s+/).some(isFigure))) return false;
  const cuts = whitespaceColumnCuts(b);
  if (cuts.length < 2) return false;
  const size = Math.max(...b.map((i) => i.seg!.size));
  const gap = Math.min(...b.map((i) => i.top)) - Math.max(...a.map((i) => i.bottom));
  if (gap < -0.25 * size || gap > between + (between > 0 ? 2 * MAX_SECTION_GAP_EM : HEADING_GAP_EM) * size) return false;
  const right = Math.max(...b.map((i) => i.x1));
  const overhang = HEADING_OVERHANG_EM * size;
  // The stub's heading ("Country", "Industry") may stand in the label column at the table's left
  // edge, one to a line, beside headings over the value columns (as headingLineAbove allows).
  const left = Math.min(...b.map((i) => i.x0));
  const stubHeading = (i: Item) =>
    i.x0 <= left + size && i.x1 < cuts[0] && a.filter((o) => o.seg!.lineId === i.seg!.lineId).filter((o) => o.x1 < cuts[0]).length === 1 && a.some((o) => o.seg!.lineId === i.seg!.lineId && o.x0 > cuts[0] - size);
  return a.some((i) => i.x0 > cuts[0] - size) && a.every((i) => (i.x0 > cuts[0] - size || stubHeading(i)) && i.x1 <= right + overhang);
}

/** Lines that can be section rows of the table above: few, short, in its label column. */
function sectionRows(table: Item[], flow: Item[]): boolean {
  if (flow.length === 0 || flow.length > MAX_SECTION_LINES || flow.some((i) => !i.seg || i.seg.text.length > MAX_HEADING_CHARS)) return false;
  const cells = table.filter((i) => i.seg);
  if (cells.length !== table.length) return false;
  const cuts = whitespaceColumnCuts(cells);
  const left = Math.min(...cells.map((i) => i.x0));
  const size = Math.max(...cells.map((i) => i.seg!.size));
  const right = Math.max(...cells.map((i) => i.x1));
  return cuts.length >= 1 && flow.every((i) => inLabelColumn(i, left, right, cuts, size));
}

/**
 * A section label's place: starting in the label column (set out from indented rows by up to
 * HEADING_OVERHANG_EM; a group heading over the value columns starts right of it), ending before
 * the second value column. Its row holds no figures, so a
 * label longer than the stub runs on over the gutter and the first value column (a bold group
 * title wider than the country names under it), as publishers set it.
 */
function inLabelColumn(it: Item, left: number, right: number, cuts: number[], size: number): boolean {
  return it.x0 >= left - HEADING_OVERHANG_EM * size && it.x0 < cuts[0] && it.x1 <= (cuts.length > 1 ? cuts[1] : right) + size;
}

function sameTable(upper: Item[], lower: Item[], between: number): boolean {
  const a = upper.filter((i) => i.seg);
  const b = lower.filter((i) => i.seg);
  if (a.length === 0 || b.length === 0 || upper.length !== a.length || lower.length !== b.length) return false;
  const size = Math.max(...a.map((i) => i.seg!.size));
  const gap = Math.min(...b.map((i) => i.top)) - Math.max(...a.map((i) => i.bottom));
  if (gap < -0.25 * size || gap > between + (between > 0 ? 2 * MAX_SECTION_GAP_EM : MAX_SPLIT_GAP_EM) * size) return false;
  // Columns as the body rows set them (heading lines cross channels and open others).
  const ba = bodyItems(a);
  const bb = bodyItems(b);
  const ca = whitespaceColumnChannels(ba);
  const cb = whitespaceColumnChannels(bb);
  const cab = whitespaceColumnChannels([...ba, ...bb]);
  // The whole keeps every column of the part with fewer: the parts' channels line up (a channel
  // only narrows where the two parts' cells differ in width). A part of few rows may show a
  // channel or two more (a heading narrower than its figures, a column of short figures there).
  const fewer = Math.min(ca.length, cb.length);
  if (fewer < 1 || cab.length !== fewer || Math.max(ca.length, cb.length) - fewer > Math.max(1, Math.floor(fewer / EXTRA_CHANNELS_PER))) return false;
  // Parts that show as many channels each show the same ones: each part's channels meet the
  // whole's. Otherwise the whole kept as many channels but not those (a form's fields under a
  // section heading, label and value a column apart, below fields two to a row whose label and
  // value are one piece: the lower part's channel ran through the upper part's fields; issue 9,
  // forms). A part with more channels than the other is the case above; its rows (a table of
  // contents' chapter lines, their titles set further left than its sections') may cross the
  // other part's channels.
  if (ca.length !== cb.length) return true;
  const kept = (part: ColumnCut[]) => part.every((c) => cab.some((w) => w.lo < c.hi && c.lo < w.hi));
  return kept(ca) && kept(cb);
}

/** A part may show one channel more than the other per this many columns (see sameTable). */
const EXTRA_CHANNELS_PER = 4;


/** Moves heading lines from the flow block before each grid into the grid. */
function adoptTableHeadings(blocks: RegionBlock[]): RegionBlock[] {
  const out = blocks.slice();
  for (let k = 1; k < out.length; k++) {
    const grid = out[k];
    const flow = out[k - 1];
    if (grid.kind !== 'grid' || flow.kind !== 'flow') continue;
    const cells = grid.items.filter((i) => i.seg);
    if (cells.length === 0) continue;
    const cuts = whitespaceColumnCuts(cells);
    if (cuts.length < 2) continue;
    // Section rows (a label alone on its line) may open the table under its headings: they are
    // taken with the headings above them, never alone.
    const sections = sectionLinesAbove(flow.items, cells, cuts);
    let flowItems = flow.items.filter((i) => !sections.includes(i));
    const moved: Item[] = [...sections];
    let headings = 0;
    for (let n = 0; n < MAX_HEADING_LINES; n++) {
      const line = headingLineAbove(flowItems, [...moved, ...cells], cuts);
      if (!line) break;
      moved.push(...line);
      headings++;
      flowItems = flowItems.filter((i) => !line.includes(i));
    }
    if (headings === 0) continue;
    out[k - 1] = { kind: 'flow', items: flowItems };
    out[k] = { ...grid, items: [...moved, ...grid.items] };
  }
  return out.filter((b) => b.items.length > 0);
}

/**
 * The flow's last lines when they can be section rows at the top of the table below: up to
 * MAX_SECTION_LINES short lines, each alone on its line in the table's label column (see
 * inLabelColumn), the lowest
 * within a row's distance of the table (see sectionRows).
 */
function sectionLinesAbove(flow: Item[], table: Item[], cuts: number[]): Item[] {
  if (flow.some((i) => !i.seg)) return [];
  const out: Item[] = [];
  let rest = flow;
  let top = Math.min(...table.map((i) => i.top));
  const left = Math.min(...table.map((i) => i.x0));
  const right = Math.max(...table.map((i) => i.x1));
  for (let n = 0; n < MAX_SECTION_LINES && rest.length > 0; n++) {
    const lowest = rest.reduce((a, b) => (b.top > a.top ? b : a));
    const line = rest.filter((i) => i.seg!.lineId === lowest.seg!.lineId);
    const size = Math.max(...line.map((i) => i.seg!.size));
    const bottom = Math.max(...line.map((i) => i.bottom));
    const alone = line.length === 1 && !rest.some((i) => i !== lowest && i.bottom > lowest.top + 1);
    const label = inLabelColumn(lowest, left, right, cuts, size) && lowest.seg!.text.length <= MAX_HEADING_CHARS;
    if (!alone || !label || top - bottom > MAX_SECTION_GAP_EM * size || isCaptionLine(lowest.seg!.text)) break;
    out.push(lowest);
    rest = rest.filter((i) => i !== lowest);
    top = lowest.top;
  }
  return out;
}

function headingLineAbove(flow: Item[], table: Item[], cuts: number[]): Item[] | null {
  const segs = flow.filter((i) => i.seg);
  if (segs.length === 0 || segs.length !== flow.length) return null;
  const lowest = segs.reduce((a, b) => (b.top > a.top ? b : a));
  const line = segs.filter((i) => i.seg!.lineId === lowest.seg!.lineId);
  const top = Math.min(...table.map((i) => i.top));
  const left = Math.min(...table.map((i) => i.x0));
  const right = Math.max(...table.map((i) => i.x1));
  const size = Math.max(...line.map((i) => i.seg!.size));
  const bottom = Math.max(...line.map((i) => i.bottom));
  // Nothing of the flow may lie beside or below the line (it is the flow's last line).
  if (segs.some((i) => !line.includes(i) && i.bottom > Math.min(...line.map((l) => l.top)) + 1)) return null;
  if (top - bottom > HEADING_GAP_EM * size || top - bottom < -0.25 * size) return null;
  if (line.some((i) => i.seg!.text.length > MAX_HEADING_CHARS || isCaptionLine(i.seg!.text))) return null;
  // Over the value columns: centred right of the label column, not starting at the table's
  // left edge, no wider than the value columns, within the table's width (a group heading may
  // be wider than the columns it heads).
  // A row of column headings may open with the stub's heading at the table's left edge, in the
  // label column: the rest must then lie over the value columns.
  const sorted = line.slice().sort((a, b) => a.x0 - b.x0);
  const stub = sorted.length >= 2 && sorted[0].x0 <= left + size && sorted[0].x1 < cuts[0] && sorted[1].x0 > cuts[0] - size ? sorted[0] : null;
  const heads = stub ? sorted.slice(1) : sorted;
  const x0 = Math.min(...heads.map((i) => i.x0));
  const x1 = Math.max(...heads.map((i) => i.x1));
  const overhang = HEADING_OVERHANG_EM * size;
  if ((x0 + x1) / 2 <= cuts[0] || x0 <= left + size || x1 - x0 > right - cuts[0] + 2 * overhang || x1 > right + overhang) return null;
  if (left >= cuts[0]) return null;
  return line;
}
