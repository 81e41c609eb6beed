// Furniture (running headers/footers) on the typed page model: only margin lines that repeat with
// nothing but a folio changing, and never all of a page's text (issue 9: no lost text).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { differsOnlyInFolio, keepContentFurniture, markRunningLines, readsAsProse } from '../../src/convert/layout/furniture.js';
import { hasFurnitureShape } from '../../src/convert/layout/furniture-shape.js';
import { carriesFolio, isPageNumber, isStamp } from '../../src/convert/layout/margins.js';
import { renderPageMarkdown } from '../../src/convert/markdown/render.js';
import type { Block, BlockType, PageModel } from '../../src/convert/model.js';

after(shutdownConvertPool);

function block(text: string, top: number, type: BlockType = 'paragraph'): Block {
  const bbox: Block['bbox'] = [72, top, 72 + text.length * 5, top + 10];
  return { type, bbox, text, lines: [{ text, bbox }] };
}

function pageOf(blocks: Block[]): PageModel {
  return { width: 612, height: 792, blocks };
}

/** Pages generated from one template: the same words, each line starting with the page's reference. */
async function templatePdf(pages: number, lines: (p: number) => string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    lines(p).forEach((line, i) => page.drawText(line, { x: 72, y: 740 - i * 22, size: 11, font }));
  }
  return doc.save();
}

test('template-repeated pages keep every line (a reference that changes per page is content)', async () => {
  const lines = (p: number): string[] => [
    `INV-100${p} Statement page ${p} of 4`,
    `INV-100${p} Total due ${p * 40}.00 EUR`,
    `INV-100${p} Payment within 30 days`,
    `INV-100${p} Thank you for your order`,
  ];
  const doc = await parseDocument(await templatePdf(4, lines), { pageTimeoutS: 30 });
  assert.equal(doc.pages.length, 4);
  for (let p = 1; p <= 4; p++) {
    for (const line of lines(p)) assert.ok(doc.pages[p - 1].includes(line), `page ${p} lost "${line}": ${JSON.stringify(doc.pages[p - 1])}`);
  }
});

test('a page whose only lines are in the top margin keeps them', async () => {
  const doc = await parseDocument(await templatePdf(4, () => ['Quarterly statement', 'Account summary']), { pageTimeoutS: 30 });
  for (const md of doc.pages) assert.match(md, /Quarterly statement/);
});

test('a running header and a folio footer repeating across pages become furniture, the body stays', () => {
  const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
  const pages = names.map((n, i) => pageOf([
    block(`ACME Annual Report ${i + 1}`, 30),
    block(`Body text about ${n}.`, 300),
    block(`Page ${i + 1} of 6`, 760),
  ]));
  const out = markRunningLines(pages);
  for (let i = 0; i < 6; i++) {
    assert.deepEqual(out[i].blocks.map((b) => b.type), ['page_header', 'paragraph', 'page_footer']);
    assert.equal(renderPageMarkdown(out[i]), `Body text about ${names[i]}.`);
  }
});

test('a repeating line outside the margin bands is content', () => {
  const pages = [1, 2, 3, 4].map((i) => pageOf([block('Intro', 300), block(`Note for reader ${i}`, 400), block(`Body ${'x'.repeat(i)}`, 500)]));
  for (const p of markRunningLines(pages)) assert.ok(p.blocks.every((b) => b.type === 'paragraph'));
});

test('a repeating margin line whose changing part is more than a folio is content', () => {
  const pages = [1, 2, 3, 4].map((i) => pageOf([block(`Order 55${i}${i} total ${i * 13}.50`, 30), block(`Body ${i}`, 300)]));
  for (const p of markRunningLines(pages)) assert.equal(p.blocks[0].type, 'paragraph');
});

test('differsOnlyInFolio: one changing token that is a page number', () => {
  assert.ok(differsOnlyInFolio(['Report 2024 page 1', 'Report 2024 page 2', 'Report 2024 page 3']));
  assert.ok(differsOnlyInFolio(['Annual report', 'Annual report', 'Annual report']));
  assert.ok(differsOnlyInFolio(['Chapter one — 7/120', 'Chapter one — 8/120']));
  assert.ok(!differsOnlyInFolio(['INV-1001 page 1 of 4', 'INV-1002 page 2 of 4']));
  assert.ok(!differsOnlyInFolio(['Ref AB-17 summary', 'Ref AB-18 summary']));
});

