// The corpus coverage measure (npm run eval:coverage): text-layer lines, furniture candidates and
// page coverage, on hand-made inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageCoverage } from '../../eval/coverage/coverage.js';
import { furnitureCandidates } from '../../eval/coverage/furniture.js';
import { itemsToLines } from '../../eval/coverage/text-layer.js';
import { orderCheck } from '../../eval/coverage/order.js';
import { spreadPages } from '../../eval/coverage/pages.js';
import { textWords } from '../../eval/synthetic/tokens.js';

const item = (str: string, x: number, y: number, size = 10) => ({ str, x, y, width: str.length * size * 0.5, size });

test('coverage: items on a baseline join into words, a wide gap cuts columns apart', () => {
  const lines = itemsToLines([item('Hel', 72, 100), item('lo', 87, 100), item('world', 100, 100.5), item('second', 320, 100), item('Next', 72, 112)]);
  assert.deepEqual(lines.map((l) => l.text), ['Hello world', 'second', 'Next']);
  assert.equal(lines[0].baseline, lines[1].baseline);
  assert.notEqual(lines[0].baseline, lines[2].baseline);
  // Overprinted text (fake bold) is one copy.
  assert.deepEqual(itemsToLines([item('ENABLE', 72, 100), item('ENABLE', 72.4, 100)]).map((l) => l.text), ['ENABLE']);
});

test('coverage: furniture candidates are margin lines that repeat or are folios, never body lines', () => {
  const page = (n: number) => ({
    height: 792,
    lines: [
      { y: 40, text: 'Annual Review of Things', baseline: 0 },
      { y: 40, text: String(n + 10), baseline: 0 },
      { y: 300, text: 'Annual Review of Things', baseline: 1 },
      { y: 770, text: `Printed copy ${n}`, baseline: 2 },
      { y: 775, text: `${n === 1 ? 'First' : 'Other'} statement of account for 2019`, baseline: 3 },
    ],
  });
  const marks = furnitureCandidates([page(1), page(2)]);
  // The running head with its folio repeats; a body line with the same words does not count;
  // "Printed copy N" repeats with its digits ignored; a line ending in a year is no folio head.
  assert.deepEqual([...marks[0]].sort(), [0, 1, 3]);
  const single = furnitureCandidates([{ height: 792, lines: [{ y: 30, text: '400 BRITISH HUSBANDRY', baseline: 0 }, { y: 60, text: 'Report 2009', baseline: 1 }] }]);
  assert.deepEqual([...single[0]], [0]);
  // Wide book margins: a head with its folio a little lower counts only as the page's first line.
  const low = (first: boolean) => furnitureCandidates([{ height: 792, lines: [...(first ? [] : [{ y: 80, text: 'Body line above it', baseline: 2 }]), { y: 110, text: 'Structure Recognition 9', baseline: 0 }, { y: 130, text: 'Body text', baseline: 1 }] }]);
  assert.equal(low(true)[0].size, 1);
  assert.equal(low(false)[0].size, 0);
});

test('coverage: found, missing, in order, and what the furniture rule took', () => {
  const c = pageCoverage(['The quick brown fox', 'jumps over the lazy dog'], ['Running Head 7'], 'The quick brown fox jumps over the dog');
  assert.equal(c.words, 9);
  assert.equal(c.found, 8);
  assert.deepEqual(c.missing, ['lazy']);
  assert.equal(c.inOrder, 8);
  assert.equal(c.furnitureWords, 3);
  assert.equal(c.furnitureTaken, 3);
  const kept = pageCoverage(['Body text here'], ['Running Head 7'], 'Running Head 7\n\nBody text here');
  assert.equal(kept.furnitureTaken, 0);
});

test('coverage: text in angle brackets is text, HTML tags are not', () => {
  const c = pageCoverage(['ON <table name>'], [], '**ON** <*table name*>\n\n<table><tr><td>x</td></tr></table>');
  assert.equal(c.found, c.words);
});

test('coverage: a word broken at a line end counts as found when the Markdown rejoined it', () => {
  const c = pageCoverage(['A long exam-', 'ple of text'], [], 'A long example of text');
  assert.equal(c.found, c.words);
  const lost = pageCoverage(['A long exam-', 'ple of text'], [], 'A long of text');
  assert.equal(lost.found, lost.words - 2);
});

