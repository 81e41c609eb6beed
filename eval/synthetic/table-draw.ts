// Lays out and draws a logical table (header rows with group headings, a label column, value
// columns of one alignment each) and records each page's part of it as a truth table.
import { rgb, type PDFFont } from 'pdf-lib';
import { MARGIN, LETTER, wrapText, type PageWriter } from './canvas.js';
import type { TruthCell } from './truth.js';

export type Alignment = 'left' | 'right' | 'center' | 'decimal';
/** zebra: alternate body rows shaded with filled rectangles, no lines at all. */
export type Rules = 'none' | 'booktabs' | 'grid' | 'zebra';

export interface LogicalTable {
  /** Group headings over the value columns (each spanning `span` columns); empty: one header row. */
  groups: Array<{ text: string; span: number }>;
  /** Label column heading and one heading per value column (the last header row). */
  headings: string[];
  /** Body rows: label then values ('' = empty cell). */
  rows: string[][];
  align: Alignment[];
  /** Body rows that only label a group of rows below them (bold label, no values). */
  sectionRows: Set<number>;
}

export interface TableStyle {
  font: PDFFont;
  bold: PDFFont;
  size: number;
  rules: Rules;
  /** Gap between columns, points. */
  gap: number;
  /** Labels wider than this wrap onto several lines. */
  labelWidth: number;
}

interface ColumnGeometry {
  x: number;
  width: number;
}

const CELL_PAD = 3;

function textWidth(font: PDFFont, size: number, text: string): number {
  return font.widthOfTextAtSize(text, size);
}

/** Column x positions and widths; null when the table does not fit the text width. */
export function layoutColumns(t: LogicalTable, s: TableStyle, maxWidth = LETTER.width - 2 * MARGIN): ColumnGeometry[] | null {
  const labelNeed = Math.max(textWidth(s.bold, s.size, t.headings[0]), ...t.rows.map((r) => Math.min(s.labelWidth, textWidth(s.font, s.size, r[0]))));
  const widths = [Math.min(s.labelWidth, labelNeed)];
  for (let c = 1; c < t.headings.length; c++) {
    widths.push(Math.max(textWidth(s.bold, s.size, t.headings[c]), ...t.rows.map((r) => textWidth(s.font, s.size, r[c]))));
  }
  // A group heading wider than its columns widens them equally.
  let col = 1;
  for (const g of t.groups) {
    const have = widths.slice(col, col + g.span).reduce((a, b) => a + b, 0) + s.gap * (g.span - 1);
    const need = textWidth(s.bold, s.size, g.text);
    if (need > have) for (let c = col; c < col + g.span; c++) widths[c] += (need - have) / g.span;
    col += g.span;
  }
  const total = widths.reduce((a, b) => a + b, 0) + s.gap * (widths.length - 1);
  if (total > maxWidth) return null;
  const out: ColumnGeometry[] = [];
  let x = MARGIN;
  for (const w of widths) {
    out.push({ x, width: w });
    x += w + s.gap;
  }
  return out;
}

function alignedX(text: string, col: ColumnGeometry, align: Alignment, font: PDFFont, size: number, dotOffset: number): number {
  const w = font.widthOfTextAtSize(text, size);
  switch (align) {
    case 'left':
      return col.x;
    case 'right':
      return col.x + col.width - w;
    case 'center':
      return col.x + (col.width - w) / 2;
    case 'decimal': {
      const intPart = text.split('.')[0];
      return col.x + dotOffset - font.widthOfTextAtSize(intPart, size);
    }
  }
}

/** For a decimal column: the offset of the decimal point that right-aligns the widest value. */
function decimalOffset(values: string[], col: ColumnGeometry, font: PDFFont, size: number): number {
  const frac = Math.max(0, ...values.filter(Boolean).map((v) => font.widthOfTextAtSize(v.slice(v.split('.')[0].length), size)));
  return col.width - frac;
}

export interface DrawnTable {
  bottom: number;
  /** Index of the first body row not drawn (the table continues on the next page). */
  nextRow: number;
}

/**
 * Draws the header rows and body rows from `firstRow` while they fit above `limit`, records the
 * part drawn as one truth table, and returns where it stopped.
 */
