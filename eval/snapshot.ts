// Output snapshot for refactors that must not change what the parser produces (issue 11: speed work
// keeps output byte-identical). Converts every corpus input, every bench PDF and every robustness
// file through parseDocument (the worker pool, as the service runs it) and writes one JSON per file
// (Markdown pages + page models, or the error code). Then `--diff A B` lists the files that differ.
//   npx tsx eval/snapshot.ts <outDir>        (DOCCONV_SHARED_DIR, default ../shared)
//   npx tsx eval/snapshot.ts --diff <dirA> <dirB>
// SNAPSHOT_ONLY=<substring> limits the files; SNAPSHOT_IN_THREAD=1 parses in this thread, one
// sequential run (parseInThread), the reference the pooled output must equal. SNAPSHOT_PROBE=1
// probes each file first, as the service does (the parse then reuses the probe's reading).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const SHARED = process.env.DOCCONV_SHARED_DIR ?? join(process.cwd(), '..', 'shared');
const FILE_TIMEOUT_MS = 120_000;

function inputs(): Array<{ name: string; file: string }> {
  const out: Array<{ name: string; file: string }> = [];
  const corpus = join(SHARED, 'corpus');
  for (const d of readdirSync(corpus).sort()) {
    const dir = join(corpus, d);
    if (d === 'robustness' || !existsSync(join(dir, 'meta.json'))) continue;
    const input = readdirSync(dir).find((f) => f.startsWith('input.'));
    if (input) out.push({ name: `corpus__${d}`, file: join(dir, input) });
  }
  for (const f of readdirSync(join(SHARED, 'bench')).sort()) if (f.endsWith('.pdf')) out.push({ name: `bench__${basename(f, '.pdf')}`, file: join(SHARED, 'bench', f) });
  const robust = join(corpus, 'robustness');
  for (const f of readdirSync(robust).sort()) if (!f.endsWith('.jsonl') && !f.endsWith('.md')) out.push({ name: `robustness__${f}`, file: join(robust, f) });
  return out;
}

async function snapshot(outDir: string): Promise<void> {
  const { parseDocument, probeDocument, shutdownConvertPool } = await import('../src/convert/index.js');
  const inThread = process.env.SNAPSHOT_IN_THREAD === '1';
  const probed: typeof parseDocument = async (bytes, o) => {
    await probeDocument(bytes, { signal: o.signal }).catch(() => undefined); // a refused probe: the parse says why
    return parseDocument(bytes, o);
  };
  const parse = inThread ? await inThreadParser() : process.env.SNAPSHOT_PROBE === '1' ? probed : parseDocument;
  mkdirSync(outDir, { recursive: true });
  for (const { name, file } of inputs()) {
    if (process.env.SNAPSHOT_ONLY && !name.includes(process.env.SNAPSHOT_ONLY)) continue;
    const t0 = Date.now();
    let body: unknown;
    try {
      const doc = await parse(new Uint8Array(readFileSync(file)), { pageTimeoutS: 60, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
      body = { pages: doc.pages, pageModels: doc.pageModels };
    } catch (err) {
      const e = err as { code?: string; name?: string };
      body = { error: e.code ?? e.name ?? 'Error' };
    }
    writeFileSync(join(outDir, `${name}.json`), JSON.stringify(body));
    console.log(`${name} ${Date.now() - t0} ms`);
  }
  await shutdownConvertPool();
}

async function inThreadParser() {
  const { installPdfjsWorker } = await import('../src/convert/pdf/pdfjs-worker.js');
  const { parseInThread } = await import('../src/convert/pipeline.js');
  const { resolveOcrLanguages } = await import('../src/convert/ocr/languages.js');
  await installPdfjsWorker();
  return (bytes: Uint8Array, o: { pageTimeoutS: number; signal?: AbortSignal }) => parseInThread(bytes, { langs: resolveOcrLanguages(undefined), ...o });
}

function diff(a: string, b: string): void {
  const names = new Set([...readdirSync(a), ...readdirSync(b)]);
  let differing = 0;
  for (const n of [...names].sort()) {
    const x = existsSync(join(a, n)) ? readFileSync(join(a, n), 'utf8') : '(missing)';
    const y = existsSync(join(b, n)) ? readFileSync(join(b, n), 'utf8') : '(missing)';
    if (x === y) continue;
    differing++;
    let pages = '';
    try {
      const pa = (JSON.parse(x) as { pages?: string[] }).pages ?? [];
      const pb = (JSON.parse(y) as { pages?: string[] }).pages ?? [];
      const idx = pa.map((p, i) => (p !== pb[i] ? i : -1)).filter((i) => i >= 0);
      pages = ` (Markdown differs on ${idx.length} page(s)${idx.length ? `: ${idx.slice(0, 10).join(', ')}` : ''}${pa.length !== pb.length ? `; ${pa.length} vs ${pb.length} pages` : ''})`;
    } catch { /* an error body */ }
    console.log(`DIFFERS ${n}${pages}`);
  }
  console.log(`${names.size} files, ${differing} differ`);
}

if (process.argv[2] === '--diff') diff(process.argv[3], process.argv[4]);
else await snapshot(process.argv[2] ?? 'snapshot');
