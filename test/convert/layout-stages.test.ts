// The page layout stage by stage (layout/stages.ts): the page stages from the state the ones
// before them leave, the block stages over text blocks built in code (each decides one thing and
// leaves the blocks it was given untouched), the document passes, and the one Markdown renderer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { textBlocks, inlineTextStage } from '../../src/convert/layout/text-blocks.js';
import { codeStage } from '../../src/convert/layout/code-blocks.js';
import { formulaStage } from '../../src/convert/layout/formulas.js';
import { headingsStage } from '../../src/convert/layout/headings.js';
import { listsStage } from '../../src/convert/layout/lists.js';
import { captionsStage } from '../../src/convert/layout/captions.js';
import { footnotesStage } from '../../src/convert/layout/footnotes.js';
import { BLOCK_STAGES, runBlockStages, runDocumentPasses } from '../../src/convert/layout/stages.js';
import type { PageFacts } from '../../src/convert/layout/stage.js';
import { blockMarkdown, renderPage, renderPageMarkdown, rendersBlank } from '../../src/convert/markdown/render.js';
import type { Block } from '../../src/convert/model.js';
import { page as pageInput, words } from './fixtures/runs.js';
import { initialPageState, type PageState } from '../../src/convert/layout/page-state.js';
import { prepareRuns } from '../../src/convert/layout/prepare-runs.js';
import { ruledTablesStage } from '../../src/convert/layout/page-tables.js';
import { linesStage } from '../../src/convert/layout/page-lines.js';
import { figuresStage } from '../../src/convert/layout/figures.js';
import { readingOrderStage } from '../../src/convert/layout/flow.js';
import { createLayoutContext } from '../../src/convert/layout/context.js';
import type { PageLayoutInput, RuleLine, TextRun } from '../../src/convert/layout/types.js';

const PAGE: PageFacts = { body: 10, ocr: false };

/** Text blocks of the given lines (one run per word), as the reading order makes them. */
function blocksOf(lines: [text: string, x: number, y: number, size?: number, extra?: Partial<TextRun>][], note = false): Block[] {
  return textBlocks(buildSegments(lines.flatMap(([t, x, y, size, extra]) => words(t, x, y, size, extra))), note);
}

/** A deep copy, to show that a stage leaves its input as it was. */
function snapshot(blocks: Block[]): unknown {
  return JSON.parse(JSON.stringify(blocks));
}

test('text blocks: lines of one flow are grouped into untyped paragraphs holding their source lines', () => {
  const blocks = blocksOf([
    ['First paragraph line one goes on', 50, 100],
    ['and ends here.', 50, 112],
    ['Second paragraph after a wide gap.', 50, 150],
  ]);
  assert.equal(blocks.length, 2);
  assert.deepEqual(blocks.map((b) => b.type), ['paragraph', 'paragraph']);
  assert.deepEqual(blocks[0].lines.map((l) => l.text), ['First paragraph line one goes on', 'and ends here.']);
  assert.equal(blocks[0].source?.length, 2);
  assert.equal(blocks[0].columnLeft, 50);
});

test('code stage: a block set in a fixed-width face is code with its columns kept; not on OCR pages', () => {
  const input = blocksOf([
    ['if (x) {', 50, 100, 10, { monospace: true }],
    ['return 1;', 62, 112, 10, { monospace: true }],
    ['}', 50, 124, 10, { monospace: true }],
  ]);
  const before = snapshot(input);
  const out = codeStage(input, PAGE);
  assert.equal(out[0].type, 'code');
  assert.deepEqual(out[0].code, ['if (x) {', '  return 1;', '}']);
  assert.deepEqual(snapshot(input), before);
  assert.equal(codeStage(input, { ...PAGE, ocr: true })[0].type, 'paragraph');
});

