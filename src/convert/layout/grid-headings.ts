// Column headings cut off above their whitespace table (issue 9 item 3: header rows). A band
// grows into a table group while a gutter stays free through its lines (regions.ts). A stub
// heading wrapped onto lines of its own ("Result" over "Local Process World", set from the top of
// the heading row) covers the channel between the label column and the figures, so the heading
// lines ended their group there and were read as two columns of text ("### Result Local Process
// World", then "2003 2004 2005 2006") above a table that had lost its header row. Lines that head
// a table sit a row's pitch above it, hold short pieces side by side on both sides of the table's
// own gutters, and lie within its width: they join the table, whose columns are found from
// alignment across all its rows (tables.ts). So does a line of group headings over the value
// columns, alone above the table or the last line of the block above it.
import type { Item, RegionBlock } from './regions.js';
import { splitBands } from './regions.js';
import { median } from './order-stats.js';
import { whitespaceColumnCuts } from './tables.js';
import { longestShownWords } from './table-columns.js';
import { isFigure } from './table-rows.js';

/** The heading lines end at most this many of the table's line heights above its first line. */
const HEAD_GAP_LINES = 1.2;
/** A column heading is a few words; more is a line of prose or a title. */
const HEAD_MAX_WORDS = 5;
/** Heading lines above a table's body, at most (wrapped headings of one row, a group row). */
const HEAD_MAX_BANDS = 4;
/** The heading lines stay within the table's width, give or take this many line heights. */
const WIDTH_SLACK_LINES = 1;

/** A grid's top, its extent across, and its line height: what the lines above it are measured by. */
interface GridFrame {
  top: number;
  x0: number;
  x1: number;
  lineH: number;
}

function frameOf(grid: RegionBlock): GridFrame {
  return {
    top: Math.min(...grid.items.map((it) => it.top)),
    x0: Math.min(...grid.items.map((it) => it.x0)),
    x1: Math.max(...grid.items.map((it) => it.x1)),
    lineH: median(grid.items.map((it) => it.bottom - it.top)),
  };
}

/** Lines that end a row's pitch above the grid at most, none reaching into its first line. */
function justAbove(items: Item[], f: GridFrame): boolean {
  const bottom = Math.max(...items.map((it) => it.bottom));
  return bottom <= f.top + 0.25 * f.lineH && f.top - bottom <= HEAD_GAP_LINES * f.lineH;
}

/** Lines within the grid's width, give or take WIDTH_SLACK_LINES line heights. */
function withinWidth(items: Item[], f: GridFrame): boolean {
  const slack = WIDTH_SLACK_LINES * f.lineH;
  return items.every((it) => it.x0 >= f.x0 - slack && it.x1 <= f.x1 + slack);
}

/** Index of the first flow above the grid at `k` that is one of its heading lines, or `k` when none is. */
function headingFlows(blocks: RegionBlock[], k: number): number {
  let from = k;
  while (from > 0 && blocks[from - 1].kind === 'flow' && k - from < HEAD_MAX_BANDS) from--;
  if (from === k) return k;
  const grid = blocks[k];
  const frame = frameOf(grid);
  // The table's columns as its rows align them (the channels free through every line may be
  // fewer: a long label reaches into the channel before the figures), found only for a grid with
  // candidate lines above it.
  let cuts: number[] | undefined;
  // The nearest flows first: the lines directly above may be headings; a caption above them is not.
  for (let start = from; start < k; start++) {
    const items = blocks.slice(start, k).flatMap((b) => b.items);
    if (!items.every((it) => it.seg && it.atom === undefined) || !justAbove(items, frame) || !withinWidth(items, frame)) continue;
    if (!items.every((it) => longestShownWords(it.seg!) <= HEAD_MAX_WORDS && !/[.:;]$/.test(it.seg!.text.trim()))) continue;
    const bands = splitBands(items);
    if (bands.length > HEAD_MAX_BANDS) continue;
    // Pieces side by side on both sides of one of the table's column boundaries: on one line, or
    // in flows read as columns of their own.
    const across = (its: Item[], cut: number) => its.some((it) => it.x1 <= cut) && its.some((it) => it.x0 >= cut);
    const sideBySide = k - start >= 2 ? [items] : bands.filter((b) => b.length >= 2);
    cuts ??= whitespaceColumnCuts(grid.items);
    if (sideBySide.some((its) => cuts!.some((cut) => across(its, cut)))) return start;
    if (bands.length === 1 && groupHeadings(items, cuts)) return start;
  }
  return k;
}

