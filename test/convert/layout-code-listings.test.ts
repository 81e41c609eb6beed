// Code listings on pages that are mostly code (issue 9): a vignette's page of listings and their
// output keeps its listings as code when its sentences are set in a proportional face, and TeX's
// braces and backslashes, set from its symbol font inside typewriter text, stay in the listing,
// and a listing with a blank line in it is one listing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage, runDocumentPasses } from '../../src/convert/layout/index.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';

const MONO: Partial<TextRun> = { monospace: true, fontName: 'ABCDEF+CMTT10' };
const SYMBOL: Partial<TextRun> = { fontName: 'ABCDEF+CMSY10' };

/** A code line whose closing brace, if any, is a run in the symbol font. */
function codeLine(text: string, x: number, y: number): TextRun[] {
  const brace = text.endsWith('{') || text === '}';
  const body = text === '}' ? '' : brace ? text.slice(0, -1) : text;
  const runs = body ? words(body, x, y, 10, MONO) : [];
  const end = runs.length ? runs[runs.length - 1].x + runs[runs.length - 1].width : x;
  if (brace) runs.push(...words(text === '}' ? '}' : '{', end, y, 10, SYMBOL));
  return runs;
}

const LISTING = [
  'italic <- function(x){',
  '  paste0(x, "emph")',
  '}',
  'tbl <- ftable(cars$cyl, cars$vs, cars$am,',
  '  row.vars = c(2, 4))',
  'bold <- function(x){',
  '  paste0(x, "bfseries")',
  '}',
  '',
  'print(tbl, rotate.colnames = TRUE,',
  '  rotate.rownames = TRUE)',
  'xftbl <- xtableFtable(tbl, method = "row")',
  'print(xftbl, floating = FALSE)',
];

function render(prose: string[]): string {
  const runs: TextRun[] = [];
  prose.forEach((t, i) => runs.push(...words(t, 72, 72 + i * 12)));
  const top = 72 + prose.length * 12 + 14;
  LISTING.forEach((t, i) => {
    if (t === '') return;
    const indent = t.length - t.trimStart().length;
    runs.push(...codeLine(t.trim(), 72 + indent * 5, top + i * 12));
  });
  const ctx = createLayoutContext();
  return renderPageMarkdown(runDocumentPasses([layoutPage(page(runs), ctx)])[0]);
}