export function drawTable(w: PageWriter, t: LogicalTable, s: TableStyle, cols: ColumnGeometry[], top: number, firstRow: number, limit: number): DrawnTable {
  const leading = s.size * 1.3;
  const pad = s.rules === 'grid' ? CELL_PAD + 1 : CELL_PAD;
  const left = cols[0].x - (s.rules === 'grid' ? CELL_PAD : 0);
  const right = cols[cols.length - 1].x + cols[cols.length - 1].width + (s.rules === 'grid' ? CELL_PAD : 0);
  const cells: TruthCell[] = [];
  const hLines: Array<{ y: number; x1: number; x2: number }> = [];
  const rowTops: number[] = [];
  const vBreaks: Array<{ top: number; bottom: number; skip: Set<number> }> = [];
  let y = top;
  hLines.push({ y, x1: left, x2: right });
  const decimalOffsets = cols.map((c, i) => (t.align[i] === 'decimal' ? decimalOffset(t.rows.map((r) => r[i]), c, s.font, s.size) : 0));

  let row = 0;
  if (t.groups.length > 0) {
    rowTops.push(y);
    const base = y + pad + s.size;
    let col = 1;
    const skip = new Set<number>();
    for (const g of t.groups) {
      const x1 = cols[col].x;
      const x2 = cols[col + g.span - 1].x + cols[col + g.span - 1].width;
      const gw = s.bold.widthOfTextAtSize(g.text, s.size);
      w.text(g.text, (x1 + x2 - gw) / 2, base, s.bold, s.size);
      cells.push({ row, col, rowSpan: 1, colSpan: g.span, text: g.text });
      if (s.rules === 'booktabs') hLines.push({ y: base + pad + 1, x1, x2 });
      for (let c = col + 1; c < col + g.span; c++) skip.add(c);
      col += g.span;
    }
    y = base + pad + 2;
    if (s.rules === 'grid') hLines.push({ y, x1: left, x2: right });
    vBreaks.push({ top: rowTops[rowTops.length - 1], bottom: y, skip });
    row++;
  }
  // The last header row: label heading and column headings, aligned like their columns.
  rowTops.push(y);
  const headBase = y + pad + s.size;
  t.headings.forEach((h, c) => {
    const align = c === 0 ? 'left' : t.align[c] === 'decimal' ? 'right' : t.align[c];
    if (h) w.text(h, alignedX(h, cols[c], align, s.bold, s.size, 0), headBase, s.bold, s.size);
    cells.push({ row, col: c, rowSpan: 1, colSpan: 1, text: h });
  });
  y = headBase + pad + 1;
  vBreaks.push({ top: rowTops[rowTops.length - 1], bottom: y, skip: new Set() });
  hLines.push({ y, x1: left, x2: right });
  row++;

  let r = firstRow;
  for (; r < t.rows.length; r++) {
    const values = t.rows[r];
    const labelLines = wrapText(values[0], s.font, s.size, s.labelWidth);
    const height = labelLines.length * leading + (s.rules === 'grid' ? 2 * pad : 2);
    if (y + height > limit && r > firstRow) break;
    if (s.rules === 'zebra' && (r - firstRow) % 2 === 1) w.shade(left - CELL_PAD, y, right - left + 2 * CELL_PAD, height);
    const base = y + (s.rules === 'grid' ? pad : 1) + s.size;
    const labelFont = t.sectionRows.has(r) ? s.bold : s.font;
    labelLines.forEach((line, i) => w.text(line, cols[0].x, base + i * leading, labelFont, s.size));
    values.forEach((v, c) => {
      if (c > 0 && v) w.text(v, alignedX(v, cols[c], t.align[c], s.font, s.size, decimalOffsets[c]), base, s.font, s.size);
      cells.push({ row, col: c, rowSpan: 1, colSpan: 1, text: c === 0 ? labelLines.join(' ') : v });
    });
    const bottom = y + height;
    if (s.rules === 'grid') hLines.push({ y: bottom, x1: left, x2: right });
    vBreaks.push({ top: y, bottom, skip: new Set() });
    y = bottom;
    row++;
  }
  if (s.rules === 'booktabs') hLines.push({ y: y + 2, x1: left, x2: right });
  if (s.rules === 'booktabs' || s.rules === 'grid') {
    for (const h of hLines) w.line(h.x1, h.y, h.x2, h.y, s.rules === 'booktabs' ? 0.8 : 0.5);
  }
  if (s.rules === 'grid') {
    const xs = [left, ...cols.slice(1).map((c) => c.x - s.gap / 2), right];
    for (const band of vBreaks) {
      xs.forEach((x, i) => {
        if (!band.skip.has(i)) w.line(x, band.top, x, band.bottom, 0.5);
      });
    }
  }
  // The empty corner over the label heading has no truth cell: a converter may equally give the
  // label heading a rowspan over it.
  w.record({ kind: 'table', rows: row, cols: cols.length, cells, headerRows: t.groups.length > 0 ? 2 : 1 });
  return { bottom: y + 4, nextRow: r };
}