test('coverage: right-to-left pages are counted in letters', () => {
  const c = pageCoverage(['مرحبا بالعالم'], [], 'مرحبا');
  assert.equal(c.unit, 'letters');
  assert.ok(c.found < c.words && c.found >= 5);
});

test('coverage: folios with dashes or chapter numbers, a folio piece of a running line and stamps are furniture candidates', () => {
  const lines = [
    { y: 30, text: 'Downloaded from example.org on July 12, 2017', baseline: 0 },
    { y: 300, text: 'Body text of the page', baseline: 1 },
    { y: 760, text: 'Journal of Examples | www.example.org', baseline: 2 },
    { y: 760, text: '3', baseline: 2 },
    { y: 760, text: 'March 2014 | Volume 8', baseline: 2 },
    { y: 775, text: '- 41 -', baseline: 3 },
  ];
  assert.deepEqual([...furnitureCandidates([{ height: 792, lines }])[0]].sort(), [0, 2, 3, 4, 5]);
  const chapter = furnitureCandidates([{ height: 792, lines: [{ y: 300, text: 'Body', baseline: 0 }, { y: 770, text: '7-45', baseline: 1 }] }]);
  assert.deepEqual([...chapter[0]], [1]);
  // A year in a margin table heading is not a folio piece.
  const year = furnitureCandidates([{ height: 792, lines: [{ y: 300, text: 'Body', baseline: 0 }, { y: 770, text: 'Output', baseline: 1 }, { y: 770, text: '2014', baseline: 1 }] }]);
  assert.equal(year[0].size, 0);
});

test('coverage: an ordered list item keeps its printed number', () => {
  const c = pageCoverage(['155. Specific events were important.'], [], '155. Specific events were important.');
  assert.equal(c.found, c.words);
});

test('coverage: pages sampled from a long document spread over it, first and last included', () => {
  assert.deepEqual(spreadPages(3, 8), [0, 1, 2]);
  assert.deepEqual(spreadPages(100, 5), [0, 25, 50, 74, 99]);
  assert.deepEqual(spreadPages(10, 1), [0]);
});

test('coverage: order against pdftotext counts pairs of unambiguous words out of place', () => {
  const reference = 'The quick brown fox jumps over the lazy dog\nand then it rested under a tall green tree\n\nTable\nA\nB';
  const same = orderCheck(reference, textWords(reference));
  assert.equal(same.lineOut + same.flowOut, 0);
  // "the" and "a" ("A" in the table) occur twice: the four pairs with them are ambiguous, not checked.
  assert.equal(same.linePairs, 11);
  assert.equal(same.flowPairs, 1);
  // The second line moved before the first: the pair across the break is out of order, the lines' own pairs are not.
  const moved = orderCheck(reference, textWords('and then it rested under a tall green tree The quick brown fox jumps over the lazy dog'));
  assert.equal(moved.flowOut, 1);
  assert.equal(moved.lineOut, 0);
  // A line glued to another column's line: the pair it split is out of order.
  const glued = orderCheck('alpha beta gamma delta', textWords('alpha beta left column words here gamma delta'));
  assert.equal(glued.lineOut, 1);
});

test('coverage: words of a formula the Markdown writes as LaTeX count as found, once', () => {
  const c = pageCoverage(['Euler wrote eiπ + 1 = 0 and ∇ · E = ρ/ε0'], [], 'Euler wrote\n\n$e^{i\\pi}+1=0$ and $\\nabla \\cdot \\mathbf{E}=\\frac{\\rho}{\\varepsilon_{0}}$');
  assert.equal(c.found, c.words, c.missing.join(' '));
  // Characters are used once: a second "eiπ" finds none left.
  const twice = pageCoverage(['eiπ eiπ'], [], '$e^{i\\pi}$');
  assert.equal(twice.found, 1);
});

test('coverage: a bare page number as the page\'s last line, well inside a wide margin, is furniture; a number in the body is not', () => {
  const lines = [
    { y: 100, text: 'Table 1: Countries', baseline: 0 },
    { y: 150, text: '3', baseline: 1 },
    { y: 200, text: 'Body text of the page', baseline: 2 },
    { y: 700, text: '3', baseline: 3 },
  ];
  assert.deepEqual([...furnitureCandidates([{ height: 842, lines }])[0]], [3]);
});
