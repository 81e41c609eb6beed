// Markdown rendering: inline styles, de-hyphenation, tables, running lines, and a whole page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';
import { joinLinePieces, renderPieces } from '../../src/convert/markdown/inline.js';
import { renderTable } from '../../src/convert/markdown/table.js';
import { formulaToLatex, isFormulaLine } from '../../src/convert/markdown/math.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';

/** Runs of several styled pieces on one line, each following the previous. */
function line(pieces: [string, Partial<TextRun>][], x: number, y: number, size = 10): TextRun[] {
  const out: TextRun[] = [];
  let cx = x;
  for (const [text, extra] of pieces) {
    const ws = words(text, cx, y, size, extra);
    out.push(...ws);
    const last = ws[ws.length - 1];
    cx = last.x + last.width + size * 0.25;
  }
  return out;
}

test('inline: bold, italic and links become Markdown spans', () => {
  const md = renderPieces([
    { text: 'plain ', bold: false, italic: false },
    { text: 'strong', bold: true, italic: false },
    { text: ' and ', bold: false, italic: false },
    { text: 'slanted', bold: false, italic: true },
    { text: ' see ', bold: false, italic: false },
    { text: 'site', bold: false, italic: false, link: 'https://example.org/a' },
  ], { styles: true });
  assert.equal(md, 'plain **strong** and *slanted* see [site](https://example.org/a)');
});

test('inline: a word hyphenated at a line end is joined', () => {
  const joined = joinLinePieces([[{ text: 'a conver-', bold: false, italic: false }], [{ text: 'sion here', bold: false, italic: false }]]);
  assert.equal(renderPieces(joined, { styles: true }), 'a conversion here');
  const kept = joinLinePieces([[{ text: 'state-', bold: false, italic: false }], [{ text: 'Of-the-art', bold: false, italic: false }]]);
  assert.equal(renderPieces(kept, { styles: true }), 'state- Of-the-art');
});

test('inline: a line broken after an unspaced en or em dash joins without a space; a spaced dash keeps it', () => {
  const piece = (text: string) => [{ text, bold: false, italic: false }];
  assert.equal(renderPieces(joinLinePieces([piece('pages 45\u2013'), piece('67, 2019.')]), { styles: true }), 'pages 45\u201367, 2019.');
  assert.equal(renderPieces(joinLinePieces([piece('the market\u2014'), piece('and the rest')]), { styles: true }), 'the market\u2014and the rest');
  assert.equal(renderPieces(joinLinePieces([piece('the market \u2013'), piece('and the rest')]), { styles: true }), 'the market \u2013 and the rest');
});

test('tables: pipe table without spans, HTML with spans', () => {
  const cell = (text: string, rowSpan = 1, colSpan = 1) => ({ text, rowSpan, colSpan });
  const pipe = renderTable({ rows: [[cell('a'), cell('b|c')], [cell('1'), cell('2')]], top: 0, bottom: 0, x0: 0, x1: 0 });
  assert.equal(pipe, '| a | b\\|c |\n| --- | --- |\n| 1 | 2 |');
  const html = renderTable({ rows: [[cell('h', 1, 2), null], [cell('x'), cell('y')]], top: 0, bottom: 0, x0: 0, x1: 0 });
  assert.match(html, /<th colspan="2">h<\/th>/);
  assert.match(html, /<td>x<\/td><td>y<\/td>/);
  // Rows that a first-row cell spans into are header rows too.
  const twoLevel = renderTable({ rows: [[cell('k', 2, 1), cell('group', 1, 2), null], [null, cell('a'), cell('b')], [cell('r'), cell('1'), cell('2')]], top: 0, bottom: 0, x0: 0, x1: 0 });
  assert.match(twoLevel, /<tr><th>a<\/th><th>b<\/th><\/tr>/);
  assert.match(twoLevel, /<tr><td>r<\/td>/);
});

