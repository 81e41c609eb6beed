// Headings set on several lines (issue 9): a group heading wrapped in its narrow columns
// ("Central" over "Number", both centred over the two columns) is one group heading; a column
// heading set from the top of the heading row whose line ends on "of" goes on below ("Number of"
// over "persons"), even where the word below could be a unit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TextRun } from '../../src/convert/layout/types.js';
import { centred, page, right, words } from './fixtures/runs.js';
import { createLayoutContext, layoutPage } from '../../src/convert/layout/index.js';
import { blockMarkdown } from '../../src/convert/markdown/render.js';
import { buildSegments } from '../../src/convert/layout/lines.js';
import { tableFromWhitespace } from '../../src/convert/layout/tables.js';
import type { Item } from '../../src/convert/layout/regions.js';

function items(runs: TextRun[]): Item[] {
  return buildSegments(runs).map((seg) => ({ x0: seg.x0, x1: seg.x1, top: seg.top, bottom: seg.bottom, seg }));
}

const cells = (runs: TextRun[]) => tableFromWhitespace(items(runs), []).rows.map((r) => r.map((c) => (c ? `${c.text}${c.colSpan > 1 ? `/${c.colSpan}` : ''}` : '·')));

test('a group heading wrapped over two lines, each centred over its columns, is one heading', () => {
  // Columns right-aligned at 200 and 260; the group's lines 12 pt apart (a wrapped line's pitch).
  const runs: TextRun[] = [...centred('Central', 220, 20), ...centred('Number', 220, 32)];
  runs.push(...words('Source', 40, 48), ...right('1991', 200, 48), ...right('1992', 260, 48));
  const body: [string, string, string][] = [['Border', '860.9', '4.1'], ['Often weight', '267.9', '6.8'], ['Range process', '8.0', '87.0'], ['Special index', '1,204.5', '12.2']];
  body.forEach(([l, a, b], i) => runs.push(...words(l, 40, 64 + i * 14), ...right(a, 200, 64 + i * 14), ...right(b, 260, 64 + i * 14)));
  const t = cells(runs);
  assert.deepEqual(t[0], ['', 'Central Number/2', '·']);
  assert.deepEqual(t[1], ['Source', '1991', '1992']);
});

test('two levels of groups over the same columns, set a row apart, stay two rows', () => {
  const runs: TextRun[] = [...centred('Central', 220, 14), ...centred('Number', 220, 32)];
  runs.push(...words('Source', 40, 48), ...right('1991', 200, 48), ...right('1992', 260, 48));
  const body: [string, string, string][] = [['Border', '860.9', '4.1'], ['Often weight', '267.9', '6.8'], ['Range process', '8.0', '87.0'], ['Special index', '1,204.5', '12.2']];
  body.forEach(([l, a, b], i) => runs.push(...words(l, 40, 64 + i * 14), ...right(a, 200, 64 + i * 14), ...right(b, 260, 64 + i * 14)));
  const t = cells(runs);
  assert.equal(t[0][1].replace(/\/2$/, ''), 'Central');
  assert.equal(t[1][1].replace(/\/2$/, ''), 'Number');
});

test('a heading line ending on "of" goes on below, though the word below reads as a unit', () => {
  // Headings set from the top: "Number of" / "persons" in two columns, "Exports" on one line.
  const runs: TextRun[] = [...words('Measure', 40, 20), ...right('Number of', 200, 20), ...right('Number of', 270, 20), ...right('Exports', 340, 20)];
  runs.push(...right('persons', 200, 31), ...right('persons', 270, 31));
  const body: [string, string, string, string][] = [['Approach', '2.3', '(7)', '52'], ['Entire', '1.1', '–', '1,666'], ['Table', '2.8', '–', '10,141'], ['Whole', '13.5', '44', '912']];
  body.forEach(([l, ...v], i) => runs.push(...words(l, 40, 48 + i * 14), ...v.flatMap((x, c) => right(x, 200 + 70 * c, 48 + i * 14))));
  const t = cells(runs);
  assert.deepEqual(t[0], ['Measure', 'Number of persons', 'Number of persons', 'Exports']);
  assert.deepEqual(t[1], ['Approach', '2.3', '(7)', '52']);
});

test('a table whose stub heading wraps onto a line of its own above the body keeps its heading row', () => {
  // Set from the top of the heading row: "Region" beside the years, its second line alone under
  // it, covering the channel before the figures (a long label reaches into it as well). Before,
  // the heading lines were read as two columns of text above a table without its header.
  const runs: TextRun[] = [...words('Region', 40, 100), ...words('of residence in the area', 40, 112)];
  const years = ['2003', '2004', '2005', '2006'];
  // Figures right-aligned at 180, 205, 230, 255: the years 0.5 em apart, the widest figure of the
  // first column reaching left of the stub's second line's end.
  years.forEach((y, c) => runs.push(...right(y, 180 + 25 * c, 100)));
  const body: string[][] = [['Total year section', '(11.43)', '6.8', '99.0', '3'], ['Body', '13.1', '31.5', '53.6', '88'], ['Would space power here', '8.47', '46.5', '44.2', '7'], ['Certain city', '16.1', '56.5', '78.0', '55'], ['Final', '2.07', '13.7', '39.4', '43']];
  body.forEach(([label, ...figures], i) => {
    runs.push(...words(label, 40, 130 + i * 13));
    figures.forEach((f, c) => runs.push(...right(f, 180 + 25 * c, 130 + i * 13)));
  });
  const model = layoutPage(page(runs), createLayoutContext());
  const tables = model.blocks.filter((b) => b.type === 'table');
  assert.equal(tables.length, 1, model.blocks.map(blockMarkdown).join('\n\n'));
  const md = blockMarkdown(tables[0]);
  assert.match(md, /^\| Region[^|]* \| 2003 \| 2004 \| 2005 \| 2006 \|/, md);
  assert.ok(!model.blocks.some((b) => b.type !== 'table' && /2003|Region/.test(blockMarkdown(b))), model.blocks.map(blockMarkdown).join('\n\n'));
});

