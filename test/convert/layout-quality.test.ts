// Quality rules of the layout stage on generated pages: TeX font styles, running heads with a
// folio, captions low on the page, captions that end a whitespace grid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PageLayoutInput, TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { tableFromWhitespace } from '../../src/convert/layout/tables.js';
import { headingLevel } from '../../src/convert/layout/headings.js';
import { splitMarginLines } from '../../src/convert/layout/margins.js';
import { applyTexFontStyles, texStyle } from '../../src/convert/layout/tex-fonts.js';
import { createLayoutContext, layoutPageToMarkdown } from '../../src/convert/layout/index.js';

/** The page's lines once its margin lines are set aside. */
const bodyLines = (...args: Parameters<typeof splitMarginLines>) => splitMarginLines(...args).body;

const prose = (y0: number, n: number, x = 72): TextRun[] =>
  Array.from({ length: n }, (_, i) => words('body text of the page that runs on long enough to be prose', x, y0 + i * 12)).flat();

test('tex fonts: series and shape codes give bold, italic and monospace', () => {
  assert.deepEqual(texStyle('AAAAAD+SFBX1000'), { bold: true });
  assert.deepEqual(texStyle('ECTI1000'), { italic: true });
  assert.deepEqual(texStyle('CMTT10'), { monospace: true });
  assert.equal(texStyle('SFRM1000'), null);
  assert.equal(texStyle('CMR10'), null);
  assert.equal(texStyle('Helvetica'), null);
  const runs = applyTexFontStyles(words('5.1 Results', 72, 100, 10, { fontName: 'ABCDEF+SFBX1000' }));
  assert.ok(runs.every((r) => r.bold));
});

test('tex fonts: a bold-extended numbered section line becomes a heading', () => {
  const runs = [
    ...prose(100, 4),
    ...words('5.1', 72, 160, 10, { fontName: 'AAAAAD+SFBX1000' }),
    ...words('Hyper Parameter Optimization', 90, 160, 10, { fontName: 'AAAAAD+SFBX1000' }),
    ...prose(180, 4),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^#+ 5\.1 Hyper Parameter Optimization$/m);
});

test('margins: a running head with the folio at one end is dropped even below the top strip', () => {
  const runs = [
    ...words('Optimized Tokenization for Structure Recognition', 190, 92, 9),
    ...words('9', 476, 92, 9),
    ...prose(118, 30, 135),
  ];
  const texts = bodyLines(buildSegments(runs), 792, 10).map((s) => s.text);
  assert.ok(!texts.some((t) => t.startsWith('Optimized')));
  assert.equal(texts.length, 30);
  // A first line of a table headed by years is not a running head.
  const table = [...words('Country', 72, 92, 9), ...words('2019', 300, 92, 9), ...prose(118, 30, 72)];
  assert.ok(bodyLines(buildSegments(table), 792, 10).some((s) => s.text === 'Country'));
});

test('margins: a numbered note low on the page, its number set apart, is kept; a running footer with its folio is not', () => {
  // The note set two lines below the text, low on the page, as a footer would stand.
  const notes = [...prose(300, 30), ...words('4', 72, 672, 9), ...words('Always model without capital expect travel during around below whether appear strong.', 86, 672, 9)];
  assert.ok(bodyLines(buildSegments(notes), 792, 10).some((s) => s.text.startsWith('Always model')));
  const footer = [...prose(300, 30), ...words('Annual Report of the Harbour Board', 72, 672, 9), ...words('4', 530, 672, 9)];
  assert.ok(!bodyLines(buildSegments(footer), 792, 10).some((s) => s.text.startsWith('Annual Report')));
});

test('margins: a figure caption low on the page is kept', () => {
  const runs = [...prose(80, 40), ...words('Figure 7-26. Self-locking nuts.', 72, 705, 9)];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /Figure 7-26\. Self-locking nuts\./);
});

