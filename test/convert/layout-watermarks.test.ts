// Diagonal watermarks (issue 9): a short text set large and diagonal, repeated on the pages or over
// the middle of a one-page document, is furniture (kept in the blocks, not in the Markdown); a
// caption or axis title turned 90°, small slanted labels and a diagonal word off to a side stay.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import { markWatermarks } from '../../src/convert/layout/watermarks.js';
import type { BBox, Block, PageModel } from '../../src/convert/model.js';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';

after(() => shutdownConvertPool());

const line = (text: string, bbox: BBox) => ({ text, bbox });
const prose = (): Block => ({ type: 'paragraph', bbox: [72, 72, 540, 700], lines: [line('Body text '.repeat(60), [72, 72, 540, 700])], size: 10, bold: false, italic: false });
const turned = (text: string, bbox: BBox, angle: number, size: number): Block => ({ type: 'paragraph', bbox, lines: [line(text, bbox)], angle, size });
const pageOf = (...blocks: Block[]): PageModel => ({ width: 612, height: 792, blocks });
const types = (pages: PageModel[]) => pages.map((p) => p.blocks.map((b) => b.type));
const MIDDLE: BBox = [110, 180, 500, 610];

test('watermarks: a large diagonal word over the middle of a one-page document is furniture', () => {
  assert.deepEqual(types(markWatermarks([pageOf(prose(), turned('CONFIDENTIAL', MIDDLE, -45, 72))])), [['paragraph', 'page_header']]);
});

test('watermarks: repeated on the pages it is furniture wherever it stands; alone off the middle it stays', () => {
  const corner: BBox = [380, 600, 600, 790];
  const out = markWatermarks([pageOf(prose(), turned('DRAFT', corner, 40, 60)), pageOf(prose(), turned('Draft', corner, 40, 60))]);
  assert.deepEqual(types(out), [['paragraph', 'page_header'], ['paragraph', 'page_header']]);
  const once = markWatermarks([pageOf(prose(), turned('Sale', corner, 40, 60)), pageOf(prose())]);
  assert.deepEqual(types(once), [['paragraph', 'paragraph'], ['paragraph']]);
});

test('watermarks: a turned caption, small slanted labels, a long diagonal line and a lone stamp stay content', () => {
  const cases: PageModel[] = [
    pageOf(prose(), turned('Figure 3: Series', MIDDLE, 90, 72)),
    pageOf(prose(), turned('Revenue', MIDDLE, -45, 9)),
    pageOf(prose(), turned('This whole sentence was printed across the page at an angle', MIDDLE, -45, 40)),
    // Nothing else on the page: furniture is never a page's only content.
    pageOf(turned('DRAFT', MIDDLE, -45, 96)),
  ];
  for (const page of cases) assert.equal(markWatermarks([page])[0], page, page.blocks[page.blocks.length - 1].lines[0].text);
});

test('watermarks: through the parser a diagonal CONFIDENTIAL on every page leaves the Markdown, a rotated caption stays', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 2; p++) {
    const page = pdf.addPage([612, 792]);
    for (let i = 0; i < 20; i++) page.drawText(`Line ${i + 1} of page ${p + 1}, ordinary words about harbours and ships.`, { x: 72, y: 720 - 16 * i, size: 10, font });
    page.drawText('Figure 2: Tonnage by month', { x: 560, y: 300, size: 10, font, rotate: degrees(90) });
    page.drawText('CONFIDENTIAL', { x: 150, y: 200, size: 72, font, rotate: degrees(45), color: rgb(0.85, 0.85, 0.85), opacity: 0.4 });
  }
  const out = await parseDocument(await pdf.save(), { pageTimeoutS: 30 });
  for (const [p, md] of out.pages.entries()) {
    assert.doesNotMatch(md, /CONFIDENTIAL/, md);
    assert.match(md, /Figure 2: Tonnage by month/, md);
    assert.match(md, new RegExp(`Line 20 of page ${p + 1}`), md);
    assert.ok(out.pageModels[p].blocks.some((b) => b.type === 'page_header' && b.markdown === 'CONFIDENTIAL'));
  }
});
