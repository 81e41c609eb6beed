// Where a table is on a mixed page (issue 9): its region bounded by its own rules, never by the
// rules of a table beside it; captions, notes and lists around it kept out of it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RuleLine, TextRun } from '../../src/convert/layout/types.js';
import { page, words } from './fixtures/runs.js';
import { findRuledRegions, splitOpenRegion } from '../../src/convert/layout/ruled-tables.js';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import type { Block } from '../../src/convert/model.js';
import { blockMarkdown } from '../../src/convert/markdown/render.js';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { runCase } from '../../eval/synthetic/convert.js';

after(() => shutdownConvertPool());

const hRule = (y: number, x0: number, x1: number): RuleLine => ({ x0, y0: y, x1, y1: y });

/** A row of cells, each cell's words from its x (8 pt print). */
function row(cells: Array<[string, number]>, y: number, size = 8): TextRun[] {
  return cells.flatMap(([text, x]) => words(text, x, y, size));
}

/** A small booktabs-ruled table at (x, top): header row, `n` body rows; its runs and rules. */
function booktabs(x: number, top: number, n: number, names: string[]): { runs: TextRun[]; rules: RuleLine[]; bottom: number } {
  const runs = [...row([['Region', x + 2], ['Output', x + 80], ['Share', x + 130]], top + 4)];
  for (let i = 0; i < n; i++) runs.push(...row([[names[i % names.length], x + 2], [`${120 + 7 * i}`, x + 80], [`${i}.5`, x + 130]], top + 20 + i * 11));
  const bottom = top + 20 + n * 11 + 2;
  return { runs, rules: [hRule(top, x, x + 160), hRule(top + 15, x, x + 160), hRule(bottom, x, x + 160)], bottom };
}

const tables = (blocks: Block[]) => blocks.filter((b) => b.type === 'table').map((b) => ({ ...b, markdown: blockMarkdown(b) }));

test('ruled regions: tables side by side in two columns keep their own rules, whatever lies between', () => {
  // Left table's rules at 120/135/200, right table's at 100/115/180: interleaved in y.
  const rules = [hRule(120, 72, 232), hRule(135, 72, 232), hRule(200, 72, 232), hRule(100, 320, 480), hRule(115, 320, 480), hRule(180, 320, 480), hRule(150, 400, 480)];
  const { open } = findRuledRegions(rules, 612);
  assert.deepEqual(open.map((r) => [r.box.x, r.box.y, r.box.y + r.box.height]), [[320, 100, 180], [72, 120, 200]]);
  assert.deepEqual(open[1].rules, [120, 135, 200]);
});

test('ruled regions: a narrow booktabs table in one column of a page is a region; a lone short rule is not', () => {
  const { open } = findRuledRegions([hRule(200, 320, 420), hRule(215, 320, 420), hRule(290, 320, 420), hRule(500, 72, 140)], 612);
  assert.deepEqual(open.map((r) => r.rules), [[200, 215, 290]]);
});

test('ruled regions: a stack of rules is cut where prose lies between two of its rules', () => {
  const region = { box: { x: 72, y: 100, width: 312, height: 300 }, rules: [100, 115, 180, 260, 275, 400], starts: [72, 72, 72, 72, 72, 72], ends: [372, 372, 372, 384, 384, 384] };
  // Between 180 and 260: a caption and a paragraph, not rows.
  const parts = splitOpenRegion(region, (top, bottom) => top === 180 && bottom === 260);
  assert.deepEqual(parts.map((b) => [b.y, b.y + b.height]), [[100, 180], [260, 400]]);
  // Each part as wide as its own rules: the lower table's last column, past the upper's rules, is in it.
  assert.deepEqual(parts.map((b) => b.x + b.width), [372, 384]);
  assert.deepEqual(splitOpenRegion(region, () => false).map((b) => [b.y, b.y + b.height, b.x + b.width]), [[100, 400, 384]]);
});

test('ruled regions: a stack\'s box spans its widest rule', () => {
  const { open } = findRuledRegions([hRule(100, 72, 318), hRule(115, 72, 318), hRule(180, 72, 318), hRule(260, 72, 331), hRule(400, 72, 331)], 612);
  assert.deepEqual(open.map((r) => [r.box.x, r.box.x + r.box.width]), [[72, 331]]);
});

