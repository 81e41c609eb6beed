// Headings are judged against the prose's size, not the size of a table that fills most of the
// page (issue 9): plain body-size lines after a table set in smaller type (numbered list items,
// short lines) are not headings; a title set larger than the prose still is.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { proseBodySize } from '../../src/convert/layout/prose-body.js';
import type { Block } from '../../src/convert/model.js';
import type { Line } from '../../src/convert/layout/paragraphs.js';

after(shutdownConvertPool);

const LABELS = ['South region', 'Northern coast', 'Eastern valley', 'Western hills', 'Central plain', 'Upper river', 'Lower river', 'Island towns'];

/** A page mostly filled by a ruled 8 pt table, then 10 pt prose, a numbered list and a short line. */
async function tablePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText('Harbour Survey Results', { x: 72, y: 740, size: 16, font: bold });
  const rows = [['Area', 'Count 2010', 'Count 2011'], ...Array.from({ length: 36 }, (_, i) => [`${LABELS[i % LABELS.length]} ${i + 1}`, String(100 + i * 37), String(900 - i * 23)])];
  const top = 715;
  const rowH = 13;
  const xs = [72, 232, 352, 472];
  rows.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: xs[c] + 4, y: top - (r + 1) * rowH + 4, size: 8, font })));
  const black = rgb(0, 0, 0);
  for (let r = 0; r <= rows.length; r++) page.drawLine({ start: { x: xs[0], y: top - r * rowH }, end: { x: xs[3], y: top - r * rowH }, thickness: 0.5, color: black });
  for (const x of xs) page.drawLine({ start: { x, y: top }, end: { x, y: top - rows.length * rowH }, thickness: 0.5, color: black });
  let y = top - rows.length * rowH - 24;
  page.drawText('Annual industry cause most against matter. Travel enough quality second.', { x: 72, y, size: 10, font });
  const items = ['Quality great often object', 'Range until subject world other', 'Model global might company area'];
  items.forEach((t, i) => {
    y -= 16;
    page.drawText(`${i + 1}.`, { x: 72, y, size: 10, font });
    page.drawText(t, { x: 88, y, size: 10, font });
  });
  y -= 24;
  page.drawText('Figures for the harbour towns', { x: 72, y, size: 10, font });
  return doc.save();
}