test('page: heading, paragraph with bold span, bullet list and numbered list', () => {
  const runs = [
    ...words('Introduction', 50, 60, 18),
    ...words('This is the body text of the page and it is long enough', 50, 100),
    ...line([['to wrap onto a second line with a', {}], ['bold', { bold: true }], ['word.', {}]], 50, 112),
    ...words('• first point', 50, 140),
    ...words('• second point', 50, 152),
    ...words('1. step one', 50, 180),
    ...words('2. step two', 50, 192),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  const lines = md.split('\n').filter(Boolean);
  assert.equal(lines[0], '# Introduction');
  assert.match(md, /second line with a \*\*bold\*\* word\./);
  assert.ok(lines.includes('- first point'));
  assert.ok(lines.includes('- second point'));
  assert.ok(lines.includes('1. step one'));
  assert.ok(lines.includes('2. step two'));
});

test('page: monospace lines become a fenced code block; output is deterministic', () => {
  const runs = [
    ...words('Example of code follows in this long enough paragraph of text', 50, 60),
    ...words('function f(x) {', 50, 90, 10, { monospace: true }),
    ...words('return x;', 74, 102, 10, { monospace: true }),
    ...words('}', 50, 114, 10, { monospace: true }),
  ];
  const a = layoutPageToMarkdown(page(runs), createLayoutContext());
  const b = layoutPageToMarkdown(page(runs.slice().reverse()), createLayoutContext());
  assert.match(a, /```\nfunction f\(x\) \{\n {4}return x;\n\}\n```/);
  assert.equal(a, b);
});

test('page: a ruled grid becomes a pipe table; a large image a placeholder', () => {
  const rules = [];
  for (const y of [100, 120, 140, 160]) rules.push({ x0: 50, y0: y, x1: 350, y1: y });
  for (const x of [50, 200, 350]) rules.push({ x0: x, y0: 100, x1: x, y1: 160 });
  const runs = [
    ...words('Country', 55, 105), ...words('Total', 205, 105),
    ...words('France', 55, 125), ...words('12.5', 205, 125),
    ...words('Spain', 55, 145), ...words('7.25', 205, 145),
  ];
  const md = layoutPageToMarkdown(page(runs, { rules, images: [{ x: 50, y: 300, width: 300, height: 200 }] }), createLayoutContext());
  assert.match(md, /\| Country \| Total \|\n\| --- \| --- \|\n\| France \| 12\.5 \|\n\| Spain \| 7\.25 \|/);
  assert.match(md, /<!-- image -->/);
});

test('page: OCR words (no styles) still give paragraphs and no code blocks', () => {
  const runs = [
    ...words('scanned text line one goes here', 50, 100, 10, { monospace: true, confidence: 90 }),
    ...words('and the second line follows it', 50, 112, 10, { monospace: true, confidence: 90 }),
  ];
  const md = layoutPageToMarkdown(page(runs, { fromOcr: true }), createLayoutContext());
  assert.equal(md, 'scanned text line one goes here and the second line follows it');
});

test('math: a short formula line becomes $…$ with superscripts; prose stays text', () => {
  assert.ok(isFormulaLine('a2 + b2 = c2'));
  assert.ok(isFormulaLine('∇ ⋅ B = 0'));
  assert.ok(!isFormulaLine('The total is x = 5 apples per basket'));
  const base: TextRun = { text: 'a', x: 50, y: 100, width: 6, height: 10, fontSize: 10, bold: false, italic: false, monospace: false, baseline: 108 };
  const runs: TextRun[] = [
    base,
    { ...base, text: '2', x: 56, width: 4, fontSize: 6, baseline: 104 },
    { ...base, text: '+ b', x: 62, width: 14 },
    { ...base, text: '2', x: 76, width: 4, fontSize: 6, baseline: 104 },
    { ...base, text: '= c', x: 82, width: 14 },
    { ...base, text: '2', x: 96, width: 4, fontSize: 6, baseline: 104 },
  ];
  assert.equal(formulaToLatex(runs), 'a^{2}+b^{2}=c^{2}');
  // Raised runs set one after another are one superscript ("x^{1}^{/}^{2}" is a KaTeX error).
  const split: TextRun[] = [base, { ...base, text: '1', x: 56, width: 3, fontSize: 6, baseline: 104 }, { ...base, text: '/', x: 59, width: 3, fontSize: 6, baseline: 104 }, { ...base, text: '2', x: 62, width: 3, fontSize: 6, baseline: 104 }];
  assert.equal(formulaToLatex(split), 'a^{1/2}');
});

test('page: text on a background image is read as one block (a card stays together)', () => {
  const runs = [
    ...words('Card one title', 60, 110), ...words('first card body text', 60, 124),
    ...words('Card two title', 330, 110), ...words('second card body text', 330, 124),
    ...words('Card three title', 60, 310), ...words('third card body text', 60, 324),
  ];
  const images = [{ x: 50, y: 100, width: 250, height: 150 }, { x: 320, y: 100, width: 250, height: 150 }, { x: 50, y: 300, width: 250, height: 150 }];
  const md = layoutPageToMarkdown(page(runs, { images }), createLayoutContext());
  // Each card's title and body stay together, and the first card comes first.
  const blocks = md.split('\n\n');
  assert.ok(blocks.includes('Card one title first card body text'), md);
  assert.ok(blocks.includes('Card two title second card body text'), md);
  assert.ok(blocks.includes('Card three title third card body text'), md);
  assert.equal(blocks[0], 'Card one title first card body text');
  assert.ok(!md.includes('<!-- image -->'));
});
