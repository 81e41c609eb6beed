// Records set side by side (issue 9): a paper's author blocks (a name over its affiliation and
// address), a letter's sender and recipient, a report's contact cards. A grid of them is no table,
// and read row by row it interleaves the records line by line ("National Institute of Public
// Universität Innsbruck GKX Associates Inc. Finance and Policy, India"). Each record opens with a
// line set apart from the lines under it (bold, or larger), in every column alike; a grid of labels
// and values differs by column, not by row, and stays a grid.
import { splitBands, splitColumns, type Interval, type Item } from './regions.js';

/** Records are short: a name and a few lines of affiliation, address, e-mail. */
const MAX_RECORD_LINES = 6;
const MAX_RECORDS = 6;
/** A head line this much larger than the lines under it is set apart by size. */
const HEAD_SIZE_RATIO = 1.08;

interface LineStyle {
  bold: boolean;
  size: number;
}

function bandStyle(band: Item[]): LineStyle {
  const segs = band.flatMap((it) => (it.seg ? [it.seg] : []));
  return { bold: segs.every((s) => s.bold), size: Math.max(...segs.map((s) => s.size)) };
}

/** The column's lines open with a head set apart from all the lines under it. */
function opensWithHead(col: Item[]): boolean {
  const bands = splitBands(col);
  if (bands.length < 2 || bands.length > MAX_RECORD_LINES) return false;
  const [head, ...rest] = bands.map(bandStyle);
  const bolder = head.bold && rest.every((s) => !s.bold);
  const larger = rest.every((s) => head.size >= s.size * HEAD_SIZE_RATIO);
  return bolder || larger;
}

/**
 * The grid's columns when they are records side by side (each column, left to right, is read
 * whole); null when the grid is something else (a table that did not resolve, labels and values).
 */
export function sideBySideRecords(items: Item[], gutters: Interval[]): Item[][] | null {
  if (items.some((it) => !it.seg)) return null;
  const columns = splitColumns(items, gutters);
  if (columns.length < 2 || columns.length > MAX_RECORDS) return null;
  return columns.every(opensWithHead) ? columns : null;
}
