// Headings stacked with nothing between them are measured by the page's leading (issue 9,
// paragraphs.ts bodyLeading): a flow cut short by a table holds only a title, its headings and a
// caption, and with one step between two same-size lines that step was the flow's own pitch, so
// "Regional Output Figures" and "Quarterly Changes", 2.3 sizes apart, became one heading. A
// heading wrapped at its own size's leading stays one.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { bodyLeading } from '../../src/convert/layout/paragraphs.js';
import type { Segment } from '../../src/convert/layout/lines.js';

after(shutdownConvertPool);

const PROSE = [
  'Annual output rose in most regions over the year, with the coast ahead of the inland towns.',
  'The figures below are drawn from the quarterly returns and revised where late returns came in.',
  'Totals may not add up because of rounding; a dash marks a region that made no return at all.',
  'Further tables for each district are published separately and are available on request.',
  'The next release will add the final quarter and revise the estimates for the first three.',
];

/** A ruled 3 × 4 table with its top edge at `top` (pdf-lib y, from the bottom); returns its bottom. */
function ruledTable(page: PDFPage, font: PDFFont, top: number): number {
  const rows = [['Region', '2023', '2024'], ['North', '120', '131'], ['South', '98', '104'], ['Coast', '143', '150']];
  const xs = [72, 232, 332, 432];
  const h = 14;
  rows.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: xs[c] + 4, y: top - (r + 1) * h + 4, size: 9, font })));
  for (let r = 0; r <= rows.length; r++) page.drawLine({ start: { x: xs[0], y: top - r * h }, end: { x: xs[3], y: top - r * h }, thickness: 0.5, color: rgb(0, 0, 0) });
  for (const x of xs) page.drawLine({ start: { x, y: top }, end: { x, y: top - rows.length * h }, thickness: 0.5, color: rgb(0, 0, 0) });
  return top - rows.length * h;
}

async function stackedHeadingsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const page = doc.addPage([612, 792]);
  page.drawText('Harbour Districts Report', { x: 72, y: 700, size: 18, font: bold });
  // Two section headings, 30 pt apart (2.3 × 13 pt), the second with nothing of its own under it
  // before the table's caption.
  page.drawText('Regional Output Figures', { x: 72, y: 662, size: 13, font: bold });
  page.drawText('Quarterly Changes', { x: 72, y: 632, size: 13, font: bold });
  page.drawText('Table 1. Output by region', { x: 72, y: 614, size: 9.5, font });
  let y = ruledTable(page, font, 604) - 24;
  // Body prose at 10 pt on 13 pt: the page's leading, 1.3.
  for (const line of PROSE) {
    page.drawText(line, { x: 72, y, size: 10, font });
    y -= 13;
  }
  // A heading wrapped over two lines at its size's own leading (13 pt on 16.9), then a table.
  y -= 20;
  page.drawText('Changes in the Inland Districts Since the Last', { x: 72, y, size: 13, font: bold });
  y -= 16.9;
  page.drawText('Report Was Published', { x: 72, y, size: 13, font: bold });
  y -= 18;
  page.drawText('Table 2. Inland districts', { x: 72, y, size: 9.5, font });
  ruledTable(page, font, y - 10);
  return doc.save();
}

test('stacked headings over a table stay two headings; a wrapped heading stays one', async () => {
  const md = (await parseDocument(await stackedHeadingsPdf(), { pageTimeoutS: 30 })).pages[0];
  assert.match(md, /^#+ Regional Output Figures$/m, md);
  assert.match(md, /^#+ Quarterly Changes$/m, md);
  assert.match(md, /^#+ Changes in the Inland Districts Since the Last Report Was Published$/m, md);
});

function seg(lineId: number, baseline: number, x0: number, x1: number, size: number): Segment {
  return { lineId, baseline, x0, x1, top: baseline - 0.8 * size, bottom: baseline + 0.2 * size, size, text: 'x', runs: [], bold: false, italic: false, monospace: false, rtl: false } as Segment;
}

test('bodyLeading: the body lines\' pitch per point of size, from lines one under the other', () => {
  // Two columns of 10 pt lines on 12 pt, side by side, and a heading line: 1.2.
  const segs = [0, 1, 2, 3, 4].flatMap((i) => [seg(i, 100 + 12 * i, 72, 290, 10), seg(10 + i, 100 + 12 * i, 310, 540, 10)]);
  segs.push(seg(20, 80, 72, 300, 14));
  assert.equal(bodyLeading(segs, 10), 1.2);
  // Too few lines to say.
  assert.equal(bodyLeading(segs.slice(0, 4), 10), undefined);
});
