// Tables: a label column and value columns of varied alignment, optional group headings with
// colspans, no rules / booktabs / a full grid, multi-line labels, empty cells; and long tables
// that continue over pages with their header repeated.
import { firstBaseline, LETTER, MARGIN, SyntheticDoc } from '../canvas.js';
import type { Rng } from '../random.js';
import { drawTable, layoutColumns, type Alignment, type LogicalTable, type Rules, type TableStyle } from '../table-draw.js';
import { capitalisedWord, paragraph, phrase, title } from '../words.js';
import type { FamilyOutput } from './family.js';

const ALIGNMENTS: Alignment[] = ['left', 'right', 'center', 'decimal'];
const RULES: Rules[] = ['none', 'booktabs', 'grid'];

function numberText(rng: Rng, align: Alignment, decimals: number): string {
  // Decimal columns vary the integer digits so that only the point lines them up.
  const digits = align === 'decimal' ? rng.int(1, 4) : rng.int(1, 3);
  const int = String(rng.int(digits === 1 ? 0 : 10 ** (digits - 1), 10 ** digits - 1));
  if (decimals === 0) return int;
  return `${int}.${String(rng.int(0, 10 ** decimals - 1)).padStart(decimals, '0')}`;
}

export interface TableVariant {
  align: Alignment[];
  rules: Rules;
  grouped: boolean;
  multiLine: boolean;
  emptyCells: boolean;
  /** Bold label rows without values heading groups of rows (statistics tables). */
  sections: boolean;
}

export function logicalTable(rng: Rng, v: TableVariant, valueCols: number, bodyRows: number): LogicalTable {
  const align: Alignment[] = ['left', ...v.align.slice(0, valueCols)];
  const decimals = align.map((a) => (a === 'decimal' ? rng.int(1, 2) : rng.chance(0.5) ? 1 : 0));
  const groups: LogicalTable['groups'] = [];
  const headings = [capitalisedWord(rng)];
  if (v.grouped) {
    const firstYear = rng.int(1990, 2015);
    for (let c = 0; c < valueCols; c += 2) groups.push({ text: title(rng, 1, 3), span: 2 });
    for (let c = 0; c < valueCols; c++) headings.push(String(firstYear + (c % 2)));
  } else {
    for (let c = 0; c < valueCols; c++) headings.push(rng.chance(0.5) ? capitalisedWord(rng) : String(rng.int(1990, 2030)));
  }
  const sectionRows = new Set<number>();
  const rows = Array.from({ length: bodyRows }, (_, r) => {
    if (v.sections && (r === 0 || (r > 1 && r < bodyRows - 1 && rng.chance(0.2)))) {
      sectionRows.add(r);
      return [title(rng, 1, 3), ...align.slice(1).map(() => '')];
    }
    const label = v.multiLine && rng.chance(0.4) ? phrase(rng, 6, 9) : phrase(rng, 1, 3);
    const values = align.slice(1).map((a, i) => (v.emptyCells && rng.chance(0.12) ? '' : numberText(rng, a, decimals[i + 1])));
    return [label, ...values];
  });
  return { groups, headings, rows, align, sectionRows };
}

export function variant(rng: Rng): TableVariant {
  const mixed = rng.chance(0.3);
  const one = rng.pick(ALIGNMENTS);
  return {
    align: Array.from({ length: 6 }, () => (mixed ? rng.pick(ALIGNMENTS) : one)),
    rules: rng.pick(RULES),
    grouped: rng.chance(0.45),
    multiLine: rng.chance(0.35),
    emptyCells: rng.chance(0.3),
    sections: rng.chance(0.3),
  };
}

export function style(doc: SyntheticDoc, rng: Rng, v: TableVariant): TableStyle {
  return { font: doc.fonts.regular, bold: doc.fonts.bold, size: rng.pick([8, 9, 10]), rules: v.rules, gap: rng.int(14, 30), labelWidth: v.multiLine ? rng.int(90, 130) : 200 };
}

function describe(v: TableVariant, valueCols: number): string {
  const aligns = [...new Set(v.align.slice(0, valueCols))].join('+');
  return `cols=${valueCols + 1} align=${aligns} rules=${v.rules}${v.grouped ? ' grouped' : ''}${v.multiLine ? ' multiline' : ''}${v.emptyCells ? ' empty-cells' : ''}${v.sections ? ' sections' : ''}`;
}

/** One table between two paragraphs on one page. */
export async function tableCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const v = variant(rng);
  let valueCols = v.grouped ? 2 * rng.int(1, 3) : rng.int(2, 6);
  const s = style(doc, rng, v);
  let t = logicalTable(rng, v, valueCols, rng.int(3, 12));
  let cols = layoutColumns(t, s);
  for (let tries = 0; cols === null && tries < 6; tries++) {
    valueCols = Math.max(v.grouped ? 2 : 1, valueCols - (v.grouped ? 2 : 1));
    s.gap = 14;
    t = logicalTable(rng, v, valueCols, t.rows.length);
    cols = layoutColumns(t, s);
  }
  if (cols === null) throw new Error('synthetic table does not fit the page');
  const w = doc.addPage();
  const before = paragraph(rng, 1, 3);
  let y = w.wrapped(before, MARGIN, firstBaseline(rng), LETTER.width - 2 * MARGIN, w.fonts.regular, 10, 13, { kind: 'paragraph', text: before }) + 12;
  const captioned = rng.chance(0.4);
  if (captioned) {
    const caption = `Table ${rng.int(1, 12)}. ${title(rng, 2, 6)}`;
    y = w.wrapped(caption, MARGIN, y, LETTER.width - 2 * MARGIN, w.fonts.bold, s.size + 1, s.size + 4, { kind: 'paragraph', text: caption }) + 2;
  }
  y = drawTable(w, t, s, cols, y, 0, LETTER.height - MARGIN - 60).bottom + 16;
  const after = paragraph(rng, 1, 3);
  w.wrapped(after, MARGIN, y + 10, LETTER.width - 2 * MARGIN, w.fonts.regular, 10, 13, { kind: 'paragraph', text: after });
  return { variant: `${describe(v, valueCols)}${captioned ? ' caption' : ''}` };
}

/** A long table continuing over two or three pages, header repeated, a folio in the footer. */
export async function longTableCase(rng: Rng, doc: SyntheticDoc): Promise<FamilyOutput> {
  const v = { ...variant(rng), grouped: false, multiLine: rng.chance(0.2), sections: false };
  const valueCols = rng.int(2, 4);
  const s = style(doc, rng, v);
  const t = logicalTable(rng, v, valueCols, rng.int(55, 110));
  const cols = layoutColumns(t, s);
  if (cols === null) throw new Error('synthetic table does not fit the page');
  let row = 0;
  let page = 0;
  while (row < t.rows.length && page < 6) {
    const w = doc.addPage();
    page++;
    let y = page === 1 ? firstBaseline(rng) : MARGIN + 10;
    if (page === 1) {
      const before = paragraph(rng, 1, 2);
      y = w.wrapped(before, MARGIN, y, LETTER.width - 2 * MARGIN, w.fonts.regular, 10, 13, { kind: 'paragraph', text: before }) + 12;
    }
    row = drawTable(w, t, s, cols, y, row, LETTER.height - MARGIN).nextRow;
    const folio = String(page);
    w.furniture(folio, (LETTER.width - w.fonts.regular.widthOfTextAtSize(folio, 9)) / 2, LETTER.height - 40, w.fonts.regular, 9);
  }
  return { variant: `${describe(v, valueCols)} rows=${t.rows.length} pages=${page}` };
}
