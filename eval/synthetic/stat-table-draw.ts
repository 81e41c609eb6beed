// Geometry and drawing of a generated statistics table (stat-table-content.ts): column widths
// from the widest cell, narrow or wide gaps (a table may be stretched to the text width), group
// headings centred over their columns, column headings of one or two lines set on the bottom
// line, right-, decimal- or centre-aligned numbers, labels indented, wrapped labels with their
// values on the first or the last line, and the rules of one of four styles. The truth table is
// recorded cell by cell with its header rows.
import type { PDFFont } from 'pdf-lib';
import { wrapText, type PageWriter } from './canvas.js';
import type { StatAlign, StatContent } from './stat-table-content.js';
import type { TruthCell } from './truth.js';

export type StatRules = 'none' | 'header' | 'horizontal' | 'grid';

export interface StatStyle {
  font: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  size: number;
  rules: StatRules;
  /** Minimum gap between columns, points. */
  gap: number;
  /** Labels wider than this wrap. */
  labelWidth: number;
  /** Column headings right-aligned or centred over their column. */
  headAlign: 'right' | 'center';
  /** A wrapped label's values sit on its first line (else on its last). */
  valuesOnFirstLine: boolean;
  /** Bold group and column headings. */
  boldHead: boolean;
  /** Dot leaders after each label with figures, up to the first value column. */
  leaders?: boolean;
  /** Footnote markers set raised and small (a superscript digit as a plain digit, as word processors set it). */
  raisedMarkers?: boolean;
  /** A blank half line after every this many body rows (0 or absent: none). */
  blockEvery?: number;
  /** A header row numbering the value columns, "(1) (2) (3)". */
  columnNumbers?: boolean;
  /** Extra gutter (points) before each lowest-level group of columns but the first (a spacer column). */
  groupGap?: number;
  /** Column headings and the stub heading set from the top line of the heading row (else on its bottom line). */
  headTop?: boolean;
}

/** A currency sign opening a figure ("$1,234"): set flush left in its column, the figure where it would stand. */
const CURRENCY = /^[$£€]/u;

export interface StatGeometry {
  /** x of each column (0 = stub), and its width. */
  x: number[];
  width: number[];
  /** Lines of each column heading (value columns). */
  headLines: string[][];
}

const INDENT_EM = 1;

function w(font: PDFFont, size: number, text: string): number {
  return font.widthOfTextAtSize(text, size);
}

const intPart = (v: string, mark: '.' | ',' = '.') => {
  const i = v.search(mark === '.' ? /\.\d/ : /,\d/);
  return i < 0 ? v.replace(/\D+$/, '') : v.slice(0, i);
};

/** A footnote marker closing a cell: ¹ ² * anywhere, a letter only after a figure ("12.3a", "2019p"). */
const TRAILING_MARKER = /(?:(?<=\S)[¹²*]|(?<=[\d)])[abpr])$/u;

/** Draws a cell's text; with raised markers its marker is set at 0.65 size, 0.35 em up, as a plain character. */
function drawCell(pw: PageWriter, text: string, x: number, base: number, font: PDFFont, size: number, raised: boolean | undefined): void {
  const m = raised ? TRAILING_MARKER.exec(text) : null;
  if (!m) {
    pw.text(text, x, base, font, size);
    return;
  }
  const body = text.slice(0, m.index);
  const at = x + pw.text(body, x, base, font, size);
  pw.text(m[0].normalize('NFKC'), at + size * 0.03, base - size * 0.35, font, size * 0.65);
}

/** Width of a cell's text as drawn (a raised marker is narrower). */
function cellWidth(font: PDFFont, size: number, text: string, raised: boolean | undefined): number {
  const m = raised ? TRAILING_MARKER.exec(text) : null;
  if (!m) return w(font, size, text);
  return w(font, size, text.slice(0, m.index)) + size * 0.03 + w(font, size * 0.65, m[0].normalize('NFKC'));
}

