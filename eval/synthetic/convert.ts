// One synthetic case end to end: generated, converted by the built-in parser through its public
// entry (parseDocument), checked; a failing case's PDF, truth and Markdown written out on request.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, sniffMediaType } from '../../src/convert/index.js';
import { generateCase, parseCaseId } from './cases.js';
import { checkCase, type OutputPage } from './properties.js';
import type { CaseResult } from './report.js';

const PAGE_TIMEOUT_S = 30;
/** A scan's page is read by OCR, several times when it lies turned: seconds, more on a loaded machine. */
const SCAN_PAGE_TIMEOUT_S = 300;

/** The caller owns the worker pool (shutdownConvertPool when done). */
export async function runCase(id: string, outDir?: string): Promise<CaseResult> {
  const { family, seed } = parseCaseId(id);
  const c = await generateCase(family, seed);
  let pages: string[] = [];
  let models: OutputPage[] | undefined;
  let error: string | undefined;
  try {
    const parsed = await parseDocument(c.bytes, { pageTimeoutS: c.truth.scanned ? SCAN_PAGE_TIMEOUT_S : PAGE_TIMEOUT_S });
    pages = parsed.pages;
    models = parsed.pageModels;
  } catch (err) {
    error = (err as { code?: string }).code ?? (err as Error).name;
  }
  const results = checkCase(c.truth, pages, c.truth.unboxed ? undefined : models).map((r) => (error && r.checked > 0 ? { ...r, pass: false, score: 0 } : r));
  const result: CaseResult = { id, family, variant: c.variant, results, ...(error ? { error } : {}) };
  if (outDir && (error || results.some((r) => !r.pass && r.checked > 0))) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, `${id}.${sniffMediaType(c.bytes)?.split('/')[1] ?? 'bin'}`), c.bytes);
    writeFileSync(join(outDir, `${id}.truth.json`), JSON.stringify(c.truth, null, 1));
    writeFileSync(join(outDir, `${id}.md`), pages.map((md, i) => `<!-- page ${i + 1} -->\n${md}`).join('\n\n'));
  }
  return result;
}

