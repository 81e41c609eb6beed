// The `math` synthetic family (eval/synthetic/families/math.ts): its truth holds the prose words
// printed on each sheet and the LaTeX of each equation printed, and property `math` runs the
// scorer's own test (it passes on the equation written as display math and fails on a changed
// one). Skipped where Chromium or the scorer's KaTeX is not installed.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateCase } from '../../eval/synthetic/cases.js';
import { chromiumAvailable, closeBrowser } from '../../eval/synthetic/html/browser.js';
import { katexAvailable } from '../../eval/synthetic/html/katex.js';
import { checkCase } from '../../eval/synthetic/properties.js';
import { textWords } from '../../eval/synthetic/tokens.js';
import { blockText } from '../../eval/synthetic/truth.js';
import { printedPages } from './printed-text.js';

after(() => closeBrowser());

const skip = !chromiumAvailable() ? 'Chromium is not installed' : !katexAvailable() ? "the scorer's KaTeX is not installed" : false;

test('math family: every prose word of the truth is printed, and every page prints equations', { skip }, async () => {
  for (const seed of [1, 2, 3]) {
    const c = await generateCase('math', seed);
    const printed = await printedPages(c.bytes, ' ');
    assert.equal(printed.length, c.truth.pages.length, c.id);
    c.truth.pages.forEach((page, p) => {
      const have = new Set(textWords(printed[p]));
      for (const w of page.blocks.flatMap((b) => textWords(blockText(b)))) assert.ok(have.has(w), `${c.id} p${p + 1}: "${w}" not printed`);
      assert.ok((page.equations ?? []).length > 0, `${c.id} p${p + 1} has no equation`);
    });
  }
});

test('math family: property math passes on the equations as display math and fails on changed ones', { skip }, async () => {
  const c = await generateCase('math', 4);
  const pages = c.truth.pages.map((page) => [...page.blocks.map(blockText), ...(page.equations ?? []).map((tex) => `$$${tex}$$`)].join('\n\n'));
  const math = (md: string[]) => checkCase(c.truth, md).find((r) => r.property === 'math')!;
  const good = math(pages);
  assert.ok(good.checked > 0 && good.pass, good.diff);
  // A superscript read as a subscript, or an equation left as text, is a miss.
  const changed = pages.map((md) => md.replace(/\^\{/g, '_{'));
  assert.equal(math(changed).pass, pages.join('').includes('^{') ? false : true);
  assert.equal(math(pages.map((md) => md.replace(/\$\$/g, ''))).pass, false);
});

test('math family: a case is a pure function of its id', { skip }, async () => {
  const [a, b] = [await generateCase('math', 5), await generateCase('math', 5)];
  assert.deepEqual(a.truth, b.truth);
});