test('formula stage: a line of variables and operators is a formula, its equation number kept apart', () => {
  const [eq] = formulaStage(blocksOf([['x = a + b', 200, 100], ['(3)', 480, 100]]), PAGE);
  assert.equal(eq.type, 'formula');
  assert.equal(eq.formula?.length, 1);
  assert.equal(eq.formula?.[0].number, '(3)');
  assert.match(blockMarkdown(eq), /^\$.*=.*\$ \(3\)$/);
  const [prose] = formulaStage(blocksOf([['The value of x is the sum of a and b.', 50, 100]]), PAGE);
  assert.equal(prose.type, 'paragraph');
});

test('headings stage: a short line set larger than the body is a heading, its level from the size ratio', () => {
  const blocks = [...blocksOf([['Results', 50, 100, 18]]), ...blocksOf([['Methods', 50, 200, 13]]), ...blocksOf([['Body text that runs on like a sentence.', 50, 300]])];
  const before = snapshot(blocks);
  const out = headingsStage(blocks, PAGE);
  assert.deepEqual(out.map((b) => [b.type, b.level]), [['heading', 1], ['heading', 2], ['paragraph', undefined]]);
  assert.deepEqual(snapshot(blocks), before);
});

test('headings stage: a bold heading at body size ranks below one set a little larger (a banner over a sidebar title)', () => {
  const bold = { bold: true };
  const blocks = [
    ...blocksOf([['Annual Review', 50, 80, 18, bold]]),
    ...blocksOf([['REGIONAL MARKETS', 50, 140, 12, bold]]),
    ...blocksOf([['Shipping costs', 60, 200, 10, bold]]),
    ...blocksOf([['2.1 Data sources', 50, 260, 10, bold]]),
    ...blocksOf([['Body text that runs on like a sentence.', 50, 320]]),
  ];
  const out = headingsStage(blocks, PAGE);
  // Numbered headings keep the level their number gives.
  assert.deepEqual(out.map((b) => [b.type, b.level]), [['heading', 1], ['heading', 3], ['heading', 4], ['heading', 3], ['paragraph', undefined]]);
  assert.equal(blockMarkdown(runBlockStages(blocks, PAGE)[2]), '#### Shipping costs');
  // Without a larger heading at level 3 a bold body-size heading keeps level 3.
  const alone = headingsStage([...blocksOf([['Annual Review', 50, 80, 18, bold]]), ...blocksOf([['Shipping costs', 60, 200, 10, bold]])], PAGE);
  assert.deepEqual(alone.map((b) => b.level), [1, 3]);
});

test('lists stage: a marker makes a list item, nested one level by a further indent, numbered with digits', () => {
  const blocks = blocksOf([
    ['Items follow here.', 50, 100],
    ['• first item', 50, 130],
    ['• nested item', 80, 142],
    ['3. third item', 50, 154],
  ]);
  const out = listsStage(blocks, PAGE);
  assert.deepEqual(out.map((b) => [b.type, b.marker, b.depth, b.number]), [
    ['paragraph', undefined, undefined, undefined],
    ['list_item', '•', 0, undefined],
    ['list_item', '•', 1, undefined],
    ['list_item', '3.', 0, 3],
  ]);
});

test('lists stage: each further indent is one level, however far; marks set flush right are one level', () => {
  // HTML nests by 40 px (30 pt); "b." is half a point narrower than "a.", so set flush right it
  // starts half a point further in: one level all the same.
  const out = listsStage(blocksOf([
    ['Items follow here.', 50, 100],
    ['1. first item', 50, 130],
    ['a. nested item', 80.3, 142],
    ['b. nested item', 79.8, 154],
    ['c. nested item', 80.4, 166],
    ['2. second item', 50, 178],
  ]), PAGE);
  assert.deepEqual(out.map((b) => b.depth), [undefined, 0, 1, 1, 1, 0]);
});

test('lists stage: a run that opens nested (the items before it read as text) keeps its nesting', () => {
  // An OCR'd list whose item 4 lost its mark and was read as text: the run resumes at "a)", under it.
  const out = listsStage(blocksOf([
    ['Items follow here.', 50, 100],
    ['4 Where record detail detail', 50, 130],
    ['a) nested item', 86, 142],
    ['b) nested item', 86, 154],
    ['6. top item', 50, 166],
    ['a) nested again', 86, 178],
  ]), PAGE);
  assert.deepEqual(out.map((b) => b.depth), [undefined, undefined, 1, 1, 0, 1]);
});

