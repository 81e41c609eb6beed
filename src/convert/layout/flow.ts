// Reading order: the page's segments and atoms (tables, figures) ordered by regions.ts (columns,
// full-width bands, whitespace tables), each region turned into blocks: a whitespace table, or the
// flow's text blocks with the atoms between them; then the footnotes, column by column; then any
// text past the run cap, as it comes.
import { sidewaysBlocks } from './sideways.js';
import { unionBBox, type Block } from '../model.js';
import type { Segment } from './lines.js';
import { isCaptionLine } from './margins.js';
import { orderRegion, splitBands, splitColumns, type Item, type RegionBlock } from './regions.js';
import { sideBySideRecords } from './record-columns.js';
import { fieldGrid } from './field-grid.js';
import { listMarker } from './lists.js';
import { assembleTableBlocks } from './table-blocks.js';
import { isWhitespaceTable, linesReadAsRunningText, readsAsRunningText, tableFromWhitespace } from './tables.js';
import { MAX_RUNS_PER_PAGE } from './limits.js';
import { median } from './order-stats.js';
import { spanBBox, textBlocks } from './text-blocks.js';
import { tableBlock, usableTable } from './page-tables.js';
import { boxBBox, gutterMin, type Atom, type PageState } from './page-state.js';

/** A note or source line under a table ("Note: …", "Sources: …", "* …"). */
const NOTE_LINE = /^(?:notes?|sources?|n\.\s?b\.)\s*[:.\u2013\u2014-]|^[*\u2020\u2021\u00a7]\s*\S/i;

/**
 * The first of the lines at the foot of a grid that are no rows: lines standing alone on their
 * band, from the first that is a note or source line or a list item down (issue 9). A table ends
 * with a row of cells; what follows it alone on a line (its notes, a list after it) is text. A
 * wrapped label alone on its line above stays: it starts neither a note nor a list.
 */
function trailingProse(items: Item[]): Item | undefined {
  const bands = splitBands(items);
  let found: Item | undefined;
  for (let k = bands.length - 1; k > 0; k--) {
    const band = bands[k].slice().sort((p, q) => p.x0 - q.x0);
    if (band.length > 2 || band.some((it) => !it.seg)) break;
    const text = band.map((it) => it.seg!.text).join(' ');
    // Two pieces on the band: a list item only (its marker set apart from its text).
    const item = listMarker(text) !== null;
    if (band.length === 2 && !(item && listMarker(`${band[0].seg!.text} x`) !== null)) break;
    // A sentence set apart below the rows: the paragraph after the table (no cell is a sentence
    // of many words, and the rows follow each other at their pitch).
    // The pitch is the rows' above it: a short grid's own gap to the line would weigh in.
    const apart = band[0].top - Math.max(...bands[k - 1].map((it) => it.bottom)) > APART_PITCHES * rowPitch(bands.slice(0, k));
    if (NOTE_LINE.test(text.trim()) || item || (band.length === 1 && apart && SENTENCE.test(text.trim()))) found = band[0];
  }
  return found;
}

