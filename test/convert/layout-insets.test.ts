// Text set apart by a drawn shape (a framed or shaded sidebar, a pull quote between rules, a
// banner) is read as one unit, after the paragraph it interrupts (issue 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { Shape, TextRun } from '../../src/convert/layout/types.js';
import { words, page } from './fixtures/runs.js';

/** A left column of prose with a sentence cut by a box after its third line, and a right column. */
function columnWithInset(inset: TextRun[]): TextRun[] {
  const runs: TextRun[] = [];
  const left = ['The council met in the spring and the first line of', 'the report was read aloud to all of the members who', 'had come from the towns along the river to hear what'];
  left.forEach((l, i) => runs.push(...words(l, 50, 100 + i * 12)));
  runs.push(...inset);
  runs.push(...words('they had been told about the budget.', 50, 230));
  // The next paragraph, after a paragraph break.
  const next = ['The second paragraph of the left column opens here and', 'runs on for a while with more of the same kind of text.'];
  next.forEach((l, i) => runs.push(...words(l, 50, 250 + i * 12)));
  for (let i = 0; i < 14; i++) runs.push(...words(`Right column line ${i} of the running text goes on here.`, 320, 100 + i * 12));
  return runs;
}

const SIDEBAR: TextRun[] = [
  ...words('Key facts', 58, 148, 10, { bold: true }),
  ...words('Small print about the towns and', 58, 164, 8),
  ...words('their mayors sits in this box.', 58, 174, 8),
  ...words('It is read on its own terms.', 58, 184, 8),
];
const BOX: Shape = { kind: 'frame', x: 50, y: 142, width: 240, height: 60 };

/** Two columns of running text, `rows` lines each from `top`: `label` names them ("top", "low"). */
function twoColumns(label: string, top: number, left: number, right = left): TextRun[] {
  const runs: TextRun[] = [];
  for (let i = 0; i < left; i++) runs.push(...words(`Left ${label} line ${i} of the running text goes on.`, 50, top + i * 12));
  for (let i = 0; i < right; i++) runs.push(...words(`Right ${label} line ${i} of the running text goes on.`, 320, top + i * 12));
  return runs;
}

/** Each text occurs in the Markdown, in the order given. */
function assertReadInOrder(md: string, texts: string[]): void {
  const at = texts.map((t) => md.indexOf(t));
  assert.ok(at.every((p, k) => p >= 0 && (k === 0 || p > at[k - 1])), md);
}

function layout(runs: TextRun[], extra: Parameters<typeof page>[1]): string {
  return renderPageMarkdown(layoutPage(page(runs, extra), createLayoutContext()));
}

test('insets: a framed sidebar inside a sentence is one unit, after the joined paragraph', () => {
  const md = layout(columnWithInset(SIDEBAR), { shapes: [BOX], rules: [] });
  assert.match(md, /hear what they had been told about the budget/);
  const sentence = md.indexOf('hear what they had been told');
  const sidebar = md.indexOf('Small print about the towns');
  assert.ok(sentence >= 0 && sidebar > sentence, md);
  // The sidebar's lines stay together, before the next paragraph of the column.
  assert.match(md, /Small print about the towns and their mayors sits in this box\. It is read on its own terms\./);
  assert.ok(sidebar < md.indexOf('The second paragraph of the left column'), md);
});

test('insets: without its frame the same page keeps the box text between the halves (the shape is the evidence)', () => {
  const md = layout(columnWithInset(SIDEBAR), { rules: [] });
  assert.ok(md.indexOf('Small print about the towns') < md.indexOf('they had been told about the budget'), md);
});

test('insets: a pull quote between two rules is one unit after the paragraph, not a heading', () => {
  const quote = [...words('Nothing was decided that day about', 54, 152, 14, { italic: true }), ...words('the river or the towns.', 54, 170, 14, { italic: true })];
  const rules = [
    { x0: 50, y0: 146, x1: 290, y1: 146 },
    { x0: 50, y0: 192, x1: 290, y1: 192 },
  ];
  const md = layout(columnWithInset(quote), { rules });
  assert.match(md, /hear what they had been told about the budget/);
  assert.ok(md.indexOf('Nothing was decided') > md.indexOf('hear what they had been told'), md);
  assert.doesNotMatch(md, /^#+ Nothing/m);
});

test('insets: a paragraph of the body between two boxes is no pull quote (box edges are not a pair of rules)', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 3; i++) runs.push(...words(`Body line ${i} above the boxes runs across the column.`, 50, 80 + i * 12));
  runs.push(...words('Box one note', 58, 130, 8), ...words('second line of it.', 58, 140, 8));
  runs.push(...words('Between the boxes the text of the body', 50, 170), ...words('goes on in the column as before.', 50, 182));
  runs.push(...words('Box two note', 58, 210, 8), ...words('second line of it.', 58, 220, 8));
  const shapes: Shape[] = [
    { kind: 'frame', x: 50, y: 124, width: 240, height: 26 },
    { kind: 'frame', x: 50, y: 204, width: 240, height: 26 },
  ];
  const rules = shapes.flatMap((b) => [
    { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y },
    { x0: b.x, y0: b.y + b.height, x1: b.x + b.width, y1: b.y + b.height },
  ]);
  const model = layoutPage(page(runs, { shapes, rules }), createLayoutContext());
  const between = model.blocks.find((b) => b.lines.some((l) => l.text.startsWith('Between the boxes')));
  assert.ok(between && !between.aside);
  assert.equal(model.blocks.filter((b) => b.aside).length, 2);
});

