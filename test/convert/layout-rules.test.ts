// Unit tests of the pure layout rules on generated input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { words } from './fixtures/runs.js';
import { buildSegments, groupLines, joinRuns } from '../../src/convert/layout/lines.js';
import { listMarker } from '../../src/convert/layout/lists.js';
import { dominantSize, headingLevel } from '../../src/convert/layout/headings.js';
import { splitMarginLines, isPageNumber, isSideStamp, isStamp } from '../../src/convert/layout/margins.js';
import { findGutters, orderRegion, type Item } from '../../src/convert/layout/regions.js';
import { tableFromWhitespace } from '../../src/convert/layout/tables.js';
import { findRuledRegions, mergeLines } from '../../src/convert/layout/ruled-tables.js';
import { visualToLogical } from '../../src/convert/layout/bidi.js';
import { joinDropCaps } from '../../src/convert/layout/dropcap.js';
import { flowLines, groupParagraphs } from '../../src/convert/layout/paragraphs.js';
import { dropOverprint } from '../../src/convert/layout/page.js';
import { splitFootnotes } from '../../src/convert/layout/footnotes.js';

/** The page's lines once its margin lines are set aside. */
const bodyLines = (...args: Parameters<typeof splitMarginLines>) => splitMarginLines(...args).body;

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

test('lines: runs on one baseline join with spaces; a wide gap splits segments', () => {
  const runs = [...words('Hello world', 50, 100), ...words('far away', 300, 100)];
  assert.equal(groupLines(runs).length, 1);
  const segs = buildSegments(runs);
  assert.deepEqual(segs.map((s) => s.text), ['Hello world', 'far away']);
  assert.equal(segs[0].lineId, segs[1].lineId);
});

test('lines: a superscript stays on its line', () => {
  const runs = [...words('E = mc', 50, 100), { ...words('2', 80, 99.5, 6)[0], baseline: 104.3 }];
  assert.equal(groupLines(runs).length, 1);
});

test('lines: RTL runs are joined right to left', () => {
  const a: TextRun = { text: 'سلام', x: 200, y: 100, width: 40, height: 10, fontSize: 10, bold: false, italic: false, monospace: false };
  const b: TextRun = { ...a, text: 'دنیا', x: 150 };
  assert.equal(joinRuns([b, a], true), 'سلام دنیا');
});

test('bidi: an RTL word inside a left-to-right item is put in logical order', () => {
  assert.equal(visualToLogical('abcdefgh مالس'), 'abcdefgh سلام');
  // Mostly RTL: the stretches are read right to left as well.
  assert.equal(visualToLogical('ab مالس'), 'سلام ab');
  assert.equal(visualToLogical('plain text'), 'plain text');
});

test('lists: bullets, numbers, letters and roman numerals', () => {
  assert.deepEqual(listMarker('• first item')?.rest, 'first item');
  assert.equal(listMarker('3. third')?.number, 3);
  assert.equal(listMarker('a) alpha')?.label, 'a)');
  assert.equal(listMarker('(iv) four')?.label, '(iv)');
  assert.equal(listMarker('Plain sentence.'), null);
});

test('lists: a glyph with no Unicode meaning set apart before the text is a bullet (TeX bitmap fonts, symbol fonts)', async () => {
  assert.equal(listMarker('\u0088 Producers with complete records')?.rest, 'Producers with complete records');
  assert.equal(listMarker('\uf0b7 Producers with gaps')?.ordered, false);
  assert.equal(listMarker('\u0088Producers'), null);
  const { createLayoutContext, layoutPageToMarkdown } = await import('../../src/convert/layout/index.js');
  const runs = [
    ...words('The weights are chosen as follows.', 72, 100),
    ...words('\u0088', 88, 120), ...words('Producers with complete records get weight one.', 99, 120),
    ...words('\u0088', 88, 140), ...words('Producers with gaps get a weight proportional to the share of months.', 99, 140),
  ];
  const md = layoutPageToMarkdown({ index: 0, width: 612, height: 792, runs, rules: [], images: [], fromOcr: false }, createLayoutContext());
  assert.match(md, /^ *- Producers with complete records get weight one\.\n *- Producers with gaps/m);
});