test('furniture alone on a page becomes its text, a bare folio stays furniture', () => {
  const header: Block = { ...block('Board minutes, draft', 40, 'page_header') };
  const kept = keepContentFurniture(pageOf([header]));
  assert.equal(kept.blocks[0].type, 'paragraph');
  assert.equal(renderPageMarkdown(kept), 'Board minutes, draft');
  const folio: Block = { ...block('12', 770, 'page_footer'), folio: true };
  assert.equal(keepContentFurniture(pageOf([folio])).blocks[0].type, 'page_footer');
});

test('running lines: linear enough for 1,000 pages', () => {
  const pages = Array.from({ length: 1000 }, (_, i) => pageOf([block('Header', 20), block('text '.repeat(200), 300), block(`Page ${i + 1}`, 770)]));
  const t0 = Date.now();
  const out = markRunningLines(pages);
  assert.ok(Date.now() - t0 < 2000);
  assert.equal(out[10].blocks[0].type, 'page_header');
  assert.equal(out[10].blocks[2].type, 'page_footer');
});

test('a one-page document: a sentence in the top margin is content; a folio, a head with a folio and a label stay furniture', () => {
  const page = pageOf([
    block('Results are summarised in the table below. Figures are provisional.', 60, 'page_header'),
    { ...block('Quarterly Review 7', 30, 'page_header'), numbered: true },
    block('Body text.', 300),
    block('Conference on Things 2015', 700, 'page_footer'),
    { ...block('7', 770, 'page_footer'), folio: true },
  ]);
  const [out] = markRunningLines([page]);
  assert.deepEqual(out.blocks.map((b) => b.type), ['paragraph', 'page_header', 'paragraph', 'page_footer', 'page_footer']);
  assert.match(renderPageMarkdown(out), /Results are summarised in the table below\. Figures are provisional\./);
});

test('readsAsProse: sentences and long runs of words, not labels', () => {
  assert.ok(readsAsProse('Results are summarised in the table below.'));
  assert.ok(readsAsProse('one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen'));
  for (const t of ['NETS 2015', 'Journal of Examples', 'J. Smith et al.', 'www.example.org', 'Chapter 3. Methods']) assert.ok(!readsAsProse(t), t);
});

test('a two-page document: a sentence in the margin of both pages is furniture, on one page only it is content', () => {
  const pages = [1, 2].map((i) => pageOf([
    block('This report is confidential and must not be shared.', 30, 'page_header'),
    ...(i === 1 ? [block('Dear customer, thank you for your order.', 70, 'page_header')] : []),
    block(`Body ${i}.`, 300),
  ]));
  const out = markRunningLines(pages);
  assert.deepEqual(out[0].blocks.map((b) => b.type), ['page_header', 'paragraph', 'paragraph']);
  assert.deepEqual(out[1].blocks.map((b) => b.type), ['page_header', 'paragraph']);
  assert.match(renderPageMarkdown(out[0]), /Dear customer, thank you for your order\./);
});

test('folio forms: chapter-page numbers and scan stamps by themselves, page numbers as a piece of a running line', () => {
  for (const t of ['7-45', 'A-3', '- 41 -', 'Page 3 of 9', 'xii']) assert.ok(isPageNumber(t), t);
  for (const t of ['2012-2013', 'Total 45', '7.45 EUR']) assert.ok(!isPageNumber(t), t);
  assert.ok(isStamp('Digitized by Google'));
  assert.ok(carriesFolio(['Journal of Things | www.example.org', '3', 'March 2014 | Volume 8']));
  assert.ok(carriesFolio(['Annual Report', 'iv']));
  assert.ok(!carriesFolio(['Annual Report', '2014']), 'a year is not a folio');
  assert.ok(!carriesFolio(['12']), 'a bare folio is a folio, not a line carrying one');
});