/**
 * Width a column's figures take as drawn: the widest figure, or for a decimal-aligned column the
 * widest integer part plus the widest fraction, since the points line up (a ".." or a footnote
 * marker counts as fraction). Sized by the widest figure alone, a wide integer overhung the gutter
 * on its left and touched the previous column's figure: "31" and "509 055" drew as "31509 055".
 */
function figuresWidth(t: StatContent, s: StatStyle, c: number): number {
  const mark = t.decimalMark ?? '.';
  if (t.align[c] !== 'decimal') return Math.max(...t.rows.map((r) => w(s.font, s.size, r.values[c])));
  const widths = t.rows.map((r) => cellWidth(s.font, s.size, r.values[c], s.raisedMarkers));
  const ints = t.rows.map((r) => w(s.font, s.size, intPart(r.values[c], mark)));
  return Math.max(...ints) + Math.max(0, ...widths.map((x, i) => x - ints[i]));
}

/** Column geometry filling at most `maxWidth` from `left` (stretched to it when `stretch`); null when it does not fit. */
export function statGeometry(t: StatContent, s: StatStyle, left: number, maxWidth: number, stretch: boolean): StatGeometry | null {
  const head = s.boldHead ? s.bold : s.font;
  const labelOf = (r: StatContent['rows'][number]) => (r.kind === 'data' ? s.font : s.bold);
  const labelNeed = Math.max(
    w(head, s.size, t.stub),
    ...t.rows.map((r) => Math.min(s.labelWidth, w(labelOf(r), s.size, r.label)) + r.indent * INDENT_EM * s.size),
  );
  const widths = [labelNeed];
  const headLines: string[][] = [];
  t.headings.forEach((h, c) => {
    const valueW = Math.max(figuresWidth(t, s, c), t.units ? w(s.italic, s.size, t.units[c]) : 0);
    // A heading wider than its figures wraps onto two lines (as narrow statistics columns do).
    const lines = w(head, s.size, h) > valueW * 1.3 && h.includes(' ') ? wrapText(h, head, s.size, Math.max(valueW, ...h.split(' ').map((x) => w(head, s.size, x)))) : [h];
    headLines.push(lines);
    widths.push(Math.max(valueW, ...lines.map((l) => w(head, s.size, l))));
  });
  // A group heading wider than its columns widens them equally.
  for (const level of t.levels) {
    for (const g of level) {
      const have = widths.slice(g.from + 1, g.to + 2).reduce((a, b) => a + b, 0) + s.gap * (g.to - g.from);
      const need = w(head, s.size, g.text) + s.size;
      if (need > have) for (let c = g.from + 1; c <= g.to + 1; c++) widths[c] += (need - have) / (g.to - g.from + 1);
    }
  }
  let gap = s.gap;
  // A spacer before each lowest-level group that does not open the value columns.
  const lowest = t.levels[t.levels.length - 1] ?? [];
  const spacer = (c: number) => (s.groupGap && lowest.some((g) => g.from > 0 && g.from + 1 === c) ? s.groupGap : 0);
  const spacers = widths.reduce((sum, _, c) => sum + spacer(c), 0);
  const natural = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1) + spacers;
  if (natural > maxWidth) return null;
  if (stretch) gap += (maxWidth - natural) / (widths.length - 1);
  const x: number[] = [];
  let at = left;
  widths.forEach((width, c) => {
    at += spacer(c);
    x.push(at);
    at += width + gap;
  });
  return { x, width: widths, headLines };
}

function placeX(text: string, font: PDFFont, size: number, x: number, width: number, align: StatAlign | 'left', dotOffset: number, raised?: boolean, mark: '.' | ',' = '.'): number {
  const tw = cellWidth(font, size, text, raised);
  if (align === 'left') return x;
  if (align === 'center') return x + (width - tw) / 2;
  if (align === 'decimal') return x + dotOffset - w(font, size, intPart(text, mark));
  return x + width - tw;
}