test('regions: a caption under figure labels is not a table cell', () => {
  const labels = [
    ...words('Boots nut', 100, 500, 8), ...words('Anchor nut', 300, 500, 8),
    ...words('Flexloc nut', 100, 540, 8), ...words('Stop nut', 300, 540, 8),
    ...words('Figure 3. Self-locking nuts.', 72, 570, 9),
  ];
  const md = layoutPageToMarkdown(page([...prose(80, 30), ...labels]), createLayoutContext());
  assert.ok(!/\|[ \t]*Figure 3/.test(md), md);
  assert.match(md, /^Figure 3\. Self-locking nuts\.$/m);
});

/** A booktabs-like table: group labels over column triples, rotated headings, numbered rows. */
function groupedTable(): { runs: TextRun[]; rules: PageLayoutInput['rules'] } {
  const runs: TextRun[] = [];
  const colX = [200, 230, 260, 300, 330, 360];
  runs.push(...words('Alpha group', 211, 100, 7, { bold: true }), ...words('Beta group', 313, 100, 7, { bold: true }));
  runs.push(...words('#', 80, 150, 7), ...words('Topic', 100, 150, 7));
  for (const [i, x] of colX.entries()) {
    const label = ['Proc', 'Comp', 'Know'][i % 3];
    runs.push({ text: label, x: x - 3.5, y: 120, width: 28, height: 28, fontSize: 7, bold: false, italic: false, monospace: false, baseline: 155.6, rotated: true });
  }
  const names = ['Easy', 'Normal', 'Hard', 'Easy', 'Normal', 'Hard'];
  names.forEach((n, r) => {
    const y = 170 + r * 12;
    runs.push(...words(String(r + 1), 80, y, 7), ...words(n, 100, y, 7));
    for (const x of colX) runs.push(...words(`0.${r}${Math.round(x) % 7}`, x - 7, y, 7));
  });
  const rules = [90, 162, 250].map((y) => ({ x0: 70, y0: y, x1: 380, y1: y }));
  return { runs, rules };
}

