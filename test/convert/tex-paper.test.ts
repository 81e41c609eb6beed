// A paper's page set by pdflatex (issue 9), the producer of arXiv PDFs: Computer Modern Type 1
// fonts, big operators and delimiters from cmex (some drawn with codes pdf.js misreads or
// drops), amsmath's align, pmatrix and cases, equation numbers at the right margin. The source
// is written here. Skipped where pdflatex is not installed, but not in CI (.ci/run installs
// TeX Live's base packages; DOCCONV_CI=1 makes a missing tool a failure).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { compileLatex, pdflatexAvailable } from '../../eval/synthetic/tex/pdflatex.js';

after(() => shutdownConvertPool());

const skip = pdflatexAvailable() || process.env.DOCCONV_CI ? false : 'pdflatex is not installed';

const PAGE = String.raw`\documentclass[11pt]{article}
\usepackage{amsmath}
\pagestyle{empty}
\begin{document}
\section{Estimates}
The model has a parameter $\theta$ for every group, and the mean over the sample is
\begin{equation}
\bar{y} = \frac{1}{n} \sum_{i=1}^{n} y_{i}
\end{equation}
where each value is weighted equally. The covariance of the design is
\begin{equation}
\Sigma = \begin{pmatrix} a & b \\ c & d \end{pmatrix} \left( \sum_{k=1}^{K} w_{k} - 1 \right)
\end{equation}
and the steps of the derivation are
\begin{align}
f(x) &= \int_{0}^{1} g(t) dt \\
&\leq \sqrt{x + 1}
\end{align}
with a penalty defined by cases as
\begin{equation*}
h(x) = \begin{cases} x^{2} & x \geq 0 \\ 0 & x < 0 \end{cases}
\end{equation*}
so that nothing else is needed in the following section.
\end{document}
`;