test('lists: a bibliography entry "[12] Author, Title" is an item that keeps its number; a citation opening a line is not', async () => {
  assert.equal(listMarker('[12] A. Author and B. Author. 2007. A title. Journal 5, 1.')?.label, '[12]');
  assert.equal(listMarker('[3] showed that the bound holds'), null);
  assert.equal(listMarker('[3], [4] and [5] agree'), null);
  const { createLayoutContext, layoutPageToMarkdown } = await import('../../src/convert/layout/index.js');
  const runs = [
    ...words('REFERENCES', 50, 80, 10, { bold: true }),
    ...words('[1] Rafal Author and Bert Author. 2007. A Package for Algebra', 50, 100, 8), ...words('Computations, version 11. Retrieved from the web.', 62, 110, 8),
    ...words('[2] Patricia Author and Robert Author. 2007. The patent holder', 50, 122, 8), ...words('dilemma: Buy, sell, or troll? Commun. ACM 50, 1.', 62, 132, 8),
  ];
  const md = layoutPageToMarkdown({ index: 0, width: 612, height: 792, runs, rules: [], images: [], fromOcr: false }, createLayoutContext());
  assert.match(md, /^- \[1\] Rafal Author[^\n]*Retrieved from the web\.$/m, md);
  assert.match(md, /^- \[2\] Patricia Author[^\n]*Commun\. ACM 50, 1\.$/m, md);
});

test('headings: body size by characters; larger or bold short lines are headings', () => {
  assert.equal(dominantSize([[10, 900], [18, 40], [12, 60]]), 10);
  assert.equal(headingLevel({ text: 'Title', lines: 1, size: 20, bold: false }, 10), 1);
  assert.equal(headingLevel({ text: 'Section', lines: 1, size: 13.5, bold: false }, 10), 2);
  assert.equal(headingLevel({ text: '2.1 Methods', lines: 1, size: 10, bold: true }, 10), 3);
  assert.equal(headingLevel({ text: 'A bold sentence that ends.', lines: 1, size: 10, bold: true }, 10), 0);
  assert.equal(headingLevel({ text: 'body text', lines: 1, size: 10, bold: false }, 10), 0);
});

test('headings: an italic full sentence set larger is a pull quote, not a heading; an italic title is', () => {
  const quote = 'Nothing was decided that day about the river.';
  assert.equal(headingLevel({ text: quote, lines: 2, size: 14, bold: false, italic: true }, 10), 0);
  assert.equal(headingLevel({ text: quote, lines: 2, size: 14, bold: false }, 10), 2);
  assert.equal(headingLevel({ text: 'A Title in Italic Type', lines: 1, size: 14, bold: false, italic: true }, 10), 2);
  assert.equal(headingLevel({ text: quote, lines: 1, size: 20, bold: false, italic: true }, 10), 1);
});

test('headings: a caption label needs its number or punctuation; the same word opening a title is a heading', () => {
  for (const caption of ['Figure 3 Growth by region', 'Table IV Results', 'Source: national accounts', 'Notes - see annex', 'Fig. 2 Map']) {
    assert.equal(headingLevel({ text: caption, lines: 1, size: 10, bold: true }, 10), 0, caption);
  }
  for (const title of ['Image Public Higher Beyond Against', 'Table Manners In Practice', 'Notes', 'Source Code Layout']) {
    assert.equal(headingLevel({ text: title, lines: 1, size: 10, bold: true }, 10), 3, title);
  }
});

test('margins: page numbers and stamps are recognised', () => {
  assert.ok(isPageNumber('12'));
  assert.ok(isPageNumber('Page 3 of 10'));
  assert.ok(isPageNumber('- iv -'));
  assert.ok(!isPageNumber('12 apples'));
  assert.ok(isStamp('Downloaded from http://example.org/ on May 1, 2020'));
});

