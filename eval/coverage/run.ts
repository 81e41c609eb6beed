// npm run eval:coverage: for every page with a text layer, the share of its words (pdf.js
// getTextContent, independent of the engine) found in the built-in parser's Markdown, and a
// sampled reading-order check against pdftotext (order.ts). Furniture candidates (lines in the
// top/bottom margin band that repeat across pages or are folios) are excepted and counted apart:
// how many of their words the furniture rule took. Issue 9 target: ≥ 99 % of each page's words.
// Source: the corpus (DOCCONV_CORPUS or ../shared/corpus), or any directory of PDFs (--dir,
// searched recursively), so the measure runs on documents the parser was never tuned on.
//   --dir D        every *.pdf under D instead of the corpus
//   --max-pages N  at most N pages per document, spread over it (default: all; 8 with --dir)
//   --case S       only the documents whose id (corpus id or path under D) contains S (repeatable)
//   --verbose      list the missing words and out-of-order pairs of pages under the target
//   --worst N      list the N pages with the lowest coverage, with their missing words
//   --json F       write every page's figures to F (compare two runs)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { pageCoverage, unhyphenate, keepItemNumbers, type PageCoverage } from './coverage.js';
import { furnitureCandidates } from './furniture.js';
import { orderCheck, pdftotextPages, type OrderCheck } from './order.js';
import { countPages, readTextLayer } from './text-layer.js';
import { spreadPages } from './pages.js';
import { markdownWords } from '../synthetic/tokens.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CORPUS = resolve(ROOT, process.env.DOCCONV_CORPUS ?? '../shared/corpus');
/** Corpus README: finish within a bounded time (≤ 60 s per file). */
const FILE_TIMEOUT_MS = 60_000;
const PAGE_TIMEOUT_S = 60;
/** A page with fewer words has no text layer to speak of (a stray mark on a scan). */
const MIN_LAYER_WORDS = 3;
/** Pages sampled per document with --dir: hundreds of pages over dozens of documents stay quick. */
const DIR_MAX_PAGES = 8;
/** Directory walk bounds: depth and files (a mistaken --dir / must not walk the whole disk). */
const MAX_DEPTH = 12;
const MAX_FILES = 5000;
export const TARGET = 0.99;

type PageResult = PageCoverage & { page: number; order: OrderCheck | null };

interface CaseCoverage {
  id: string;
  pages: PageResult[];
  skipped: number;
  error?: string;
}

interface Source {
  id: string;
  file: string;
}

async function coverCase(src: Source, maxPages: number): Promise<CaseCoverage> {
  const bytes = new Uint8Array(readFileSync(src.file));
  let selection: number[];
  let layer;
  try {
    selection = spreadPages(await countPages(bytes), maxPages);
    layer = await readTextLayer(bytes, selection);
  } catch (err) {
    return { id: src.id, pages: [], skipped: 0, error: `text layer: ${(err as Error).name}` };
  }
  const furniture = furnitureCandidates(layer);
  let markdown: string[];
  try {
    markdown = (await parseDocument(bytes, { pageTimeoutS: PAGE_TIMEOUT_S, pages: selection, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) })).pages;
  } catch (err) {
    return { id: src.id, pages: [], skipped: layer.length, error: (err as { code?: string }).code ?? (err as Error).name };
  }
  const pages: PageResult[] = [];
  let skipped = 0;
  for (const [p, page] of layer.entries()) {
    const content = page.lines.filter((_, i) => !furniture[p].has(i)).map((l) => l.text);
    const edge = page.lines.filter((_, i) => furniture[p].has(i)).map((l) => l.text);
    const md = markdown[p] ?? '';
    const cov = pageCoverage(content, edge, md);
    if (cov.words + cov.furnitureWords < MIN_LAYER_WORDS) {
      skipped++;
      continue;
    }
    const reference = await pdftotextPages(src.file, selection[p] + 1, selection[p] + 1);
    const order = reference ? orderCheck(reference[0] ?? '', unhyphenate(markdownWords(keepItemNumbers(md)))) : null;
    pages.push({ page: selection[p] + 1, ...cov, order });
  }
  return { id: src.id, pages, skipped };
}

