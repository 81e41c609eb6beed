// Tesseract (WebAssembly) prints its debug lines ("Detected 4 diacritics") with tprintf; the service
// logs one JSON line per request, so none of them may reach stdout or stderr (issue 11 item 3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CORPUS = resolve(process.env.DOCCONV_CORPUS ?? join(import.meta.dirname, '../../../shared/corpus'));
const src = (rel: string) => JSON.stringify(fileURLToPath(new URL(rel, import.meta.url)));
// A handwritten page of the corpus on which Tesseract reports diacritics.
const child = `
import { readFileSync } from 'node:fs';
import { parseInThread } from ${src('../../src/convert/pipeline.ts')};
import { terminateWasmEngine } from ${src('../../src/convert/ocr/index.ts')};
const bytes = new Uint8Array(readFileSync(${JSON.stringify(join(CORPUS, 'olmocr-mattsnotes', 'input.pdf'))}));
const doc = await parseInThread(bytes, { langs: ['eng'], pageTimeoutS: 60, ocrEngine: 'wasm', pageIndexes: [0] });
await terminateWasmEngine();
process.stdout.write('CHARS ' + doc.pages.join('').length + '\\n');
`;

test('tesseract.js writes nothing to stdout or stderr while reading a handwritten page', () => {
  // A file, not --eval: tesseract.js starts a worker thread, which inherits the process' flags.
  const dir = mkdtempSync(join(tmpdir(), 'docconv-ocr-quiet-'));
  const script = join(dir, 'ocr.mts');
  writeFileSync(script, child);
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000 });
  rmSync(dir, { recursive: true, force: true });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^CHARS [1-9]\d*\n$/);
  assert.equal(r.stderr, '');
});