test('headings: body-size lines after a table set in smaller type are list items and text, not headings', async () => {
  const out = await parseDocument(await tablePagePdf(), { pageTimeoutS: 30 });
  const md = out.pages[0];
  assert.match(md, /^#{1,3} Harbour Survey Results$/m, md);
  assert.match(md, /Eastern valley 35/, md);
  assert.match(md, /^1\. Quality great often object$/m, md);
  assert.match(md, /^2\. Range until subject world other$/m, md);
  assert.match(md, /^3\. Model global might company area$/m, md);
  const headings = md.split('\n').filter((l) => l.startsWith('#'));
  assert.equal(headings.length, 1, md);
});

function textBlock(text: string, size: number): Block {
  const line = { text, size, x0: 72, x1: 300, top: 0, bottom: size, segs: [] } as unknown as Line;
  return { type: 'paragraph', bbox: [72, 0, 300, size], lines: [], source: [line] };
}

test('prose body: the prose size outranks smaller table text; too little prose or smaller notes leave the page size', () => {
  const prose = Array.from({ length: 4 }, () => textBlock('Annual industry cause most against matter and travel.', 10));
  assert.equal(proseBodySize(prose, 8), 10);
  // Notes set smaller than the page's body do not lower it.
  assert.equal(proseBodySize(Array.from({ length: 4 }, () => textBlock('Note: provisional figures for every region and year.', 8)), 10), 10);
  // One short line is too little to measure.
  assert.equal(proseBodySize([textBlock('Short line', 12)], 8), 8);
});

/** Lines drawn at a fixed 12.5 pt pitch from the top: [x, text, marker at the left margin]. */
async function linesPdf(lines: Array<[x: number, text: string, marker?: string]>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach(([x, text, marker], i) => {
    const y = 720 - i * 12.5;
    if (marker) page.drawText(marker, { x: 72, y, size: 10, font });
    page.drawText(text, { x, y, size: 10, font });
  });
  return doc.save();
}

const OPENING: Array<[number, string]> = [
  [72, 'Further case group toward quality chapter index began local might chapter border next short'],
  [72, 'number of the financial data structure rather simple health usually today.'],
];

test('lists: a paragraph set right after a short last item, with no space between, is not part of the item', async () => {
  const out = await parseDocument(await linesPdf([
    ...OPENING,
    [88, 'Until 2008 across young board method middle budget person', '1.'],
    [88, 'Further energy either energy', '2.'],
    [72, 'Second nation found special part return enough various about plan and more'],
    [72, 'words that close the paragraph after the list.'],
  ]), { pageTimeoutS: 30 });
  const md = out.pages[0];
  assert.match(md, /^2\. Further energy either energy$/m, md);
  assert.match(md, /^Second nation found special part return enough various about plan and more words that close the paragraph after the list\.$/m, md);
});

test('lists: an item whose wrapped line goes back to the margin keeps it', async () => {
  const out = await parseDocument(await linesPdf([
    ...OPENING,
    [88, 'Until 2008 across young board method middle budget person rather simple', '1.'],
    [72, 'health usually today and since then.'],
    [88, 'Further energy either energy', '2.'],
  ]), { pageTimeoutS: 30 });
  const md = out.pages[0];
  assert.match(md, /^1\. Until 2008 across young board method middle budget person rather simple health usually today and since then\.$/m, md);
  assert.match(md, /^2\. Further energy either energy$/m, md);
});

test('headings: on a page mostly of code set smaller than the prose, a plain prose line is no heading', async () => {
  const { layoutPageToMarkdown } = await import('../../src/convert/layout/page.js');
  const { createLayoutContext } = await import('../../src/convert/layout/context.js');
  const { words, page } = await import('./fixtures/runs.js');
  const { bodySamples } = await import('../../src/convert/layout/prepare-runs.js');
  const runs = [];
  // A 40-line listing in an 8 pt fixed-width face, then a 13 pt section title and a 10 pt lead-in.
  for (let i = 0; i < 40; i++) runs.push(...words(`    pong1() -> receive {ping, Pid${i}} -> Pid${i} ! pong, pong1() end.`, 72, 80 + i * 12, 8, { monospace: true }));
  runs.push(...words('5.4.3 The Larger Example with Robustness Added', 72, 600, 13));
  runs.push(...words('Let us return to the messenger program and add changes to make it more robust:', 72, 622, 10));
  assert.ok(bodySamples(runs).every((r) => !r.monospace));
  const md = layoutPageToMarkdown(page(runs), createLayoutContext());
  assert.match(md, /^#+ 5\.4\.3 The Larger Example/m, md);
  assert.match(md, /^Let us return to the messenger program/m, md);
  // A page wholly fixed-width (a typescript) keeps its own size: nothing to set apart.
  const typed = words('A page typed on a typewriter from top to bottom in one face.', 72, 80, 10, { monospace: true });
  assert.equal(bodySamples(typed).length, typed.length);
});

test('body size: a listing\'s line numbers in the proportional face are no prose to measure the body on', async () => {
  const { words } = await import('./fixtures/runs.js');
  const { bodySamples } = await import('../../src/convert/layout/prepare-runs.js');
  const runs = [];
  for (let i = 0; i < 40; i++) {
    runs.push(...words(String(2429 + i), 72, 80 + i * 11, 7));
    runs.push(...words(`\\newif\\ifl@dsamepage${i}`, 90, 80 + i * 11, 9, { monospace: true }));
  }
  assert.equal(bodySamples(runs).length, runs.length);
});
