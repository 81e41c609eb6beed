// The logical content of a generated statistics table (issue 9): a stub column of row labels
// (indented sub-rows, bold subtotals, section rows without values, labels long enough to wrap),
// value columns under one to three levels of spanning group headings, an optional units row, and
// cells as statistics offices print them: thousands separators, decimals, negatives in
// parentheses, footnote markers ("12.3a", "15¹"), and empty cells shown as "..", "–", ":", "x" or
// left blank. Geometry and drawing are in stat-table-draw.ts.
import type { Rng } from './random.js';
import { capitalisedWord, phrase, title, word } from './words.js';

export type StatAlign = 'right' | 'decimal' | 'center';

/** A heading over the columns [from, to] (value column indices, 0-based) at one header level. */
export interface StatGroup {
  text: string;
  from: number;
  to: number;
}

export type StatRowKind = 'data' | 'subtotal' | 'section';

export interface StatRow {
  kind: StatRowKind;
  label: string;
  /** Indentation level of the label (sub-rows under a heading row). */
  indent: number;
  /** One per value column; '' = blank cell. Section rows have none filled. */
  values: string[];
}

export interface StatContent {
  title: string;
  /** Heading of the stub column ('' when the corner is empty). */
  stub: string;
  /** Group heading levels, top first; each level's groups are disjoint and left to right. */
  levels: StatGroup[][];
  /** One heading per value column (the lowest header row). */
  headings: string[];
  /** Units under the column headings ("Number", "%", "£ million"), or null for no units row. */
  units: string[] | null;
  rows: StatRow[];
  align: StatAlign[];
  notes: string[];
  /** The decimal mark decimal-aligned columns line up on ('.' unless written the European way). */
  decimalMark?: '.' | ',';
}

const UNITS = ['Number', '%', '£ million', '$ billion', 'Thousands', 'Rate', 'Index', '€ m'];
const EMPTY_MARKS = ['..', '–', ':', 'x', '', '-'];
const CELL_MARKERS = ['a', 'b', 'p', 'r', '¹', '²', '*'];
const HEADING_WORDS = ['Total', 'Men', 'Women', 'Change', 'Share', 'Rate', 'Persons', 'Households', 'Median', 'Mean', 'Employed', 'Unemployed', 'Exports', 'Imports'];
const LONG_HEADINGS = ['Percentage change', 'Annual average', 'Number of persons', 'Share of total', 'Per head of population', 'Full time equivalent'];

type ValueKind = 'count' | 'percent' | 'amount' | 'change';

function valueText(rng: Rng, kind: ValueKind, decimals: number, parenNegative: boolean): string {
  let v: number;
  switch (kind) {
    case 'count':
      return Math.round(10 ** (rng.next() * 5 + 1)).toLocaleString('en-US');
    case 'percent':
      v = rng.next() * 100;
      break;
    case 'amount':
      v = 10 ** (rng.next() * 4);
      break;
    case 'change':
      v = (rng.next() - 0.4) * 30;
      break;
  }
  const abs = Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  if (v >= 0 || abs.replace(/[0.,]/g, '') === '') return abs;
  return parenNegative ? `(${abs})` : `-${abs}`;
}

/** Splits `n` columns into groups of 2–4 (a last group of 1 allowed when it must). */
function partition(rng: Rng, from: number, to: number, min: number, max: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let c = from;
  while (c <= to) {
    const left = to - c + 1;
    let span = Math.min(left, rng.int(min, max));
    if (left - span === 1 && span > min) span--;
    out.push([c, c + span - 1]);
    c += span;
  }
  return out;
}

/** Unique texts: a repeated heading or label would make a neighbour test ambiguous. */
function uniqueTitle(rng: Rng, used: Set<string>, make: () => string): string {
  for (let i = 0; i < 20; i++) {
    const t = make();
    if (!used.has(t)) {
      used.add(t);
      return t;
    }
  }
  const t = `${make()} ${used.size}`;
  used.add(t);
  return t;
}

