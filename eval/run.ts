// npm run eval: convert every corpus case with the built-in parser, score with olmocr-score,
// compare with a `pdftotext -layout` baseline, and run the robustness manifest.
// Corpus: DOCCONV_CORPUS or ../shared/corpus. Output: .eval-out/ (git-ignored).
// Conversions go through parseDocument (src/convert/index.ts); DOCCONV_EVAL_DIRECT=1 drives the
// text-layer path alone (pdf.js → extract → layout, PDFs only). --verbose lists every failed test.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, process.env.DOCCONV_CORPUS ?? '../shared/corpus');
// The real path: score.mjs prints only when run as the main module, which it tells by comparing
// its own (resolved) URL with argv[1]; through a symlinked ../shared the two differ and it printed
// nothing (the score read '?').
const SCORER_DIR = realpathOrSelf(resolve(CORPUS, '../tools/olmocr-score'));
const OUT = resolve(ROOT, '.eval-out');
function realpathOrSelf(p: string): string {
  return existsSync(p) ? realpathSync(p) : p;
}
/** Per-file cap, corpus README: finish within a bounded time (≤ 60 s per file). */
const FILE_TIMEOUT_MS = 60_000;

interface Case {
  id: string;
  input: string;
  media_type: string;
  pages: number;
}

interface ConvertResult {
  ok: boolean;
  pages?: number;
  error?: string;
  engine?: string;
  ms: number;
}

/**
 * Converts files in one child process (one worker pool for all). A file that hangs or crashes
 * the child past the cap is recorded as such, and a fresh child goes on with the rest.
 */
async function convertAll(jobs: { file: string; outDir: string | null }[]): Promise<Map<string, ConvertResult>> {
  const results = new Map<string, ConvertResult>();
  let pending = jobs.slice();
  while (pending.length > 0) {
    const listFile = join(OUT, `jobs-${Date.now()}.json`);
    writeFileSync(listFile, JSON.stringify(pending));
    await new Promise<void>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'eval/convert-batch.ts'), listFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
      let buf = '';
      let started = Date.now();
      const watchdog = setInterval(() => {
        if (Date.now() - started > FILE_TIMEOUT_MS + 5_000) child.kill('SIGKILL');
      }, 1_000);
      child.stdout.on('data', (d: Buffer) => {
        buf += d.toString();
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          const m = /^@@RESULT (.*)/.exec(line);
          if (!m) continue;
          const r = JSON.parse(m[1]) as ConvertResult & { file: string };
          results.set(r.file, r);
          started = Date.now();
        }
      });
      child.on('close', (code, signal) => {
        clearInterval(watchdog);
        // Files run in order: the first unfinished one took the child down (or past the cap).
        const culprit = pending.find((j) => !results.has(j.file));
        if (culprit) {
          results.set(culprit.file, { ok: false, error: signal === 'SIGKILL' ? 'timeout' : `crash(${code ?? signal})`, ms: Date.now() - started });
        }
        pending = pending.filter((j) => !results.has(j.file));
        done();
      });
    });
    rmSync(listFile, { force: true });
  }
  return results;
}

