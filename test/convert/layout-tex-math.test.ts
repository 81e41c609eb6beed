// Display equations as pdfTeX sets them (issue 9): Computer Modern's extension font read back
// from its raw codes, glyphs that hang from their baseline (∑, tall delimiters, radicals),
// delimiters built of pieces, matrices and cases, accents over letters, and the \Bigg
// parenthesis pdf.js drops. Glyphs are generated here with TeX's metrics (cmex10.afm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { equationLatex, type MathBar } from '../../src/convert/layout/math-layout.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';
import { page, words } from './fixtures/runs.js';
import { cmexInk, cmexIsRaw, cmexNamedInk, cmexPieces, cmexPiecesInk, cmexText, cmsyInk, cmexGlyphs } from '../../src/convert/pdf/cmex.js';

const MI = 'ABCDEF+CMMI10';
const RM = 'ABCDEF+CMR10';
const SY = 'ABCDEF+CMSY10';
const EX = 'ABCDEF+CMEX10';

/** A glyph set on baseline b: its box the font's ascent and descent, 0.6 em a character. */
function g(text: string, x: number, b: number, size = 10, font = MI): TextRun {
  return { text, x, y: b - 0.75 * size, width: 0.6 * size * [...text].length, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: b, fontName: font };
}

/** A glyph hanging from its baseline `top` (TeX's extension font): `depth` ems of ink under it. */
function hung(text: string, x: number, top: number, depth: number, size = 10, width = 0.8 * size): TextRun {
  return { text, x, y: top - 0.04 * size, width, height: (0.04 + depth) * size, fontSize: size, bold: false, italic: false, monospace: false, baseline: top, fontName: EX };
}
const bar = (x0: number, x1: number, y: number): MathBar => ({ x0, x1, y });

test('cmex raw codes read as the glyphs they draw; a font with a ToUnicode map is left alone', () => {
  assert.equal(cmexText('X'), '∑');
  assert.equal(cmexText('Y'), '∏');
  assert.equal(cmexText('Z'), '∫');
  assert.equal(cmexText('\u0012'), '(');
  assert.equal(cmexText('\u0013'), ')');
  assert.equal(cmexText('\uf8eb'), '⎛'); // parenlefttp, given Adobe's private-use code
  assert.equal(cmexText(' ', true), '(');
  assert.equal(cmexText(' '), ' ');
  assert.ok(cmexIsRaw(['X', '\u0012']));
  assert.ok(cmexIsRaw(['Z', '\uf8ee']));
  assert.ok(!cmexIsRaw(['∑', '(']));
  assert.ok(!cmexIsRaw(['(', ')']));
  assert.deepEqual(cmexInk('X'), { above: 0, below: 1.4 });
  // A font pdf.js reads by glyph names (∑ read right) still gives pieces private-use codes.
  assert.equal(cmexPieces('\uf8ee\uf8ef∑'), '⎡⎢∑');
  assert.deepEqual(cmexPiecesInk('\uf8ef'), { above: 0, below: 0.6 });
  assert.equal(cmexPiecesInk('∑'), null);
  // A sized delimiter read by its name is told by its width: \\bigg[ is 0.528 em wide, 2.4 em deep.
  assert.deepEqual(cmexNamedInk('[', 0.528), { above: 0.04, below: 2.35 });
  assert.deepEqual(cmexNamedInk('∑', 1.444), { above: 0, below: 1.4 });
  assert.equal(cmexNamedInk('[', 0.7), null);
  assert.deepEqual(cmsyInk('ABCDEF+CMSY10', '√'), { above: 0.04, below: 0.96 });
  assert.equal(cmsyInk('ABCDEF+CMR10', '√'), null);
});

test('a display ∑ hanging from its baseline takes its limits over and under it', () => {
  // x̄ = ∑_{i=1}^{n} y_i: TeX hangs the 1.4 em ∑ from a baseline near its top.
  const runs = [g('x', 100, 300), g('=', 112, 300, 10, RM), hung('∑', 128, 291.5, 1.4, 10, 14.4), g('n', 133, 289, 7), g('i', 129, 313, 7), g('=', 132, 313, 7, RM), g('1', 137, 313, 7, RM), g('y', 146, 300), g('i', 151, 301.5, 7)];
  assert.equal(equationLatex(runs, []), 'x=\\sum_{i=1}^{n}y_{i}');
});