test('margins: body lines that mention a download or a copyright stay text, a whole provenance stamp goes anywhere', () => {
  const body = (i: number) => words('body text line that is long enough to count', 50, 80 + i * 12);
  const kept = ['Retrieved from https://doi.org/10.1000/xyz', 'music files downloaded from, 67, 180–82,', 'All rights reserved. Reprinted with permission.'];
  const stamp = 'Downloaded from www.example.org on May 1, 2020';
  const runs = [...Array.from({ length: 10 }, (_, i) => body(i)).flat(), ...kept.flatMap((t, i) => words(t, 50, 212 + i * 12)), ...words(stamp, 50, 248), ...Array.from({ length: 10 }, (_, i) => body(i + 15)).flat()];
  const texts = bodyLines(buildSegments(runs), 792, 10).map((s) => s.text);
  for (const t of kept) assert.ok(texts.includes(t), t);
  assert.ok(!texts.includes(stamp));
  assert.ok(isSideStamp('Downloaded from jipm.example.ac.ir at 6:51 IRST on Monday November 11th 2019'));
  assert.ok(!isSideStamp('Accessed on 12 May 2020'));
});

test('margins: a running header set apart at the top and a page number at the bottom are dropped', () => {
  const runs = [
    ...words('Journal of Things | Vol 3', 50, 20, 8),
    ...Array.from({ length: 30 }, (_, i) => words('body text line that is long enough to count', 50, 80 + i * 12)).flat(),
    ...words('7', 300, 770, 9),
  ];
  const segs = bodyLines(buildSegments(runs), 792, 10);
  const texts = segs.map((s) => s.text);
  assert.ok(!texts.includes('Journal of Things | Vol 3'));
  assert.ok(!texts.includes('7'));
  assert.equal(texts.length, 30);
});

test('margins: a table header row repeated at the top of a continued page stays with its table (issue 9)', () => {
  // Header row in 8 pt print at the top, set apart from the rows below by a rule's padding.
  const row = (cells: string[], y: number) => cells.flatMap((c, i) => words(c, 72 + i * 90, y, 8));
  const runs = [
    ...row(['Region', 'Output', 'Share', 'Change'], 70),
    ...Array.from({ length: 20 }, (_, i) => row([`Area ${i}`, `${100 + i}`, `${i}.5`, `-${i}`], 86 + i * 11)).flat(),
  ];
  const texts = bodyLines(buildSegments(runs), 792, 10).map((s) => s.text);
  assert.ok(['Region', 'Output', 'Share', 'Change'].every((t) => texts.includes(t)), texts.slice(0, 6).join(' / '));
  // A running head in pieces over two columns of prose is still a running head.
  const head = [...words('Annual Review', 72, 20, 8), ...words('Chapter Two', 400, 20, 8)];
  const prose = Array.from({ length: 20 }, (_, i) => [...words('body text of the left column', 72, 80 + i * 12), ...words('and the right column text', 330, 80 + i * 12)]).flat();
  const kept = bodyLines(buildSegments([...head, ...prose]), 792, 10).map((s) => s.text);
  assert.ok(!kept.includes('Annual Review') && !kept.includes('Chapter Two'));
});

test('margins: a line of group headings over a continued table\'s columns stays with its table (issue 9)', () => {
  // "Early Network" centred over the two year columns, at the top of the page the table goes on.
  const row = (cells: string[], y: number) => cells.flatMap((c, i) => words(c, 72 + i * 60, y, 8));
  const body = Array.from({ length: 20 }, (_, i) => row([`Area ${i}`, `${100 + i}`, `${i}.5`], 86 + i * 11)).flat();
  const group = words('Early Network', 140, 54, 8);
  const texts = bodyLines(buildSegments([...group, ...row(['Agency', '2012', '2013'], 70), ...body]), 792, 10).map((s) => s.text);
  assert.ok(texts.includes('Early Network'), texts.slice(0, 6).join(' / '));
  // Two groups on the line, each over its own pair of columns.
  const wide = (cells: string[], y: number) => cells.flatMap((c, i) => words(c, 72 + i * 50, y, 8));
  const rows = Array.from({ length: 20 }, (_, i) => wide([`Area ${i}`, `${i}`, `${i}.5`, `${i}1`, `${i}.2`], 86 + i * 11)).flat();
  const groups = [...words('Family Border', 130, 54, 8), ...words('Began', 245, 54, 8)];
  const kept = bodyLines(buildSegments([...groups, ...wide(['Energy', '2007', '2008', '2007', '2008'], 70), ...rows]), 792, 10).map((s) => s.text);
  assert.ok(kept.includes('Family Border') && kept.includes('Began'), kept.slice(0, 6).join(' / '));
  // A running title set apart over a table at the top of a page is still a running head: it
  // starts over the label column.
  const title = words('Annual Review of Things', 72, 40, 8);
  const heads = bodyLines(buildSegments([...title, ...row(['Agency', '2012', '2013'], 70), ...body]), 792, 10).map((s) => s.text);
  assert.ok(!heads.includes('Annual Review of Things'));
});

