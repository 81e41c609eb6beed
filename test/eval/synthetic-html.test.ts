// The Chromium-printed synthetic family (eval/synthetic/families/html.ts): its truth holds exactly
// the words printed on each sheet, so its property checks measure the converter, not the generator.
// Skipped where Chromium is not installed (it is not part of `npm ci`), but not in CI (.ci/run
// installs it; DOCCONV_CI=1 makes a missing tool a failure).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { generateCase } from '../../eval/synthetic/cases.js';
import { chromiumAvailable, closeBrowser } from '../../eval/synthetic/html/browser.js';
import { textWords } from '../../eval/synthetic/tokens.js';
import { blockText } from '../../eval/synthetic/truth.js';

after(() => closeBrowser());

const skip = chromiumAvailable() || process.env.DOCCONV_CI ? false : 'Chromium is not installed';

async function printedWords(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[][] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      // Items joined as pdf.js sets them (a ligature is an item of its own inside a word).
      pages.push(textWords(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? ' ' : '') : '')).join('')));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

test('html family: the truth holds exactly the words printed on each sheet', { skip }, async () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const c = await generateCase('html', seed);
    const printed = await printedWords(c.bytes);
    assert.equal(printed.length, c.truth.pages.length, c.id);
    assert.ok(c.truth.unboxed, 'boxes are not known for browser-laid pages');
    c.truth.pages.forEach((page, p) => {
      const truthWords = [...page.blocks.flatMap((b) => textWords(blockText(b))), ...page.furniture, ...page.markers].flatMap(textWords).sort();
      assert.deepEqual(printed[p].sort(), truthWords, `${c.id} page ${p + 1}`);
    });
  }
});

test('html family: a case is a pure function of its id', { skip }, async () => {
  const [a, b] = [await generateCase('html', 3), await generateCase('html', 3)];
  assert.deepEqual(a.truth, b.truth);
  assert.ok(a.truth.pages.some((p) => p.blocks.some((x) => x.kind === 'table')) || a.truth.pages.length > 0);
});
