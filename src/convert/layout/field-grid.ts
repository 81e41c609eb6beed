// Grids of fields: a form sets its fields in columns side by side, each line a label closed by a
// colon and its value after it ("Annual income:  €40,202.46" beside "Expiry date:  10/19/1964").
// The fields of a row belong together as the form sets them (issue 9: forms are read row by row,
// not each column down), and a field is whole: its label and value stay in one cell, however
// ragged the values' starts (a table's column finder parts a label from its value only where
// every row leaves the same channel, and splits a long value where rows happen to leave one).
import type { Segment } from './lines.js';
import type { Item } from './regions.js';
import type { TableModel } from './table-model.js';

/** A field's label: a few words closed by a colon. */
export const LABEL_END = /^\p{L}[^:]{0,40}:\s*$/u;

/** Share of a column's lines that are fields for the column to be a column of fields. */
const FIELD_COLUMN_SHARE = 0.6;

/** The column's lines (its segments by source line), each left to right. */
function linesOf(col: Item[]): Segment[][] {
  const lines = new Map<number, Segment[]>();
  for (const it of col) if (it.seg) lines.set(it.seg.lineId, [...(lines.get(it.seg.lineId) ?? []), it.seg]);
  return [...lines.values()].map((segs) => segs.sort((a, b) => a.x0 - b.x0));
}

/**
 * Columns side by side that are columns of fields: two or more, mostly field lines each, one of
 * them two lines deep at least (the last column of a grid may hold a single field: "ZIP code
 * 72024" beside "Occupation Pharmacist" over "Reference 21645406").
 */
export function columnsOfFields(cols: Item[][]): boolean {
  const lines = cols.map(linesOf);
  if (cols.length < 2 || !lines.some((l) => l.length >= 2)) return false;
  return lines.every((l) => l.length > 0 && l.filter(isFieldLine).length >= FIELD_COLUMN_SHARE * l.length);
}

/** Words of a text (pieces between spaces). */
const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/**
 * A line that is a field: a label closed by a colon and its value further along, a filled form
 * field, a bold label before its value, or a label set apart before its value.
 */
function isFieldLine(segs: Segment[]): boolean {
  return (segs.length >= 2 && LABEL_END.test(segs[0].text)) || filledField(segs[0]) || boldLabelField(segs) || setApartField(segs);
}

/** A label's value is set at most this many sizes after it (on its box, or its line). */
const VALUE_GAP_MAX_EM = 3;

/**
 * A line of two pieces, a label and its value a little apart, the label a capitalised name of a
 * few words, the value a name, a code or a figure ("Start date  2005-10-03", "Employer  Moreau
 * Holdings LLC", a value written on a line drawn after its label): no sentence, and unlike a
 * justified line of prose parted at a wide space, its value starts with a capital or a digit.
 */