test('a column vector between stacked parenthesis pieces is a pmatrix, a bracketed grid a bmatrix', () => {
  // v = (a; b; c): ⎛ ⎜ ⎝ over each other on the left, ⎞ ⎟ ⎠ on the right, rows 12 pt apart.
  const left = [hung('⎛', 120, 283, 1.77), hung('⎜', 120, 300.7, 0.6), hung('⎝', 120, 306.7, 1.75)];
  const right = [hung('⎞', 140, 283, 1.77), hung('⎟', 140, 300.7, 0.6), hung('⎠', 140, 306.7, 1.75)];
  const vector = [g('v', 100, 303), g('=', 110, 303, 10, RM), ...left, g('a', 130, 291), g('b', 130, 303), g('c', 130, 315), ...right];
  assert.equal(equationLatex(vector, []), 'v=\\begin{pmatrix}a\\\\b\\\\c\\end{pmatrix}');
  // M = [1 x; 0 y] with single \bigg brackets (2.4 em).
  const grid = [g('M', 100, 303), g('=', 110, 303, 10, RM), hung('[', 120, 285, 2.35), g('1', 130, 297, 10, RM), g('x', 150, 297), g('0', 130, 309, 10, RM), g('y', 150, 309), hung(']', 160, 285, 2.35)];
  assert.equal(equationLatex(grid, []), 'M=\\begin{bmatrix}1&x\\\\0&y\\end{bmatrix}');
});

test('a column of dots stacked in a matrix cell is \\vdots', () => {
  const dots = [g('.', 130, 300), g('.', 130, 303.5), g('.', 130, 307)].map((r) => ({ ...r, width: 2.8 }));
  const runs = [g('z', 100, 303), g('=', 110, 303, 10, RM), hung('[', 120, 281, 3.6), g('a', 129, 289), ...dots, g('b', 129, 313), hung(']', 140, 281, 3.6)];
  assert.equal(equationLatex(runs, []), 'z=\\begin{bmatrix}a\\\\\\vdots\\\\b\\end{bmatrix}');
});

test('a tall brace with rows of a value and a condition after it is cases', () => {
  const runs = [g('f', 100, 303), g('=', 110, 303, 10, RM), hung('{', 120, 285, 2.35), g('a', 130, 297), g('x', 160, 297), g('<', 168, 297, 10, MI), g('0', 178, 297, 10, RM), g('b', 130, 309), g('x', 160, 309), g('≥', 168, 309, 10, SY), g('0', 178, 309, 10, RM)];
  assert.equal(equationLatex(runs, []), 'f=\\begin{cases}a&x<0\\\\b&x\\geq0\\end{cases}');
});

test("cases keep a radical's overbar with its own row and a subscript that hangs below the brace", () => {
  // f = { a, x<0 ; √b, 0≤x<1 ; c/g_k, x≥1 }, rows 12-15 pt apart: the radical's overbar stands
  // nearer the first row's baseline than its own, and g's subscript reaches under the brace.
  const sign: TextRun = { ...g('√', 128, 292), y: 291.6, height: 10, fontName: SY };
  const runs = [
    g('f', 100, 302), g('=', 110, 302, 10, RM), hung('{', 120, 279, 4.1),
    g('a', 130, 289), g('x', 160, 289), g('<', 168, 289, 10, MI), g('0', 178, 289, 10, RM),
    sign, g('b', 138, 301), g('0', 160, 301, 10, RM), g('≤', 168, 301, 10, SY), g('x', 178, 301), g('<', 186, 301, 10, MI), g('1', 196, 301, 10, RM),
    g('c', 131, 310), g('g', 130, 321), g('k', 136, 323.5, 7), g('x', 160, 316), g('≥', 168, 316, 10, SY), g('1', 178, 316, 10, RM),
  ];
  assert.equal(equationLatex(runs, [bar(136, 146, 292), bar(129, 141, 314)]), 'f=\\begin{cases}a&x<0\\\\\\sqrt{b}&0\\leq x<1\\\\\\frac{c}{g_{k}}&x\\geq1\\end{cases}');
});

test("in cases, a script set high on a row's closing \\Big parenthesis stays in that row; a glyph under the row above is no script of it", () => {
  // u = { a, x<3 ; (b+c)^3, x≥3 }: the 3 on the tall `)` is nearer the first row's baseline.
  // v = (0 λ; d −P^{-1}): the −1 starts where λ ends, 0.75 em under λ's baseline, on P.
  const cases = [
    g('u', 100, 301), g('=', 110, 301, 10, RM), hung('{', 120, 276, 3.0),
    g('a', 130, 286), g('x', 190, 286), g('<', 198, 286, 10, MI), g('3', 208, 286, 10, RM),
    hung('(', 130, 289, 1.8), g('b', 138, 301), g('+', 146, 301, 10, RM), g('c', 156, 301), hung(')', 162, 289, 1.8), g('3', 170, 292.5, 7, RM),
    g('x', 190, 301), g('≥', 198, 301, 10, SY), g('3', 208, 301, 10, RM),
  ];
  assert.equal(equationLatex(cases, []), 'u=\\begin{cases}a&x<3\\\\\\left(b+c\\right)^{3}&x\\geq3\\end{cases}');
  const matrix = [
    g('v', 100, 303), g('=', 110, 303, 10, RM), hung('(', 120, 285, 2.35),
    g('0', 130, 297, 10, RM), g('λ', 154.5, 297), g('d', 130, 309), g('−', 144, 309, 10, SY), g('P', 152, 309), g('−', 160, 304.5, 7, SY), g('1', 164.2, 304.5, 7, RM),
    hung(')', 170, 285, 2.35),
  ];
  assert.equal(equationLatex(matrix, []), 'v=\\begin{pmatrix}0&λ\\\\d&-P^{-1}\\end{pmatrix}');
});