test('lists stage: a list running on into the next column keeps its levels by the column\'s edge', () => {
  const blocks = blocksOf([
    ['Items follow here.', 50, 100],
    ['• first item', 68, 700],
    ['• nested item', 98, 712],
  ]);
  const next = blocksOf([
    ['• second item', 340, 80],
    ['• nested again', 370, 92],
    ['• third item', 340, 104],
  ]);
  for (const b of blocks) b.columnLeft = 50;
  for (const b of next) b.columnLeft = 322;
  const out = listsStage([...blocks, ...next], PAGE);
  assert.deepEqual(out.map((b) => b.depth), [undefined, 0, 1, 0, 1, 0]);
});

test('lists stage: a list set indented from its text starts at the top level; after indented text it keeps its depth', () => {
  // HTML's 40 px, a word processor's hanging indent: nothing to nest under.
  const indented = listsStage(blocksOf([
    ['Items follow here.', 50, 100],
    ['• first item', 80, 130],
    ['• nested item', 110, 142],
    ['• second item', 80, 154],
  ]), PAGE);
  assert.deepEqual(indented.map((b) => b.depth), [undefined, 0, 1, 0]);
  // Text set in before the run (an item whose mark OCR lost, an item's own paragraph) is what the run nests under.
  const under = listsStage(blocksOf([
    ['Items follow here, and the', 50, 100],
    ['sentence goes on.', 50, 112],
    ['an item whose mark was lost', 80, 136],
    ['and its second line', 80, 148],
    ['• nested under it', 80, 172],
  ]), PAGE);
  assert.deepEqual(under.map((b) => [b.type, b.depth]), [['paragraph', undefined], ['paragraph', undefined], ['list_item', 2]]);
});

test('lists stage: a heading is not re-decided (each stage takes only what earlier ones left)', () => {
  const out = listsStage(headingsStage(blocksOf([['1. Introduction', 50, 100, 18]]), PAGE), PAGE);
  assert.equal(out[0].type, 'heading');
});

test('captions stage: a paragraph opening with "Figure 3." is a caption; a heading is not', () => {
  const out = captionsStage(headingsStage([...blocksOf([['Figure 3. Growth by region over the decade.', 50, 100]]), ...blocksOf([['Table of contents', 50, 200, 18]])], PAGE), PAGE);
  assert.deepEqual(out.map((b) => b.type), ['caption', 'heading']);
});

test('footnotes stage: note paragraphs and list items become footnotes without a body size', () => {
  const notes = listsStage(blocksOf([['1. See the appendix for the data.', 50, 700, 8]], true), PAGE);
  const [fn] = footnotesStage(notes, PAGE);
  assert.equal(fn.type, 'footnote');
  assert.equal(fn.marker, '1.');
  assert.equal(fn.size, undefined);
  assert.equal(fn.note, undefined);
  const [body] = footnotesStage(blocksOf([['Body text.', 50, 100]]), PAGE);
  assert.equal(body.type, 'paragraph');
});

test('inline text stage: styled pieces, the list marker removed, the source lines dropped', () => {
  const [item] = inlineTextStage(listsStage(blocksOf([['• a bold word', 50, 100]]), PAGE), PAGE);
  assert.equal(item.source, undefined);
  assert.equal(item.columnLeft, undefined);
  assert.deepEqual(item.inline?.[0].map((p) => p.text).join(''), 'a bold word');
  assert.equal(blockMarkdown(item), '- a bold word');
});

test('block stages: run in order, they type and render a small page', () => {
  assert.deepEqual(BLOCK_STAGES.map(([name]) => name).slice(0, 6), ['code', 'formulas', 'headings', 'lists', 'captions', 'footnotes']);
  const blocks = runBlockStages(
    [
      ...blocksOf([['Overview', 50, 80, 18]]),
      ...blocksOf([['The text of the section.', 50, 120], ['• one', 50, 150], ['• two', 50, 162]]),
    ],
    PAGE,
  );
  assert.equal(renderPageMarkdown({ width: 612, height: 792, blocks }), '# Overview\n\nThe text of the section.\n\n- one\n- two');
});