function ensureScorer(): void {
  if (existsSync(join(SCORER_DIR, 'node_modules'))) return;
  console.log('installing scorer dependencies (npm ci)…');
  const r = spawnSync('npm', ['--prefix', SCORER_DIR, 'ci', '--silent'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm ci for olmocr-score failed');
}

function score(outDir: string, verbose: boolean): string {
  const r = spawnSync(process.execPath, [join(SCORER_DIR, 'score.mjs'), CORPUS, outDir, ...(verbose ? ['--verbose'] : [])], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return (r.stdout ?? '') + (r.stderr ?? '');
}

function lastScore(text: string): string {
  return /score:\s*([\d.]+)\s*$/m.exec(text)?.[1] ?? '?';
}

function pdftotextBaseline(cases: Case[], outDir: string): boolean {
  if (spawnSync('pdftotext', ['-v']).error) return false;
  for (const c of cases) {
    if (c.media_type !== 'application/pdf') continue;
    const dir = join(outDir, c.id);
    mkdirSync(dir, { recursive: true });
    for (let p = 1; p <= c.pages; p++) {
      const r = spawnSync('pdftotext', ['-layout', '-f', String(p), '-l', String(p), join(CORPUS, c.id, c.input), '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
      writeFileSync(join(dir, `page-${p}.md`), r.stdout ?? '');
    }
  }
  return true;
}

interface ManifestEntry {
  file: string;
  category: string;
  expect: 'reject' | 'convert' | 'convert_or_reject';
  acceptable_error_codes?: string[];
  pages?: number;
  text_hint?: string;
}

async function robustness(): Promise<void> {
  const manifestPath = join(CORPUS, 'robustness/manifest.jsonl');
  if (!existsSync(manifestPath)) return;
  const entries = readFileSync(manifestPath, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ManifestEntry);
  console.log(`\n== robustness (${entries.length} files, ${FILE_TIMEOUT_MS / 1000} s cap each)`);
  const byFile = await convertAll(entries.map((e) => ({ file: join(CORPUS, 'robustness', e.file), outDir: join(OUT, 'robustness', e.file) })));
  let passed = 0;
  entries.forEach((e) => {
    const r = byFile.get(join(CORPUS, 'robustness', e.file))!;
    const acceptable = e.acceptable_error_codes ?? [];
    let ok: boolean;
    if (e.expect === 'reject') ok = !r.ok && r.error !== undefined && acceptable.includes(r.error);
    else if (e.expect === 'convert') ok = r.ok && (e.pages === undefined || r.pages === e.pages);
    else ok = r.ok || (r.error !== undefined && acceptable.includes(r.error));
    let hint = '';
    if (ok && r.ok && e.text_hint) {
      const text = Array.from({ length: r.pages ?? 0 }, (_, p) => {
        const f = join(OUT, 'robustness', e.file, `page-${p + 1}.md`);
        return existsSync(f) ? readFileSync(f, 'utf8') : '';
      }).join('\n');
      hint = text.includes(e.text_hint) ? ' (text hint found)' : ' (text hint missing)';
    }
    if (ok) passed++;
    const expected = e.expect === 'convert' ? `convert ${e.pages ?? '?'}p` : `${e.expect} ${acceptable.join('|')}`;
    const actual = r.ok ? `converted ${r.pages}p` : `error ${r.error}`;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${e.file.padEnd(46)} expected ${expected.padEnd(40)} got ${actual}${hint}  ${r.ms} ms`);
  });
  console.log(`robustness: ${passed}/${entries.length} as expected`);
}

async function main(): Promise<void> {
  const verbose = process.argv.includes('--verbose');
  const cases = readFileSync(join(CORPUS, 'index.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Case);
  rmSync(OUT, { recursive: true, force: true });
  const ours = join(OUT, 'builtin');
  mkdirSync(ours, { recursive: true });
  ensureScorer();

  console.log(`== converting ${cases.length} cases from ${CORPUS}`);
  const t0 = Date.now();
  const byFile = await convertAll(cases.map((c) => ({ file: join(CORPUS, c.id, c.input), outDir: join(ours, c.id) })));
  cases.forEach((c) => {
    const r = byFile.get(join(CORPUS, c.id, c.input))!;
    if (!r.ok) rmSync(join(ours, c.id), { recursive: true, force: true });
    console.log(`${c.id.padEnd(50)} ${r.ok ? `${r.pages}p` : `error ${r.error}`}  ${r.ms} ms  ${r.engine ?? ''}`);
  });
  console.log(`converted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const baselineDir = join(OUT, 'pdftotext');
  const haveBaseline = pdftotextBaseline(cases, baselineDir);
  const baselineText = haveBaseline ? score(baselineDir, false) : '';

  await robustness();

  console.log('\n== builtin (olmocr-score)');
  const ourText = score(ours, verbose);
  console.log(ourText.trimEnd());
  if (haveBaseline) {
    console.log('\n== baseline: pdftotext -layout (olmocr-score)');
    console.log(baselineText.trimEnd());
  } else console.log('\n(baseline skipped: pdftotext not found on PATH)');
  console.log(`\nbuiltin score: ${lastScore(ourText)}   pdftotext -layout: ${haveBaseline ? lastScore(baselineText) : 'n/a'}`);
  console.log(`score: ${lastScore(ourText)}`);
}

void main();