test('a one-page document keeps a body sentence at the top margin above a table', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  // A 1-inch margin puts the first body line inside the top 12 %; a gap sets it apart from what follows.
  page.drawText('Remain behind the question of the border. Answer power likely.', { x: 72, y: 792 - 90, size: 11, font });
  const rows = [['Item', 'Q1', 'Q2', 'Q3'], ['Budget', '939.7', '367', '818.8'], ['Whole', '16.2', '922', '34.8'], ['Other', '1.5', '12', '3.9']];
  rows.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: 72 + c * 110, y: 792 - 140 - r * 22, size: 11, font })));
  page.drawText('The rest of the page is ordinary text that follows the table.', { x: 72, y: 792 - 260, size: 11, font });
  page.drawText('Journal of Examples | www.example.org', { x: 72, y: 40, size: 8, font });
  page.drawText('3', { x: 300, y: 40, size: 8, font });
  page.drawText('March 2014 | Volume 8', { x: 450, y: 40, size: 8, font });
  const out = await parseDocument(await doc.save(), { pageTimeoutS: 30 });
  assert.match(out.pages[0], /Remain behind the question of the border\. Answer power likely\./);
  assert.match(out.pages[0], /ordinary text that follows the table/);
  assert.doesNotMatch(out.pages[0], /Journal of Examples/, 'a margin line carrying a folio is a running footer');
});

test('a one-page document keeps its title set in display type at the top edge; a small running head stays furniture', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText('Field Notes 12', { x: 72, y: 792 - 30, size: 8, font });
  // A 16 pt title inside the top 12 %, set apart from the 10 pt body below it.
  page.drawText('Harbour Survey Results', { x: 72, y: 792 - 70, size: 16, font: bold });
  const body = [
    'The survey counted vessels in the harbour on four mornings in the spring.',
    'Most of them were small fishing boats moored along the northern quay.',
    'A second count in the autumn found fewer boats and two new pontoons.',
    'The harbour master expects the numbers to rise again next season.',
  ];
  body.forEach((line, i) => page.drawText(line, { x: 72, y: 792 - 130 - i * 14, size: 10, font }));
  const out = await parseDocument(await doc.save(), { pageTimeoutS: 30 });
  assert.match(out.pages[0], /Harbour Survey Results/, 'the title is the document\'s text');
  assert.match(out.pages[0], /harbour master expects/);
  assert.doesNotMatch(out.pages[0], /Field Notes/, 'a small label with a folio at the top edge is a running head');
});