test('renderer: every block kind from what the stages decided', () => {
  const bbox: Block['bbox'] = [0, 0, 10, 10];
  const text = (t: string, bold = false) => [[{ text: t, bold, italic: false }]];
  const cell = (t: string) => ({ text: t, rowSpan: 1, colSpan: 1 });
  const blocks: Block[] = [
    { type: 'page_header', bbox, lines: [], text: 'Running head' },
    { type: 'heading', bbox, lines: [], level: 2, inline: text('Methods') },
    { type: 'paragraph', bbox, lines: [], inline: text('# not a heading') },
    { type: 'paragraph', bbox, lines: [], bold: true, inline: text('All bold', true) },
    { type: 'list_item', bbox, lines: [], marker: 'a)', depth: 1, inline: text('lettered') },
    { type: 'list_item', bbox, lines: [], marker: '2.', number: 2, depth: 0, inline: text('numbered') },
    { type: 'table', bbox, lines: [], table: { rows: [[cell('a'), cell('b')], [cell('1'), cell('2')]], top: 0, bottom: 0, x0: 0, x1: 0 } },
    { type: 'formula', bbox, lines: [], formula: [{ latex: ['x=1'] }, { latex: ['y=2'], number: '(2)' }] },
    { type: 'code', bbox, lines: [], code: ['a = 1', '  b'] },
    { type: 'figure', bbox, lines: [] },
    { type: 'paragraph', bbox, lines: [], inline: [...text('a hyphen-'), ...text('ated word')] },
    { type: 'page_footer', bbox, lines: [], text: '7' },
  ];
  assert.deepEqual(blocks.map(blockMarkdown), [
    'Running head',
    '## Methods',
    '\\# not a heading',
    '**All bold**',
    '  - a) lettered',
    '2. numbered',
    '| a | b |\n| --- | --- |\n| 1 | 2 |',
    '$x=1$\n\n$y=2$ (2)',
    '```\na = 1\n  b\n```',
    '<!-- image -->',
    'a hyphenated word',
  ].concat(['7']));
  const page = renderPage({ width: 612, height: 792, blocks });
  assert.equal(page.blocks[1].level, 2);
  assert.ok(!('lines' in page.blocks[1]));
  // The page's Markdown is the join of its non-furniture blocks; list items stay a tight list.
  assert.ok(renderPageMarkdown({ width: 612, height: 792, blocks }).startsWith('## Methods\n\n\\# not a heading\n\n**All bold**\n\n  - a) lettered\n2. numbered\n\n| a |'));
  assert.ok(!renderPageMarkdown({ width: 612, height: 792, blocks }).includes('Running head'));
});

test('document passes: a line repeated at the top of every page, bar its folio, is a running header', () => {
  const pages = [1, 2, 3].map((n) => ({
    width: 612,
    height: 792,
    blocks: runBlockStages([...blocksOf([[`Annual Report ${n}`, 50, 30]]), ...blocksOf([[`Body text of page ${n} goes on here.`, 50, 300]])], PAGE),
  }));
  const out = runDocumentPasses(pages);
  assert.deepEqual(out.map((p) => p.blocks.map((b) => b.type)), [1, 2, 3].map(() => ['page_header', 'paragraph']));
  assert.deepEqual(out.map(renderPageMarkdown), [1, 2, 3].map((n) => `Body text of page ${n} goes on here.`));
  // The input pages are left as they were.
  assert.deepEqual(pages.map((p) => p.blocks[0].type), ['paragraph', 'paragraph', 'paragraph']);
});

