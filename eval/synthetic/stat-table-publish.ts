// House habits of statistics publishers that the first stat-table generator lacked (issue 9):
// dot leaders from the row labels to the figures (US federal tables), figures grouped by spaces
// with a decimal comma (European offices), footnote markers set raised and small instead of on
// the line, a blank line after every few rows, a units line over the table ("In thousands"), a
// second table under the first on one page, a row numbering the columns ("(1) (2) (3)") and
// currency signs set flush left before the first row's figures. They are drawn from a generator of their own, seeded
// from the case's title, so the cases drawn before them keep their content and only the cases a
// habit falls on change.
import { Rng } from './random.js';
import type { StatContent } from './stat-table-content.js';
import { title } from './words.js';

export interface PublishStyle {
  /** Dot leaders after each label, up to the first value column. */
  leaders: boolean;
  /** Thousands grouped by a space and decimals after a comma ("12 345,6"). */
  european: boolean;
  /** Footnote markers on cells, headings and labels set raised and small. */
  raisedMarkers: boolean;
  /** A blank half line after every this many body rows (0: none). */
  blockEvery: number;
  /** A units line over the table (not a row of it), or null. */
  unitsLine: string | null;
  /** Another table under this one's notes, when the page has room. */
  secondTable: boolean;
  /** A row numbering the value columns, "(1) (2) (3)", under the headings. */
  columnNumbers: boolean;
  /** A currency sign before the figures of the first row and of total rows, set flush left in the column ("$   1,234"), or null. */
  currency: string | null;
}

const UNITS_LINES = ['In thousands', '(Thousands of persons)', 'Percent', 'In millions of dollars', '(£ million)', 'Rates per 1 000 population', 'Index 2015=100'];

function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** The generator of a table's habits: its own stream, so drawing them moves nothing else. */
export function publishRng(t: StatContent): Rng {
  return new Rng(seedOf(`publish ${t.title}`));
}

/** About half the tables keep the plain style; the others take one or two habits. */
export function publishStyle(rng: Rng): PublishStyle {
  const plain = rng.chance(0.5);
  const pick = (p: number) => !plain && rng.chance(p);
  return {
    leaders: pick(0.35),
    european: pick(0.3),
    raisedMarkers: pick(0.4),
    blockEvery: pick(0.3) ? rng.int(3, 5) : 0,
    unitsLine: pick(0.3) ? rng.pick(UNITS_LINES) : null,
    secondTable: pick(0.4),
    // Drawn last: the habits above keep the values they had before these two were added.
    columnNumbers: pick(0.25),
    currency: pick(0.25) ? rng.pick(['$', '$', '£', '€']) : null,
  };
}

/**
 * The content with a currency sign before the figures of its first row of figures and of its
 * total rows (how US and UK tables mark amounts: "$1,234" in the first row, then bare figures).
 */
export function currencyContent(t: StatContent, sign: string): StatContent {
  const first = t.rows.findIndex((r) => r.kind !== 'section' && r.values.some((v) => /^\d/.test(v)));
  return {
    ...t,
    rows: t.rows.map((r, i) => (i === first || r.kind === 'subtotal' ? { ...r, values: r.values.map((v) => (/^\d/.test(v) ? sign + v : v)) } : r)),
  };
}

/** "12,345.6" → "12 345,6"; "(1,234)" → "(1 234)"; other cells as they are. */
export function europeanFigure(v: string): string {
  if (!/^[-(]?[\d,]+(?:\.\d+)?\)?\D{0,2}$/u.test(v)) return v;
  return v.replace(/[,.]/g, (c) => (c === ',' ? ' ' : ','));
}

/** The content with its figures written the European way. */
export function europeanContent(t: StatContent): StatContent {
  return { ...t, decimalMark: ',', rows: t.rows.map((r) => ({ ...r, values: r.values.map(europeanFigure) })) };
}

/** A second table's title, distinct from the first's. */
export function secondTitle(rng: Rng, first: string): string {
  for (;;) {
    const t = `Table ${rng.int(1, 30)}.${rng.int(1, 9)} ${title(rng, 3, 6)}`;
    if (t !== first) return t;
  }
}

/**
 * How a table is set rather than what it says (issue 9, drawn after the habits above, from a
 * stream of its own seeded by the title, so the cases drawn before keep their bytes): very tight
 * gutters (dense tables set from spreadsheets: the widest figures of two columns half an em apart,
 * closer than the gap that parts cells on one line), a wider gutter before each group of columns
 * (a spreadsheet's spacer column) so the gutters of a row are uneven, and column headings set from
 * the top of the heading row (a word processor's default cell alignment) instead of on its bottom
 * line.
 */
export interface LayoutStyle {
  /** The gutter in ems when it is tight (0: the table's own). */
  tightGap: number;
  /** Extra gutter before each lowest-level group of columns, in ems (0: none). */
  groupGap: number;
  /** Column headings (and the stub heading) set from the top line of the heading row. */
  headTop: boolean;
}

export function layoutRng(t: StatContent): Rng {
  return new Rng(seedOf(`layout ${t.title}`));
}

/** About two tables in five keep the layout the generator drew before; the others take one or two of these habits. */
export function layoutStyle(rng: Rng): LayoutStyle {
  const plain = rng.chance(0.4);
  const pick = (p: number) => !plain && rng.chance(p);
  return {
    tightGap: pick(0.4) ? rng.pick([0.4, 0.45, 0.5, 0.55]) : 0,
    groupGap: pick(0.35) ? rng.pick([1, 1.5, 2.5]) : 0,
    headTop: pick(0.4),
  };
}
