// The `tex` synthetic family (eval/synthetic/families/tex.ts): a page of an amsmath paper set by
// pdflatex. Its truth holds the prose words printed and each display's LaTeX, which the scorer's
// KaTeX reads; a case is a pure function of its id. Skipped where pdflatex or the scorer's KaTeX
// is not installed, but not in CI (.ci/run installs TeX Live's base packages).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateCase } from '../../eval/synthetic/cases.js';
import { katexAvailable } from '../../eval/synthetic/html/katex.js';
import { checkCase } from '../../eval/synthetic/properties.js';
import { pdflatexAvailable } from '../../eval/synthetic/tex/pdflatex.js';
import { textWords } from '../../eval/synthetic/tokens.js';
import { blockText } from '../../eval/synthetic/truth.js';
import { printedPages } from './printed-text.js';
import { runCase } from '../../eval/synthetic/convert.js';
import { shutdownConvertPool } from '../../src/convert/index.js';

after(shutdownConvertPool);

const skip = !pdflatexAvailable() && !process.env.DOCCONV_CI ? 'pdflatex is not installed' : !katexAvailable() ? "the scorer's KaTeX is not installed" : false;

/** The page's text as pdf.js reads it, words TeX hyphenated at a line's end joined again. */
async function printedText(bytes: Uint8Array): Promise<string[]> {
  return (await printedPages(bytes, '\n')).map((text) => text.replace(/(\p{Ll})-\n(\p{Ll})/gu, '$1$2'));
}

test('tex family: one sheet holding every prose word of the truth, a heading and display equations', { skip }, async () => {
  for (const seed of [1, 2, 3]) {
    const c = await generateCase('tex', seed);
    const printed = await printedText(c.bytes);
    assert.equal(printed.length, 1, c.id);
    const page = c.truth.pages[0];
    const have = new Set(textWords(printed[0]));
    for (const w of page.blocks.flatMap((b) => textWords(blockText(b)))) assert.ok(have.has(w), `${c.id}: "${w}" not printed`);
    assert.ok(page.blocks.some((b) => b.kind === 'heading'), c.id);
    assert.ok((page.equations ?? []).length >= 2, `${c.id} has fewer than two displays`);
  }
});

test('tex family: property math passes on the equations as display math and fails on changed ones', { skip }, async () => {
  const c = await generateCase('tex', 4);
  const pages = c.truth.pages.map((page) => [...page.blocks.map(blockText), ...(page.equations ?? []).map((tex) => `$$${tex}$$`)].join('\n\n'));
  const math = (md: string[]) => checkCase(c.truth, md).find((r) => r.property === 'math')!;
  const good = math(pages);
  assert.ok(good.checked > 0 && good.pass, good.diff);
  assert.equal(math(pages.map((md) => md.replace(/\$\$/g, ''))).pass, false);
});

test('tex family: a case is a pure function of its id', { skip }, async () => {
  const [a, b] = [await generateCase('tex', 5), await generateCase('tex', 5)];
  assert.deepEqual(a.truth, b.truth);
  assert.deepEqual(a.bytes, b.bytes);
});

// tex-3028: a section title at the top of the left column, its spaces stretched (25 pt) wider
// than the 10 pt gutter, on the baseline of the right column's first line. The title ran on into
// the next column's text ("**1 Remain Measure Small** where social direct…"), its second line a
// heading of its own. Larger bold type beside body type across a gap is a gutter.
test('tex family: a stretched section title beside the next column keeps to its own column', { skip }, async () => {
  const r = await runCase('tex-3028');
  for (const p of r.results.filter((x) => ['headings', 'no-false-headings', 'text'].includes(x.property))) assert.ok(p.pass, `${p.property}: ${p.diff ?? ''}`);
});
