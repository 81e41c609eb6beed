// Display equations read by geometry (issue 9): fraction bars, radical overbars, limits stacked on
// big operators, scripts, stretched delimiters and aligned rows, from glyphs and rules generated
// here in the two producers' styles (TeX's CMMI/CMEX with a √ glyph; KaTeX's faces with a
// radical drawn as a path, so only its overbar is a rule). Prose lines never become math.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RuleLine, TextRun } from '../../src/convert/layout/types.js';
import { equationLatex, type MathBar } from '../../src/convert/layout/math-layout.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';
import { page, words } from './fixtures/runs.js';

const MI = 'ABCDEF+KaTeX_Math-Italic';
const RM = 'ABCDEF+KaTeX_Main-Regular';
const SIZE2 = 'ABCDEF+KaTeX_Size2-Regular';
const SIZE4 = 'ABCDEF+KaTeX_Size4-Regular';

/** One glyph run at x on baseline b: 0.6 em wide, its box a font's ascent and descent. */
function g(text: string, x: number, b: number, size = 12, font = MI, height = 1.18 * size): TextRun {
  return { text, x, y: b - 0.75 * height, width: 0.6 * size * [...text].length, height, fontSize: size, bold: false, italic: false, monospace: false, baseline: b, fontName: font };
}
const bar = (x0: number, x1: number, y: number): MathBar => ({ x0, x1, y });

test('a rule with glyphs over and under it is a fraction, read beside the row', () => {
  const runs = [g('x', 100, 300), g('=', 112, 300, 12, RM), g('a', 130, 290), g('b', 130, 312), g('+', 145, 300, 12, RM), g('c', 160, 300)];
  assert.equal(equationLatex(runs, [bar(127, 140, 296)]), 'x=\\frac{a}{b}+c');
});

test('a rule with glyphs only under it is a radical overbar; a TeX √ glyph before it is its sign', () => {
  const katex = [g('y', 100, 300), g('=', 112, 300, 12, RM), g('u', 132, 300), g('+', 145, 300, 12, RM), g('v', 160, 300)];
  assert.equal(equationLatex(katex, [bar(130, 142, 288)]), 'y=\\sqrt{u}+v');
  const tex = [g('y', 100, 300, 12, 'CMMI10'), g('=', 112, 300, 12, 'CMR10'), g('√', 124, 300, 12, 'CMSY10'), g('u', 132, 300, 12, 'CMMI10')];
  assert.equal(equationLatex(tex, [bar(130, 142, 288)]), 'y=\\sqrt{u}');
});

test('a fraction inside a root and a root inside a fraction are read from the outside in', () => {
  const runs = [g('z', 100, 300), g('=', 112, 300, 12, RM), g('a', 134, 290), g('b', 134, 312)];
  // The overbar is longer than the fraction bar under it.
  assert.equal(equationLatex(runs, [bar(128, 148, 278), bar(131, 145, 296)]), 'z=\\sqrt{\\frac{a}{b}}');
  const inv = [g('z', 100, 300), g('=', 112, 300, 12, RM), g('a', 134, 290), g('b', 136, 312)];
  assert.equal(equationLatex(inv, [bar(128, 150, 296), bar(134, 146, 302)]), 'z=\\frac{a}{\\sqrt{b}}');
});

test('a big operator with smaller glyphs over and under it has limits; raised and lowered glyphs are scripts', () => {
  const runs = [g('S', 100, 300), g('=', 112, 300, 12, RM), g('∑', 128, 300, 12, SIZE2, 24), g('N', 133, 278, 8.5), g('k', 128, 316, 8.5), g('=', 133, 316, 8.5, RM), g('1', 138, 316, 8.5, RM), g('x', 150, 300), g('k', 157, 301.5, 8.5), g('2', 157, 295, 8.5, RM)];
  assert.equal(equationLatex(runs, []), 'S=\\sum_{k=1}^{N}x_{k}^{2}');
});