test('tables: rotated column headings, group labels spanning columns, a merged row-number column', () => {
  const { runs, rules } = groupedTable();
  const md = layoutPageToMarkdown(page([...prose(300, 20), ...runs], { rules }), createLayoutContext());
  assert.match(md, /<th colspan="3">Alpha group<\/th><th colspan="3">Beta group<\/th>/, md);
  assert.match(md, /<th>#<\/th><th>Topic<\/th><th>Proc<\/th><th>Comp<\/th><th>Know<\/th>/, md);
  assert.match(md, /<tr><td>1<\/td><td>Easy<\/td>/, md);
});

test('rotated: a lone vertical stamp stays out of the text', () => {
  const stamp: TextRun = { text: 'arXiv:2305.0001v1 [cs.CV] 5 May 2023', x: 20, y: 200, width: 10, height: 200, fontSize: 10, bold: false, italic: false, monospace: false, baseline: 400, rotated: true };
  const md = layoutPageToMarkdown(page([...prose(80, 20), stamp]), createLayoutContext());
  assert.ok(!md.includes('arXiv'));
});

test('tables: a row-number column glued to its neighbour is split; section rows keep their text', () => {
  const runs: TextRun[] = [...words('# Topic', 80, 100), ...words('Score', 250, 100)];
  const body = ['Easy', 'Normal', 'Hard', 'Easy'];
  let y = 115;
  body.forEach((n, i) => {
    if (i === 2) {
      runs.push(...words('Chemistry', 80, y));
      y += 13;
    }
    runs.push(...words(`${i + 1} ${n}`, 80, y), ...words(`0.${i}5`, 250, y));
    y += 13;
  });
  const its = buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
  const t = tableFromWhitespace(its, [{ lo: 160, hi: 245 }]);
  const text = t.rows.map((r) => r.map((c) => c?.text ?? ''));
  assert.deepEqual(text[0], ['#', 'Topic', 'Score']);
  assert.deepEqual(text[1], ['1', 'Easy', '0.05']);
  assert.deepEqual(text[3], ['', 'Chemistry', '']);
  // Years or amounts that do not count up are left alone.
  const plain: TextRun[] = [...words('Name', 80, 100), ...words('Score', 250, 100)];
  ['7 Alpha', '3 Beta', '12 Gamma', '5 Delta'].forEach((n, i) => plain.push(...words(n, 80, 115 + i * 13), ...words('1.0', 250, 115 + i * 13)));
  const its2 = buildSegments(plain).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
  assert.equal(tableFromWhitespace(its2, [{ lo: 160, hi: 245 }]).rows[1]![0]!.text, '7 Alpha');
});

test('math: an integral with stacked limits and a fraction beside an expression become LaTeX', () => {
  const runs: TextRun[] = [
    ...prose(80, 10),
    ...words('b', 164, 346, 10, { italic: true }),
    { text: '∫', x: 154, y: 359, width: 4, height: 14.5, fontSize: 14.5, bold: false, italic: false, monospace: false, baseline: 369.7 },
    ...words('f(x) dx = F(b) − F(a)', 172, 357.1, 14.5),
    ...words('a', 158, 376, 10, { italic: true }),
    ...words('∇ × E = −', 100, 430, 14.5),
    ...words('∂B', 158, 420, 14.5),
    ...words('∂t', 159, 440, 14.5),
    ...prose(480, 10),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^\$\\int_\{a\}\^\{b\} f\(x\) dx=F\(b\)-F\(a\)\$$/m, md);
  assert.match(md, /^\$\\nabla \\times E=-\\frac\{\\partial B\}\{\\partial t\}\$$/m, md);
  // Prose lines keep their words.
  assert.match(md, /body text of the page/);
});

test('math: table cells above and below an equation are not a fraction', () => {
  const runs: TextRun[] = [
    ...prose(80, 10),
    ...words('x = 1', 100, 300), ...words('12', 140, 276), ...words('14', 140, 324),
    ...prose(360, 10),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.ok(!md.includes('\\frac'), md);
});

test('headings: bold syntax-diagram and code lines are not headings; bold numbered sections are', () => {
  assert.equal(headingLevel({ text: 'CREATE PERMISSION <permission name>', lines: 1, size: 10, bold: true }, 10), 0);
  assert.equal(headingLevel({ text: 'ENABLE DISABLE;', lines: 1, size: 10, bold: true }, 10), 0);
  assert.equal(headingLevel({ text: 'int main() {', lines: 1, size: 12, bold: false }, 10), 0);
  assert.equal(headingLevel({ text: '3 Results', lines: 1, size: 10, bold: true }, 10), 2);
  assert.equal(headingLevel({ text: '3.2 Ablations', lines: 1, size: 10, bold: true }, 10), 3);
});

test('headings: a line of a display set large (indices, primes, operators) is no heading; a title with a formula in it is', () => {
  assert.equal(headingLevel({ text: 'll(l′)l′ ′ (1) hl+l′ (ηx) (l′ + 1)l +1', lines: 1, size: 14, bold: false }, 10), 0);
  assert.equal(headingLevel({ text: 'Bounds for x + y ≤ 1', lines: 1, size: 14, bold: false }, 10), 2);
});

test('headings: a short title set larger, wrapped a word or two a line in a narrow column, is a heading; long or body-size blocks of as many lines are not', () => {
  const title = 'Several Network Increase During Being Second';
  assert.ok(headingLevel({ text: title, lines: 6, size: 18, bold: true }, 12) > 0, 'six lines of a short title at 1.5x the body');
  // At body size, bold: a bold block of four lines or more is text.
  assert.equal(headingLevel({ text: title, lines: 4, size: 12, bold: true }, 12), 0);
  // Larger, but a paragraph's length: a lead, not a title.
  const lead = 'Among sector interest along street cause always case and plan demand sample index social place person';
  assert.equal(headingLevel({ text: lead, lines: 5, size: 16, bold: false }, 12), 0);
  assert.equal(headingLevel({ text: title, lines: 7, size: 18, bold: true }, 12), 0, 'seven lines');
});

test('headings: a numbered figure or table label set a little larger is a caption; in display type a title', () => {
  assert.equal(headingLevel({ text: 'Figure 2-4: Scaling the coordinate system', lines: 1, size: 12, bold: false }, 10), 0);
  assert.equal(headingLevel({ text: 'Table 3. Results by region', lines: 1, size: 11, bold: true }, 10), 0);
  assert.equal(headingLevel({ text: 'Figures and tables', lines: 1, size: 12, bold: false }, 10), 3);
  assert.equal(headingLevel({ text: 'Table 1: Overview', lines: 1, size: 18, bold: true }, 10), 1);
});

test('headings: a byline (an e-mail address, a lower-case "by" and a name) or a year-first date is no heading', () => {
  assert.equal(headingLevel({ text: 'John Frampton j.frampton@neu.edu', lines: 1, size: 14, bold: false }, 10), 0);
  assert.equal(headingLevel({ text: 'by John Pate', lines: 1, size: 12, bold: false }, 10), 0);
  assert.equal(headingLevel({ text: 'This class describes version v1.6, released 2012/06/30', lines: 1, size: 12, bold: false }, 10), 0);
  // Titles keep their words: "By" opening a title, addresses nowhere.
  assert.equal(headingLevel({ text: 'By the Numbers', lines: 1, size: 14, bold: false }, 10), 2);
  assert.equal(headingLevel({ text: 'Contact and support', lines: 1, size: 12, bold: true }, 10), 3);
});

test('code: monospace lines aligned in columns stay a code block, keeping the alignment', () => {
  const mono = { monospace: true };
  const code: TextRun[] = [];
  const rows: [string, string][] = [['SELECT', 'id,'], ['', 'name'], ['FROM', 'users'], ['WHERE', 'id = 1;']];
  rows.forEach(([k, v], i) => {
    if (k) code.push(...words(k, 100, 300 + i * 12, 10, mono));
    code.push(...words(v, 160, 300 + i * 12, 10, mono));
  });
  const rules = [{ x0: 90, y0: 295, x1: 400, y1: 295 }, { x0: 90, y0: 352, x1: 400, y1: 352 }];
  const md = layoutPageToMarkdown(page([...prose(80, 15), ...code, ...prose(380, 10)], { rules }), createLayoutContext());
  assert.ok(!md.includes('| SELECT'), md);
  assert.match(md, /```\nSELECT +id,\n +name\nFROM +users\nWHERE +id = 1;\n```/, md);
});

test('math: a display line set in math fonts becomes LaTeX with its equation number; prose with an inline variable does not', () => {
  const mi = { fontName: 'ABCDEF+CMMI10', italic: true };
  const rm = { fontName: 'ABCDEF+CMR10' };
  const eq: TextRun[] = [
    ...words('h', 200, 300, 10, mi), ...words('=', 210, 300, 10, rm), ...words('Wx', 220, 300, 10, mi), ...words('+', 235, 300, 10, rm),
    ...words('Uy', 245, 300, 10, mi), ...words('+', 260, 300, 10, rm), ...words('Vz', 270, 300, 10, mi), ...words('+', 285, 300, 10, rm),
    ...words('bc', 295, 300, 10, mi), ...words('+', 310, 300, 10, rm), ...words('dk', 320, 300, 10, mi),
    ...words('(3)', 450, 300, 10, rm),
  ];
  const proseWithVar = [...words('where the value of', 72, 330, 10, rm), ...words('x', 160, 330, 10, mi), ...words('is given by the model above and the rest of this line runs on to the margin.', 170, 330, 10, rm)];
  const wide = (y0: number, n: number): TextRun[] =>
    Array.from({ length: n }, (_, i) => words('a line of body text that runs across the whole column to the right margin of the page here', 72, y0 + i * 12)).flat();
  const md = layoutPageToMarkdown(page([...wide(80, 15), ...eq, ...proseWithVar, ...wide(360, 10)]), createLayoutContext());
  assert.match(md, /^\$h=Wx\+Uy\+Vz\+bc\+dk\$ \(3\)$/m, md);
  // Many variables (beyond the plain-text formula rule), all in math italic.
  const long = [...words('abc', 150, 420, 10, mi), ...words('=', 170, 420, 10, rm), ...words('defgh', 180, 420, 10, mi), ...words('+', 210, 420, 10, rm), ...words('ijklmnop', 220, 420, 10, mi)];
  const md2 = layoutPageToMarkdown(page([...wide(80, 15), ...long, ...wide(440, 10)]), createLayoutContext());
  assert.match(md2, /^\$abc=defgh\+ijklmnop\$$/m, md2);
  assert.match(md, /where the value of x is given by the model above and/);
});

test('math: two stacked formula lines are two formulas, not one line of text', () => {
  const wide = (y0: number, n: number): TextRun[] =>
    Array.from({ length: n }, (_, i) => words('a line of body text that runs across the whole column to the right margin of the page here', 72, y0 + i * 12)).flat();
  const runs = [...wide(80, 10), ...words('x + y = 1', 200, 220), ...words('x − y = 3', 200, 232), ...wide(260, 10)];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^\$x\+y=1\$\n\n\$x-y=3\$$/m, md);
});

test('tables: a heading row with an empty stub cell gets no spans', () => {
  const runs: TextRun[] = [...words('Men total', 200, 100), ...words('Women', 270, 100)];
  ['France', 'Spain', 'Italy', 'Greece'].forEach((c, i) => runs.push(...words(c, 150, 115 + i * 13), ...words(String(10 + i), 205, 115 + i * 13), ...words(String(20 + i), 275, 115 + i * 13)));
  const its = buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
  const t = tableFromWhitespace(its, [{ lo: 182, hi: 200 }, { lo: 245, hi: 265 }]);
  assert.ok(t.rows.every((r) => r.every((c) => c === null || c.colSpan === 1)), JSON.stringify(t.rows));
  assert.deepEqual(t.rows[0].map((c) => c?.text), ['', 'Men total', 'Women']);
});

test('headings: a full-width bold line that runs on into lowercase text is part of the paragraph', () => {
  const line = 'a line of body text that runs across the whole column to the right margin of the page';
  const runs = [
    ...words(line, 72, 100), ...words(line + '.', 72, 112),
    ...words('Warning the lead-in of this paragraph is set in bold and fills the whole first line of', 72, 140, 10, { bold: true }),
    ...words('the paragraph before the regular text continues on the next line of the same column.', 72, 152),
    ...words(line, 72, 164),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.ok(!/^#/m.test(md), md);
  assert.match(md, /fills the whole first line of\*\* the paragraph before/, md);
});

test('lists: a wrapped line hanging under the item text continues the item, the next marker starts a new one', () => {
  const runs = [
    ...words('Intro paragraph of the page that is long enough to set the body size for the list.', 72, 80),
    ...words('1.', 72, 110), ...words('First item whose text is long enough to wrap onto another line', 92, 110),
    ...words('that hangs under the text of the item.', 92, 122),
    ...words('2.', 72, 134), ...words('Second item, short.', 92, 134),
    ...words('3.', 72, 146), ...words('Third item, short.', 92, 146),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^1\. First item whose text .* another line that hangs under the text of the item\.$/m);
  assert.match(md, /^2\. Second item, short\.$/m);
});

test('headings: a byline or dateline set a little larger is not a heading; a large title with a date still is', () => {
  assert.equal(headingLevel({ text: 'Your Name January 3, 2024', lines: 1, size: 12, bold: false }, 10), 0);
  assert.equal(headingLevel({ text: 'Jane Roe · 03/01/2024', lines: 1, size: 10, bold: true }, 10), 0);
  assert.equal(headingLevel({ text: 'Annual Report, March 2024', lines: 1, size: 20, bold: true }, 10), 1);
  assert.equal(headingLevel({ text: '1.2.10 Results', lines: 1, size: 10, bold: true }, 10), 3);
});

test('headings: a short capitals line at body size over mixed-case text is a section title, not merged into the paragraph', () => {
  const runs = [
    ...words('The previous section ends with a full sentence that is long enough to fill the line.', 72, 80),
    ...words('METHODS AND MATERIALS', 72, 104),
    ...words('We collected samples from every site and measured each one twice in the laboratory', 72, 116),
    ...words('before any analysis was carried out on the data.', 72, 128),
  ];
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^### METHODS AND MATERIALS$/m);
  assert.match(md, /^We collected samples/m);
  assert.equal(headingLevel({ text: 'NASA and ESA agreed', lines: 1, size: 10, bold: false }, 10), 0);
  assert.equal(headingLevel({ text: 'THE END.', lines: 1, size: 10, bold: false }, 10), 0);
});
