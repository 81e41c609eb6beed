// npm run eval:coverage: for every page of the corpus (DOCCONV_CORPUS or ../shared/corpus) with a
// text layer, the share of its words (pdf.js getTextContent, independent of the engine) found in
// the built-in parser's Markdown, and in order. Furniture candidates (lines in the top/bottom
// margin band that repeat across pages or are folios) are excepted and counted apart: how many of
// their words the furniture rule took. Issue 9 target: ≥ 99 % of each page's words. "In order"
// compares with the layer's lines top to bottom: meaningful on single-column pages only.
//   --verbose   list the missing words of pages under the target
//   --case S    only the cases whose id contains S (repeatable)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { pageCoverage, type PageCoverage } from './coverage.js';
import { furnitureCandidates } from './furniture.js';
import { readTextLayer } from './text-layer.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CORPUS = resolve(ROOT, process.env.DOCCONV_CORPUS ?? '../shared/corpus');
/** Corpus README: finish within a bounded time (≤ 60 s per file). */
const FILE_TIMEOUT_MS = 60_000;
const PAGE_TIMEOUT_S = 60;
/** A page with fewer words has no text layer to speak of (a stray mark on a scan). */
const MIN_LAYER_WORDS = 3;
export const TARGET = 0.99;

interface CaseCoverage {
  id: string;
  pages: Array<PageCoverage & { page: number }>;
  skipped: number;
  error?: string;
}

async function coverCase(id: string, bytes: Uint8Array): Promise<CaseCoverage> {
  const layer = await readTextLayer(bytes);
  const furniture = furnitureCandidates(layer);
  let markdown: string[];
  try {
    markdown = (await parseDocument(bytes, { pageTimeoutS: PAGE_TIMEOUT_S, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) })).pages;
  } catch (err) {
    return { id, pages: [], skipped: layer.length, error: (err as { code?: string }).code ?? (err as Error).name };
  }
  const pages: CaseCoverage['pages'] = [];
  let skipped = 0;
  layer.forEach((page, p) => {
    const content = page.lines.filter((_, i) => !furniture[p].has(i)).map((l) => l.text);
    const edge = page.lines.filter((_, i) => furniture[p].has(i)).map((l) => l.text);
    const cov = pageCoverage(content, edge, markdown[p] ?? '');
    if (cov.words + cov.furnitureWords < MIN_LAYER_WORDS) skipped++;
    else pages.push({ page: p + 1, ...cov });
  });
  return { id, pages, skipped };
}

function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`;
}

function pad(s: string | number, n: number): string {
  const t = String(s);
  return t.length >= n ? `${t} ` : t + ' '.repeat(n - t.length);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false }, case: { type: 'string', multiple: true } } });
  const only = values.case ?? [];
  const ids = readdirSync(CORPUS)
    .filter((d) => existsSync(join(CORPUS, d, 'meta.json')) && (only.length === 0 || only.some((s) => d.includes(s))))
    .sort();
  const results: CaseCoverage[] = [];
  try {
    for (const id of ids) {
      const meta = JSON.parse(readFileSync(join(CORPUS, id, 'meta.json'), 'utf8')) as { input: string; media_type: string };
      if (meta.media_type !== 'application/pdf') continue;
      results.push(await coverCase(id, new Uint8Array(readFileSync(join(CORPUS, id, meta.input)))));
    }
  } finally {
    await shutdownConvertPool();
  }
  console.log(`${pad('case', 46)}${pad('pages', 7)}${pad('words', 7)}${pad('found', 8)}${pad('in order', 10)}${pad('worst page', 12)}${pad('furniture taken', 17)}pages < ${TARGET * 100}%`);
  let pagesTotal = 0;
  let pagesOk = 0;
  let words = 0;
  let found = 0;
  for (const r of results) {
    if (r.error) {
      console.log(`${pad(r.id, 46)}conversion failed: ${r.error}`);
      continue;
    }
    if (r.pages.length === 0) {
      console.log(`${pad(r.id, 46)}no text layer (${r.skipped} pages)`);
      continue;
    }
    const w = r.pages.reduce((s, p) => s + p.words, 0);
    const f = r.pages.reduce((s, p) => s + p.found, 0);
    const o = r.pages.reduce((s, p) => s + p.inOrder, 0);
    const fw = r.pages.reduce((s, p) => s + p.furnitureWords, 0);
    const ft = r.pages.reduce((s, p) => s + p.furnitureTaken, 0);
    const worst = r.pages.reduce((m, p) => Math.min(m, p.words === 0 ? 1 : p.found / p.words), 1);
    const low = r.pages.filter((p) => p.words > 0 && p.found / p.words < TARGET);
    pagesTotal += r.pages.length;
    pagesOk += r.pages.length - low.length;
    // Letters of right-to-left pages are not words: the overall figure is words only.
    for (const p of r.pages) {
      if (p.unit !== 'words') continue;
      words += p.words;
      found += p.found;
    }
    const unit = r.pages.some((p) => p.unit === 'letters') ? ' (letters: right-to-left)' : '';
    console.log(`${pad(r.id, 46)}${pad(r.pages.length, 7)}${pad(w, 7)}${pad(pct(f, w), 8)}${pad(pct(o, f), 10)}${pad(pct(worst, 1), 12)}${pad(`${ft}/${fw}`, 17)}${low.map((p) => `p${p.page} ${pct(p.found, p.words)}`).join(', ')}${unit}`);
    if (values.verbose) for (const p of low) console.log(`    p${p.page} missing ${p.missing.length}: ${p.missing.slice(0, 16).join(' ')}${p.missing.length > 16 ? ' …' : ''}`);
  }
  console.log(`\npages with a text layer: ${pagesTotal}; at ≥ ${TARGET * 100}% of their words: ${pagesOk} (${pct(pagesOk, pagesTotal)}); words found overall (left-to-right pages): ${pct(found, words)}`);
}

await main();