test('a tall parenthesis around a fraction stays \\left( \\right), not a matrix', () => {
  const runs = [g('y', 100, 303), g('=', 110, 303, 10, RM), hung('(', 120, 288, 2.35), g('a', 132, 295), g('b', 132, 313), g('+', 142, 303, 10, RM), g('c', 152, 303), hung(')', 160, 288, 2.35)];
  assert.equal(equationLatex(runs, [bar(130, 139, 300)]), 'y=\\left(\\frac{a}{b}+c\\right)');
});

test('an accent over a letter is \\bar or \\hat of it, its scripts after', () => {
  const runs = [g('x', 100, 300), g('¯', 101, 300, 10, RM), g('i', 106, 301.5, 7), g('=', 115, 300, 10, RM), g('k', 130, 300), g('ˆ', 131, 297.4, 10, RM)];
  assert.equal(equationLatex(runs, []), '\\bar{x}_{i}=\\hat{k}');
});

test('a \\Bigg parenthesis pdf.js dropped is put back where its white strip is', () => {
  // y = a − (∑ b) c with the opening code-0x20 parenthesis missing from the text.
  const runs = [g('y', 100, 300), g('=', 110, 300, 10, RM), g('a', 124, 300), g('−', 132, 300, 10, SY), hung('∑', 152, 291.5, 1.4, 10, 14.4), g('b', 170, 300), hung(')', 178, 285, 2.96), g('c', 190, 300)];
  assert.equal(equationLatex(runs, []), 'y=a-\\left(\\sum b\\right)c');
});

test('two \\Bigg parentheses pdf.js dropped are put back each in a strip of its own', () => {
  // h ≈ (a − b) · c × (d − e): both openings missing; the widest strip (after ≈) holds the first,
  // and the first pair's hung `)` is ink between the second's strip and it.
  const runs = [
    g('h', 100, 300), g('≈', 110, 300, 10, SY),
    g('a', 140, 300), g('−', 148, 300, 10, SY), g('b', 158, 300), hung(')', 166, 285, 2.96),
    g('·', 178, 300, 10, SY), g('c', 186, 300), g('×', 194, 300, 10, SY),
    g('d', 212, 300), g('−', 220, 300, 10, SY), g('e', 230, 300), hung(')', 238, 285, 2.96),
  ];
  assert.equal(equationLatex(runs, []), 'h\\approx\\left(a-b\\right)\\cdot c\\times\\left(d-e\\right)');
});

test('a cmsy radical hanging under its overbar is the root sign of what the bar covers', () => {
  const sign: TextRun = { ...g('√', 120, 291), y: 290.6, height: 10, fontName: SY };
  const runs = [g('r', 100, 300), g('=', 110, 300, 10, RM), sign, g('x', 130, 300), g('+', 138, 300, 10, RM), g('1', 148, 300, 10, RM)];
  assert.equal(equationLatex(runs, [bar(128, 155, 291)]), 'r=\\sqrt{x+1}');
});

test('upright letters spelling operator names are \\log, \\arg\\min (a limit under min is its subscript); other letters stay letters', () => {
  const runs = [g('y', 100, 300), g('=', 110, 300, 10, RM), g('arg', 124, 300, 10, RM), { ...g('min', 147, 300, 10, RM), width: 16 }, g('θ', 152, 307, 7), g('q', 168, 300), g('log', 176, 300, 10, RM), g('(', 194, 300, 10, RM), g('x', 200, 300), g(')', 206, 300, 10, RM)];
  assert.equal(equationLatex(runs, []), 'y=\\arg\\min_{θ}q\\log(x)');
  const product = [g('y', 100, 300), g('=', 110, 300, 10, RM), g('ab', 124, 300)];
  assert.equal(equationLatex(product, []), 'y=ab');
});

test('a combining accent over a letter is an accent too', () => {
  const runs = [g('\u0302', 100, 297), g('θ', 100, 300), g('=', 112, 300, 10, RM), g('\u0303', 124, 297, 10, RM), g('u', 124, 300)];
  assert.equal(equationLatex(runs, []), '\\hat{θ}=\\tilde{u}');
});

