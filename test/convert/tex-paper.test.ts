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