test('an integral takes its limits beside it as scripts', () => {
  const runs = [g('∫', 100, 300, 12, SIZE2, 26), g('0', 108, 308, 8.5, RM), g('1', 114, 288, 8.5, RM), g('f', 122, 300), g('d', 132, 300), g('x', 139, 300), g('=', 150, 300, 12, RM), g('c', 165, 300)];
  assert.equal(equationLatex(runs, []), '\\int_{0}^{1}fdx=c');
});

test('parentheses set in a delimiter face around a fraction are \\left( \\right); plain ones stay plain', () => {
  const runs = [g('f', 90, 300), g('(', 97, 300, 12, RM), g('x', 104, 300), g(')', 111, 300, 12, RM), g('=', 120, 300, 12, RM), g('(', 135, 300, 12, SIZE4, 30), g('a', 148, 290), g('b', 148, 312), g(')', 160, 300, 12, SIZE4, 30), g('2', 168, 286, 8.5, RM)];
  assert.equal(equationLatex(runs, [bar(145, 157, 296)]), 'f(x)=\\left(\\frac{a}{b}\\right)^{2}');
});

test('rows with relations one above the other are aligned lines, each piece in its own row', () => {
  const runs = [
    g('F', 100, 300), g('=', 112, 300, 12, RM), g('a', 128, 300), g('+', 138, 300, 12, RM), g('∑', 150, 300, 12, SIZE2, 24), g('i', 154, 316, 8.5), g('b', 170, 300), g('i', 176, 301.5, 8.5),
    g('=', 112, 340, 12, RM), g('c', 130, 330), g('d', 130, 352),
  ];
  assert.equal(equationLatex(runs, [bar(127, 139, 336)]), '\\begin{aligned}F&=a+\\sum_{i}b_{i}\\\\&=\\frac{c}{d}\\end{aligned}');
});

const LINE = 'a line of body text that runs across the whole column to the right margin of the page here';
const prose = (y0: number, n: number): TextRun[] => Array.from({ length: n }, (_, i) => words(LINE, 72, y0 + i * 14, 10, { fontName: 'ABCDEF+LiberationSerif' })).flat();

test('a display equation cut into lines by its stacked pieces is one formula with its number, between whole paragraphs', () => {
  // x = a/b + ∑_{k=1}^{N} y_k   (2): numerator, denominator and limits lie on baselines of their own.
  const eq = [g('x', 250, 260), g('=', 262, 260, 12, RM), g('a', 280, 250), g('b', 280, 272), g('+', 296, 260, 12, RM), g('∑', 310, 260, 12, SIZE2, 24), g('N', 315, 238, 8.5), g('k', 310, 276, 8.5), g('=', 315, 276, 8.5, RM), g('1', 320, 276, 8.5, RM), g('y', 332, 260), g('k', 339, 261.5, 8.5)];
  const right = (() => {
    const last = words(LINE, 72, 0).at(-1)!;
    return last.x + last.width;
  })();
  const number = words('(2)', right - 15, 252, 10, { fontName: 'ABCDEF+LiberationSerif' });
  const rules: RuleLine[] = [{ x0: 277, y0: 256, x1: 290, y1: 256 }];
  const md = layoutPageToMarkdown(page([...prose(150, 6), ...eq, ...number, ...prose(300, 4)], { rules }), createLayoutContext());
  assert.match(md, /^\$x=\\frac\{a\}\{b\}\+\\sum_\{k=1\}\^\{N\}y_\{k\}\$ \(2\)$/m, md);
  const paras = md.split('\n\n').filter((p) => p.includes('body text'));
  assert.deepEqual(paras.map((p) => p.split(LINE).length - 1), [6, 4], md);
});

