// npm run bench: the built-in parser's speed and memory, with pdftotext (poppler) and
// @firecrawl/pdf-inspector (Rust, N-API: PDF → Markdown, no OCR) measured in the same run on the
// same machine as yardsticks (ratios only are comparable across machines).
//   pages/s per /work/shared/bench PDF (one document at a time, and two at once = pool capacity),
//   seconds per OCR page (tesseract CLI and tesseract.js on the same rendered page, and corpus scans
//   end to end), peak RSS (VmHWM: the process includes the pool's worker threads) and RSS over a
//   generated 1,000-page document (flat = memory does not grow with the page count).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument, shutdownConvertPool, warmConvertPool } from '../src/convert/index.js';
import { decodeImagePageGray } from '../src/convert/images.js';
import { ocrImage, terminateWasmEngine } from '../src/convert/ocr/index.js';
import { cliLanguages } from '../src/convert/ocr/cli-engine.js';
import { OCR_RENDER_DPI } from '../src/convert/limits.js';
import { openPdf } from '../src/convert/pdf/open.js';
import { renderPageGray } from '../src/convert/pdf/render.js';
import { OCR_FAST_DPI } from '../src/convert/source/ocr-rules.js';

const SHARED = process.env.DOCCONV_SHARED_DIR ?? join(process.cwd(), '..', 'shared');
const BENCH_DIR = join(SHARED, 'bench');
const CORPUS_DIR = join(SHARED, 'corpus');
const PDFTOTEXT = '/usr/bin/pdftotext';
const PAGE_TIMEOUT_S = 30;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

function vmHwmBytes(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}