test('margins: a first line one paragraph break above the body, and the last line of small print, stay text', () => {
  const body = Array.from({ length: 30 }, (_, i) => words('body text line that is long enough to count', 50, 90 + i * 12)).flat();
  // 11 pt of white above the body at 10 pt: a paragraph break, not a running head's gap.
  const top = bodyLines(buildSegments([...words('Opening line of the page.', 50, 69), ...body]), 792, 10);
  assert.ok(top.some((s) => s.text === 'Opening line of the page.'));
  // Small print low on the page, its last short line at its own line pitch.
  const notes = [0, 1, 2].map((i) => words('small print of a funding statement that runs over several lines of the foot', 50, 690 + i * 8, 7)).flat();
  const tail = bodyLines(buildSegments([...body, ...notes, ...words('manuscript.', 50, 714, 7)]), 792, 10);
  assert.ok(tail.some((s) => s.text === 'manuscript.'));
});

test('margins: a large title near the top is kept', () => {
  const runs = [...words('Big Title', 50, 60, 16), ...Array.from({ length: 20 }, (_, i) => words('body text line', 50, 100 + i * 12)).flat()];
  const segs = bodyLines(buildSegments(runs), 792, 10);
  assert.ok(segs.some((s) => s.text === 'Big Title'));
});

test('regions: two columns are read column by column, a full-width title first', () => {
  const runs = [...words('A title across the whole page width of this document here', 50, 50, 10)];
  for (let i = 0; i < 6; i++) runs.push(...words(`left column line ${i} with text`, 50, 80 + i * 12));
  for (let i = 0; i < 6; i++) runs.push(...words(`right column line ${i} with text`, 320, 80 + i * 12));
  const blocks = orderRegion(items(runs), 9);
  const order = blocks.flatMap((b) => b.items.map((it) => it.seg!.text));
  assert.equal(order[0].startsWith('A title'), true);
  const lastLeft = order.indexOf('left column line 5 with text');
  const firstRight = order.indexOf('right column line 0 with text');
  assert.ok(lastLeft >= 0 && firstRight > lastLeft, order.join(' / '));
});

test('regions: aligned short cells become a grid, and the grid a table', () => {
  const runs: TextRun[] = [];
  const rows = [['Name', 'Qty', 'Price'], ['Apple', '3', '1.20'], ['Pear', '10', '0.80'], ['Plum', '7', '2.00']];
  rows.forEach((r, i) => r.forEach((c, j) => runs.push(...words(c, 50 + j * 120, 100 + i * 14))));
  const blocks = orderRegion(items(runs), 9);
  assert.equal(blocks.length, 1);
  assert.equal(blocks[0].kind, 'grid');
  const b = blocks[0];
  assert.ok(b.kind === 'grid');
  const t = tableFromWhitespace(b.items, b.gutters);
  assert.deepEqual(t.rows.map((r) => r.map((c) => c?.text)), rows);
});

test('tables: a wrapped first-column label continues its row', () => {
  const runs = [
    ...words('Item', 50, 100), ...words('Value', 250, 100),
    ...words('Long label', 50, 114), ...words('42', 250, 114),
    ...words('continued', 50, 125),
    ...words('Short', 50, 142), ...words('7', 250, 142),
  ];
  const its = items(runs);
  const gutters = findGutters(its, 9);
  const t = tableFromWhitespace(its, gutters);
  assert.deepEqual(t.rows.map((r) => r.map((c) => c?.text)), [['Item', 'Value'], ['Long label continued', '42'], ['Short', '7']]);
});

