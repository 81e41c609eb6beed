// Converts a list of files, one after another, in one process (one worker pool), printing one
// `@@RESULT {…}` line per file. Run as a child of eval/run.ts, which restarts it past a file
// that hangs or crashes it. Argument: a JSON file with [{ file, outDir }].
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertPdfTextLayer } from './pdf-direct.js';

/** Per-file budget, corpus README: finish within a bounded time (≤ 60 s per file). */
const FILE_TIMEOUT_MS = 60_000;
const PAGE_TIMEOUT_S = 60;

interface Job {
  file: string;
  outDir: string | null;
}

type ParseDocument = (bytes: Uint8Array, opts: { pageTimeoutS: number; lang?: string; signal?: AbortSignal }) => Promise<{ pages: string[] }>;

async function loadParseDocument(): Promise<ParseDocument | null> {
  if (process.env.DOCCONV_EVAL_DIRECT) return null;
  try {
    const mod = (await import('../src/convert/index.js')) as { parseDocument?: ParseDocument };
    return typeof mod.parseDocument === 'function' ? mod.parseDocument : null;
  } catch {
    return null;
  }
}

function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 0 && Buffer.from(bytes.subarray(0, 1024)).includes('%PDF');
}

async function convert(parse: ParseDocument | null, bytes: Uint8Array): Promise<string[]> {
  if (parse) return (await parse(bytes, { pageTimeoutS: PAGE_TIMEOUT_S, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) })).pages;
  // Without parseDocument only PDFs are converted, on the text layer.
  if (!isPdf(bytes)) throw Object.assign(new Error('unsupported'), { code: 'unsupported_media_type' });
  return (await convertPdfTextLayer(bytes)).pages;
}

async function main(): Promise<void> {
  const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job[];
  const parse = await loadParseDocument();
  const engine = parse ? 'parseDocument' : 'text-layer';
  for (const job of jobs) {
    const started = Date.now();
    let result: Record<string, unknown>;
    try {
      const pages = await convert(parse, new Uint8Array(readFileSync(job.file)));
      if (job.outDir) {
        mkdirSync(job.outDir, { recursive: true });
        pages.forEach((md, i) => writeFileSync(join(job.outDir!, `page-${i + 1}.md`), md));
      }
      result = { ok: true, pages: pages.length };
    } catch (err) {
      const e = err as { code?: unknown; name?: string };
      result = { ok: false, error: typeof e.code === 'string' ? e.code : e.name === 'TimeoutError' || e.name === 'AbortError' ? 'timeout' : (e.name ?? 'Error') };
    }
    process.stdout.write(`\n@@RESULT ${JSON.stringify({ file: job.file, engine, ms: Date.now() - started, ...result })}\n`);
  }
  process.exit(0);
}

void main();