test('renderer: a block that renders to nothing is told without rendering ordinary text', () => {
  const bbox: Block['bbox'] = [0, 0, 10, 10];
  const para = (t: string): Block => ({ type: 'paragraph', bbox, lines: [], inline: [[{ text: t, bold: false, italic: false }]] });
  assert.equal(rendersBlank(para('. . . . . . . .')), true);
  assert.equal(blockMarkdown(para('. . . . . . . .')), '');
  assert.equal(rendersBlank(para('...')), false);
  assert.equal(rendersBlank(para('Text')), false);
  assert.equal(rendersBlank({ ...para('. . . . . .'), type: 'heading', level: 2 }), false);
  assert.equal(rendersBlank({ type: 'table', bbox, lines: [], table: { rows: [], top: 0, bottom: 0, x0: 0, x1: 0 } }), true);
  assert.equal(rendersBlank({ type: 'figure', bbox, lines: [] }), false);
});

// The page stages, each from the state the ones before it leave.

function stateOf(input: PageLayoutInput): PageState {
  return initialPageState(input, prepareRuns(input, createLayoutContext()));
}

/** Body text: enough lines of 10 pt prose for the page's body size. */
function prose(x: number, y: number, lines: number, label: string): TextRun[] {
  return Array.from({ length: lines }, (_, i) => words(`${label} line ${i} of the running text goes on and on`, x, y + i * 12)).flat();
}

test('ruled tables stage: a grid drawn with rules becomes a table atom and takes its runs', () => {
  const rules: RuleLine[] = [];
  for (const y of [100, 120, 140, 160]) rules.push({ x0: 50, y0: y, x1: 350, y1: y });
  for (const x of [50, 150, 250, 350]) rules.push({ x0: x, y0: 100, x1: x, y1: 160 });
  const cells = ['Name', 'Count', 'Share', 'alpha', '12', '40%', 'beta', '18', '60%'];
  const runs = cells.flatMap((t, i) => words(t, 55 + (i % 3) * 100, 105 + Math.floor(i / 3) * 20));
  const s = ruledTablesStage(stateOf(pageInput([...runs, ...prose(50, 300, 5, 'Body')], { rules })));
  assert.equal(s.atoms.length, 1);
  assert.equal(s.atoms[0].blocks[0].type, 'table');
  assert.deepEqual(s.atoms[0].blocks[0].table?.rows.map((r) => r.map((c) => c?.text)), [['Name', 'Count', 'Share'], ['alpha', '12', '40%'], ['beta', '18', '60%']]);
  assert.ok(!s.runs.some((r) => cells.includes(r.text)));
});

test('lines stage: a folio at the foot is set aside as a margin line, the body stays in the flow', () => {
  const s = linesStage(stateOf(pageInput([...prose(50, 100, 20, 'Body'), ...words('17', 300, 760)])));
  assert.deepEqual(s.margins.lines.map((l) => l.text), ['17']);
  assert.equal(s.margins.folios.size, 1);
  assert.ok(s.items.every((it) => it.seg?.text !== '17'));
  assert.equal(s.items.length, 20);
});

test('figures stage: a large image with no text on it is a figure atom', () => {
  const input = pageInput(prose(50, 100, 10, 'Body'), { images: [{ x: 50, y: 300, width: 300, height: 200 }] });
  const s = figuresStage(linesStage(stateOf(input)));
  assert.deepEqual(s.atoms.map((a) => a.blocks.map((b) => b.type)), [['figure']]);
});

test('reading order stage: two columns are read column by column, a figure in its place', () => {
  const input = pageInput([...prose(50, 100, 20, 'Left'), ...prose(320, 100, 20, 'Right')]);
  const s = readingOrderStage(figuresStage(linesStage(stateOf(input))));
  const text = s.blocks.flatMap((b) => b.lines.map((l) => l.text));
  assert.equal(text.length, 40);
  assert.ok(text.slice(0, 20).every((t) => t.startsWith('Left')));
  assert.ok(text.slice(20).every((t) => t.startsWith('Right')));
  assert.ok(s.blocks.every((b) => b.type === 'paragraph' && b.source !== undefined), 'text blocks are left untyped for the block stages');
});
