// Property checks of a converter's Markdown against a synthetic case's truth. Each property gives
// a verdict per case (pass/fail), a score in [0, 1] and, when it fails, a short diff.
import { parseMarkdown, type Grid, type GridCell, type ParsedMarkdown } from './markdown.js';
import { fields } from './fields.js';
import { correctOcrWords } from './ocr-words.js';
import { inOrderCount, markdownWords, missingWords, textWords } from './tokens.js';
import { runMathTest } from './math-tests.js';
import { runTableTest, tableTests } from './table-tests.js';
import { blockText, type BBox, type CaseTruth, type TruthCell } from './truth.js';

export const PROPERTIES = ['text', 'order', 'furniture', 'table-cells', 'table-tests', 'prose-outside-tables', 'headings', 'heading-levels', 'no-false-headings', 'lists', 'fields', 'block-boxes', 'continued-paragraphs', 'ocr-words', 'math'] as const;
export type Property = (typeof PROPERTIES)[number];

export interface PropertyResult {
  property: Property;
  pass: boolean;
  /** Share of the checked items that pass (words, cells, headings…). */
  score: number;
  /** Items checked (0: the property does not apply to this case). */
  checked: number;
  diff?: string;
}

/** A word order below this share of the found words fails `order` (one paragraph out of place in ~50). */
export const ORDER_PASS = 0.98;

const clean = (s: string) => textWords(s).join(' ');

function result(property: Property, passed: number, checked: number, diff: string[], pass = passed === checked): PropertyResult {
  return { property, pass, score: checked === 0 ? 1 : passed / checked, checked, ...(pass ? {} : { diff: diff.slice(0, 4).join('; ') }) };
}

function clip(words: string[], n = 8): string {
  return words.length <= n ? words.join(' ') : `${words.slice(0, n).join(' ')} …(+${words.length - n})`;
}

function textAndOrder(truth: CaseTruth, pages: string[]): PropertyResult[] {
  let total = 0;
  let found = 0;
  let ordered = 0;
  const lost: string[] = [];
  const disorder: string[] = [];
  truth.pages.forEach((page, p) => {
    const want = page.blocks.flatMap((b) => textWords(blockText(b)));
    const have = markdownWords(pages[p] ?? '');
    const missing = missingWords(want, have);
    const inOrder = inOrderCount(want, have);
    total += want.length;
    found += want.length - missing.length;
    ordered += inOrder;
    if (missing.length > 0) lost.push(`p${p + 1} lost ${missing.length}/${want.length}: ${clip(missing)}`);
    if (inOrder < (want.length - missing.length) * ORDER_PASS) disorder.push(`p${p + 1} ${inOrder}/${want.length - missing.length} in order`);
  });
  const orderScore = found === 0 ? 1 : ordered / found;
  return [
    result('text', found, total, lost),
    { property: 'order', pass: orderScore >= ORDER_PASS, score: orderScore, checked: found, ...(orderScore >= ORDER_PASS ? {} : { diff: disorder.slice(0, 4).join('; ') }) },
  ];
}

/** A furniture line is present when its words occur in a row on its page (a bare folio: as a line of its own). */
function furnitureLeft(line: string, pageWords: string[], parsed: ParsedMarkdown): boolean {
  const words = textWords(line);
  if (words.length === 1) return parsed.lines.some((l) => clean(l) === words[0]);
  outer: for (let i = 0; i + words.length <= pageWords.length; i++) {
    for (let k = 0; k < words.length; k++) if (pageWords[i + k] !== words[k]) continue outer;
    return true;
  }
  return false;
}

function furniture(truth: CaseTruth, pages: string[], parsed: ParsedMarkdown[]): PropertyResult {
  let checked = 0;
  let absent = 0;
  const left: string[] = [];
  truth.pages.forEach((page, p) => {
    const words = markdownWords(pages[p] ?? '');
    for (const line of page.furniture) {
      checked++;
      if (furnitureLeft(line, words, parsed[p])) left.push(`p${p + 1} kept "${line}"`);
      else absent++;
    }
  });
  return result('furniture', absent, checked, left);
}

