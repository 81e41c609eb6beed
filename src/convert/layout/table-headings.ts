// Heading lines that belong to the whitespace table below them. A lone group heading ("Percent
// change", centred over two of the value columns) is one chunk on its line, so the reading-order
// pass leaves it in the flow above the table, where it would read as a heading of the text. A
// line set just above a table, right of its label column and within its width, short and not a
// caption, is the table's top heading row instead (issue 9 item 3: group headings → colspans).
import type { Item, RegionBlock } from './regions.js';
import { isCaptionLine } from './margins.js';
import { whitespaceColumnCuts } from './tables.js';

/** A heading line sits at most this many of its font sizes above the table's first line. */
const HEADING_GAP_EM = 1.5;
/** Heading lines taken into one table at most (a group row and one above it). */
const MAX_HEADING_LINES = 2;
/** A heading chunk longer than this (characters) is prose. */
const MAX_HEADING_CHARS = 40;

/** Moves heading lines from the flow block before each grid into the grid. */
export function adoptTableHeadings(blocks: RegionBlock[]): RegionBlock[] {
  const out = blocks.slice();
  for (let k = 1; k < out.length; k++) {
    const grid = out[k];
    const flow = out[k - 1];
    if (grid.kind !== 'grid' || flow.kind !== 'flow') continue;
    const cells = grid.items.filter((i) => i.seg);
    if (cells.length === 0) continue;
    const cuts = whitespaceColumnCuts(cells);
    if (cuts.length < 2) continue;
    let flowItems = flow.items;
    const moved: Item[] = [];
    for (let n = 0; n < MAX_HEADING_LINES; n++) {
      const line = headingLineAbove(flowItems, [...moved, ...cells], cuts);
      if (!line) break;
      moved.push(...line);
      flowItems = flowItems.filter((i) => !line.includes(i));
    }
    if (moved.length === 0) continue;
    out[k - 1] = { kind: 'flow', items: flowItems };
    out[k] = { ...grid, items: [...moved, ...grid.items] };
  }
  return out.filter((b) => b.items.length > 0);
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
  // Right of the label column, within the table's width.
  if (Math.min(...line.map((i) => i.x0)) <= cuts[0] || Math.max(...line.map((i) => i.x1)) > right + size) return null;
  if (left >= cuts[0]) return null;
  return line;
}