test('a prose line holding a little math is never a formula', () => {
  const line = [...words('where the value of', 72, 200, 10, { fontName: 'ABCDEF+LiberationSerif' }), g('x', 170, 208, 10), g('i', 176, 210, 7), g('=', 184, 208, 10, RM), g('y', 196, 208, 10), ...words('is taken from the table', 210, 200, 10, { fontName: 'ABCDEF+LiberationSerif' })];
  const md = layoutPageToMarkdown(page([...prose(150, 3), ...line, ...prose(214, 3)]), createLayoutContext());
  assert.ok(!md.includes('$'), md);
  assert.match(md, /where the value of/, md);
});

test("a script wholly left of a ∑ is the preceding letter's, not the ∑'s upper limit", () => {
  // P ≥ m^{n+1} · ∑_{j=1}^{K} T_j: the superscript's "+1" reaches within an em of the ∑, on a
  // line nearer to it than its own upper limit K.
  const runs = [
    g('P', 100, 300), g('≥', 112, 300, 12, RM), g('m', 126, 300), g('n', 136, 295, 8.5), g('+', 141, 295, 8.5, RM), g('1', 146, 295, 8.5, RM),
    // mathptmx's ∑ from the Symbol font: set large, its box shorter than its size.
    g('∑', 160, 303, 17, 'ABCDEF+StandardSymL', 12.6), g('K', 163, 282, 8.5), g('j', 159, 316, 8.5), g('=', 164, 316, 8.5, RM), g('1', 169, 316, 8.5, RM),
    g('T', 180, 300), g('j', 187, 301.5, 8.5),
  ];
  assert.equal(equationLatex(runs, []), 'P\\geq m^{n+1}\\sum_{j=1}^{K}T_{j}');
});

test('an equation number half an em clear of a display filling its line is still its number', () => {
  // A display as wide as the column: TeX shrinks its glue to keep "(8)" on the line, 0.7 em off.
  const right = (() => {
    const last = words(LINE, 72, 0).at(-1)!;
    return last.x + last.width;
  })();
  const eq = [g('x', right - 91, 260), g('=', right - 79, 260, 12, RM), g('a', right - 61, 250), g('b', right - 61, 272), g('+', right - 47, 260, 12, RM), g('y', right - 41, 260), g('w', right - 33.7, 260)];
  // "(8)" on the display's baseline, flush right, 8.5 pt after the last glyph.
  const number = words('(8)', right - 18, 260 - 9.6, 12, { fontName: 'ABCDEF+LiberationSerif' });
  const rules: RuleLine[] = [{ x0: right - 64, y0: 256, x1: right - 51, y1: 256 }];
  const md = layoutPageToMarkdown(page([...prose(150, 6), ...eq, ...number, ...prose(300, 4)], { rules }), createLayoutContext());
  assert.match(md, /^\$x=\\frac\{a\}\{b\}\+yw\$ \(8\)$/m, md);
});

test("an align's short first row and the tall fraction row under it are one aligned display, whichever is grown first", () => {
  // c = 4aLX over φ = (p+b)/Φ + x/y, the second numerator set high: the first row's reach ends
  // short of both numerators (the first more than an em under it, the second right of it), but
  // the fraction row's reach takes the first row in.
  const row1 = [g('c', 250, 240), g('=', 262, 240, 12, RM), g('4', 278, 240, 12, RM), g('a', 286, 240), g('L', 294, 240), g('X', 302, 240)];
  const row2 = [
    g('φ', 250, 280), g('=', 262, 280, 12, RM),
    g('p', 285, 270), g('+', 295, 270, 12, RM), g('b', 307, 270), g('Φ', 295, 292, 12, RM),
    g('+', 322, 280, 12, RM), g('x', 345, 262), g('y', 345, 292),
  ];
  const rules: RuleLine[] = [
    { x0: 283, y0: 276, x1: 316, y1: 276 },
    { x0: 343, y0: 276, x1: 356, y1: 276 },
  ];
  const md = layoutPageToMarkdown(page([...prose(150, 6), ...row1, ...row2, ...prose(320, 4)], { rules }), createLayoutContext());
  assert.match(md, /^\$\\begin\{aligned\}c&=4aLX\\\\φ&=\\frac\{p\+b\}\{Φ\}\+\\frac\{x\}\{y\}\\end\{aligned\}\$$/m, md);
});

