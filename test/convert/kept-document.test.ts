import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withKeptPdfPages, type PdfPages } from '../../src/convert/pdf/document.js';
import { textPdf } from './exec-fixtures.js';

const docOf = (pdf: PdfPages) => pdf.doc;

test('kept document: runs of one document reuse the open PDF while pages remain; another document or the last run closes it', async () => {
  const a = await textPdf([['first page'], ['second page']]);
  const b = await textPdf([['other']]);
  const first = await withKeptPdfPages('a', a, async (pdf) => docOf(pdf), () => true, 10_000);
  const again = await withKeptPdfPages('a', a, async (pdf) => docOf(pdf), () => false, 10_000);
  assert.equal(again, first, 'the second run of the same document did not reopen it');
  const afterLast = await withKeptPdfPages('a', a, async (pdf) => docOf(pdf), () => true, 10_000);
  assert.notEqual(afterLast, first, 'the last run closed it');
  const other = await withKeptPdfPages('b', b, async (pdf) => { assert.equal(pdf.numPages, 1); return docOf(pdf); }, () => true, 10_000);
  assert.notEqual(other, afterLast, 'another document is opened on its own');
  await assert.rejects(async () => afterLast.getPage(1), 'the document it replaced was closed');
  const failed = withKeptPdfPages('b', b, async () => { throw new Error('boom'); }, () => true, 10_000);
  await assert.rejects(failed, /boom/);
  const reopened = await withKeptPdfPages('b', b, async (pdf) => docOf(pdf), () => false, 10_000);
  assert.notEqual(reopened, other, 'a failed run does not leave its document open');
});

test('kept document: closed after the idle time without a run', async () => {
  const a = await textPdf([['page']]);
  const first = await withKeptPdfPages('idle', a, async (pdf) => docOf(pdf), () => true, 50);
  await new Promise((r) => setTimeout(r, 200));
  const next = await withKeptPdfPages('idle', a, async (pdf) => docOf(pdf), () => false, 50);
  assert.notEqual(next, first);
});