/** A sentence: this many words or more, closed by a full stop, question or exclamation mark. */
const SENTENCE = /^(?:\S+\s+){5,}\S*[.!?]["'”’)]?$/u;
/** A line whose top lies further below the rows than this many row pitches (top to top) is set apart. */
const APART_PITCHES = 1;

/** The grid's usual distance from one line's top to the next's. */
function rowPitch(bands: Item[][]): number {
  const tops = bands.map((b) => Math.min(...b.map((it) => it.top)));
  return tops.length > 1 ? median(tops.slice(1).map((t, i) => t - tops[i])) : Infinity;
}

/** A line this many times the grid's median text size is a title over it, never a cell. */
const TITLE_SIZE_RATIO = 1.25;

/**
 * The grid's topmost line set larger than the grid's text and alone on its line (issue 9): a
 * paper's title over its grid of author blocks was the grid's header row, and a section heading
 * just under a table (no rule or space told them apart) its last row. Table headings and cells
 * are set at the table's size or bold, not larger: a larger line alone heads the text.
 */
function largeLine(items: Item[]): Item | undefined {
  const segs = items.flatMap((i) => (i.seg ? [i] : []));
  if (segs.length < 4) return undefined;
  const body = median(segs.map((i) => i.seg!.size));
  const alone = (it: Item): boolean => segs.filter((o) => o.seg!.lineId === it.seg!.lineId).length === 1;
  return segs.filter((it) => it.seg!.size >= TITLE_SIZE_RATIO * body && alone(it)).sort((p, q) => p.top - q.top)[0];
}

/** What a region's blocks are measured by: the page's body size and leading (page-state.ts). */
export type FlowPage = Pick<PageState, 'body' | 'leading'>;

/** One ordered region's blocks (text blocks untyped: the block stages decide them). */
export function regionBlocks(b: RegionBlock, atoms: Atom[], page: FlowPage, note = false): Block[] {
  const out: Block[] = [];
  if (b.kind === 'grid') {
    // A caption ("Figure 3.", "Table 2:") is never a cell: the grid stops at it, the caption's
    // line is flow, and what follows is ordered afresh (the next table, or text).
    // So is a line set larger than the grid, alone on its line (a title over it, a heading under it).
    const caption = b.items.filter((i) => i.seg && isCaptionLine(i.seg.text)).sort((p, q) => p.top - q.top)[0] ?? largeLine(b.items) ?? trailingProse(b.items);
    if (caption) {
      const above = b.items.filter((i) => i.bottom <= caption.top + 1 && i !== caption);
      const line = b.items.filter((i) => !above.includes(i) && (i === caption || (i.seg && i.seg.lineId === caption.seg!.lineId)));
      const below = b.items.filter((i) => !above.includes(i) && !line.includes(i));
      if (above.length > 0) out.push(...regionBlocks({ kind: 'grid', items: above, gutters: b.gutters }, atoms, page, note));
      out.push(...regionBlocks({ kind: 'flow', items: line }, atoms, page, note));
      for (const next of assembleTableBlocks(orderRegion(below, gutterMin(page)))) out.push(...regionBlocks(next, atoms, page, note));
      return out;
    }
    const cells = b.items.filter((i) => i.seg);
    // Columns of fields side by side: a table of whole fields, row by row.
    const fields = fieldGrid(splitColumns(b.items, b.gutters), splitBands(b.items));
    if (fields) {
      if (fields.before.length) out.push(...regionBlocks({ kind: 'flow', items: fields.before }, atoms, page, note));
      const outside = new Set([...fields.before, ...fields.after]);
      const inTable = b.items.filter((i) => !outside.has(i));
      out.push(tableBlock(unionBBox(inTable.flatMap((i) => (i.seg ? [spanBBox(i.seg)] : []))), fields.table));
      for (const it of inTable) if (it.atom !== undefined) out.push(...atoms[it.atom].blocks);
      if (fields.after.length) out.push(...regionBlocks({ kind: 'flow', items: fields.after }, atoms, page, note));
      return out;
    }
    const table = tableFromWhitespace(cells, b.gutters);
    if (usableTable(table) && isWhitespaceTable(table)) {
      out.push(tableBlock(unionBBox(cells.map(spanBBox)), table));
      for (const it of b.items) if (it.atom !== undefined) out.push(...atoms[it.atom].blocks);
      return out;
    }
    // Columns of prose side by side whose lines line up (narrow justified columns, one to three
    // words a line): each column whole, left to right, not read across the columns row by row.
    // Every column must read so: labels and values beside running text are rows of fields.
    if (usableTable(table) && readsAsRunningText(table)) {
      const columns = splitColumns(b.items, b.gutters);
      if (columns.length >= 2 && columns.every((col) => linesReadAsRunningText(col.flatMap((i) => (i.seg ? [i.seg.text] : []))))) {
        for (const col of columns) out.push(...regionBlocks({ kind: 'flow', items: col }, atoms, page, note));
        return out;
      }
    }
    // Records side by side (author blocks): each column whole, left to right.
    const records = sideBySideRecords(b.items, b.gutters);
    if (records) {
      for (const col of records) out.push(...regionBlocks({ kind: 'flow', items: col }, atoms, page, note));
      return out;
    }
  }
  // Flow: text segments between atoms, in vertical order.
  const sorted = b.items.slice().sort((p, q) => p.top - q.top || p.x0 - q.x0);
  let pending: Segment[] = [];
  for (const it of sorted) {
    if (it.seg) pending.push(it.seg);
    else if (it.atom !== undefined) {
      out.push(...textBlocks(pending, note, page));
      pending = [];
      out.push(...atoms[it.atom].blocks);
    }
  }
  out.push(...textBlocks(pending, note, page));
  return out;
}

export function readingOrderStage(s: PageState): PageState {
  const gap = gutterMin(s);
  const items = [...s.items];
  s.atoms.forEach((a, i) => items.push({ x0: a.box.x, x1: a.box.x + a.box.width, top: a.box.y, bottom: a.box.y + a.box.height, atom: i }));
  const blocks: Block[] = [];
  for (const b of assembleTableBlocks(orderRegion(items, gap))) blocks.push(...regionBlocks(b, s.atoms, s));
  // Sideways text (captions of turned figures, axis titles) after the body, before the footnotes.
  blocks.push(...sidewaysBlocks(s.sideways));
  // Footnotes after the body, column by column.
  const noteItems = s.notes.map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
  for (const b of orderRegion(noteItems, gap)) blocks.push(...regionBlocks({ kind: 'flow', items: b.items }, s.atoms, s, true));
  if (s.all.length > MAX_RUNS_PER_PAGE) {
    const rest = s.all.slice(MAX_RUNS_PER_PAGE);
    blocks.push({ type: 'paragraph', bbox: unionBBox(rest.map((r) => boxBBox(r))), text: rest.map((r) => r.text).join(' '), lines: [] });
  }
  return { ...s, items, blocks };
}