test('cmex: raw codes given as one item are glyphs of their own, each with its advance and ink', () => {
  // pdf.js gave a cases brace (\Bigg, 0x28) and a text-style product (0x51) beside it as "(Q".
  const glyphs = cmexGlyphs('(Q');
  assert.deepEqual(glyphs?.map((g) => g.text), ['{', '∏']);
  assert.deepEqual(glyphs?.map((g) => g.advance), [0.805, 0.944]);
  // The brace reaches three ems under its baseline, the product one: each keeps its own box.
  assert.ok(glyphs![0].ink.below > 2.5 && glyphs![1].ink.below <= 1.0, JSON.stringify(glyphs));
  assert.equal(cmexGlyphs('( Q'), null);
});

test("a matrix's closing pieces and the next matrix's opening ones, one segment without letters, stay in the display", () => {
  // A = [a b; c d; g h][e; f; k]: each bracket a top and a bottom piece; "⎤ ⎡ ⎤" is one line of
  // pieces, which a dot-leader filter must not take for a rule drawn with characters.
  const top = 236.8;
  const low = 254.7;
  const pieces = (x: number, t: string, b: string) => [hung(t, x, top, 1.75, 10, 6.7), hung(b, x, low, 1.75, 10, 6.7)];
  const rows = [244.6, 256.9, 268.9];
  const eq = [
    g('A', 120, 256.8), g('=', 130, 256.8, 10, RM), ...pieces(140, '⎡', '⎣'),
    ...(['a', 'c', 'g'] as const).map((t, i) => g(t, 150, rows[i])), ...(['b', 'd', 'h'] as const).map((t, i) => g(t, 168, rows[i])),
    ...pieces(178, '⎤', '⎦'), ...pieces(185.3, '⎡', '⎣'),
    ...(['e', 'f', 'k'] as const).map((t, i) => g(t, 192, rows[i])), ...pieces(197, '⎤', '⎦'),
  ];
  const prose = (y0: number, n: number): TextRun[] =>
    Array.from({ length: n }, (_, i) => words('a line of body text that runs across the whole column to its right margin', 72, y0 + i * 12, 10, { fontName: 'ABCDEF+CMR10' })).flat();
  const md = layoutPageToMarkdown(page([...prose(150, 6), ...eq, ...prose(290, 4)]), createLayoutContext());
  assert.match(md, /^\$A=\\begin\{bmatrix\}a&b\\\\c&d\\\\g&h\\end\{bmatrix\}\\begin\{bmatrix\}e\\\\f\\\\k\\end\{bmatrix\}\$$/m, md);
});

test("mathptmx's \\epsilon, Symbol's epsilon, is ϵ in a formula; cmmi's \\varepsilon stays ε", () => {
  const sym = 'ABCDEF+StandardSymL-Slant_167';
  const runs = [g('ε', 100, 300, 10, sym), g('<', 110, 300, 10, MI), g('ε', 122, 300, 10, 'ABCDEF+CMMI10'), g('2', 128, 302, 7, RM)];
  assert.equal(equationLatex(runs, []), 'ϵ<ε_{2}');
});

test('cases: the strip a dropped \\Bigg parenthesis left inside a value does not part value from condition', () => {
  // f = { a, x<0 ; b ± (c + d)  x≥0 } with the `(` dropped: its strip (1.6 em) is wider than the
  // quad before the condition (1 em), but a cut there would part the `)` from it.
  const runs = [
    g('f', 100, 303), g('=', 110, 303, 10, RM), hung('{', 120, 276, 5.2),
    g('a', 130, 292), g('x', 200, 292), g('<', 208, 292, 10, MI), g('0', 218, 292, 10, RM),
    g('b', 130, 314), g('±', 138, 314, 10, SY), g('c', 160, 314), g('+', 168, 314, 10, RM), g('d', 176, 314), hung(')', 182, 297, 2.96),
    g('x', 200, 314), g('≥', 208, 314, 10, SY), g('0', 218, 314, 10, RM),
  ];
  assert.equal(equationLatex(runs, []), 'f=\\begin{cases}a&x<0\\\\b\\pm\\left(c+d\\right)&x\\geq0\\end{cases}');
});

test('a column of cmex bar extenders is one tall bar; two of them around an expression are \\left| \\right|', () => {
  // |∫ f dx|^{1/p}: each bar five ∣ pieces (vextendsingle, 0.6 em apart, each a full em tall).
  const bar5 = (x: number) => [0, 6, 12, 18, 24].map((d) => ({ ...hung('∣', x, 286 + d, 0.96, 10, 3.3), text: '∣' }));
  const runs = [...bar5(100), hung('∫', 104, 291, 2.2, 10, 5.5), g('f', 112, 303), g('d', 120, 303), g('x', 126, 303), ...bar5(133), g('p', 137, 290, 7)];
  assert.equal(equationLatex(runs, []), '\\left|\\int fdx\\right|^{p}');
});