export function statContent(rng: Rng, valueCols: number, bodyRows: number): StatContent {
  const used = new Set<string>();
  const depth = rng.pick([0, 1, 1, 1, 2, 2]);
  // An ungrouped first value column ("Total") beside the grouped ones, in some tables.
  const ungrouped = depth > 0 && valueCols >= 4 && rng.chance(0.3) ? 1 : 0;
  const levels: StatGroup[][] = [];
  if (depth > 0) {
    const low = partition(rng, ungrouped, valueCols - 1, 2, 3);
    const lowGroups = low.map(([from, to]) => ({ text: uniqueTitle(rng, used, () => title(rng, 1, 3)), from, to }));
    if (depth === 2 && low.length >= 2) {
      const top = partition(rng, 0, low.length - 1, 2, 2).map(([a, b]) => ({ text: uniqueTitle(rng, used, () => title(rng, 1, 2)), from: low[a][0], to: low[b][1] }));
      levels.push(top);
    }
    levels.push(lowGroups);
  }
  // Column headings: years repeated under each group, or words (some of two lines).
  const years = rng.chance(0.55);
  const firstYear = rng.int(1995, 2020);
  const headings: string[] = [];
  for (let c = 0; c < valueCols; c++) {
    if (c < ungrouped) headings.push('Total');
    else if (years) {
      const g = levels.length ? levels[levels.length - 1].find((x) => x.from <= c && c <= x.to)! : { from: 0 };
      headings.push(String(firstYear + (c - g.from)) + (rng.chance(0.1) ? rng.pick(['¹', 'p', 'r']) : ''));
    } else headings.push(rng.chance(0.3) ? rng.pick(LONG_HEADINGS) : rng.pick(HEADING_WORDS));
  }
  const units = rng.chance(0.35) ? Array.from({ length: valueCols }, () => rng.pick(UNITS)) : null;
  const kinds: ValueKind[] = Array.from({ length: valueCols }, () => rng.pick(['count', 'percent', 'amount', 'change'] as const));
  const decimals = kinds.map((k) => (k === 'count' ? 0 : rng.int(0, 2)));
  const parenNegative = rng.chance(0.5);
  const emptyMarks = [rng.pick(EMPTY_MARKS), rng.pick(EMPTY_MARKS)];
  const emptyShare = rng.pick([0, 0.04, 0.1]);
  const markerShare = rng.pick([0, 0, 0.04]);
  const alignOne: StatAlign = rng.pick(['right', 'right', 'decimal', 'center']);
  const align = Array.from({ length: valueCols }, () => (rng.chance(0.15) ? rng.pick(['right', 'decimal', 'center'] as const) : alignOne));

  const rows: StatRow[] = [];
  const hierarchical = rng.chance(0.5);
  const sections = rng.chance(0.35);
  const wrapShare = rng.pick([0, 0, 0.15]);
  const values = (): string[] =>
    kinds.map((k, c) => {
      if (rng.chance(emptyShare)) return rng.pick(emptyMarks);
      const v = valueText(rng, k, decimals[c], parenNegative);
      return rng.chance(markerShare) ? v + rng.pick(CELL_MARKERS) : v;
    });
  for (let r = 0; rows.length < bodyRows; r++) {
    if (sections && (r === 0 || rng.chance(0.12)) && rows[rows.length - 1]?.kind !== 'section') {
      rows.push({ kind: 'section', label: uniqueTitle(rng, used, () => title(rng, 1, 3)), indent: 0, values: kinds.map(() => '') });
      continue;
    }
    if (hierarchical && rng.chance(0.2) && r > 0) {
      rows.push({ kind: 'subtotal', label: uniqueTitle(rng, used, () => `${rng.pick(['Total', 'All', 'Subtotal'])} ${word(rng)}`), indent: 0, values: values() });
      continue;
    }
    const long = rng.chance(wrapShare);
    const label = uniqueTitle(rng, used, () => (long ? phrase(rng, 6, 9) : phrase(rng, 1, 3)) + (rng.chance(0.05) ? rng.pick(['¹', '²', '*']) : ''));
    rows.push({ kind: 'data', label, indent: hierarchical ? rng.int(0, 2) : 0, values: values() });
  }
  const stub = rng.chance(0.6) ? capitalisedWord(rng) : '';
  const notes = [`Source: ${title(rng, 2, 4)} ${word(rng)} survey`];
  if (rng.chance(0.6)) notes.push(`Notes: ${emptyMarks.filter(Boolean).map((m) => `${m} ${word(rng)} ${word(rng)}`).join('; ') || `figures ${word(rng)} ${word(rng)}`}.`);
  return { title: `Table ${rng.int(1, 30)}.${rng.int(1, 9)} ${title(rng, 3, 6)}`, stub, levels, headings, units, rows, align, notes };
}