test('tables side by side: each column\'s booktabs table is one table with its header row', () => {
  const left = booktabs(72, 120, 6, ['North', 'South', 'East']);
  const right = booktabs(320, 100, 6, ['Coast', 'Inland', 'Hills']);
  const prose = (x: number, y0: number, n: number) => Array.from({ length: n }, (_, i) => words('Prose of the column runs on here', x, y0 + i * 12)).flat();
  const runs = [...words('A Title Over Both Columns', 72, 60, 16), ...prose(72, 220, 8), ...prose(320, 200, 10), ...left.runs, ...right.runs];
  const model = layoutPage(page(runs, { rules: [...left.rules, ...right.rules] }), createLayoutContext());
  const found = tables(model.blocks);
  assert.equal(found.length, 2, found.map((b) => b.markdown).join('\n\n'));
  for (const t of found) {
    assert.match(t.markdown, /^\| Region \| Output \| Share \|/, t.markdown);
    assert.doesNotMatch(t.markdown, /Prose/);
  }
});

test('a table\'s source line and the list after it are not rows of the table', () => {
  const runs: TextRun[] = [...words('Opening paragraph of the report before the table.', 72, 80, 10)];
  runs.push(...row([['Item', 72], ['2019', 200], ['2020', 260]], 110));
  ['Wheat', 'Barley', 'Oats', 'Maize', 'Rye'].forEach((label, i) => runs.push(...row([[label, 72], [`${10 + i}.4`, 200], [`${20 + i}.1`, 260]], 122 + i * 11)));
  runs.push(...words('Source: National Office 2021.', 72, 182, 8));
  runs.push(...words('\u2022', 72, 196, 10), ...words('Yields rose in most regions', 84, 196, 10));
  runs.push(...words('\u2022', 72, 210, 10), ...words('Prices fell in the north', 84, 210, 10));
  const model = layoutPage(page(runs), createLayoutContext());
  const [table, ...more] = tables(model.blocks);
  assert.equal(more.length, 0);
  assert.ok(table, model.blocks.map(blockMarkdown).join('\n\n'));
  assert.match(table.markdown, /Rye/);
  assert.doesNotMatch(table.markdown, /Source|Yields|Prices/);
  const after = model.blocks.slice(model.blocks.findIndex((b) => b.type === 'table') + 1).map(blockMarkdown);
  assert.ok(after.some((md) => md.includes('Source: National Office 2021.')), after.join(' / '));
  assert.equal(model.blocks.filter((b) => b.type === 'list_item').length, 2);
});

test('a table in one column of a two-column page takes in neither the list nor the prose beside it', async () => {
  // Generated page (eval/synthetic mixed family): grid-ruled tables in each column, a numbered list
  // and prose with figures beside them, lines of the two columns at other heights.
  const r = await runCase('mixed-1005');
  const verdict = (p: string) => r.results.find((x) => x.property === p)!;
  for (const p of ['text', 'table-cells', 'prose-outside-tables', 'lists']) assert.ok(verdict(p).pass, `${p}: ${verdict(p).diff}`);
});

test('tables side by side in the two columns of a page, lines at other heights, each stay in their column', async () => {
  // Generated page (eval/synthetic mixed family): unruled tables at overlapping heights in both
  // columns, with captions, notes and lists; the columns are cut first (XY-cut), then each read.
  const r = await runCase('mixed-1025');
  const verdict = (p: string) => r.results.find((x) => x.property === p)!;
  for (const p of ['text', 'order', 'table-cells', 'prose-outside-tables']) assert.ok(verdict(p).pass, `${p}: ${verdict(p).diff}`);
});

/** A rectangle's four sides. */
function frame(x0: number, y0: number, x1: number, y1: number): RuleLine[] {
  return [hRule(y0, x0, x1), hRule(y1, x0, x1), { x0, y0, x1: x0, y1 }, { x0: x1, y0, x1, y1 }];
}

test('ruled regions: value boxes stacked under each other are no ruled table; a framed table ruled between its rows is', () => {
  // A form's boxes drawn right after labels of other lengths, all ending at one x, 2 pt apart.
  const boxes = [...frame(150, 211, 219, 225), ...frame(118, 227, 219, 241), ...frame(112, 243, 219, 257)];
  assert.equal(findRuledRegions(boxes, 612).grids.length, 0);
  // Boxes 2 pt apart, reaching the margin, with lefts a point or three apart.
  const lefts = [130.8, 134, 111.4, 114.7, 117.6, 141.9, 110.5, 118.5];
  assert.equal(findRuledRegions(lefts.flatMap((x, r) => frame(x, 370 + 16 * r, 540, 384 + 16 * r)), 612).grids.length, 0);
  // The same three rows inside one frame, with rules between them: one grid.
  const framed = [...frame(112, 211, 219, 257), hRule(226, 112, 219), hRule(242, 112, 219)];
  assert.equal(findRuledRegions(framed, 612).grids.length, 1);
  // And the form reads each label with its value, row by row.
  const runs: TextRun[] = [...words('Please fill in every box below in capital letters before you sign the form.', 72, 180, 7)];
  [['Date of application', '01/26/2017', 154], ['Telephone', '(548) 247-2328', 122], ['Due date', '02/07/1958', 116]].forEach(([label, value, x], r) => {
    runs.push(...words(label as string, 72, 214 + 16 * r, 8, { bold: true }), ...words(value as string, x as number, 214 + 16 * r, 8));
  });
  const md = layoutPage(page(runs, { rules: boxes }), createLayoutContext()).blocks.map(blockMarkdown).join('\n\n');
  for (const f of ['Date of application** 01/26/2017', 'Telephone** (548) 247-2328', 'Due date** 02/07/1958']) assert.ok(md.includes(f), md);
});