test('display type: on a short document a margin line well above the body size is content, a heading as it would be in the text', () => {
  const title = { ...block('Annual Summary', 40, 'page_header'), size: 18 };
  const page = pageOf([title, { ...block('Body text of the page, set in the ordinary size.', 300), size: 10 }, { ...block('Body again.', 320), size: 10 }]);
  const [out] = markRunningLines([page]);
  assert.equal(out.blocks[0].type, 'heading');
  assert.match(renderPageMarkdown(out), /^# Annual Summary\n/);
  // The same line at the body size, in the body's weight, comes back a paragraph.
  const plain = pageOf([{ ...block('Annual Summary', 40, 'page_header'), size: 10 }, { ...block('Body text of the page, set in the ordinary size.', 300), size: 10 }]);
  assert.equal(markRunningLines([plain])[0].blocks[0].type, 'paragraph');
  // A small head carrying a folio keeps the shape of a running head.
  const small = pageOf([{ ...block('Annual Summary 4', 40, 'page_header'), size: 9 }, { ...block('Body text of the page, set in the ordinary size.', 300), size: 10 }]);
  assert.equal(markRunningLines([small])[0].blocks[0].type, 'page_header');
});

test('a book running title with the folio on the outer edge ("Title 7" recto, "8 Title" verso) is furniture on every page', () => {
  const pages = [1, 2, 3, 4, 5].map((n) => pageOf([
    block(n % 2 === 1 ? `Bridges Of The Northern Coast ${n}` : `${n} Bridges Of The Northern Coast`, 30),
    block(`Body text of page ${n} goes on here.`, 300),
  ]));
  for (const [i, p] of markRunningLines(pages).entries()) {
    assert.equal(p.blocks[0].type, 'page_header', `page ${i + 1}`);
    assert.equal(renderPageMarkdown(p), `Body text of page ${i + 1} goes on here.`);
  }
  assert.ok(differsOnlyInFolio(['Bridges Of The Coast 7', '8 Bridges Of The Coast', 'Bridges Of The Coast 9']));
  assert.ok(!differsOnlyInFolio(['Bridges Of The Coast 7', '8 Bridges Of The Sea']));
});

/** A one-page PDF: a short line at the top edge, body text, a short line at the bottom edge, optionally a folio beside it. */
async function shortPagePdf(top: string, bottom: string, folio?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(top, { x: 72, y: 792 - 36, size: 9, font });
  const body = [
    'The committee met on Tuesday to review the progress of the harbour works.',
    'Dredging of the inner basin is complete and the new quay wall is half built.',
    'Costs remain within the budget agreed in the spring and no claims are open.',
    'The next review is planned for the end of the quarter, after the winter storms.',
  ];
  body.forEach((line, i) => page.drawText(line, { x: 72, y: 792 - 120 - i * 14, size: 10, font }));
  page.drawText(bottom, { x: 72, y: 30, size: 9, font });
  if (folio) page.drawText(folio, { x: 530, y: 30, size: 9, font });
  return doc.save();
}

test('a one-page document keeps short labels at its top and bottom edges (issue 9: no furniture without repetition or shape)', async () => {
  for (const [top, bottom] of [
    ['Reference: AB-1234', 'NETS 2015'],
    ['Project Alpha – Status report', 'Customer: ACME Ltd'],
  ]) {
    const out = await parseDocument(await shortPagePdf(top, bottom), { pageTimeoutS: 30 });
    assert.ok(out.pages[0].includes(top), `lost the top line "${top}": ${out.pages[0]}`);
    assert.ok(out.pages[0].includes(bottom), `lost the bottom line "${bottom}": ${out.pages[0]}`);
    assert.match(out.pages[0], /harbour works/);
  }
});

test('a one-page document still leaves out furniture by shape: stamps, URLs, copyright lines, journal heads, folios', async () => {
  const cases: [string, string][] = [
    ['Downloaded from www.example.org on 3 May 2021', '© 2021 Example Press. All rights reserved.'],
    ['J. Harb. Stud. 12(3):45–67', 'https://example.org/reports/harbour'],
    ['arXiv:2101.00001v2 [cs.CL] 1 Jan 2021', 'Printed on 3 May 2021, 14:05'],
  ];
  for (const [top, bottom] of cases) {
    const out = await parseDocument(await shortPagePdf(top, bottom), { pageTimeoutS: 30 });
    assert.ok(!out.pages[0].includes(top), `kept the top line "${top}": ${out.pages[0]}`);
    assert.ok(!out.pages[0].includes(bottom), `kept the bottom line "${bottom}": ${out.pages[0]}`);
    assert.match(out.pages[0], /harbour works/);
  }
  // A label in the footer band beside a folio belongs to that running footer.
  const slide = await parseDocument(await shortPagePdf('Reference: AB-1234', 'Harbour Conference 2015', '7'), { pageTimeoutS: 30 });
  assert.match(slide.pages[0], /Reference: AB-1234/);
  assert.doesNotMatch(slide.pages[0], /Harbour Conference 2015/);
});

test('hasFurnitureShape: running-line forms, not the user\'s labels', () => {
  for (const t of ['- 3 -', 'Page 3 of 9', 'iii', 'Field Notes 12', 'doi:10.1000/xyz123', 'Vol. 12, No. 3', 'pp. 45-67', 'Licensed under CC BY 4.0', 'Preprint submitted to Elsevier', '11/24/26, 1:32 PM Harbour report']) {
    assert.ok(hasFurnitureShape(t), t);
  }
  for (const t of ['Reference: AB-1234', 'Project Alpha – Status report', 'Customer: ACME Ltd', 'NETS 2015', 'Chapter 3', 'Date: 12 March 2024']) {
    assert.ok(!hasFurnitureShape(t), t);
  }
});

test('a title repeated by the running heads of the pages after it stays on its first page', () => {
  const sized = (b: Block, size: number): Block => ({ ...b, size });
  const pages = [1, 2, 3, 4].map((i) => pageOf(i === 1
    ? [sized(block('Reading Data in Tables', 90, 'heading'), 17), sized(block('Body of the first page.', 300), 10)]
    : [sized(block(`${i} Reading Data in Tables`, 40), 10), sized(block(`Body of page ${i}.`, 300), 10)]));
  const out = markRunningLines(pages);
  assert.equal(out[0].blocks[0].type, 'heading');
  assert.match(renderPageMarkdown(out[0]), /Reading Data in Tables/);
  for (const p of out.slice(1)) assert.equal(p.blocks[0].type, 'page_header');
});

test('numbered headings opening page after page stay headings; a running label with a changing folio is furniture', () => {
  const sized = (b: Block, size: number): Block => ({ ...b, size });
  const pages = [1, 2, 3, 4, 5].map((i) => pageOf([
    sized(block(`${i + 1} Reading Data in Tables`, 40, 'page_header'), 10),
    sized(block(`Example ${i}`, 90, 'heading'), 14.5),
    sized(block(`Body of example ${i}, long enough to set the page's body size.`, 300), 10),
  ]));
  const out = markRunningLines(pages);
  for (const [i, p] of out.entries()) {
    assert.deepEqual(p.blocks.map((b) => b.type), ['page_header', 'heading', 'paragraph']);
    assert.match(renderPageMarkdown(p), new RegExp(`Example ${i + 1}`));
  }
});

test('a row of form fields low on a page, under rows of the same columns, is content, not a footer', async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Applicant details are checked against the register before the permit is issued.', { x: 72, y: 720, size: 7, font });
  const rows = [
    ['Member ID:', 'I5515254', 'Occupation:', 'Librarian'],
    ['Tax number:', '396-29-6342', 'ZIP code:', '72701'],
    ['Date signed:', '1970-03-09', 'Expiry date:', '2003-12-06'],
  ];
  rows.forEach((row, r) => row.forEach((t, c) => page.drawText(t, { x: [72, 150, 318, 396][c], y: 170 - r * 21, size: 10, font })));
  // The last row, set off from the grid above by a wider gap, in the page's bottom band.
  ['Daytime phone:', '(987) 892-9305', 'Employer:', 'Mendes Supplies LLC'].forEach((t, c) => page.drawText(t, { x: [72, 150, 318, 396][c], y: 82, size: 10, font }));
  const out = await parseDocument(await doc.save(), { pageTimeoutS: 30 });
  assert.match(out.pages[0], /Daytime phone:[\s|]+\(987\) 892-9305[\s|]+Employer:[\s|]+Mendes Supplies LLC/, out.pages[0]);
  assert.equal(out.pageModels[0].blocks.filter((b) => b.type === 'page_footer').length, 0);
});

