// Every file of the shared robustness manifest ends, in bounded time, with its expected outcome,
// without crashing the process (corpus/README.md "Robustness").
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ParseError, parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { ROBUSTNESS_DIR } from './exec-fixtures.js';

interface Entry {
  file: string;
  category: string;
  expect: 'convert' | 'reject' | 'convert_or_reject';
  acceptable_error_codes: string[];
  pages?: number;
  text_hint?: string;
}

const manifest: Entry[] = readFileSync(`${ROBUSTNESS_DIR}/manifest.jsonl`, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Entry);

after(() => shutdownConvertPool());

const PER_FILE_LIMIT_MS = 60_000;
const norm = (s: string) => s.replace(/[*_`\\]/g, '').replace(/\s+/g, ' ');

test('the robustness manifest is present', () => assert.ok(manifest.length >= 20));

for (const entry of manifest) {
  test(`${entry.category}: ${entry.file}`, async () => {
    const bytes = readFileSync(`${ROBUSTNESS_DIR}/${entry.file}`);
    const started = Date.now();
    let outcome: { pages: string[] } | ParseError;
    try {
      outcome = await parseDocument(bytes, { pageTimeoutS: 30 });
    } catch (err) {
      assert.ok(err instanceof ParseError, `not a ParseError: ${String(err)}`);
      outcome = err;
    }
    assert.ok(Date.now() - started < PER_FILE_LIMIT_MS, 'took too long');
    if (outcome instanceof ParseError) {
      assert.notEqual(entry.expect, 'convert', `expected a result, got ${outcome.code}`);
      assert.ok(entry.acceptable_error_codes.includes(outcome.code), `unexpected ${outcome.code}`);
      return;
    }
    assert.notEqual(entry.expect, 'reject', 'expected an error');
    if (entry.pages !== undefined) assert.equal(outcome.pages.length, entry.pages);
    if (entry.text_hint && entry.expect === 'convert') assert.ok(norm(outcome.pages.join('\n')).includes(entry.text_hint), `missing hint "${entry.text_hint}"`);
  });
}