function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`;
}

function pad(s: string | number, n: number): string {
  const t = String(s);
  return t.length >= n ? `${t} ` : t + ' '.repeat(n - t.length);
}

function corpusSources(): Source[] {
  const out: Source[] = [];
  for (const id of readdirSync(CORPUS).sort()) {
    if (!existsSync(join(CORPUS, id, 'meta.json'))) continue;
    const meta = JSON.parse(readFileSync(join(CORPUS, id, 'meta.json'), 'utf8')) as { input: string; media_type: string };
    if (meta.media_type === 'application/pdf') out.push({ id, file: join(CORPUS, id, meta.input) });
  }
  return out;
}

function dirSources(dir: string): Source[] {
  const out: Source[] = [];
  const walk = (d: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const name of readdirSync(d).sort()) {
      if (out.length >= MAX_FILES) return;
      const path = join(d, name);
      const st = statSync(path, { throwIfNoEntry: false });
      if (st?.isDirectory()) walk(path, depth + 1);
      else if (st?.isFile() && /\.pdf$/i.test(name)) out.push({ id: relative(dir, path), file: path });
    }
  };
  walk(dir, 0);
  return out;
}

const sum = (pages: PageResult[], f: (p: PageResult) => number) => pages.reduce((s, p) => s + f(p), 0);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      verbose: { type: 'boolean', default: false },
      case: { type: 'string', multiple: true },
      dir: { type: 'string' },
      'max-pages': { type: 'string' },
      worst: { type: 'string' },
      json: { type: 'string' },
    },
  });
  const only = values.case ?? [];
  const sources = (values.dir ? dirSources(resolve(values.dir)) : corpusSources()).filter((s) => only.length === 0 || only.some((o) => s.id.includes(o)));
  const maxPages = values['max-pages'] ? Number(values['max-pages']) : values.dir ? DIR_MAX_PAGES : Infinity;
  const results: CaseCoverage[] = [];
  try {
    for (const src of sources) results.push(await coverCase(src, maxPages));
  } finally {
    await shutdownConvertPool();
  }
  const idWidth = Math.min(60, Math.max(20, ...results.map((r) => r.id.length + 1)));
  console.log(`${pad('case', idWidth)}${pad('pages', 7)}${pad('words', 7)}${pad('found', 8)}${pad('worst page', 12)}${pad('furniture taken', 17)}${pad('order out', 14)}pages < ${TARGET * 100}%`);
  const all: PageResult[] = [];
  for (const r of results) {
    if (r.error) {
      console.log(`${pad(r.id, idWidth)}conversion failed: ${r.error}`);
      continue;
    }
    if (r.pages.length === 0) {
      console.log(`${pad(r.id, idWidth)}no text layer (${r.skipped} pages)`);
      continue;
    }
    all.push(...r.pages);
    const w = sum(r.pages, (p) => p.words);
    const f = sum(r.pages, (p) => p.found);
    const worst = r.pages.reduce((m, p) => Math.min(m, p.words === 0 ? 1 : p.found / p.words), 1);
    const low = r.pages.filter((p) => p.words > 0 && p.found / p.words < TARGET);
    const orderOut = sum(r.pages, (p) => (p.order ? p.order.lineOut + p.order.flowOut : 0));
    const orderPairs = sum(r.pages, (p) => (p.order ? p.order.linePairs + p.order.flowPairs : 0));
    const unit = r.pages.some((p) => p.unit === 'letters') ? ' (letters: right-to-left)' : '';
    console.log(
      `${pad(r.id, idWidth)}${pad(r.pages.length, 7)}${pad(w, 7)}${pad(pct(f, w), 8)}${pad(pct(worst, 1), 12)}${pad(`${sum(r.pages, (p) => p.furnitureTaken)}/${sum(r.pages, (p) => p.furnitureWords)}`, 17)}${pad(`${orderOut}/${orderPairs}`, 14)}${low.map((p) => `p${p.page} ${pct(p.found, p.words)}`).join(', ')}${unit}`,
    );
    if (values.verbose) {
      for (const p of low) console.log(`    p${p.page} missing ${p.missing.length}: ${p.missing.slice(0, 16).join(' ')}${p.missing.length > 16 ? ' …' : ''}`);
      for (const p of r.pages) if (p.order?.examples.length) console.log(`    p${p.page} out of order: ${p.order.examples.join(' ')}`);
    }
  }
  // Letters of right-to-left pages are not words: the overall figure is words only.
  const ltr = all.filter((p) => p.unit === 'words');
  const ok = all.filter((p) => p.words === 0 || p.found / p.words >= TARGET).length;
  const line = [sum(all, (p) => p.order?.lineOut ?? 0), sum(all, (p) => p.order?.linePairs ?? 0)];
  const flow = [sum(all, (p) => p.order?.flowOut ?? 0), sum(all, (p) => p.order?.flowPairs ?? 0)];
  console.log(`\ndocuments: ${results.length} (${results.filter((r) => r.error).length} failed); pages with a text layer: ${all.length}; at ≥ ${TARGET * 100}% of their words: ${ok} (${pct(ok, all.length)})`);
  console.log(`words found overall (left-to-right pages): ${pct(sum(ltr, (p) => p.found), sum(ltr, (p) => p.words))} of ${sum(ltr, (p) => p.words)}; furniture took ${sum(all, (p) => p.furnitureTaken)} of ${sum(all, (p) => p.furnitureWords)} candidate words`);
  console.log(`order vs pdftotext (sampled unambiguous pairs): within a line ${line[0]}/${line[1]} out (${pct(line[0], line[1])}); across line breaks ${flow[0]}/${flow[1]} out (${pct(flow[0], flow[1])})`);
  if (values.worst) {
    const ids = new Map(results.flatMap((r) => r.pages.map((p) => [p, r.id] as const)));
    const worst = ltr.filter((p) => p.words > 0).sort((a, b) => a.found / a.words - b.found / b.words).slice(0, Number(values.worst));
    console.log(`\nworst pages:`);
    for (const p of worst) console.log(`  ${ids.get(p)} p${p.page} ${pct(p.found, p.words)} of ${p.words}: ${p.missing.slice(0, 20).join(' ')}${p.missing.length > 20 ? ' …' : ''}`);
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 1));
}

await main();