test('insets: a shaded banner across two columns cuts them: the columns above are read before it', () => {
  const runs = [...twoColumns('top', 100, 12, 5), ...words('INDUSTRY WATCH', 58, 254, 12, { bold: true }), ...twoColumns('low', 280, 10)];
  const banner: Shape = { kind: 'fill', x: 50, y: 248, width: 512, height: 22 };
  assertReadInOrder(layout(runs, { shapes: [banner] }), ['Left top line 11', 'Right top line 4', 'INDUSTRY WATCH', 'Left low line 0', 'Right low line 0']);
});

test('insets: stacked shapes of one extent (zebra stripes, table rows) are no insets', () => {
  const runs: TextRun[] = [];
  for (let i = 0; i < 4; i++) runs.push(...words(`Body line ${i} above the stripes runs across.`, 50, 60 + i * 12));
  const shapes: Shape[] = [];
  for (let r = 0; r < 4; r++) {
    runs.push(...words(`Row label ${r}`, 58, 132 + r * 16));
    if (r % 2 === 0) shapes.push({ kind: 'fill', x: 50, y: 128 + r * 16, width: 400, height: 16 });
  }
  const model = layoutPage(page(runs, { shapes }), createLayoutContext());
  assert.equal(model.blocks.filter((b) => b.aside).length, 0);
});

test('insets: the cells of a lone shaded row, filled one by one edge to edge, are no banners: a short figure in a wide padded cell stays in its table', () => {
  const runs: TextRun[] = [...words('Body line above the table runs across the page.', 60, 80)];
  const cols = [60, 150, 200, 250];
  const rows = [['History', '2024', '2028', '2029'], ['There', '5626.1', '73.21', '824.8'], ['Natural strong', '193.6', '4968.14', '1.3'], ['Government', '7299.5', '522.47', '3614.1']];
  rows.forEach((r, i) => r.forEach((t, c) => runs.push(...words(t, c === 0 ? cols[0] : cols[c] + 40 - t.length * 5, 110 + i * 15, 10, { bold: i === 0 }))));
  runs.push(...words('Body line under the table runs across the page too.', 60, 185));
  // Only the second body row is shaded (a three-row zebra table): one fill per cell.
  const edges = [54, 144, 196, 246, 296];
  const shapes: Shape[] = edges.slice(0, -1).map((x, c) => ({ kind: 'fill', x, y: 138, width: edges[c + 1] - x, height: 15 }));
  const md = renderPageMarkdown(layoutPage(page(runs, { shapes }), createLayoutContext()));
  assert.match(md, /\| Natural strong \| 193\.6 \| 4968\.14 \| 1\.3 \|/, md);
});

test('insets: the one stripe of a three-row zebra table, on a row with a label only, is no banner: the rows under it stay in the table', () => {
  const runs: TextRun[] = [...words('Body line above the table runs across the page.', 60, 80)];
  const cols = [60, 150, 200];
  const rows = [['Region', '2023', '2024'], ['North', '120', '131'], ['Coast'], ['Inland', '98', '104']];
  rows.forEach((r, i) => r.forEach((t, c) => runs.push(...words(t, c === 0 ? cols[0] : cols[c] + 40 - t.length * 5, 110 + i * 15, 10, { bold: i === 0 }))));
  runs.push(...words('Body line under the table runs across the page too.', 60, 185));
  // One fill across the whole second body row, which has no figures.
  const shapes: Shape[] = [{ kind: 'fill', x: 54, y: 138, width: 196, height: 15 }];
  const model = layoutPage(page(runs, { shapes }), createLayoutContext());
  assert.equal(model.blocks.filter((b) => b.aside).length, 0);
  const md = renderPageMarkdown(model);
  assert.match(md, /\| North \| 120 \| 131 \|\n\| Coast \| {2}\| {2}\|\n\| Inland \| 98 \| 104 \|/, md);
});

test('insets: a banner across two columns whose lines share baselines, with space around it, is still a banner', () => {
  const runs = [...twoColumns('top', 100, 12, 12), ...words('INDUSTRY WATCH', 58, 254, 12, { bold: true }), ...twoColumns('low', 280, 10)];
  const banner: Shape = { kind: 'fill', x: 50, y: 248, width: 512, height: 22 };
  assertReadInOrder(layout(runs, { shapes: [banner] }), ['Left top line 11', 'Right top line 11', 'INDUSTRY WATCH', 'Left low line 0', 'Right low line 0']);
});

test('insets: a drawn figure across two columns (a large empty shape) keeps its caption after the columns above', () => {
  const runs = [...twoColumns('top', 100, 10), ...words('Figure 1. The towns along the river.', 50, 350, 9, { italic: true }), ...twoColumns('low', 372, 10)];
  const figure: Shape = { kind: 'frame', x: 50, y: 230, width: 512, height: 110 };
  const md = layout(runs, { shapes: [figure] });
  assertReadInOrder(md, ['Left top line 9', 'Right top line 9', 'Figure 1.', 'Left low line 0', 'Right low line 0']);
  assert.doesNotMatch(md, /<!-- image -->/);
});