test('ruled tables: a full grid is found; rules stacked without verticals give an open region', () => {
  const rules = [];
  for (const y of [100, 120, 140]) rules.push({ x0: 50, y0: y, x1: 250, y1: y });
  for (const x of [50, 150, 250]) rules.push({ x0: x, y0: 100, x1: x, y1: 140 });
  const found = findRuledRegions(rules, 612);
  assert.equal(found.grids.length, 1);
  assert.deepEqual(found.grids[0].xs, [50, 150, 250]);
  const open = findRuledRegions([{ x0: 50, y0: 300, x1: 400, y1: 300 }, { x0: 50, y0: 320, x1: 400, y1: 320 }, { x0: 50, y0: 420, x1: 400, y1: 420 }], 612);
  assert.equal(open.grids.length, 0);
  assert.equal(open.open.length, 1);
});

test('paragraphs: a larger gap and a first-line indent start new paragraphs', () => {
  const runs = [
    ...words('First paragraph line one that is long enough', 50, 100),
    ...words('and its second line.', 50, 112),
    ...words('Second paragraph after a gap here and more', 50, 140),
    ...words('continues here without any indent at all ok', 50, 152),
    ...words('Indented third paragraph starts here and', 65, 164),
    ...words('goes on at the left margin again, fine', 50, 176),
  ];
  const paras = groupParagraphs(flowLines(buildSegments(runs)));
  assert.equal(paras.length, 3);
});

test('paragraphs: in a short flow of lists spaced apart, the paragraph after the last item is its own, whatever the item line\'s length', () => {
  // Most steps between these lines are breaks (lists and paragraphs set apart by 6 pt): the line
  // pitch is the steps' low end, not their median.
  const runs = [
    ...words('1.', 72, 100), ...words('Approach street current within', 88, 100),
    ...words('2.', 72, 114.5), ...words('Body country person short before reason', 88, 114.5),
    ...words('1.', 72, 135), ...words('Family history large sample global problem', 88, 135),
    ...words('2.', 72, 149.5), ...words('After during industry industry value', 88, 149.5),
    ...words('Common state writer source there policy cause.', 72, 170),
    ...words('Part become human example product along other', 72, 187.5),
    ...words('become.', 72, 200),
  ];
  const paras = groupParagraphs(flowLines(buildSegments(runs))).map((p) => p.map((l) => l.text).join(' '));
  assert.deepEqual(paras.slice(0, 4), [
    '1. Approach street current within',
    '2. Body country person short before reason',
    '1. Family history large sample global problem',
    '2. After during industry industry value',
  ]);
  assert.match(paras[4], /^Common state writer/);
});

test('drop caps: a large initial joins the line to its right', () => {
  const cap: TextRun = { text: 'O', x: 50, y: 100, width: 20, height: 30, fontSize: 30, bold: false, italic: false, monospace: false };
  const runs = [cap, ...words('nce upon a time', 72, 101), ...words('there was a page', 72, 113)];
  const out = joinDropCaps(runs, 10);
  assert.ok(out.some((r) => r.text === 'Once'));
  assert.equal(out.length, runs.length - 1);
});

test('overprint: text drawn twice a fraction of a point apart is kept once, as bold', () => {
  const r = words('Heavy', 50, 100)[0];
  const out = dropOverprint([r, { ...r, x: r.x + 0.4 }, ...words('other', 50, 120)]);
  assert.equal(out.length, 2);
  assert.equal(out[0].bold, true);
  assert.equal(out[1].bold, false);
  // A shadow: ten copies stepping down and left by a tenth of a point cross a whole point.
  const big: TextRun = { text: 'Title', x: 200, y: 99.45, width: 90, height: 25, fontSize: 25, bold: false, italic: false, monospace: false };
  const shadow = Array.from({ length: 10 }, (_, i) => ({ ...big, x: big.x - 0.12 * i, y: big.y + 0.12 * i }));
  assert.equal(dropOverprint(shadow).length, 1);
});

