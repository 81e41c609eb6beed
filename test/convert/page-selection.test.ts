// DECISIONS §8 in the built-in parser: page selections and partial results (skipFailedPages).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ParseError, parseDocument, shutdownConvertPool } from '../../src/convert/index.js';
import { textPdf } from './exec-fixtures.js';

after(async () => {
  await shutdownConvertPool();
});

/** Text pages, with a blank page of the largest size PDF allows at `hugeAt`: it needs OCR and cannot be rendered within the pixel cap. */
async function pdfWithHugeBlankPage(texts: string[], hugeAt: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  texts.forEach((text, i) => {
    if (i === hugeAt) doc.addPage([14400, 14400]);
    else doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font });
  });
  return doc.save();
}

test('only the selected pages are parsed, in order, reported with their source index', async () => {
  const pdf = await textPdf([['Alpha page one'], ['Beta page two'], ['Gamma page three'], ['Delta page four']]);
  const events: Array<{ index: number; pagesDone: number; pages: number }> = [];
  const doc = await parseDocument(pdf, { pageTimeoutS: 30, pages: [1, 3], onPage: (e) => events.push(e) });
  assert.equal(doc.pages.length, 2);
  assert.match(doc.pages[0], /Beta page two/);
  assert.match(doc.pages[1], /Delta page four/);
  assert.equal(doc.failed, undefined);
  assert.deepEqual(events.map((e) => e.index).sort(), [1, 3]);
  assert.deepEqual(events.map((e) => [e.pagesDone, e.pages]), [[1, 2], [2, 2]]);
});

test('a selection spanning several page windows equals the same pages parsed as their own document', async () => {
  const texts = Array.from({ length: 80 }, (_, i) => [`Section ${i + 1}`, `Body text of page ${i + 1} goes here.`]);
  const pdf = await textPdf(texts);
  const selection = [0, 5, ...Array.from({ length: 40 }, (_, i) => 30 + i)];
  const selected = await parseDocument(pdf, { pageTimeoutS: 30, pages: selection });
  const alone = await parseDocument(await textPdf(selection.map((i) => texts[i]!)), { pageTimeoutS: 30 });
  assert.deepEqual(selected.pages, alone.pages);
});

test('skipFailedPages: a page that fails comes back empty with its code; the others are delivered', async () => {
  const pdf = await pdfWithHugeBlankPage(['Alpha page one', '', 'Gamma page three'], 1);
  await assert.rejects(parseDocument(pdf, { pageTimeoutS: 30 }), (e: unknown) => e instanceof ParseError && e.code === 'page_too_large');
  const events: Array<{ index: number; error?: string }> = [];
  const doc = await parseDocument(pdf, { pageTimeoutS: 30, skipFailedPages: true, onPage: (e) => events.push(e) });
  assert.equal(doc.pages.length, 3);
  assert.match(doc.pages[0], /Alpha page one/);
  assert.equal(doc.pages[1], '');
  assert.match(doc.pages[2], /Gamma page three/);
  assert.deepEqual(doc.failed, [{ index: 1, code: 'page_too_large' }]);
  // Pages may finish out of order (several workers share a document); each is reported once.
  assert.deepEqual(events.map((e) => [e.index, e.error]).sort(), [[0, undefined], [1, 'page_too_large'], [2, undefined]]);
  // With a selection too; and none failed is an empty list.
  const some = await parseDocument(pdf, { pageTimeoutS: 30, skipFailedPages: true, pages: [0, 2] });
  assert.deepEqual(some.failed, []);
  assert.equal(some.pages.length, 2);
});
