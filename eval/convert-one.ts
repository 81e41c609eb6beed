// Converts one file and prints one JSON line: { ok, pages?, error? }. Run as a child process by
// eval/run.ts so that a hang or crash on an odd file is contained and capped.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertPdfTextLayer } from './pdf-direct.js';

interface Result {
  ok: boolean;
  pages?: number;
  error?: string;
  engine: string;
}

type ParseDocument = (bytes: Uint8Array, opts: { pageTimeoutS: number; lang?: string }) => Promise<{ pages: string[] }>;

async function loadParseDocument(): Promise<ParseDocument | null> {
  try {
    const mod = (await import('../src/convert/index.js')) as { parseDocument?: ParseDocument };
    return typeof mod.parseDocument === 'function' ? mod.parseDocument : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const [file, outDir] = process.argv.slice(2);
  const bytes = new Uint8Array(readFileSync(file));
  const parse = process.env.DOCCONV_EVAL_DIRECT ? null : await loadParseDocument();
  let result: Result;
  try {
    let pages: string[];
    if (parse) {
      pages = (await parse(bytes, { pageTimeoutS: 60 })).pages;
    } else {
      if (!(bytes.length >= 4 && bytes[0] === 0x25 && bytes[1] === 0x50)) {
        // Without parseDocument only PDFs (with a %PDF header) are converted.
        if (bytes.length === 0 || !String.fromCharCode(...bytes.subarray(0, 1024)).includes('%PDF')) throw Object.assign(new Error('unsupported'), { code: 'unsupported_media_type' });
      }
      pages = (await convertPdfTextLayer(bytes)).pages;
    }
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      pages.forEach((md, i) => writeFileSync(join(outDir, `page-${i + 1}.md`), md));
    }
    result = { ok: true, pages: pages.length, engine: parse ? 'parseDocument' : 'text-layer' };
  } catch (err) {
    const e = err as { code?: string; name?: string; message?: string };
    result = { ok: false, error: typeof e.code === 'string' ? e.code : (e.name ?? 'Error'), engine: parse ? 'parseDocument' : 'text-layer' };
  }
  process.stdout.write(`\n@@RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

void main();