/** CPU seconds used so far by this process (all threads) and by its finished child processes. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  // /proc/self/stat fields 16-17: cutime, cstime of reaped children (tesseract CLI), in clock ticks.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + children;
}

/** Samples RSS and CPU time while `fn` runs. */
async function sampled<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuS: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const t = performance.now();
  const cpu0 = cpuSeconds();
  try {
    const value = await fn();
    return { value, ms: performance.now() - t, cpuS: cpuSeconds() - cpu0, peakRss: Math.max(peakRss, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

/** pdftotext wall time, CPU time and peak RSS (GNU time), or null when it is not installed. */
function pdftotext(file: string): { ms: number; cpuS: number; peakRss: number } | null {
  if (!existsSync(PDFTOTEXT)) return null;
  const useTime = existsSync('/usr/bin/time');
  const t = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S %M', PDFTOTEXT, '-layout', file, '-'], { maxBuffer: 1 << 28, encoding: 'utf8' })
    : spawnSync(PDFTOTEXT, ['-layout', file, '-'], { maxBuffer: 1 << 28, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) return null;
  const [user, sys, kb] = useTime ? r.stderr.trim().split('\n').pop()!.split(' ').map(Number) : [NaN, NaN, NaN];
  return { ms, cpuS: user + sys, peakRss: Number.isFinite(kb) ? kb * 1024 : NaN };
}

/**
 * @firecrawl/pdf-inspector's processPdf (Markdown) in a child process of its own (so that its RSS is
 * its own): wall time of the call, CPU seconds and peak RSS of the child; null when not installed.
 */
function pdfInspector(file: string): { ms: number; cpuS: number; peakRss: number; pages: number } | null {
  const script = `
    const { processPdf } = await import('@firecrawl/pdf-inspector');
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(process.argv[1]);
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const r = processPdf(bytes);
    const ms = performance.now() - t0; const c = process.cpuUsage(c0);
    console.log(JSON.stringify({ ms, cpuS: (c.user + c.system) / 1e6, peakRss: process.resourceUsage().maxRSS * 1024, pages: r.pageCount }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, file], { encoding: 'utf8', maxBuffer: 1 << 26, cwd: process.cwd() });
  if (r.status !== 0) return null;
  try {
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as { ms: number; cpuS: number; peakRss: number; pages: number };
  } catch {
    return null;
  }
}

async function generatedTextPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const words = 'the of and to in is that for it as with was on be by this are at from or an which have not had but'.split(' ');
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Chapter ${p + 1}`, { x: 72, y: 740, size: 16, font });
    for (let l = 0; l < 40; l++) {
      const line = Array.from({ length: 12 }, () => words[Math.floor(rnd() * words.length)]).join(' ');
      page.drawText(line, { x: 72, y: 710 - l * 15, size: 11, font });
    }
    page.drawText(String(p + 1), { x: 300, y: 40, size: 9, font });
  }
  return doc.save({ useObjectStreams: true });
}

async function pagesPerSecond(): Promise<void> {
  console.log('\n## Text PDFs (parseDocument, one document at a time)');
  console.log(`Wall-clock pages/s, and pages per CPU-second × ${availableParallelism()} cores (what an idle machine would reach, load-independent).`);
  console.log('Ratios: docconv ÷ reference (above 1 = docconv faster), all measured in this run.');
  console.log('| file | pages | docconv s | docconv pages/s | docconv CPU-s | docconv pages/CPU-s ×cores | pdftotext pages/s | pdftotext pages/CPU-s | wall ratio | CPU ratio | pdf-inspector pages/s | ÷ pdf-inspector (wall) | ÷ pdf-inspector (CPU) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const files = readdirSync(BENCH_DIR).filter((f) => f.endsWith('.pdf')).sort();
  for (const f of files) {
    const path = join(BENCH_DIR, f);
    const bytes = readFileSync(path);
    const { value, ms, cpuS } = await sampled(() => parseDocument(bytes, { pageTimeoutS: PAGE_TIMEOUT_S }));
    const pages = value.pages.length;
    const ours = pages / (ms / 1000);
    const oursCpu = (pages / cpuS) * availableParallelism();
    const ref = pdftotext(path);
    const theirs = ref ? pages / (ref.ms / 1000) : NaN;
    const theirsCpu = ref ? pages / Math.max(ref.cpuS, 0.01) : NaN;
    console.log(`| ${f} | ${pages} | ${(ms / 1000).toFixed(2)} | ${ours.toFixed(1)} | ${cpuS.toFixed(2)} | ${oursCpu.toFixed(1)} | ` +
      `${ref ? theirs.toFixed(1) : 'n/a (no pdftotext)'} | ${ref ? theirsCpu.toFixed(1) : '-'} | ${ref ? (ours / theirs).toFixed(2) : '-'} | ${ref ? (pages / cpuS / theirsCpu).toFixed(2) : '-'} | ` +
      inspectorCells(path, pages, ms, cpuS));
  }
  const big = join(BENCH_DIR, 'freeculture.pdf');
  if (existsSync(big)) {
    const n = availableParallelism();
    const bytes = readFileSync(big);
    const { value, ms, cpuS } = await sampled(() => Promise.all(Array.from({ length: n }, () => parseDocument(bytes, { pageTimeoutS: PAGE_TIMEOUT_S }))));
    const pages = value.reduce((s, d) => s + d.pages.length, 0);
    const t = performance.now();
    for (let i = 0; i < n; i++) pdftotext(big);
    const refMs = performance.now() - t;
    console.log(`\nPool capacity: ${n} × freeculture.pdf at once on ${n} cores: ${(pages / (ms / 1000)).toFixed(1)} pages/s ` +
      `wall, ${((pages / cpuS) * n).toFixed(1)} pages/CPU-s × ${n} cores (pdftotext, sequential, one core: ${(pages / (refMs / 1000)).toFixed(1)} pages/s)`);
  }
}

function inspectorCells(path: string, pages: number, ms: number, cpuS: number): string {
  const pi = pdfInspector(path);
  if (!pi) return 'n/a | - | - |';
  const theirs = pages / (pi.ms / 1000);
  return `${theirs.toFixed(1)} | ${(pages / (ms / 1000) / theirs).toFixed(2)} | ${((pages / cpuS) / (pages / Math.max(pi.cpuS, 0.001))).toFixed(2)} |`;
}

async function ocrSeconds(): Promise<void> {
  console.log('\n## OCR (seconds per page)');
  const doc = await openPdf(readFileSync(join(BENCH_DIR, 'tracemonkey.pdf')));
  const gray = await renderPageGray(await doc.getPage(1), OCR_RENDER_DPI);
  await doc.destroy();
  const engines: Array<'cli' | 'wasm'> = (await cliLanguages()).includes('eng') ? ['cli', 'wasm'] : ['wasm'];
  const perEngine: Record<string, number> = {};
  for (const engine of engines) {
    await ocrImage(gray, { langs: ['eng'], engine }); // load data / warm
    const runs = 3;
    const t = performance.now();
    const cpu0 = cpuSeconds();
    for (let i = 0; i < runs; i++) await ocrImage(gray, { langs: ['eng'], engine });
    perEngine[engine] = (performance.now() - t) / runs / 1000;
    const cpu = (cpuSeconds() - cpu0) / runs;
    console.log(`- tracemonkey p.1 rendered at ${OCR_RENDER_DPI} dpi, ${engine === 'cli' ? 'tesseract CLI (1 thread)' : 'tesseract.js'}: ` +
      `${perEngine[engine].toFixed(2)} s/page wall, ${cpu.toFixed(2)} CPU-s/page`);
  }
  if (perEngine.cli && perEngine.wasm) console.log(`- tesseract.js / CLI: ${(perEngine.wasm / perEngine.cli).toFixed(2)}x`);
  if (perEngine.cli) {
    // What the pipeline uses for scanned PDF pages (200 dpi only for small print).
    const doc2 = await openPdf(readFileSync(join(BENCH_DIR, 'tracemonkey.pdf')));
    const fast = await renderPageGray(await doc2.getPage(1), OCR_FAST_DPI);
    await doc2.destroy();
    const runs = 3;
    const t = performance.now();
    const cpu0 = cpuSeconds();
    for (let i = 0; i < runs; i++) await ocrImage(fast, { langs: ['eng'], engine: 'cli' });
    console.log(`- tracemonkey p.1 rendered at ${OCR_FAST_DPI} dpi (the pipeline's first reading), tesseract CLI: ` +
      `${((performance.now() - t) / runs / 1000).toFixed(2)} s/page wall, ${((cpuSeconds() - cpu0) / runs).toFixed(2)} CPU-s/page`);
  }
  if (!perEngine.cli) console.log('- tesseract CLI: not on PATH (skipped)');
  await terminateWasmEngine();
  for (const c of ['docling-ocr-test/input.pdf', 'tesseract-unlv-8087/input.tif', 'tesseract-eurotext/input.tif']) {
    const path = join(CORPUS_DIR, c);
    if (!existsSync(path)) continue;
    const { value, ms, cpuS } = await sampled(() => parseDocument(readFileSync(path), { pageTimeoutS: PAGE_TIMEOUT_S }));
    console.log(`- ${c} end to end (parseDocument, auto engine): ${(ms / 1000 / value.pages.length).toFixed(2)} s/page wall, ` +
      `${(cpuS / value.pages.length).toFixed(2)} CPU-s/page`);
  }
  if (existsSync(join(CORPUS_DIR, 'tesseract-unlv-8087/input.tif'))) {
    const img = await decodeImagePageGray(readFileSync(join(CORPUS_DIR, 'tesseract-unlv-8087/input.tif')), 0);
    console.log(`  (UNLV page: ${img.width}×${img.height} px)`);
  }
  console.log('- pdftotext: no OCR (not comparable)');
}

async function memory(): Promise<void> {
  console.log('\n## Memory');
  const book = join(BENCH_DIR, 'freeculture.pdf');
  if (existsSync(book)) {
    const r = await sampled(() => parseDocument(readFileSync(book), { pageTimeoutS: PAGE_TIMEOUT_S }));
    const ref = pdftotext(book);
    const pi = pdfInspector(book);
    console.log(`- freeculture.pdf (352 pages): peak RSS while parsing ${mb(r.peakRss)} (process incl. workers); pdftotext ${ref ? mb(ref.peakRss) : 'n/a'}; ` +
      `pdf-inspector (its own node process) ${pi ? mb(pi.peakRss) : 'n/a'}; ratio docconv ÷ pdftotext ${ref ? (r.peakRss / ref.peakRss).toFixed(1) : '-'}, ÷ pdf-inspector ${pi ? (r.peakRss / pi.peakRss).toFixed(1) : '-'}`);
  }
  const bytes = await generatedTextPdf(1000);
  const at: Record<number, number> = {};
  const r = await sampled(() => parseDocument(bytes, {
    pageTimeoutS: PAGE_TIMEOUT_S,
    onPage: (e) => {
      if ([100, 250, 500, 750, 1000].includes(e.pagesDone)) at[e.pagesDone] = process.memoryUsage().rss;
    },
  }));
  console.log(`- generated 1,000-page text PDF (${mb(bytes.length)}): ${(1000 / (r.ms / 1000)).toFixed(1)} pages/s wall, ` +
    `${((1000 / r.cpuS) * availableParallelism()).toFixed(1)} pages/CPU-s × cores, peak RSS ${mb(r.peakRss)}`);
  console.log(`  RSS after page 100/250/500/750/1000: ${[100, 250, 500, 750, 1000].map((p) => (at[p] ? mb(at[p]) : '?')).join(' / ')}`);
  const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
  // pdftotext needs a file: the generated (synthetic, non-user) PDF goes to a temp dir, then is removed.
  const dir = mkdtempSync(join((await import('node:os')).tmpdir(), 'docconv-bench-'));
  try {
    writeFileSync(join(dir, 'gen.pdf'), bytes);
    const ref = pdftotext(join(dir, 'gen.pdf'));
    if (ref) console.log(`  pdftotext: ${(1000 / (ref.ms / 1000)).toFixed(1)} pages/s, peak RSS ${mb(ref.peakRss)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`- process VmHWM over the whole bench: ${mb(vmHwmBytes())}`);
}

console.log(`# docconv convert bench — ${new Date().toISOString()}, ${availableParallelism()} cores, Node ${process.version}, ` +
  `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (figures are only meaningful on an otherwise idle machine)`);
const warm = performance.now();
await warmConvertPool();
console.log(`Pool of ${availableParallelism()} workers started in ${((performance.now() - warm) / 1000).toFixed(1)} s`);
// A service runs warm: let every worker's JIT see a real document once before measuring
// (a cold first document costs ~1.6x the CPU of later ones).
const warmDoc = join(BENCH_DIR, 'pdkids.pdf');
if (existsSync(warmDoc)) await Promise.all(Array.from({ length: availableParallelism() }, () => parseDocument(readFileSync(warmDoc), { pageTimeoutS: PAGE_TIMEOUT_S })));
console.log(`RSS with the pool warm (process incl. ${availableParallelism()} idle workers): ${mb(process.memoryUsage().rss)}`);
await pagesPerSecond();
// Memory before OCR: the OCR section runs tesseract.js in this thread, whose heap the process keeps.
await memory();
await ocrSeconds();
await shutdownConvertPool();