test('pdflatex: sums with limits, a matrix beside a \\Bigg parenthesis, aligned rows and cases read as LaTeX, prose kept in order', { skip }, async () => {
  const { pages } = await parseDocument(await compileLatex(PAGE), { pageTimeoutS: 60 });
  const md = pages.join('\n');
  assert.match(md, /\$\\bar\{y\}=\\frac\{1\}\{n\}\\sum_\{i=1\}\^\{n\}y_\{i\}\$ \(1\)/, md);
  assert.match(md, /\\begin\{pmatrix\}a&b\\\\c&d\\end\{pmatrix\}\\left\(\\sum_\{k=1\}\^\{K\}w_\{k\}-1\\right\)\$ \(2\)/, md);
  assert.match(md, /\\begin\{aligned\}f\(x\)&=\\int_\{0\}\^\{1\}g\(t\)dt\\\\&\\leq\\sqrt\{x\+1\}\\end\{aligned\}\$ \(3\) \(4\)/, md);
  assert.match(md, /h\(x\)=\\begin\{cases\}x\^\{2\}&x\\geq0\\\\0&x<0\\end\{cases\}\$/, md);
  assert.match(md, /^## 1 Estimates$/m, md);
  const prose = ['The model has a parameter', 'where each value is weighted equally', 'and the steps of the derivation are', 'with a penalty defined by cases as', 'so that nothing else is needed'];
  const at = prose.map((p) => md.indexOf(p));
  assert.ok(at.every((i) => i >= 0), md);
  assert.deepEqual([...at].sort((a, b) => a - b), at, md);
});

/** Prose enough to fill most of a page: numbered words, so none is a cue of anything. */
const prose = (n: number): string => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ') + '.';

test('pdflatex: a page dense with prose keeps the rules of its fraction bars and radicals (no full reading otherwise); an operator name is no prose word', { skip }, async () => {
  const body = `${prose(180)}\n\\begin{equation}\ny = \\frac{a + b}{c - d} + \\sqrt{x + 1} - \\log (z)\n\\end{equation}\n${prose(180)}\n`;
  const src = `\\documentclass[11pt]{article}\n\\usepackage{amsmath}\n\\pagestyle{empty}\n\\begin{document}\n${body}\\end{document}\n`;
  const { pages } = await parseDocument(await compileLatex(src), { pageTimeoutS: 60 });
  assert.match(pages[0], /\$y=\\frac\{a\+b\}\{c-d\}\+\\sqrt\{x\+1\}-\\log\(z\)\$ \(1\)/, pages[0]);
});

// A two-column paper (issue 9): LaTeX sets a section title justified, its number a quad before
// it, a long title wrapping under its first word; a line stretched to the column's edge then
// stands 10 pt from the next column's first line, less than a wide gap in the title's type. A
// display as wide as its column gets its number on a line of its own below it (amsmath), beside
// the next column's lines.
const VOCABULARY = 'the model of each group has a parameter whose estimate converges slowly when samples are small and noisy so we weight them by their variance before pooling'.split(' ');
/** Running text of `n` words of varied length (no two lines line up in columns), in sentences. */
const text = (n: number, from = 0): string => Array.from({ length: n }, (_, i) => VOCABULARY[(from + i * 7) % VOCABULARY.length] + ((i + 1) % 12 === 0 ? '.' : '')).join(' ') + '.';

const TWO_COLUMNS = String.raw`\documentclass[twocolumn,10pt]{article}
\usepackage{amsmath}
\pagestyle{empty}
\begin{document}
\section{Process Example Current Border Course}
First ${text(60)}
\begin{equation}
h(x) = \frac{m^{3} \tau p^{m+1}}{a m^{3} F^{3} + P_{t}^{2} \sigma_{i}^{k}} \cdot f_{3}^{3} S_{j} + \frac{7 m_{k} m^{m+1} + N^{2}}{U} - k_{j}^{2}
\end{equation}
where level whole thing great budget number might against might large final higher example.

\section{Market Course Those Most Human Stories}
Second ${text(300, 3)}

Third ${text(300, 5)}

Fourth ${text(200, 1)}
\end{document}
`;

test('pdflatex: two columns: a wrapped numbered title justified to the gutter is one heading, apart from the next column; a display number set below it stays with it', { skip }, async () => {
  const { pages } = await parseDocument(await compileLatex(TWO_COLUMNS), { pageTimeoutS: 60 });
  const md = pages[0];
  assert.match(md, /^## 1 Process Example Current Border Course$/m, md);
  assert.match(md, /^## 2 Market Course Those Most Human Stories$/m, md);
  assert.match(md, /-k_\{j\}\^\{2\}\$ \(1\)$/m, md);
  assert.match(md, /^where level whole thing/m, md);
  const at = ['## 1 Process', '\nFirst ', '$ (1)', '\nwhere level', '## 2 Market', '\nSecond ', '\nThird '].map((p) => md.indexOf(p));
  assert.ok(at.every((i) => i >= 0), md);
  assert.deepEqual([...at].sort((a, b) => a - b), at, md);
});

// A paper in Times (issue 9): mathptmx sets a formula's letters in Times Italic (URW's
// NimbusRomNo9L-ReguItal), its Greek and big operators in Symbol, "=" and digits in the roman,
// so it has no TeX math italic to tell its displays by; \phi comes from Symbol's straight "phi".
const TIMES_PAPER = String.raw`\documentclass[11pt]{article}
\usepackage{amsmath}
\usepackage{mathptmx}
\pagestyle{empty}
\begin{document}
\section{Estimates}
The mean of the sample is taken over every group, and each value counts the same in it so that
\begin{equation}
\bar{m} = \frac{1}{N} \sum_{k=1}^{N} X_{k}
\end{equation}
where the weights $\phi_{k}$ add up to one, as the variance below shows for each of them:
\begin{equation}
V = \sum_{k=1}^{N} \phi_{k} \left( X_{k} - \bar{m} \right)^{2}
\end{equation}
and nothing else is needed.
\end{document}
`;

test('pdflatex with mathptmx: displays set in Times Italic and Symbol read as LaTeX; \\phi as drawn', { skip }, async () => {
  const { pages } = await parseDocument(await compileLatex(TIMES_PAPER), { pageTimeoutS: 60 });
  const md = pages[0];
  assert.match(md, /^\$\\bar\{m\}=\\frac\{1\}\{N\}\\sum_\{k=1\}\^\{N\}X_\{k\}\$ \(1\)$/m, md);
  assert.match(md, /^\$V=\\sum_\{k=1\}\^\{N\}\u03d5_\{k\}/m, md);
  assert.match(md, /^where the weights/m, md);
});

/** An 11 pt article page: a sentence, `body` (displays and the prose between them), no page number. */
const displaysPage = (body: string): string => String.raw`\documentclass[11pt]{article}
\usepackage{amsmath}
\pagestyle{empty}
\begin{document}
The value of each term depends on the sign of its argument, and it is given by the rule
${body}
\end{document}
`;

test('pdflatex: in cases, an integral hanging from its baseline stays in its row, and a sum\'s limits set beside it (text style) are its scripts; a superscript minus (CMSY8 subset of one glyph) stays in its exponent', { skip }, async () => {
  const src = displaysPage(String.raw`\begin{equation}
u(n) = \begin{cases} u_{m} y^{m+1} - \int_{-1}^{T} x^{3} dx & n < 0 \\ H_{m} c d_{k} & 0 \leq n < 8 \\ \sum_{j=1}^{K} \Gamma_{j} & n \geq 8 \end{cases}
\end{equation}
for every step of the recursion, and the bound
\begin{equation}
T \leq \sigma^{-1} n^{3} + P_{n}^{-1} g^{k+1}
\end{equation}
holds for each of them.`);
  const { pages } = await parseDocument(await compileLatex(src), { pageTimeoutS: 60 });
  assert.match(pages[0], /\$u\(n\)=\\begin\{cases\}u_\{m\}y\^\{m\+1\}-\\int_\{-1\}\^\{T\}x\^\{3\}dx&n<0\\\\H_\{m\}cd_\{k\}&0\\leq n<8\\\\\\sum_\{j=1\}\^\{K\}Γ_\{j\}&n\\geq8\\end\{cases\}\$ \(1\)/, pages[0]);
  assert.match(pages[0], /\$T\\leq σ\^\{-1\}n\^\{3\}\+P_\{n\}\^\{-1\}g\^\{k\+1\}\$ \(2\)/, pages[0]);
});

test('pdflatex: a two-row cases brace (a \\Bigg brace, read raw as "(") opens cases, and a radical over a cell\'s numerator stays a root', { skip }, async () => {
  const src = displaysPage(String.raw`\begin{equation}
u(x) = \begin{cases} \frac{\sqrt{Z^{m+1} L_{mm}}}{G_{t} M} & x \geq 3 \\ H^{n+1} q^{4} & x < 3 \end{cases}
\end{equation}
for every step of the recursion.`);
  const { pages } = await parseDocument(await compileLatex(src), { pageTimeoutS: 60 });
  assert.match(pages[0], /\$u\(x\)=\\begin\{cases\}\\frac\{\\sqrt\{Z\^\{m\+1\}L_\{mm\}\}\}\{G_\{t\}M\}&x\\geq3\\\\H\^\{n\+1\}q\^\{4\}&x<3\\end\{cases\}\$ \(1\)/, pages[0]);
});