test('a page mostly of code keeps its listing when two lines of prose are set in a proportional face', () => {
  const md = render([
    'If special formatting is required for row and column labels, that can be',
    'done as a workaround by redefining the data and the labels that go with it.',
  ]);
  const fence = md.indexOf('```');
  assert.ok(fence > 0, md);
  const code = md.slice(fence);
  // Every line of the listing, closing braces included, inside the one fence, in order.
  let at = 0;
  for (const line of LISTING.filter((l) => l !== '')) {
    const found = code.indexOf(line.trim(), at);
    assert.ok(found >= at, `${line} missing or out of order in\n${md}`);
    at = found;
  }
  assert.equal(code.match(/```/g)?.length, 2, md);
  // The listing's blank line is kept inside it, not turned into a second listing.
  assert.ok(code.includes('}\n\nprint(tbl'), md);
});

test('a page set wholly in a fixed-width face (a typescript) has no code block', () => {
  const md = render(['Memo']);
  assert.ok(!md.includes('```'), md);
});

test('a single line of plain words in a fixed-width face is a typed value, not a listing; a one-line command is code', () => {
  const typed = [...words('Account holder', 72, 72), ...words('Kenji Tanaka', 72, 90, 10, MONO), ...words('Due date', 72, 130), ...words('04/26/1999', 72, 148, 10, MONO)];
  const md = renderPageMarkdown(runDocumentPasses([layoutPage(page(typed), createLayoutContext())])[0]);
  assert.ok(!md.includes('```'), md);
  assert.ok(md.includes('Kenji Tanaka') && md.includes('04/26/1999'), md);
  const command = [...words('Load the package first:', 72, 72), ...words('R> library(zoo)', 72, 90, 10, MONO)];
  assert.match(renderPageMarkdown(runDocumentPasses([layoutPage(page(command), createLayoutContext())])[0]), /```\nR> library\(zoo\)\n```/);
});

test('code: lines that all open with a typographic bullet are a list of commands, not a listing', () => {
  const runs: TextRun[] = [...words('Here are the commands you should know about for the title page of the screenplay.', 72, 100)];
  ['\\title{}', '\\author{}', '\\address{}', '\\coverpage'].forEach((cmd, i) => {
    runs.push(...words('•', 84, 130 + i * 12, 10, SYMBOL));
    runs.push(...words(cmd, 96, 130 + i * 12, 10, MONO));
  });
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.doesNotMatch(md, /```/, md);
  assert.match(md, /^- \\title\{\}$/m, md);
  assert.match(md, /^- \\coverpage$/m, md);
});

test('code: a sentence whose words at a line break are code names runs on; a listing after a colon stays code', () => {
  // Prose at 10 pt; the line before the break ends in code names and runs to the measure, the
  // line after it is wholly fixed-width, then prose again.
  const runs: TextRun[] = [...words('The match functions are described below in detail.', 72, 100)];
  const first = words('The second argument to select is a list of functions, each a tuple containing', 72, 112);
  const end = first[first.length - 1].x + first[first.length - 1].width + 2.5;
  runs.push(...first, ...words('{MatchHead,', end, 112, 10, MONO));
  runs.push(...words('MatchCondition, MatchBody}', 72, 124, 10, MONO));
  runs.push(...words('Each function is tried in turn until one matches.', 72, 136));
  const runOn = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.doesNotMatch(runOn, /```/, runOn);
  assert.match(runOn, /containing \{?MatchHead/, runOn);
  // A listing introduced by a colon is code, even when it is one line.
  const listing: TextRun[] = [...words('The code for matching out all female employees looks as follows, and more besides:', 72, 100)];
  listing.push(...words('Pat = #employee{sex = female, _ = \'_\'},', 72, 114, 10, MONO));
  listing.push(...words('Each function is tried in turn until one matches the object, and its body gives the result.', 72, 128));
  const code = renderPageMarkdown(layoutPage(page(listing), createLayoutContext()));
  assert.match(code, /```\nPat = #employee/, code);
});

test('code: a listing set smaller than the prose keeps its indentation in its own character width', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 6; i++) runs.push(...words('The pencil function below draws a pencil icon from rectangles and rounded rectangles.', 72, 80 + i * 12));
  const small = { ...MONO, fontName: 'Courier' };
  // 8 pt Courier advances 4.8 pt a character: the body is indented four characters, 19.2 pt.
  runs.push(...words('def pencil(canvas, text):', 72, 170, 8, small).map((r, i, all) => ({ ...r, x: 72 + all.slice(0, i).reduce((a, o) => a + o.text.length + 1, 0) * 4.8, width: r.text.length * 4.8 })));
  ['from units import inch', 'u = inch/10.0', 'canvas.setLineWidth(4)'].forEach((t, k) => {
    runs.push(...words(t, 91.2, 180 + k * 10, 8, small).map((r, i, all) => ({ ...r, x: 91.2 + all.slice(0, i).reduce((a, o) => a + o.text.length + 1, 0) * 4.8, width: r.text.length * 4.8 })));
  });
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /```\ndef pencil\(canvas, text\):\n {4}from units import inch\n {4}u = inch\/10\.0/, md);
});

test('code: a smaller listing in TeX\'s typewriter face (0.525 em a character) is measured, not taken as Courier', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 6; i++) runs.push(...words('The listing below is set in a smaller typewriter face than the text around it.', 72, 80 + i * 12));
  const adv = 0.525 * 8;
  const line = (t: string, col: number, y: number) => {
    let c = col;
    return words(t, 0, y, 8, MONO).map((r) => {
      const out = { ...r, x: 72 + c * adv, width: r.text.length * adv };
      c += r.text.length + 1;
      return out;
    });
  };
  runs.push(...line('\\begin{itemize}', 0, 170), ...line('\\item nested eight deep', 8, 180), ...line('\\end{itemize}', 0, 190));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /\n {8}\\item nested eight deep\n/, md);
});

test('code: a smaller listing whose runs hold spaces pdf.js inserted for narrow gaps is measured on its unspaced runs', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 6; i++) runs.push(...words('The listing below is set in a smaller typewriter face than the text around it.', 72, 80 + i * 12));
  // A TeX listing on a grid of 0.6 em at 9 pt (5.4 pt a column) draws no spaces: pdf.js puts one
  // into a run wherever a gap opens, 'add (a , b ) {' being 14 characters over 11 columns.
  const col = 0.6 * 9;
  const run = (text: string, x: number, y: number, columns: number): TextRun => ({ ...words(text, x, y, 9, MONO)[0], text, x, width: columns * col });
  runs.push(run('function', 72, 170, 8), run('add (a , b ) {', 72 + 9 * col, 170, 11));
  runs.push(run('return', 72 + 4 * col, 180, 6), run('a + b ;', 72 + 11 * col, 180, 5));
  runs.push(run('}', 72, 190, 1));
  const md = renderPageMarkdown(layoutPage(page(runs), createLayoutContext()));
  assert.match(md, /```\nfunction add \(a , b \) \{\n {4}return a \+ b ;\n\}/, md);
});