test('headings: a short standalone italic line is a subheading, an italic caption is not', () => {
  assert.equal(headingLevel({ text: 'Elastic Stop Nut', lines: 1, size: 10, bold: false, italic: true }, 10), 3);
  assert.equal(headingLevel({ text: 'Figure 3 Nuts and bolts', lines: 1, size: 10, bold: false, italic: true }, 10), 0);
});

test('bounds: a page of 20,000 runs over graph-paper rules lays out in bounded time', async () => {
  const { createLayoutContext, layoutPageToMarkdown } = await import('../../src/convert/layout/index.js');
  const runs: TextRun[] = [];
  for (let i = 0; i < 20000; i++) runs.push({ text: `w${i % 97}`, x: (i % 100) * 6, y: Math.floor(i / 100) * 4, width: 5, height: 3.5, fontSize: 3.5, bold: false, italic: false, monospace: false });
  const rules = [];
  for (let i = 0; i < 800; i++) rules.push({ x0: 0, y0: i, x1: 600, y1: i }, { x0: i * 0.75, y0: 0, x1: i * 0.75, y1: 800 });
  const t0 = Date.now();
  const md = layoutPageToMarkdown({ index: 0, width: 612, height: 800, runs, rules, images: [], fromOcr: false }, createLayoutContext());
  assert.ok(Date.now() - t0 < 5000);
  assert.ok(md.includes('w96'));
});

test('footnotes: a marked small-print block at the foot of the left column is read after the right column', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 20; i++) runs.push(...words(`left body line ${i} with words`, 50, 100 + i * 12));
  runs.push(...words('1 A note about the left column text.', 50, 700, 7));
  runs.push(...words('Received 13 May 2020', 50, 715, 7));
  for (let i = 0; i < 25; i++) runs.push(...words(`right body line ${i} with words`, 320, 100 + i * 12));
  const { body, notes } = splitFootnotes(buildSegments(runs), 10, 792);
  assert.deepEqual(notes.map((s) => s.text), ['1 A note about the left column text.', 'Received 13 May 2020']);
  assert.equal(body.length, 45);
});

test('footnotes: notes opened by the asterisk math fonts set (∗, LaTeX \\thanks) or a star (⋆) are notes too', () => {
  for (const mark of ['\u2217', '\u22c6', '\u2016']) {
    const runs: TextRun[] = [];
    for (let i = 0; i < 20; i++) runs.push(...words(`left body line ${i} with words`, 50, 100 + i * 12));
    runs.push(...words(`${mark}Corresponding author, at the foot of the column.`, 50, 700, 7));
    for (let i = 0; i < 25; i++) runs.push(...words(`right body line ${i} with words`, 320, 100 + i * 12));
    const { notes } = splitFootnotes(buildSegments(runs), 10, 792);
    assert.deepEqual(notes.map((s) => s.text), [`${mark}Corresponding author, at the foot of the column.`], mark);
  }
});

test('ruled tables: horizontal rules running past the outer verticals add a column on each side', () => {
  const rules = [];
  for (const y of [100, 120, 140]) rules.push({ x0: 20, y0: y, x1: 400, y1: y });
  for (const x of [100, 200, 300]) rules.push({ x0: x, y0: 100, x1: x, y1: 140 });
  const found = findRuledRegions(rules, 612);
  assert.equal(found.grids.length, 1);
  assert.deepEqual(found.grids[0].xs, [20, 100, 200, 300, 400]);
});

test('regions: a heading under white space across both columns opens a section; the columns above are read first', async () => {
  const { createLayoutContext, layoutPageToMarkdown } = await import('../../src/convert/layout/index.js');
  const runs = [];
  for (let i = 0; i < 8; i++) runs.push(...words(`upper left line ${i} of the first section text.`, 50, 80 + i * 12));
  for (let i = 0; i < 8; i++) runs.push(...words(`upper right line ${i} of the first section text.`, 320, 80 + i * 12));
  runs.push(...words('Second Section', 50, 200, 14, { bold: true }));
  for (let i = 0; i < 8; i++) runs.push(...words(`lower left line ${i} of the second section text.`, 50, 224 + i * 12));
  for (let i = 0; i < 8; i++) runs.push(...words(`lower right line ${i} of the second section text.`, 320, 224 + i * 12));
  const md = layoutPageToMarkdown({ index: 0, width: 612, height: 792, runs, rules: [], images: [], fromOcr: false }, createLayoutContext());
  const at = (s: string) => md.indexOf(s);
  assert.ok(at('upper left line 7') < at('upper right line 0'), md);
  assert.ok(at('upper right line 7') < at('Second Section'), md);
  assert.ok(at('Second Section') < at('lower left line 0') && at('lower left line 7') < at('lower right line 0'), md);
});