/** Draws the table from `top`; returns the y below it. */
export function drawStatTable(pw: PageWriter, t: StatContent, s: StatStyle, g: StatGeometry, top: number): number {
  const head = s.boldHead ? s.bold : s.font;
  const leading = s.size * 1.25;
  const pad = s.rules === 'grid' || s.rules === 'horizontal' ? s.size * 0.35 : s.size * 0.1;
  const nC = g.x.length;
  const left = g.x[0] - (s.rules === 'grid' ? s.size * 0.4 : 0);
  const right = g.x[nC - 1] + g.width[nC - 1] + (s.rules === 'grid' ? s.size * 0.4 : 0);
  const cells: TruthCell[] = [];
  const hRules: number[] = [];
  const bands: Array<{ top: number; bottom: number; skip: Set<number> }> = [];
  const mid = (c: number) => (g.x[c - 1] + g.width[c - 1] + g.x[c]) / 2;
  let y = top;
  if (s.rules !== 'none') hRules.push(y);
  let row = 0;
  // Group heading rows, top level first, each centred over its columns.
  for (const level of t.levels) {
    const base = y + pad + s.size;
    const skip = new Set<number>();
    for (const grp of level) {
      const x1 = g.x[grp.from + 1];
      const x2 = g.x[grp.to + 1] + g.width[grp.to + 1];
      pw.text(grp.text, (x1 + x2 - w(head, s.size, grp.text)) / 2, base, head, s.size);
      cells.push({ row, col: grp.from + 1, rowSpan: 1, colSpan: grp.to - grp.from + 1, text: grp.text });
      // A short rule under the group (booktabs' cmidrule) in the header style.
      if (s.rules === 'header') pw.line(x1, base + s.size * 0.35, x2, base + s.size * 0.35, 0.4);
      for (let c = grp.from + 2; c <= grp.to + 1; c++) skip.add(c);
    }
    const bottom = base + s.size * 0.45 + pad;
    if (s.rules === 'grid') hRules.push(bottom);
    bands.push({ top: y, bottom, skip });
    y = bottom;
    row++;
  }
  // Column headings: lines set on the bottom line; the stub heading beside their last line.
  const nLines = Math.max(1, ...g.headLines.map((l) => l.length));
  const headTop = y;
  const lastBase = y + pad + s.size + (nLines - 1) * leading;
  const firstBase = y + pad + s.size;
  if (t.stub) {
    pw.text(t.stub, g.x[0], s.headTop ? firstBase : lastBase, head, s.size);
    cells.push({ row, col: 0, rowSpan: 1, colSpan: 1, text: t.stub });
  }
  g.headLines.forEach((lines, c) => {
    lines.forEach((line, i) => {
      const base = s.headTop ? firstBase + i * leading : lastBase - (lines.length - 1 - i) * leading;
      drawCell(pw, line, placeX(line, head, s.size, g.x[c + 1], g.width[c + 1], s.headAlign, 0, s.raisedMarkers), base, head, s.size, s.raisedMarkers);
    });
    cells.push({ row, col: c + 1, rowSpan: 1, colSpan: 1, text: lines.join(' ') });
  });
  y = lastBase + s.size * 0.3 + pad;
  row++;
  if (t.units) {
    // A grid rules the units off as a row of their own (without the rule they would be one cell).
    if (s.rules === 'grid') {
      hRules.push(y);
      bands.push({ top: headTop, bottom: y, skip: new Set() });
    }
    const unitsTop = y;
    const base = y + s.size;
    t.units.forEach((u, c) => {
      pw.text(u, placeX(u, s.italic, s.size, g.x[c + 1], g.width[c + 1], s.headAlign, 0), base, s.italic, s.size);
      cells.push({ row, col: c + 1, rowSpan: 1, colSpan: 1, text: u });
    });
    y = base + s.size * 0.3 + pad;
    row++;
    if (s.rules === 'grid') bands.push({ top: unitsTop, bottom: y, skip: new Set() });
  }
  if (s.columnNumbers) {
    const base = y + s.size;
    t.headings.forEach((_, c) => {
      const n = `(${c + 1})`;
      pw.text(n, placeX(n, s.font, s.size, g.x[c + 1], g.width[c + 1], s.headAlign, 0), base, s.font, s.size);
      cells.push({ row, col: c + 1, rowSpan: 1, colSpan: 1, text: n });
    });
    y = base + s.size * 0.3 + pad;
    row++;
  }
  if (!(t.units && s.rules === 'grid')) bands.push({ top: headTop, bottom: y, skip: new Set() });
  const headerRows = row;
  if (s.rules !== 'none') hRules.push(y);
  // Air under the header rule (a grid's cells are padded instead: its vertical rules run on).
  if (s.rules !== 'grid') y += s.size * 0.3;
  // Body. Decimal columns line their points up where the widest fraction leaves it.
  const mark = t.decimalMark ?? '.';
  const dot = t.headings.map((_, c) => {
    const frac = Math.max(0, ...t.rows.map((r) => cellWidth(s.font, s.size, r.values[c], s.raisedMarkers) - w(s.font, s.size, intPart(r.values[c], mark))));
    return g.width[c + 1] - frac;
  });
  let bodyRow = 0;
  for (const r of t.rows) {
    if (s.blockEvery && bodyRow > 0 && bodyRow % s.blockEvery === 0) y += s.size * 0.6;
    bodyRow++;
    const font = r.kind === 'data' ? s.font : s.bold;
    const indent = r.indent * INDENT_EM * s.size;
    const lines = wrapText(r.label, font, s.size, s.labelWidth);
    const rowTop = y;
    const base = y + pad + s.size;
    lines.forEach((line, i) => drawCell(pw, line, g.x[0] + indent + (i > 0 ? s.size * 0.5 : 0), base + i * leading, font, s.size, s.raisedMarkers));
    cells.push({ row, col: 0, rowSpan: 1, colSpan: 1, text: lines.join(' ') });
    const valueBase = s.valuesOnFirstLine ? base : base + (lines.length - 1) * leading;
    if (s.leaders && r.kind !== 'section') {
      // Leaders from the label's line holding the figures to a little short of the first value column.
      const k = s.valuesOnFirstLine ? 0 : lines.length - 1;
      const from = g.x[0] + indent + (k > 0 ? s.size * 0.5 : 0) + cellWidth(font, s.size, lines[k], s.raisedMarkers) + s.size * 0.3;
      const to = Math.min(g.x[0] + g.width[0], g.x[1] - s.size * 0.5);
      const n = Math.floor((to - from) / w(s.font, s.size, '.'));
      if (n >= 3) pw.text('.'.repeat(n), from, valueBase, s.font, s.size);
    }
    r.values.forEach((v, c) => {
      const at = v ? placeX(v, font, s.size, g.x[c + 1], g.width[c + 1], t.align[c], dot[c], s.raisedMarkers, mark) : 0;
      if (v && CURRENCY.test(v)) {
        pw.text(v[0], g.x[c + 1], valueBase, font, s.size);
        drawCell(pw, v.slice(1), at + w(font, s.size, v[0]), valueBase, font, s.size, s.raisedMarkers);
      } else if (v) drawCell(pw, v, at, valueBase, font, s.size, s.raisedMarkers);
      cells.push({ row, col: c + 1, rowSpan: 1, colSpan: 1, text: v });
    });
    y = base + (lines.length - 1) * leading + s.size * 0.3 + pad;
    if (s.rules === 'horizontal' || s.rules === 'grid') hRules.push(y);
    bands.push({ top: rowTop, bottom: y, skip: new Set() });
    row++;
  }
  if (s.rules === 'header') hRules.push(y + 1);
  for (const hy of hRules) pw.line(left, hy, right, hy, 0.5);
  if (s.rules === 'grid') {
    const xs = [left, ...g.x.slice(1).map((_, i) => mid(i + 1)), right];
    for (const b of bands) xs.forEach((x, i) => !b.skip.has(i) && pw.line(x, b.top, x, b.bottom, 0.5));
  }
  pw.record({ kind: 'table', rows: row, cols: nC, cells, headerRows });
  return y + s.size;
}