test('recto and verso feet with the folio set apart by a bar are one running line', () => {
  const title = 'Ericsson AB. All Rights Reserved.: System Documentation';
  const pages = [1, 2, 3, 4, 5, 6, 7].map((i) => pageOf([
    block(`Body text of page ${i} about the system.`, 300),
    block(i % 3 === 0 ? `${title} | ${i + 100}` : `${i + 100} | ${title}`, 760),
  ]));
  const out = markRunningLines(pages);
  for (const p of out) assert.deepEqual(p.blocks.map((b) => b.type), ['paragraph', 'page_footer']);
  assert.ok(differsOnlyInFolio([`${title} | 7`, `8 | ${title}`, `${title} · 9`]));
  // A bar between two words that are not a folio stays part of the line.
  assert.ok(!differsOnlyInFolio(['Sales | North', 'Sales | South', 'Sales | East']));
});

test('a running head naming the current section is furniture on the pages in a row that carry it', () => {
  const heads = ['1.3 Getting Started', '1.3 Getting Started', '1.3 Getting Started', '1.4 Build a Database', '1.4 Build a Database', '1.4 Build a Database', '1.4 Build a Database', '1.5 Transactions', '1.5 Transactions', 'Index'];
  const pages = heads.map((h, i) => pageOf([block(h, 30), block(`Body text of page ${i} about the database.`, 300)]));
  const out = markRunningLines(pages);
  for (let i = 0; i < 7; i++) assert.deepEqual(out[i].blocks.map((b) => b.type), ['page_header', 'paragraph'], heads[i]);
  // Two pages in a row, or one, are no evidence: content.
  for (let i = 7; i < 10; i++) assert.equal(out[i].blocks[0].type, 'paragraph', heads[i]);
  // The same line on three pages far apart in a long document is no running head either.
  const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];
  const apart = words.map((w, i) => pageOf([block(i % 4 === 0 ? 'Summary of findings' : `Opening on ${w}`, 30), block(`Body ${w}.`, 300)]));
  for (const p of markRunningLines(apart)) assert.equal(p.blocks[0].type, 'paragraph');
});