function cellAt(grid: Grid, r: number, c: number) {
  return grid[r]?.[c] ?? null;
}

/** Cells of a truth table that an output grid places right, with the grid shifted by (dr, dc). */
function matchCells(cells: TruthCell[], grid: Grid, dr: number, dc: number): { ok: boolean[]; score: number } {
  const truthAt = new Map(cells.map((c) => [`${c.row},${c.col}`, c] as const));
  // An output cell that spans over positions empty in the truth misplaces nothing ("North" with
  // an empty row after it may equally be one cell across the row).
  const spansOverEmpty = (out: GridCell, origin: TruthCell) => {
    for (let r = out.row; r < out.row + out.rowSpan; r++) {
      for (let c = out.col; c < out.col + out.colSpan; c++) {
        const t = truthAt.get(`${r - dr},${c - dc}`);
        if (t && t !== origin && t.text !== '') return false;
      }
    }
    return true;
  };
  const ok = cells.map((cell) => {
    const out = cellAt(grid, cell.row + dr, cell.col + dc);
    const want = clean(cell.text);
    if (want === '') {
      if (out === null || out.text === '') return true;
      const origin = truthAt.get(`${out.row - dr},${out.col - dc}`);
      return origin !== undefined && origin.colSpan === 1 && origin.rowSpan === 1 && clean(origin.text) === out.text && spansOverEmpty(out, origin);
    }
    if (!out || out.text !== want) return false;
    if (out.row !== cell.row + dr || out.col !== cell.col + dc) return false;
    // A spanning cell must span as far; a plain cell may only span over empty positions.
    if (cell.colSpan > 1 || cell.rowSpan > 1) return out.colSpan === cell.colSpan && out.rowSpan === cell.rowSpan;
    return (out.colSpan === 1 && out.rowSpan === 1) || spansOverEmpty(out, cell);
  });
  const score = cells.reduce((n, cell, i) => n + (ok[i] && cell.text !== '' ? 1 : 0), 0);
  return { ok, score };
}

function tables(truth: CaseTruth, parsed: ParsedMarkdown[]): PropertyResult {
  let checked = 0;
  let passed = 0;
  const wrong: string[] = [];
  truth.pages.forEach((page, p) => {
    for (const block of page.blocks) {
      if (block.kind !== 'table') continue;
      let best: { ok: boolean[]; score: number } = { ok: block.cells.map(() => false), score: -1 };
      // Header rows may be split or merged differently, and a row-number column may be added: try small shifts.
      for (const grid of parsed[p].tables) {
        for (let dr = -2; dr <= 3; dr++) {
          for (let dc = -1; dc <= 2; dc++) {
            const m = matchCells(block.cells, grid, dr, dc);
            if (m.score > best.score) best = m;
          }
        }
      }
      checked += block.cells.length;
      best.ok.forEach((ok, i) => {
        if (ok) passed++;
        else wrong.push(`p${p + 1} r${block.cells[i].row}c${block.cells[i].col} "${block.cells[i].text}"${parsed[p].tables.length === 0 ? ' (no table)' : ''}`);
      });
    }
  });
  return result('table-cells', passed, checked, wrong);
}

/**
 * olmOCR-bench `table` assertions made from each truth table's grid (table-tests.ts), run by the
 * corpus scorer on the page's Markdown: what the sealed set's table tests measure.
 */
function olmocrTables(truth: CaseTruth, pages: string[]): PropertyResult {
  let checked = 0;
  let passed = 0;
  const wrong: string[] = [];
  const run = runTableTest;
  if (run) {
    truth.pages.forEach((page, p) => {
      for (const block of page.blocks) {
        if (block.kind !== 'table') continue;
        for (const t of tableTests(block)) {
          checked++;
          const r = run(t, pages[p] ?? '');
          if (r.pass) passed++;
          else wrong.push(`p${p + 1} ${r.why}`);
        }
      }
    });
  }
  return result('table-tests', passed, checked, wrong);
}

