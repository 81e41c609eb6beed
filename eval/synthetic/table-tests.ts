// olmOCR-bench `table` assertions (../shared/corpus/README.md) made from a synthetic table's known
// grid, scored by the corpus scorer itself (../shared/tools/olmocr-score, loaded from beside the
// corpus as `npm run eval` does; it is not copied here). For each cell whose text is unique in
// its table: its up/down/left/right neighbours when they hold text, and for body cells the
// nearest column heading and the topmost group heading above (top_heading, which needs the
// header rows marked and group headings spanning the right columns) and the row label
// (left_heading). Without the scorer the assertions are not run.
// olmOCR-bench itself asks a few questions per table; a sample keeps the run fast.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TruthBlock, TruthCell } from './truth.js';

type TableBlock = Extract<TruthBlock, { kind: 'table' }>;

export interface TableTest {
  type: 'table';
  cell: string;
  up?: string;
  down?: string;
  left?: string;
  right?: string;
  top_heading?: string;
  left_heading?: string;
}

type RunTest = (t: TableTest, md: string) => { pass: boolean; why: string };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCORER = resolve(resolve(ROOT, process.env.DOCCONV_CORPUS ?? '../shared/corpus'), '../tools/olmocr-score');

async function loadScorer(): Promise<RunTest | null> {
  if (!existsSync(join(SCORER, 'node_modules')) || !existsSync(join(SCORER, 'lib/checks.mjs'))) return null;
  const mod = (await import(pathToFileURL(join(SCORER, 'lib/checks.mjs')).href)) as { runTest: RunTest };
  return mod.runTest;
}

/** The scorer's test runner, or null when the scorer (or its dependencies) is not installed. */
export const runTableTest: RunTest | null = await loadScorer();

/** Assertions per table at most (every k-th is kept): the scorer parses the page for each one. */
export const MAX_TESTS_PER_TABLE = 80;

/** The assertions of one truth table (a spread sample of at most MAX_TESTS_PER_TABLE). */
export function tableTests(t: TableBlock): TableTest[] {
  const grid: (TruthCell | null)[][] = Array.from({ length: t.rows }, () => Array<TruthCell | null>(t.cols).fill(null));
  for (const c of t.cells) for (let r = c.row; r < c.row + c.rowSpan; r++) for (let k = c.col; k < c.col + c.colSpan; k++) grid[r][k] = c;
  const counts = new Map<string, number>();
  for (const c of t.cells) counts.set(c.text, (counts.get(c.text) ?? 0) + 1);
  const headerRows = t.headerRows ?? 1;
  const step = (c: TruthCell, dr: number, dc: number): TruthCell | null => {
    let r = dr < 0 ? c.row - 1 : dr > 0 ? c.row + c.rowSpan : c.row;
    let k = dc < 0 ? c.col - 1 : dc > 0 ? c.col + c.colSpan : c.col;
    while (r >= 0 && r < t.rows && k >= 0 && k < t.cols) {
      const n = grid[r][k];
      if (n && n !== c) return n;
      r += dr;
      k += dc;
    }
    return null;
  };
  const out: TableTest[] = [];
  for (const c of t.cells) {
    if (c.text === '' || counts.get(c.text)! > 1) continue;
    const rel = (name: 'up' | 'down' | 'left' | 'right', n: TruthCell | null) => n && n.text !== '' && out.push({ type: 'table', cell: c.text, [name]: n.text });
    rel('up', step(c, -1, 0));
    rel('down', step(c, 1, 0));
    rel('left', step(c, 0, -1));
    rel('right', step(c, 0, 1));
    if (c.row < headerRows || c.col === 0) continue;
    const above = grid.slice(0, headerRows).map((row) => row[c.col]).filter((h): h is TruthCell => h !== null && h.text !== '');
    if (above.length) out.push({ type: 'table', cell: c.text, top_heading: above[above.length - 1].text });
    if (above.length > 1) out.push({ type: 'table', cell: c.text, top_heading: above[0].text });
    const label = grid[c.row][0];
    if (label && label.text !== '') out.push({ type: 'table', cell: c.text, left_heading: label.text });
  }
  const stride = Math.ceil(out.length / MAX_TESTS_PER_TABLE);
  return out.filter((_, i) => i % stride === 0);
}
