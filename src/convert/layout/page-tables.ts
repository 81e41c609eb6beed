// Tables placed whole before the reading order: ruled grids (cells from the rules), then regions
// between horizontal rules whose lines align into columns (booktabs: columns from whitespace).
import type { Block } from '../model.js';
import { findRuledRegions, splitOpenRegion, type OpenRegion } from './ruled-tables.js';
import { projectGutters, tableFromGrid, tableFromWhitespace } from './tables.js';
import { monospaceShare, splitBands, type Item } from './regions.js';
import { isCaptionLine } from './margins.js';
import { longestShownWords } from './table-columns.js';
import type { Box } from './types.js';
import type { TableModel } from './table-model.js';
import { boxBBox, type PageState } from './page-state.js';

/** At least two rows, two columns and three filled cells. */
export function usableTable(t: TableModel): boolean {
  const cols = Math.max(0, ...t.rows.map((r) => r.length));
  const filled = t.rows.reduce((n, r) => n + r.filter((c) => c && c.text).length, 0);
  return t.rows.length >= 2 && cols >= 2 && filled >= 3;
}

export function tableBlock(bbox: Block['bbox'], table: TableModel): Block {
  return { type: 'table', bbox, lines: [], table };
}

/**
 * Ruled grids become tables; the regions between rules without a grid are kept for later. An OCR'd
 * page's rules are those found in its pixels (ocr/rule-lines.ts), in its words' frame.
 */
export function ruledTablesStage(s: PageState): PageState {
  const ruled = findRuledRegions(s.input.rules, s.input.width);
  let runs = s.runs;
  const atoms = [...s.atoms];
  for (const g of ruled.grids) {
    const { table, used } = tableFromGrid(g, runs);
    if (used.size === 0 || !usableTable(table)) continue;
    atoms.push({ box: g.box, blocks: [tableBlock(boxBBox(g.box), table)] });
    runs = runs.filter((r) => !used.has(r));
  }
  return { ...s, runs, atoms, open: ruled.open };
}

/** Tables between horizontal rules (booktabs): columns from whitespace projection. */
export function openTablesStage(s: PageState): PageState {
  let items = s.items;
  const atoms = [...s.atoms];
  const boxes = s.open.filter((region) => !fillInLines(region, items)).flatMap((region) => splitOpenRegion(region, (top, bottom) => holdsProse(items, region.box, top, bottom)));
  for (const box of boxes) {
    const inside = items.filter((it) => it.seg && (it.x0 + it.x1) / 2 >= box.x - 2 && (it.x0 + it.x1) / 2 <= box.x + box.width + 2 && it.top >= box.y - 2 && it.bottom <= box.y + box.height + 2);
    if (inside.length < 4 || splitBands(inside).length < 2) continue;
    // Code between rules (a listing frame) is code, however its tokens line up.
    if (monospaceShare(inside) >= 0.8) continue;
    const gutters = projectGutters(inside, s.body * 0.6);
    if (gutters.length === 0) continue;
    const table = tableFromWhitespace(inside, gutters);
    if (!usableTable(table)) continue;
    const set = new Set(inside);
    items = items.filter((it) => !set.has(it));
    atoms.push({ box, blocks: [tableBlock(boxBBox(box), table)] });
  }
  return { ...s, items, atoms };
}

/** Fill-in lines a stack holds at least, and the share of its rules they are, to be a form's. */
const MIN_FILL_IN_LINES = 3;
const FILL_IN_SHARE = 0.5;

/**
 * Is a stack of rules a form's fill-in lines (issue 9): most of its rules start right after a
 * label, text on the line just above the rule ending where the rule begins ("Nationality
 * ____Ghana____")? A table's rules run from its left edge, under or over its rows, and no text
 * of a row stops where one begins.
 */
function fillInLines(region: OpenRegion, items: Item[]): boolean {
  let labelled = 0;
  region.rules.forEach((y, k) => {
    const start = region.starts[k];
    const label = items.some((it) => {
      if (!it.seg) return false;
      const em = it.seg.size;
      // By runs: the label and the value on the line may be one piece.
      return it.bottom <= y + 1 && it.bottom >= y - em && it.seg.runs.some((r) => r.x + r.width <= start + 1 && r.x + r.width >= start - 2 * em && r.x < start - em);
    });
    if (label) labelled++;
  });
  return labelled >= MIN_FILL_IN_LINES && labelled >= FILL_IN_SHARE * region.rules.length;
}

/** Words a line needs to read as prose when it fills most of a ruled region's width. */
const PROSE_LINE_WORDS = 7;

/**
 * Does the space between two rules of a stack hold prose: a caption, or a line of many words
 * across most of the rules' width (a paragraph between two tables ruled alike)? Table rows are
 * cut into cells; a section label is short.
 */
function holdsProse(items: Item[], box: Box, top: number, bottom: number): boolean {
  return items.some((it) => {
    if (!it.seg || it.top < top - 1 || it.bottom > bottom + 1 || it.x1 < box.x || it.x0 > box.x + box.width) return false;
    const text = it.seg.text;
    // Counted per piece as shown: a row of headings set tight is one item of many words.
    return isCaptionLine(text) || (it.x1 - it.x0 >= 0.7 * box.width && longestShownWords(it.seg) >= PROSE_LINE_WORDS);
  });
}
