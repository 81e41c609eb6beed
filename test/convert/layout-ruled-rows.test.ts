// A ruled table drawn with its frame and column rules only (an invoice's line items): each line
// of figures is a row of its own, not every row glued into one cell per column; headings wrapped
// onto two lines in every column stay one row (issue 9, forms).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { unruledRows } from '../../src/convert/layout/ruled-rows.js';
import { words } from './fixtures/runs.js';

after(shutdownConvertPool);

const ITEMS = [['Yellow Ducks', '5', '2.00', '10.00'], ['Pink Ducks', '4', '15.00', '60.00'], ['Blue Ducks', '6', '5.00', '30.00'], ['Red Ducks', '30', '2.00', '60.00']];

test('ruled rows: line items between column rules, no rules between rows, are rows of their own', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const top = 792 - 200;
  const xs = [72, 250, 330, 420, 520];
  page.drawText('Commercial Invoice', { x: 72, y: 740, size: 16, font });
  page.drawText('The goods below were shipped on the date shown and are invoiced at the prices agreed.', { x: 72, y: 715, size: 10, font });
  const bottom = top - 20 - ITEMS.length * 16 - 6;
  page.drawRectangle({ x: 72, y: bottom, width: 448, height: top - bottom, borderWidth: 0.8, borderColor: rgb(0, 0, 0) });
  page.drawLine({ start: { x: 72, y: top - 20 }, end: { x: 520, y: top - 20 }, thickness: 0.8 });
  for (const x of xs.slice(1, -1)) page.drawLine({ start: { x, y: top }, end: { x, y: bottom }, thickness: 0.8 });
  ['Description', 'Quantity', 'Unit value', 'Amount'].forEach((h, c) => page.drawText(h, { x: xs[c] + 4, y: top - 14, size: 10, font }));
  ITEMS.forEach((row, r) => row.forEach((t, c) => page.drawText(t, { x: xs[c] + 4, y: top - 36 - r * 16, size: 10, font })));
  const { markdown } = await parseDocument(await pdf.save(), { pageTimeoutS: 30 });
  for (const row of ITEMS) assert.match(markdown, new RegExp(`\\| ${row.join(' \\| ')} \\|`), markdown);
});

test('ruled rows: cells of one line, wrapped headings, or lines counted differently stay one row', () => {
  const cell = (lines: string[], x: number) => lines.flatMap((l, i) => words(l, x, 100 + i * 12));
  assert.equal(unruledRows([cell(['Country of', 'Origin'], 72), cell(['Unit', 'value'], 200)]), null);
  assert.equal(unruledRows([cell(['Yellow Ducks'], 72), cell(['5'], 200)]), null);
  assert.equal(unruledRows([cell(['A long description', 'that wraps'], 72), cell(['5'], 200)]), null);
  assert.deepEqual(unruledRows([cell(['Yellow Ducks', 'Pink Ducks'], 72), [], cell(['5', '4'], 200)]), [['Yellow Ducks', '', '5'], ['Pink Ducks', '', '4']]);
});
