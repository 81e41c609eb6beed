// Golden outputs for behaviour-preserving refactors (issue 9): converts every corpus input, a fixed
// synthetic sample (every family, seeds 1–40) and the bench PDFs through the public entry
// (parseDocument) and writes, per document, its Markdown (`.md`) and its result with blocks
// (`.json`, as the API builds it with formats=md,json,blocks). Diff two runs' directories:
//   taskset -c 0 npx tsx eval/golden.ts /tmp/golden-before && … && taskset -c 0 npx tsx eval/golden.ts /tmp/golden-after
//   diff -r /tmp/golden-before /tmp/golden-after
// Pinned to one core the pool has one worker: with several, the text-layer reader's per-worker
// caches (fonts seen, scan tallies: pdf/extract.ts) make a few pages differ from run to run.
// Optional second argument: a substring; only documents whose name contains it are converted.
import { mkdirSync, readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, shutdownConvertPool } from '../src/convert/index.js';
import { blocksFromPageModel } from '../src/models/blocks.js';
import { buildConvertResult } from '../src/api/convert.js';
import { caseIds, generateCase } from './synthetic/cases.js';

const SHARED = process.env.DOCCONV_SHARED_DIR ?? join(process.cwd(), '..', 'shared');
const PAGE_TIMEOUT_S = 120;
const SYNTHETIC_SEEDS = 40;

interface Doc {
  name: string;
  bytes: () => Promise<Uint8Array>;
}

function corpusDocs(): Doc[] {
  const dir = join(SHARED, 'corpus');
  const out: Doc[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!existsSync(join(dir, name, 'meta.json'))) continue;
    const input = readdirSync(join(dir, name)).find((f) => f.startsWith('input.'));
    if (input) out.push({ name: `corpus-${name}`, bytes: async () => new Uint8Array(readFileSync(join(dir, name, input))) });
  }
  return out;
}

function benchDocs(): Doc[] {
  const dir = join(SHARED, 'bench');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => ({ name: `bench-${f.replace(/\.pdf$/, '')}`, bytes: async () => new Uint8Array(readFileSync(join(dir, f))) }));
}

function syntheticDocs(): Doc[] {
  return caseIds(SYNTHETIC_SEEDS).map((id) => {
    const m = /^(.+)-(\d+)$/.exec(id)!;
    return { name: `synthetic-${id}`, bytes: async () => (await generateCase(m[1], Number(m[2]))).bytes };
  });
}

async function main(): Promise<void> {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: tsx eval/golden.ts <out-dir> [name-substring]');
  const only = process.argv[3];
  mkdirSync(outDir, { recursive: true });
  const docs = [...corpusDocs(), ...syntheticDocs(), ...benchDocs()].filter((d) => !only || d.name.includes(only));
  const started = Date.now();
  for (const d of docs) {
    let md: string;
    let json: string;
    try {
      const parsed = await parseDocument(await d.bytes(), { pageTimeoutS: PAGE_TIMEOUT_S });
      const layout = parsed.pageModels.map(blocksFromPageModel);
      const result = buildConvertResult(parsed.pages, { pages: parsed.pages.length } as never, { layout });
      md = result.markdown;
      json = JSON.stringify(result.pages, null, 1);
    } catch (err) {
      md = json = `error: ${(err as { code?: string }).code ?? (err as Error).name}`;
    }
    writeFileSync(join(outDir, `${d.name}.md`), md);
    writeFileSync(join(outDir, `${d.name}.json`), json);
  }
  console.log(`${docs.length} documents → ${outDir} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await shutdownConvertPool();
}

void main();
