// Generated scans (the opt-in `scans` family) through the built-in parser: structure OCR loses and
// the layout must recover (issue 9). Each case is one the parser once failed; OCR makes them seconds
// each, so the sample is small.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { cliLanguages } from '../../src/convert/ocr/cli-engine.js';
import { runCase } from '../../eval/synthetic/convert.js';

after(() => shutdownConvertPool());

async function verdict(id: string, property: string) {
  const c = await runCase(id);
  const r = c.results.find((x) => x.property === property);
  assert.ok(r && r.checked > 0, `${property} applies to ${id}`);
  return r;
}

test('scanned lists: bullets read as "*", "+", "~" and dropped numbers still make items (scans-22, scans-24)', async (t) => {
  if (!(await cliLanguages()).includes('eng')) return t.diagnostic('no tesseract binary with eng on PATH');
  // scans-22: bullets read "*"/"+", dashes "~" (120 dpi, noise, skew 2.9°); scans-24: the numbers
  // 2.-5. read as one garbled word and dropped.
  const [misread, dropped] = await Promise.all([verdict('scans-22', 'lists'), verdict('scans-24', 'lists')]);
  assert.ok(misread.pass, misread.diff);
  assert.ok(dropped.pass, dropped.diff);
});

test('scanned lists: bullets and numbers the page reading left out are read from the pixels (scans-7022)', async (t) => {
  if (!(await cliLanguages()).includes('eng')) return t.diagnostic('no tesseract binary with eng on PATH');
  // 200 dpi, grey paper, skew 2.6°, a watermark: Tesseract's layout analysis dropped every bullet
  // and read the numbers 1.-3. as one line ("1," over "2.") and "oS)": 7 of 19 items were items.
  const lists = await verdict('scans-7022', 'lists');
  assert.ok(lists.pass, lists.diff);
});

test('a low-resolution scan turned a quarter reads upright (scans-1023: 120 dpi, JPEG, turned 270°)', async (t) => {
  if (!(await cliLanguages()).includes('eng')) return t.diagnostic('no tesseract binary with eng on PATH');
  // Its orientation was probed on a half-size copy (60 dpi), where the right turn read as noise and
  // half a turn read as text: the page came out sideways, every word lost.
  const text = await verdict('scans-1023', 'text');
  assert.ok(text.pass, text.diff);
});
