// npx tsx eval/tables.ts [count]: cell pass rate of the built-in parser on generated statistics
// tables (test/convert/fixtures/stat-tables.ts), as positioned runs (layout alone) and as PDFs
// (pdf.js text layer → layout). --verbose lists every failed cell.
import { createLayoutContext, layoutPageToMarkdown } from '../src/convert/layout/index.js';
import { generateStatTable, halfEm, statTablesPdf, tableRuns } from '../test/convert/fixtures/stat-tables.js';
import { scoreStatTable, type CellScore } from '../test/convert/fixtures/table-cells.js';
import { convertPdfTextLayer } from './pdf-direct.js';

const count = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100);
const verbose = process.argv.includes('--verbose');
const first = Number(process.argv.find((a) => a.startsWith("--from="))?.slice(7) ?? 1000);
const seeds = Array.from({ length: count }, (_, i) => first + i);

function report(name: string, scores: CellScore[]): void {
  const passed = scores.reduce((n, s) => n + s.passed, 0);
  const total = scores.reduce((n, s) => n + s.total, 0);
  const perfect = scores.filter((s) => s.passed === s.total).length;
  console.log(`${name.padEnd(10)} cells ${passed}/${total} = ${((100 * passed) / total).toFixed(1)}%   tables all right: ${perfect}/${scores.length}`);
}

const runScores: CellScore[] = [];
for (const seed of seeds) {
  const t = generateStatTable(seed, halfEm);
  const md = layoutPageToMarkdown({ index: 0, width: t.pageWidth, height: 792, runs: tableRuns(t), rules: [], images: [], fromOcr: false }, createLayoutContext());
  const s = scoreStatTable(t, md);
  runScores.push(s);
  if (verbose && s.failures.length) console.log(`runs seed ${seed}: ${s.failures.slice(0, 6).join('; ')}`);
}
report('runs', runScores);

const { pdf, tables } = await statTablesPdf(seeds);
const { pages } = await convertPdfTextLayer(pdf);
const pdfScores = tables.map((t, i) => scoreStatTable(t, pages[i] ?? ''));
if (verbose) pdfScores.forEach((s, i) => s.failures.length && console.log(`pdf seed ${seeds[i]}: ${s.failures.slice(0, 6).join('; ')}`));
report('pdf', pdfScores);