/**
 * A line of group headings over the value columns: each piece lies right of the label column and
 * across a boundary between two value columns, as a heading centred over its columns is ("Every"
 * over 1995 and 1996, alone on its line above the table, came out as a paragraph). A section
 * heading starts at the table's left edge; a title is centred on all of it.
 */
function groupHeadings(items: Item[], cuts: number[]): boolean {
  if (cuts.length < 2) return false;
  return items.every((it) => it.x0 > cuts[0] && cuts.some((cut) => it.x0 < cut && it.x1 > cut));
}

/** Lines of a header grid, at most: wrapped headings, a group row, units, a section label. */
const HEAD_GRID_MAX_BANDS = 6;

/**
 * The grid at `k - 1` is the header of the grid at `k`, cut off from it: words only, no figure
 * (years are headings), a few lines, a row's pitch above it and within its width. A statistics
 * table's body sets a currency sign or a figure where the header rows leave their gutters, so
 * the band grouping closed the header's group there (regions.ts) and the header became a table
 * of its own over a body that had lost its column headings (stat-table seeds 51000, 55000).
 */
function headerGridAbove(blocks: RegionBlock[], k: number): boolean {
  const above = blocks[k - 1];
  const grid = blocks[k];
  if (above?.kind !== 'grid' || grid.kind !== 'grid') return false;
  if (!above.items.every((it) => it.seg && it.atom === undefined && !isFigure(it.seg.text) && longestShownWords(it.seg) <= HEAD_MAX_WORDS)) return false;
  if (splitBands(above.items).length > HEAD_GRID_MAX_BANDS) return false;
  const frame = frameOf(grid);
  return justAbove(above.items, frame) && withinWidth(above.items, frame);
}

/** Each grid with the heading lines cut off above it taken back in. */
export function joinGridHeadings(blocks: RegionBlock[]): RegionBlock[] {
  const out = blocks.slice();
  for (let k = 0; k < out.length; k++) {
    const grid = out[k];
    if (grid.kind !== 'grid') continue;
    if (headerGridAbove(out, k)) {
      out.splice(k - 1, 2, { kind: 'grid', items: [...out[k - 1].items, ...grid.items], gutters: grid.gutters });
      k--;
      continue;
    }
    const start = headingFlows(out, k);
    if (start === k) {
      // The last line of the block above, when it is a line of group headings over the table
      // (read with the text above it, or with the table before it and the caption between them:
      // the caption parts the two later, and the line was left a paragraph between them).
      const above = out[k - 1];
      const line = above?.kind === 'flow' || above?.kind === 'grid' ? groupLineAbove(above.items, grid) : null;
      // Words, in a grid's last line: a row of figures is that table's own last row.
      if (!line || (above.kind === 'grid' && line.some((it) => isFigure(it.seg!.text)))) continue;
      const rest = above.items.filter((it) => !line.includes(it));
      out.splice(k - 1, 2, ...(rest.length ? [{ ...above, items: rest }] : []), { kind: 'grid', items: [...line, ...grid.items], gutters: grid.gutters });
      continue;
    }
    const head = out.slice(start, k).flatMap((b) => b.items);
    out.splice(start, k - start + 1, { kind: 'grid', items: [...head, ...grid.items], gutters: grid.gutters });
    k = start;
  }
  return out;
}

/**
 * The flow's last line when it is a line of group headings over the grid below (groupHeadings),
 * a row's pitch above it: read with the lines above it into one flow, it was a paragraph of its
 * own between the caption and the table.
 */
function groupLineAbove(flow: Item[], grid: RegionBlock): Item[] | null {
  const bands = splitBands(flow);
  const line = bands[bands.length - 1];
  if (!line || bands.length < 2 || !line.every((it) => it.seg && it.atom === undefined && longestShownWords(it.seg!) <= HEAD_MAX_WORDS)) return null;
  if (!justAbove(line, frameOf(grid))) return null;
  return groupHeadings(line, whitespaceColumnCuts(grid.items)) ? line : null;
}