test('regions: a column of fields, each value boxed right after its label, reads each label with its value', () => {
  // The values start wherever their labels end: no column of values, so no table.
  const fields = [['Annual income', '$4,672.92'], ['Mailing address', '2882 Station Avenue'], ['Employer', 'Haddad Logistics GmbH'], ['Reference', '53858648'], ['Member ID', '56757689'], ['Customer number', '254-81-1333'], ['Due date', '09/23/2023'], ['Occupation', 'Accountant']];
  const runs: TextRun[] = [...words('Council young union structure person middle country world government first again.', 72, 330, 7)];
  const rules: RuleLine[] = [];
  fields.forEach(([label, value], r) => {
    const y = 373 + 16 * r;
    const l = words(label, 72, y, 8);
    const end = l[l.length - 1].x + l[l.length - 1].width;
    runs.push(...l, ...words(value, end + 8, y, 8));
    rules.push(...frame(end + 6, y - 3, 540, y + 11));
  });
  const md = layoutPage(page(runs, { rules }), createLayoutContext()).blocks.map(blockMarkdown).join('\n\n');
  for (const [label, value] of fields) assert.ok(md.includes(`${label} ${value}`), md);
  assert.doesNotMatch(md, /\|/, md);
});

test('ruled regions: a form\'s fill-in lines, each starting right after its label, bound no table', () => {
  // "Nationality ____Ghana____": labels of other lengths, the value typed on the line after each;
  // an invoice's lines between two groups of such fields.
  const field = (label: string, value: string, y: number, runs: TextRun[], rules: RuleLine[]) => {
    const l = words(label, 72, y, 9);
    const end = l[l.length - 1].x + l[l.length - 1].width;
    // Typed in Courier: 0.6 em a character, a space included.
    runs.push(...l, ...value.split(' ').map((w, k, all) => ({ ...words(w, end + 10 + 5.4 * all.slice(0, k).join(' ').length + (k > 0 ? 5.4 : 0), y, 9, { monospace: true })[0], width: 5.4 * w.length })));
    rules.push(hRule(y + 9.5, end + 4, 540));
  };
  const runs: TextRun[] = [...words('Young behind still built river decide budget course central and the person toward it.', 72, 150, 7.5)];
  const rules: RuleLine[] = [];
  const first = [['Policy number', 'H9439844'], ['Marital status', 'Widowed'], ['Mobile phone', '(332) 601-3595']];
  const second = [['Account number', 'H8789923'], ['Member ID', '29718111'], ['Customer number', '939-34-9789']];
  first.forEach(([label, value], r) => field(label, value, 176 + 21 * r, runs, rules));
  runs.push(...words('Section B Object Their Process', 72, 240, 11, { bold: true }));
  runs.push(...row([['Description', 72], ['Quantity', 250], ['Unit price', 330], ['Amount', 420]], 262, 9));
  [['Which report north writer', '31', '92.37', '2863.47'], ['Cover various', '7', '380.52', '2663.64'], ['Middle small', '14', '441.24', '6177.36']].forEach((r, k) => runs.push(...row([[r[0], 72], [r[1], 250], [r[2], 330], [r[3], 420]], 276 + 13 * k, 9)));
  runs.push(...words('Other', 72, 330, 11, { bold: true }));
  second.forEach(([label, value], r) => field(label, value, 356 + 21 * r, runs, rules));
  const blocks = layoutPage(page(runs, { rules }), createLayoutContext()).blocks;
  const md = blocks.map(blockMarkdown).join('\n\n');
  assert.equal(tables(blocks).length, 1, md);
  assert.match(tables(blocks)[0].markdown, /^\| Description \| Quantity \| Unit price \| Amount \|/, md);
  for (const [label, value] of [...first, ...second]) assert.ok(md.includes(`${label} ${value}`), md);
});