test('row labels wrapped over two lines with their figures centred between them: a label column, each label one cell beside its figures', () => {
  // As a browser sets a table cell with vertical-align middle: "Object major" over "river" (13 pt
  // apart), the figures on a baseline halfway between; rows 17 pt apart. No line holds a label
  // and a figure, so the figures' lines alone do not show the label column.
  const runs: TextRun[] = [...words('Public', 40, 20, 10, { bold: true }), ...right('Council', 200, 20, 10, { bold: true }), ...right('Record', 260, 20, 10, { bold: true })];
  runs.push(...words('Position', 40, 37, 10, { bold: true }), ...words('Review', 40, 50, 10, { bold: true }));
  const body: [string, string, string, string][] = [['Object major', 'river', '68.6', '5.9'], ['Within those', 'supply', '733.8', '251.3'], ['Foreign action', 'month', '10.2', '892.0']];
  body.forEach(([a, b, x, y], i) => {
    const top = 67 + i * 30;
    runs.push(...words(a, 40, top), ...words(b, 40, top + 13), ...right(x, 190, top + 6.5), ...right(y, 255, top + 6.5));
  });
  assert.deepEqual(cells(runs), [
    ['Public', 'Council', 'Record'],
    ['Position Review', '', ''],
    ['Object major river', '68.6', '5.9'],
    ['Within those supply', '733.8', '251.3'],
    ['Foreign action month', '10.2', '892.0'],
  ]);
});

test('OCR: a group heading over the columns and a two-word label, their words boxed 0.42 em apart by Tesseract, each stay one cell across a boundary under a word space', () => {
  // Tesseract boxes each word on its ink: the gap between two boxes is the space and both side
  // bearings, wider than the text layer's 0.25 em.
  const ocr = (text: string, x: number, y: number, size = 9): TextRun[] => {
    let cx = x;
    return text.split(' ').map((w) => {
      const r: TextRun = { text: w, x: cx, y, width: w.length * size * 0.5, height: size, fontSize: size, bold: false, italic: false, monospace: false, baseline: y + 0.8 * size, confidence: 91 };
      cx += r.width + 0.42 * size;
      return r;
    });
  };
  const at = [150, 190, 230, 270];
  const runs: TextRun[] = [...ocr('Course Behind', 199 - (12 * 4.5 + 0.42 * 9) / 2, 20)];
  at.forEach((x, c) => runs.push(...ocr(['Share', 'Men', 'Rate', 'Jobs'][c], x - ['Share', 'Men', 'Rate', 'Jobs'][c].length * 4.5, 34)));
  [['Around', '572', '264.1', '2.08', '31'], ['Decide table', '14', '44.6', '1.69', '3,310'], ['Called', '450', '21.1', '6.9', '88'], ['Short water', '39', '7.7', '4.12', '902']].forEach(([l, ...v], i) => {
    const top = 50 + i * 13;
    runs.push(...ocr(l, 40, top));
    v.forEach((f, c) => runs.push(...ocr(f, at[c] - f.length * 4.5, top)));
  });
  const t = cells(runs);
  // One heading, spanning columns; the labels' words stay together too ("Decide table").
  assert.ok(t[0].some((c) => /^Course Behind\/\d$/.test(c)) && !t.flat().includes('Course'), JSON.stringify(t));
  assert.ok(t.some((r) => r[0] === 'Decide table') && !t.flat().includes('Decide'), JSON.stringify(t));
});

test('a heading wrapped on two lines, both centred over a column of figures kept at their right edge, is one heading', () => {
  // "Percentage" over "change", centred on x = 180 over figures right-aligned at 195; the other
  // headings on the lower line alone.
  const runs: TextRun[] = [...centred('Percentage', 180, 20), ...words('Forward', 40, 33), ...centred('change', 180, 33), ...right('Share', 260, 33), ...right('Men', 320, 33)];
  [['Called', '572', '264.1', '31'], ['Decide table', '14', '44.6', '3,310'], ['Around', '450', '21.1', '88'], ['Short water', '39', '7.7', '902']].forEach(([l, a, b, c], i) => {
    const top = 50 + i * 13;
    runs.push(...words(l, 40, top), ...right(a, 195, top), ...right(b, 260, top), ...right(c, 320, top));
  });
  assert.deepEqual(cells(runs)[0], ['Forward', 'Percentage change', 'Share', 'Men']);
});