test('an equation number in the body face is the number even where a display too wide for its line runs into it', () => {
  // KaTeX does not shrink a display to keep its \tag clear: "(3)" set over N's last superscript.
  const right = (() => {
    const last = words(LINE, 72, 0).at(-1)!;
    return last.x + last.width;
  })();
  const eq = [
    g('x', right - 90, 260), g('=', right - 78, 260, 12, RM), g('a', right - 60, 250), g('b', right - 60, 272), g('−', right - 46, 260, 12, RM),
    g('N', right - 34, 260), g('i', right - 26.8, 263, 8.5), g('i', right - 26.8, 254, 8.5), g('+', right - 21.7, 254, 8.5, RM), g('1', right - 16.6, 254, 8.5, RM),
  ];
  const number = words('(3)', right - 18, 260 - 9.6, 12, { fontName: 'ABCDEF+LiberationSerif' });
  const rules: RuleLine[] = [{ x0: right - 63, y0: 256, x1: right - 50, y1: 256 }];
  const md = layoutPageToMarkdown(page([...prose(150, 6), ...eq, ...number, ...prose(300, 4)], { rules }), createLayoutContext());
  assert.match(md, /^\$x=\\frac\{a\}\{b\}-N_\{i\}\^\{i\+1\}\$ \(3\)$/m, md);
});

test("an aligned row opening with its relation under the rows above joins them across a tag pushed between; each row's number goes with the block", () => {
  // μ = X / = V + W + … (too wide: its "(10)" goes onto the next line) / ≥ c: the third row
  // starts 2.3 em under the second, further than any other piece reaches, its ≥ under the =.
  const right = (() => {
    const last = words(LINE, 72, 0).at(-1)!;
    return last.x + last.width;
  })();
  const row2 = [g('=', 112, 218, 12, RM)];
  for (let x = 130; x < right - 12; x += 24) row2.push(g('V', x, 218), g('+', x + 12, 218, 12, RM));
  row2.push(g('W', right - 8, 218));
  const eq = [g('μ', 100, 200), g('=', 112, 200, 12, RM), g('X', 130, 200), ...row2, g('≥', 112, 260, 12, RM), g('c', 130, 260)];
  const tag = (t: string, b: number) => words(t, right - 10 * t.length * 0.5 - 5, b - 9.6, 12, { fontName: 'ABCDEF+LiberationSerif' });
  const md = layoutPageToMarkdown(page([...prose(100, 6), ...eq, ...tag('(9)', 200), ...tag('(10)', 238), ...tag('(11)', 260), ...prose(290, 4)]), createLayoutContext());
  assert.match(md, /^\$\\begin\{aligned\}μ&=X\\\\&=V\+V.*\+W\\\\&\\geq c\\end\{aligned\}\$ \(9\) \(10\) \(11\)$/m, md);
});

test("a script on the line of a ∑'s upper limit but an em off it is the preceding glyph's", () => {
  // (a+b)^3 ∑_{i=1}^{N} z_i: KaTeX sets the 3 on \right) at the height of the limit N.
  const runs = [
    g('(', 100, 300, 12, SIZE2, 24), g('a', 110, 300), g('+', 120, 300, 12, RM), g('b', 130, 300), g(')', 138, 300, 12, SIZE2, 24), g('3', 146, 283, 8.5, RM),
    g('∑', 158, 300, 12, SIZE2, 24), g('N', 162, 283, 8.5), g('i', 158, 316, 8.5), g('=', 163, 316, 8.5, RM), g('1', 168, 316, 8.5, RM),
    g('z', 180, 300), g('i', 187, 301.5, 8.5),
  ];
  assert.equal(equationLatex(runs, []), '\\left(a+b\\right)^{3}\\sum_{i=1}^{N}z_{i}');
});