test('a sentence set a little larger than the body (above a table in smaller type) is text; a short title at that size is a heading', () => {
  const body = 9;
  assert.equal(headingLevel({ text: 'Where the survey was taken, counts rose in every district.', lines: 1, size: 10.5, bold: false }, body), 0);
  assert.equal(headingLevel({ text: 'Counts by district', lines: 1, size: 10.5, bold: false }, body), 3);
  // Much larger type is a title even when it ends with a stop.
  assert.ok(headingLevel({ text: 'The year the harbour froze over again.', lines: 1, size: 16, bold: false }, body) > 0);
});

test('mergeLines: pieces of a rule join end to end; rules of two columns a point apart in height stay two', () => {
  const { h, v } = mergeLines([
    { x0: 316, y0: 237, x1: 540, y1: 237 },
    { x0: 72, y0: 238.5, x1: 296, y1: 238.5 },
    { x0: 100, y0: 400, x1: 200, y1: 400 },
    { x0: 199, y0: 400.5, x1: 300, y1: 400.5 },
    { x0: 50, y0: 10, x1: 50, y1: 100 },
    { x0: 50.5, y0: 200, x1: 50.5, y1: 300 },
  ]);
  assert.deepEqual(h.map((l) => [l.x0, l.x1]), [[316, 540], [72, 296], [100, 300]]);
  assert.deepEqual(v.map((l) => [l.y0, l.y1]), [[10, 100], [200, 300]]);
});

test('groupLines: a bigger line in the other column does not chain two lines of this column into one', () => {
  const col = (text: string, baseline: number): TextRun => ({ text, x: 319, y: baseline - 9.1, width: 210, height: 11.2, fontSize: 10, bold: false, italic: false, monospace: false, baseline });
  const quote: TextRun = { text: 'a pull quote line set large', x: 76, y: 147.5, width: 200, height: 15.6, fontSize: 14, bold: false, italic: true, monospace: false, baseline: 160.2 };
  const lines = groupLines([col('report toward these', 153.5), quote, col('part structure design', 166)]);
  const these = lines.find((l) => l.some((r) => r.text.endsWith('these')))!;
  assert.ok(!these.some((r) => r.text.startsWith('part')));
  // A bigger run beside the line's runs still anchors it (a raised marker sorted first, then the word).
  const sup: TextRun = { ...col('1', 150), x: 300, width: 4, fontSize: 6, height: 7, y: 144 };
  const word: TextRun = { ...col('Word', 153.5), x: 305, width: 30 };
  assert.equal(groupLines([sup, word]).length, 1);
});

test('paragraphs: a form\'s lines (options with their boxes, labels with their values) stand one under the other as lines of their own; prose lines run on', () => {
  const lines = ['Residence ☒ Owner occupied ☐ Rented', 'Do you hold a current licence? ☐ Yes ☒ No', 'Date signed: 03/18/1976', 'Contact person: Omar Sato'];
  const runs = lines.flatMap((t, i) => words(t, 72, 100 + 23 * i, 9));
  const paras = groupParagraphs(flowLines(buildSegments(runs))).map((p) => p.map((l) => l.text).join(' '));
  assert.deepEqual(paras, lines);
  // Short lines of prose at the same pitch still make one paragraph.
  const prose = ['The pier repairs begin in March', 'and the quay reopens in May once', 'the new lamps are in place.'];
  const runs2 = prose.flatMap((t, i) => words(t, 72, 100 + 12 * i, 10));
  assert.equal(groupParagraphs(flowLines(buildSegments(runs2))).length, 1);
});
