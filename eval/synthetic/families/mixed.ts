// Mixed pages (issue 9): one or two columns of prose with tables placed among the paragraphs —
// across both columns or inside one — with a caption above or below ("Table 3: …"), notes and a
// source line below, lists and short prose full of numbers nearby (which must stay prose), tables
// ruled booktabs-style, as a full grid (spans drawn by missing rules), shaded in stripes, or not
// at all, and a table that runs on to the next page with its header row repeated.
import { firstBaseline, LETTER, MARGIN, wrapText, type PageWriter, type SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { drawTable, layoutColumns, type LogicalTable, type Rules, type TableStyle } from '../table-draw.js';
import { capitalisedWord, paragraph, phrase, sentence, title, word } from '../words.js';
import type { FamilyOutput } from './family.js';
import { logicalTable, variant } from './tables.js';

const BODY = 10;
const LEADING = 12.5;
const BOTTOM = LETTER.height - MARGIN;
const RULES: Rules[] = ['none', 'booktabs', 'grid', 'zebra'];

interface Column {
  x: number;
  width: number;
}

/** A number as prose writes it: a year, a share, a count with a thousands separator. */
function proseNumber(rng: Rng): string {
  switch (rng.int(0, 3)) {
    case 0:
      return String(rng.int(1990, 2030));
    case 1:
      return `${rng.int(1, 99)}.${rng.int(0, 9)}`;
    case 2:
      return `${rng.int(1, 99)},${String(rng.int(0, 999)).padStart(3, '0')}`;
    default:
      return String(rng.int(2, 400));
  }
}

/** Sentences dense with figures ("Between 2014 and 12.5 the …"): prose a table detector must leave alone. */
function numericProse(rng: Rng, sentences: number): string {
  return Array.from({ length: sentences }, () => {
    const n = rng.int(5, 12);
    const words = [capitalisedWord(rng)];
    for (let i = 1; i < n; i++) words.push(rng.chance(0.3) ? proseNumber(rng) : word(rng));
    return `${words.join(' ')}.`;
  }).join(' ');
}

class Flow {
  y: number;
  tables = 0;
  constructor(readonly w: PageWriter, readonly col: Column, top: number, readonly bottom: number) {
    this.y = top;
  }

  fits(height: number): boolean {
    return this.y + height <= this.bottom;
  }

  text(text: string, size = BODY, leading = LEADING, font = this.w.fonts.regular): boolean {
    const lines = wrapText(text, font, size, this.col.width).length;
    if (!this.fits(lines * leading)) return false;
    this.y = this.w.wrapped(text, this.col.x, this.y, this.col.width, font, size, leading, { kind: 'paragraph', text }) + 5;
    return true;
  }

  /** A numbered or bulleted list whose items carry figures. */
  list(rng: Rng): boolean {
    const ordered = rng.chance(0.6);
    const items = Array.from({ length: rng.int(2, 4) }, () => (rng.chance(0.5) ? numericProse(rng, 1) : phrase(rng, 2, 6)));
    const indent = ordered ? 16 : 12;
    const height = items.reduce((h, t) => h + wrapText(t, this.w.fonts.regular, BODY, this.col.width - indent).length * LEADING + 2, 0);
    if (!this.fits(height)) return false;
    items.forEach((text, i) => {
      this.w.marker(ordered ? `${i + 1}.` : '\u2022', this.col.x, this.y, this.w.fonts.regular, BODY);
      this.y = this.w.wrapped(text, this.col.x + indent, this.y, this.col.width - indent, this.w.fonts.regular, BODY, LEADING, null);
      this.w.record({ kind: 'list-item', text, depth: 0, ordered });
      this.y += 2;
    });
    this.y += 6;
    return true;
  }
}

interface PlacedTable {
  t: LogicalTable;
  s: TableStyle;
  cols: ReturnType<typeof layoutColumns> & object;
}

/** A table that fits `width`, its columns shifted to start at `x`; null when none fits. */
function makeTable(rng: Rng, doc: SyntheticDoc, x: number, width: number, bodyRows: number, rules: Rules): PlacedTable | null {
  const v = { ...variant(rng), rules, multiLine: rng.chance(0.2), sections: rng.chance(0.15) };
  const narrow = width < 300;
  let valueCols = v.grouped ? 2 * rng.int(1, narrow ? 1 : 2) : rng.int(2, narrow ? 3 : 5);
  const s: TableStyle = { font: doc.fonts.regular, bold: doc.fonts.bold, size: rng.pick([8, 9]), rules, gap: rng.int(narrow ? 10 : 14, narrow ? 16 : 28), labelWidth: v.multiLine ? rng.int(70, 110) : narrow ? 90 : 180 };
  for (let tries = 0; tries < 5; tries++) {
    const t = logicalTable(rng, v, valueCols, bodyRows);
    const cols = layoutColumns(t, s, width);
    if (cols) return { t, s, cols: cols.map((c) => ({ x: c.x - MARGIN + x, width: c.width })) };
    valueCols = Math.max(v.grouped ? 2 : 1, valueCols - (v.grouped ? 2 : 1));
    s.gap = 10;
    s.labelWidth = Math.min(s.labelWidth, 80);
  }
  return null;
}

function tableHeight(p: PlacedTable): number {
  const rowH = p.s.size * 1.3 + (p.s.rules === 'grid' ? 8 : 2);
  const lines = p.t.rows.reduce((n, r) => n + wrapText(r[0], p.s.font, p.s.size, p.s.labelWidth).length, 0);
  return (lines + (p.t.groups.length ? 2 : 1)) * rowH + 24;
}

/**
 * Caption above or below, the table, then a note and/or a source line below it. With `runOn`,
 * the table may break at the flow's bottom: the rows left over are returned.
 */
function placeTable(rng: Rng, f: Flow, p: PlacedTable, number: number, runOn: boolean): { ok: boolean; nextRow: number } {
  const { w } = f;
  const caption = `Table ${number}: ${title(rng, 2, 6)}`;
  const captionAbove = runOn || rng.chance(0.6);
  const note = rng.chance(0.5) ? `Note: ${sentence(rng, 6, 14)}` : null;
  const source = rng.chance(0.4) ? `Source: ${title(rng, 2, 4)} ${rng.int(1990, 2030)}.` : null;
  const small = p.s.size;
  const captionLines = wrapText(caption, w.fonts.bold, small + 1, f.col.width).length;
  const extra = captionLines * (small + 4) + (note ? 2 * (small + 3) : 0) + (source ? small + 3 : 0) + 16;
  if (!runOn && !f.fits(tableHeight(p) + extra)) return { ok: false, nextRow: 0 };
  if (runOn && !f.fits(extra + 8 * p.s.size * 1.3)) return { ok: false, nextRow: 0 };
  const writeCaption = () => {
    f.y = w.wrapped(caption, f.col.x, f.y + 4, f.col.width, w.fonts.bold, small + 1, small + 4, { kind: 'paragraph', text: caption }) + 2;
  };
  if (captionAbove) writeCaption();
  const drawn = drawTable(w, p.t, p.s, p.cols, f.y, 0, runOn ? f.bottom : BOTTOM);
  f.y = drawn.bottom + small + 6;
  if (drawn.nextRow < p.t.rows.length) return { ok: true, nextRow: drawn.nextRow };
  if (!captionAbove) writeCaption();
  if (note) f.y = w.wrapped(note, f.col.x, f.y, f.col.width, w.fonts.italic, small, small + 3, { kind: 'paragraph', text: note });
  if (source) f.y = w.wrapped(source, f.col.x, f.y, f.col.width, w.fonts.regular, small, small + 3, { kind: 'paragraph', text: source });
  f.y += 10;
  return { ok: true, nextRow: p.t.rows.length };
}

/** Prose, lists, numeric prose and at most one table poured into one column. */
function pour(rng: Rng, doc: SyntheticDoc, f: Flow, state: { tables: number }, rules: Rules, allowTable: boolean): void {
  for (let guard = 0; guard < 30; guard++) {
    const pick = rng.next();
    let ok: boolean;
    if (pick < 0.3 && allowTable && f.tables === 0) {
      const p = makeTable(rng, doc, f.col.x, f.col.width, rng.int(3, 8), rules);
      ok = p !== null && placeTable(rng, f, p, state.tables + 1, false).ok;
      if (ok) {
        f.tables++;
        state.tables++;
      }
    } else if (pick < 0.45) ok = f.list(rng);
    else if (pick < 0.6) ok = f.text(numericProse(rng, rng.int(1, 3)));
    else ok = f.text(paragraph(rng, 1, 3));
    if (!ok && !f.text(sentence(rng, 4, 9))) return;
  }
}

function columnsOf(n: number, gutter: number, x = MARGIN, width = LETTER.width - 2 * MARGIN): Column[] {
  const w = (width - (n - 1) * gutter) / n;
  return Array.from({ length: n }, (_, i) => ({ x: x + i * (w + gutter), width: w }));
}

export async function mixedCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const twoColumns = rng.chance(0.5);
  const rules = rng.pick(RULES);
  const state = { tables: 0 };
  const w = doc.addPage();
  const heading = title(rng, 3, 7);
  let y = firstBaseline(rng);
  w.text(heading, MARGIN, y, w.fonts.bold, 16);
  w.record({ kind: 'heading', level: 1, text: heading });
  y += 24;
  const full: Column = { x: MARGIN, width: LETTER.width - 2 * MARGIN };
  let shape: string;
  let runOn: { p: PlacedTable; nextRow: number } | null = null;
  if (twoColumns) {
    // Columns, then (maybe) a table across both, then columns again: read column by column
    // above the table, the table, then the columns below it.
    const columns = columnsOf(2, rng.int(16, 26));
    const wide = rng.chance(0.5);
    const mid = wide ? y + rng.int(150, 260) : BOTTOM;
    let bottom = y;
    for (const col of columns) {
      const f = new Flow(w, col, y + BODY, mid);
      pour(rng, doc, f, state, rules, !wide);
      bottom = Math.max(bottom, f.y);
    }
    shape = 'two-columns';
    if (wide) {
      const f = new Flow(w, full, bottom + 6, BOTTOM - 150);
      const p = makeTable(rng, doc, full.x, full.width, rng.int(3, 7), rules);
      if (p && placeTable(rng, f, p, state.tables + 1, false).ok) state.tables++;
      shape += ' wide-table';
      for (const col of columnsOf(2, rng.int(16, 26))) pour(rng, doc, new Flow(w, col, f.y + BODY, BOTTOM), state, rules, false);
    }
  } else {
    const f = new Flow(w, full, y, BOTTOM);
    const continued = rng.chance(0.4);
    shape = continued ? 'one-column continued' : 'one-column';
    if (continued) {
      // Some prose, then a long table that runs on to the next page with its header repeated.
      f.text(paragraph(rng, 1, 3));
      if (rng.chance(0.5)) f.text(numericProse(rng, 2));
      const p = makeTable(rng, doc, full.x, full.width, rng.int(45, 70), rules);
      const placed = p ? placeTable(rng, f, p, 1, true) : null;
      if (p && placed?.ok) {
        state.tables++;
        if (placed.nextRow < p.t.rows.length) runOn = { p, nextRow: placed.nextRow };
      } else pour(rng, doc, f, state, rules, true);
    } else pour(rng, doc, f, state, rules, true);
  }
  if (runOn) {
    const w2 = doc.addPage();
    const f = new Flow(w2, full, MARGIN + 10, BOTTOM);
    const drawn = drawTable(w2, runOn.p.t, runOn.p.s, runOn.p.cols, f.y, runOn.nextRow, BOTTOM - 120);
    f.y = drawn.bottom + 14;
    const note = `Note: ${sentence(rng, 6, 12)}`;
    f.y = w2.wrapped(note, full.x, f.y, full.width, w2.fonts.italic, runOn.p.s.size, runOn.p.s.size + 3, { kind: 'paragraph', text: note }) + 10;
    pour(rng, doc, f, state, rules, false);
    shape += drawn.nextRow < runOn.p.t.rows.length ? ' cut' : '';
  }
  return { variant: `${shape} rules=${rules} tables=${state.tables}` };
}