function setApartField(segs: Segment[]): boolean {
  if (segs.length !== 2) return false;
  const [label, value] = segs;
  if (value.x0 - label.x1 > VALUE_GAP_MAX_EM * label.size) return false;
  if (!/^\p{Lu}/u.test(label.text) || !/\p{L}{2}/u.test(label.text) || words(label.text) > BOLD_LABEL_MAX_WORDS || /[.!?,;]$/u.test(label.text)) return false;
  return /^[\p{Lu}\p{N}(+$€£#]/u.test(value.text.trim()) && words(value.text) <= VALUE_MAX_WORDS && !/[.!?]["'”’)]?$/u.test(value.text);
}

/** A field's label set in bold has at most this many words… */
const BOLD_LABEL_MAX_WORDS = 5;
/** …and its value, in regular weight after it, at most this many. */
const VALUE_MAX_WORDS = 6;

/**
 * A line that is a bold label and its value after it in regular weight ("**Date of application**
 * 01/26/2017", the value in a box drawn right after the label, so the values of a column start
 * wherever their labels end): a label of a few words, then a value of a few, no sentence.
 */
function boldLabelField(segs: Segment[]): boolean {
  const runs = segs.flatMap((s) => s.runs).filter((r) => r.text.trim() !== '');
  const k = runs.findIndex((r) => !r.bold);
  if (k <= 0 || runs.slice(k).some((r) => r.bold)) return false;
  const label = runs.slice(0, k).map((r) => r.text).join(' ');
  const value = runs.slice(k).map((r) => r.text).join(' ').trim();
  return /\p{L}{2}/u.test(label) && words(label) <= BOLD_LABEL_MAX_WORDS && words(value) <= VALUE_MAX_WORDS && !/[.!?]["'”’)]?$/u.test(value);
}

/**
 * A piece that is a filled form field: a printed label, then the value of the form field set after
 * it (pdf/form-fields.ts places the value right after its label, so the two are one piece).
 */
function filledField(seg: Segment): boolean {
  return seg.runs.some((r, i) => i > 0 && r.formValue);
}

export interface FieldGrid {
  table: TableModel;
  /** The grid's lines above and below its rows of fields (a line of check boxes, a note). */
  before: Item[];
  after: Item[];
}

/**
 * The grid as a table of whole fields, one cell a field, or null when it is no grid of fields:
 * its columns (the grid's columns split at its gutters, a column that opens with no label joined
 * to the one on its left: a value set apart from its label) are two or more, each mostly of
 * fields. Only the run of lines holding fields is the table; lines above and below it without
 * any field are left to be read as text. `bands` are the grid's items by line, top to bottom.
 */
export function fieldGrid(columns: Item[][], bands: Item[][]): FieldGrid | null {
  // Column by column: a line of the grid holds several fields side by side.
  const sets = columns.map((col) => new Set(col));
  const hasField = (band: Item[]): boolean => sets.some((set) => linesOf(band.filter((it) => set.has(it))).some((segs) => isFieldLine(segs)));
  let first = 0;
  let last = bands.length - 1;
  while (first <= last && !hasField(bands[first])) first++;
  while (last >= first && !hasField(bands[last])) last--;
  if (last - first + 1 < 2) return null;
  const inRows = new Set(bands.slice(first, last + 1).flat());
  const cols: Item[][] = [];
  for (const whole of columns) {
    const col = whole.filter((it) => inRows.has(it));
    if (col.length === 0) continue;
    const lines = linesOf(col);
    // A label closed by a colon opens a field even with its value set apart in the next column.
    const opensWithLabels = lines.filter((segs) => LABEL_END.test(segs[0].text) || isFieldLine(segs)).length >= FIELD_COLUMN_SHARE * lines.length;
    if (cols.length > 0 && !opensWithLabels) cols[cols.length - 1].push(...col);
    else cols.push(col);
  }
  if (!columnsOfFields(cols)) return null;
  const column = new Map<Item, number>();
  cols.forEach((col, c) => col.forEach((it) => column.set(it, c)));
  const rows: TableModel['rows'] = [];
  for (const band of bands.slice(first, last + 1)) {
    const cells = cols.map(() => [] as Item[]);
    for (const it of band) if (it.seg) cells[column.get(it)!].push(it);
    rows.push(cells.map((c) => ({ text: c.sort((a, b) => a.top - b.top || a.x0 - b.x0).map((it) => it.seg!.text).join(' '), rowSpan: 1, colSpan: 1 })));
  }
  const segs = [...inRows].filter((it) => it.seg);
  return {
    table: {
      rows,
      headerRows: 0,
      top: Math.min(...segs.map((it) => it.top)),
      bottom: Math.max(...segs.map((it) => it.bottom)),
      x0: Math.min(...segs.map((it) => it.x0)),
      x1: Math.max(...segs.map((it) => it.x1)),
    },
    before: bands.slice(0, first).flat(),
    after: bands.slice(last + 1).flat(),
  };
}