/**
 * Display equations (the `math` family): each printed equation's LaTeX passes the scorer's own
 * olmOCR-bench math test (math-tests.ts) on its page's Markdown. Applies where a page printed one.
 */
function equations(truth: CaseTruth, pages: string[]): PropertyResult {
  let checked = 0;
  let passed = 0;
  const wrong: string[] = [];
  const run = runMathTest;
  if (run) {
    truth.pages.forEach((page, p) => {
      for (const math of page.equations ?? []) {
        checked++;
        const r = run({ type: 'math', math }, pages[p] ?? '');
        if (r.pass) passed++;
        else wrong.push(`p${p + 1} ${r.why}`);
      }
    });
  }
  return result('math', passed, checked, wrong);
}

/** Each word once per distinct cell (a spanning cell covers several positions of its grid). */
function gridWords(grid: Grid): string[] {
  const cells = new Set<GridCell>();
  for (const row of grid) for (const cell of row ?? []) if (cell) cells.add(cell);
  return [...cells].flatMap((c) => textWords(c.text));
}

/**
 * Prose stays out of tables: the words of output tables beyond those of the page's truth tables
 * (a caption, a note, a paragraph or a list taken into a table, or a paragraph read as one) are
 * counted against the page's prose words. Applies to every page with prose.
 */
function proseOutsideTables(truth: CaseTruth, parsed: ParsedMarkdown[]): PropertyResult {
  let checked = 0;
  let leaked = 0;
  const wrong: string[] = [];
  truth.pages.forEach((page, p) => {
    // A form's fields are neither prose nor table: a grid of boxed fields may fairly be read as a
    // table (cells of label and value), so their words may stand in one.
    const isProse = (kind: string) => kind !== 'table' && kind !== 'field' && kind !== 'check';
    const prose = page.blocks.filter((b) => isProse(b.kind)).flatMap((b) => textWords(blockText(b)));
    checked += prose.length;
    const allowed = new Map<string, number>();
    for (const b of page.blocks) if (!isProse(b.kind)) for (const w of textWords(blockText(b))) allowed.set(w, (allowed.get(w) ?? 0) + 1);
    const proseCount = new Map<string, number>();
    for (const w of prose) proseCount.set(w, (proseCount.get(w) ?? 0) + 1);
    const extra: string[] = [];
    for (const w of parsed[p].tables.flatMap(gridWords)) {
      const n = allowed.get(w) ?? 0;
      if (n > 0) allowed.set(w, n - 1);
      else if ((proseCount.get(w) ?? 0) > 0) {
        proseCount.set(w, proseCount.get(w)! - 1);
        extra.push(w);
      }
    }
    leaked += extra.length;
    if (extra.length > 0) wrong.push(`p${p + 1} ${extra.length} prose words in tables: ${clip(extra)}`);
  });
  return result('prose-outside-tables', checked - leaked, checked, wrong);
}

function sign(n: number): number {
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

function headings(truth: CaseTruth, parsed: ParsedMarkdown[]): PropertyResult[] {
  const found: Array<{ text: string; want: number; got: number }> = [];
  const missing: string[] = [];
  const falseOnes: string[] = [];
  let expected = 0;
  let outputHeadings = 0;
  truth.pages.forEach((page, p) => {
    const want = page.blocks.flatMap((b) => (b.kind === 'heading' ? [{ text: clean(b.text), level: b.level }] : []));
    const got = parsed[p].headings.slice();
    outputHeadings += got.length;
    expected += want.length;
    for (const h of want) {
      const i = got.findIndex((g) => g.text === h.text);
      if (i < 0) missing.push(`p${p + 1} "${h.text}"`);
      else found.push({ text: h.text, want: h.level, got: got.splice(i, 1)[0].level });
    }
    for (const g of got) falseOnes.push(`p${p + 1} "${g.text.slice(0, 40)}"`);
  });
  // Levels are relative: two headings ranked apart in the truth rank the same way in the output.
  const badLevel = found.filter((a) => found.some((b) => sign(a.want - b.want) !== sign(a.got - b.got)));
  return [
    result('headings', found.length, expected, missing),
    result('heading-levels', found.length - badLevel.length, found.length, badLevel.map((h) => `"${h.text.slice(0, 30)}" level ${h.want} → #${h.got}`)),
    // Applies to every case: a page without headings must not gain any.
    { property: 'no-false-headings', pass: falseOnes.length === 0, score: outputHeadings === 0 ? 1 : 1 - falseOnes.length / outputHeadings, checked: Math.max(1, outputHeadings), ...(falseOnes.length ? { diff: falseOnes.slice(0, 4).join('; ') } : {}) },
  ];
}

function lists(truth: CaseTruth, parsed: ParsedMarkdown[]): PropertyResult {
  const matched: Array<{ depth: number; indent: number } | null> = [];
  const wrong: string[] = [];
  let checked = 0;
  let passed = 0;
  truth.pages.forEach((page, p) => {
    const got = parsed[p].listItems.slice();
    for (const b of page.blocks) {
      if (b.kind !== 'list-item') continue;
      checked++;
      const want = clean(b.text);
      const i = got.findIndex((g) => g.text === want);
      if (i < 0) {
        wrong.push(`p${p + 1} not an item: "${b.text.slice(0, 30)}"`);
        matched.push(null);
        continue;
      }
      const item = got.splice(0, i + 1)[i];
      const prev = matched[matched.length - 1];
      // Nesting is relative: deeper than the item before → indented more, and so on.
      const nestingOk = !prev || sign(b.depth - prev.depth) === sign(item.indent - prev.indent);
      const kindOk = item.ordered === b.ordered;
      if (nestingOk && kindOk) passed++;
      else wrong.push(`p${p + 1} "${b.text.slice(0, 24)}" ${kindOk ? `depth ${b.depth} indent ${item.indent}` : b.ordered ? 'numbered as bullet' : 'bullet as numbered'}`);
      matched.push({ depth: b.depth, indent: item.indent });
    }
  });
  return result('lists', passed, checked, wrong);
}

/** A converter's typed blocks of one page (formats=blocks, DECISIONS §8), as far as the checks read them. */
export interface OutputPage {
  blocks: Array<{ type: string; bbox: BBox; level?: number; continues?: boolean }>;
}

/** A box matches when intersection over union reaches this (the usual detection threshold). */
export const BOX_MATCH = 0.5;
const FURNITURE_TYPES = new Set(['page_header', 'page_footer']);
const TYPE_OF: Record<string, string> = { heading: 'heading', table: 'table', 'list-item': 'list_item' };

function area(b: BBox): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

function intersection(a: BBox, b: BBox): number {
  return area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

export function iou(a: BBox, b: BBox): number {
  const i = intersection(a, b);
  return i === 0 ? 0 : i / (area(a) + area(b) - i);
}

/**
 * Blocks with boxes: each heading, table and list item of the truth has a block of its type whose
 * box matches; a furniture line lies in no block but a page header or footer.
 */
function blockBoxes(truth: CaseTruth, models: OutputPage[]): PropertyResult {
  let checked = 0;
  let passed = 0;
  const wrong: string[] = [];
  truth.pages.forEach((page, p) => {
    const blocks = models[p]?.blocks ?? [];
    page.blocks.forEach((b, i) => {
      const type = TYPE_OF[b.kind];
      if (!type) return;
      checked++;
      const box = page.boxes[i];
      const best = blocks.reduce<{ type: string; iou: number } | null>((m, o) => {
        const v = iou(box, o.bbox);
        return v > (m?.iou ?? 0) ? { type: o.type, iou: v } : m;
      }, null);
      if (blocks.some((o) => o.type === type && iou(box, o.bbox) >= BOX_MATCH)) passed++;
      else wrong.push(`p${p + 1} ${type} "${blockText(b).slice(0, 24)}": ${best ? `best ${best.type} IoU ${best.iou.toFixed(2)}` : 'no block there'}`);
    });
    page.furnitureBoxes.forEach((box, i) => {
      checked++;
      const inside = blocks.filter((o) => intersection(box, o.bbox) >= area(box) / 2 && !FURNITURE_TYPES.has(o.type));
      if (inside.length === 0) passed++;
      else wrong.push(`p${p + 1} furniture "${page.furniture[i]}" inside a ${inside[0].type} block`);
    });
  });
  return result('block-boxes', passed, checked, wrong);
}

/**
 * Paragraphs continued over a page break: each truth paragraph that goes on from the previous page
 * has an output paragraph marked `continues` where it was drawn, and no other output paragraph is
 * marked so (a false join). Applies where either side has one.
 */
function continuedParagraphs(truth: CaseTruth, models: OutputPage[]): PropertyResult {
  let checked = 0;
  let passed = 0;
  const wrong: string[] = [];
  truth.pages.forEach((page, p) => {
    const marked = (models[p]?.blocks ?? []).filter((o) => o.type === 'paragraph' && o.continues);
    const wanted = page.blocks.flatMap((b, i) => (b.kind === 'paragraph' && b.continues ? [{ text: b.text, box: page.boxes[i] }] : []));
    for (const w of wanted) {
      checked++;
      if (marked.some((o) => iou(w.box, o.bbox) >= BOX_MATCH)) passed++;
      else wrong.push(`p${p + 1} not marked continued: "${w.text.slice(0, 30)}"`);
    }
    for (const o of marked) {
      if (wanted.some((w) => iou(w.box, o.bbox) >= BOX_MATCH)) continue;
      checked++;
      wrong.push(`p${p + 1} a paragraph marked continued that starts one`);
    }
  });
  return result('continued-paragraphs', passed, checked, wrong);
}

/** Share of a scan's words read exactly (no OCR tolerance) under which `ocr-words` fails. */
export const OCR_WORDS_PASS = 0.98;

/** A scan's words read exactly, as a share of its truth words (word accuracy of OCR). */
function ocrWords(truth: CaseTruth, pages: string[]): PropertyResult {
  const [text] = textAndOrder(truth, pages);
  const pass = text.score >= OCR_WORDS_PASS;
  return { property: 'ocr-words', pass, score: text.score, checked: text.checked, ...(pass ? {} : { diff: text.diff }) };
}

const pageWords = (truth: CaseTruth, p: number) => (truth.pages[p]?.blocks ?? []).flatMap((b) => textWords(blockText(b)));

/**
 * Every property for one case; those with `checked === 0` do not apply to it (`block-boxes` only
 * when the converter's blocks are given). A scan (`truth.scanned`) is checked on its Markdown with
 * OCR misreadings of one character corrected (ocr-words.ts), and `ocr-words` counts the words
 * read exactly.
 */
export function checkCase(truth: CaseTruth, output: string[], models?: OutputPage[]): PropertyResult[] {
  const pages = truth.scanned ? output.map((md, p) => correctOcrWords(md, pageWords(truth, p))) : output;
  const exact = truth.scanned ? ocrWords(truth, output) : { property: 'ocr-words' as const, pass: true, score: 1, checked: 0 };
  const parsed = truth.pages.map((_, p) => parseMarkdown(pages[p] ?? '', clean));
  const boxes = models ? blockBoxes(truth, models) : { property: 'block-boxes' as const, pass: true, score: 1, checked: 0 };
  const continued = models ? continuedParagraphs(truth, models) : { property: 'continued-paragraphs' as const, pass: true, score: 1, checked: 0 };
  return [...textAndOrder(truth, pages), furniture(truth, pages, parsed), tables(truth, parsed), olmocrTables(truth, pages), proseOutsideTables(truth, parsed), ...headings(truth, parsed), lists(truth, parsed), fields(truth, pages), boxes, continued, exact, equations(truth, pages)];
}
