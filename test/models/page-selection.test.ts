// DECISIONS §8 through the GPU adapters (stub servers speaking each wire format): only the selected
// pages are sent, results keep their source index, and on_page_error=skip delivers the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startMineruStub, startPaddlexStub, startVllmStub, fakePdf, fakeParser } from './stubs/index.js';
import { countPdfPages } from './stubs/common.js';
import { fastGateway, recorder } from './helpers.js';
import { selectionWindows } from '../../src/models/adapters/common.js';

test('selection windows: runs of consecutive pages, each at most the window size', () => {
  assert.deepEqual(selectionWindows([0, 1, 2, 5, 6, 9], 8), [{ first: 0, last: 2 }, { first: 5, last: 6 }, { first: 9, last: 9 }]);
  assert.deepEqual(selectionWindows([3, 4, 5, 6, 7], 2), [{ first: 3, last: 4 }, { first: 5, last: 6 }, { first: 7, last: 7 }]);
  assert.deepEqual(selectionWindows([], 8), []);
});

test('mineru: only the selected pages are sent (a PDF per run of consecutive pages); pages keep their source index', async (t) => {
  const stub = await startMineruStub();
  t.after(() => stub.close());
  const parser = fakeParser();
  const gw = fastGateway({ mineruUrl: stub.url }, { parser });
  const { events, opts } = recorder();
  const out = await gw.convert('mineru-2.5', { bytes: fakePdf(20), mediaType: 'application/pdf', pages: 20, selection: [1, 2, 3, 10, 11, 19] }, opts);
  assert.deepEqual(parser.splits, [{ first: 1, last: 3 }, { first: 10, last: 11 }, { first: 19, last: 19 }]);
  assert.equal(stub.workCalls().length, 3);
  assert.deepEqual(out.indexes, [1, 2, 3, 10, 11, 19]);
  assert.equal(out.pages.length, 6);
  assert.equal(events.filter((e) => e.startsWith('page')).length, 6);
  assert.ok(events.every((e) => !e.startsWith('page') || e.endsWith('/6')));
  await gw.close();
});

test('granite-docling: only the selected pages are rendered and sent', async (t) => {
  const stub = await startVllmStub();
  t.after(() => stub.close());
  const gw = fastGateway({ graniteDoclingUrl: stub.url });
  const out = await gw.convert('granite-docling', { bytes: fakePdf(6), mediaType: 'application/pdf', pages: 6, selection: [0, 4, 5] }, recorder().opts);
  assert.equal(stub.workCalls().length, 3);
  assert.deepEqual(out.indexes, [0, 4, 5]);
  assert.equal(out.pages.length, 3);
});

test('paddleocr-vl: a selection is cut out of the PDF, even a short one', async (t) => {
  const stub = await startPaddlexStub({ pageMarkdown: (i) => `local page ${i}` });
  t.after(() => stub.close());
  const gw = fastGateway({ paddleocrVlUrl: stub.url });
  const out = await gw.convert('paddleocr-vl', { bytes: fakePdf(5), mediaType: 'application/pdf', pages: 5, selection: [1, 2, 4] }, recorder().opts);
  const sizes = await Promise.all(stub.workCalls().map((c) => countPdfPages(Buffer.from(JSON.parse(c.body.toString()).file, 'base64'))));
  assert.deepEqual(sizes.sort(), [1, 2]);
  assert.deepEqual(out.indexes, [1, 2, 4]);
  assert.deepEqual(out.pages.length, 3);
});

test('on_page_error=skip: a page the server refuses comes back empty with its code; the others are delivered', async (t) => {
  const stub = await startVllmStub({ script: [{ status: 400, body: { error: { message: 'bad image', type: 'BadRequestError', code: 400 } } }] });
  t.after(() => stub.close());
  // One page in flight at a time, so the refused request is page 0's.
  const gw = fastGateway({ graniteDoclingUrl: stub.url, graniteDoclingConcurrency: 1 });
  const { events, opts } = recorder({ onPageError: 'skip' });
  const pageEvents: Array<{ index: number; error?: string }> = [];
  opts.onPage = (e) => pageEvents.push(e);
  const out = await gw.convert('granite-docling', { bytes: fakePdf(3), mediaType: 'application/pdf', pages: 3 }, opts);
  assert.equal(events.length, 0);
  assert.deepEqual(out.failed, [{ index: 0, code: 'conversion_failed' }]);
  assert.equal(out.pages[0], '');
  assert.match(out.pages[1]!, /Page \d heading/);
  assert.deepEqual(pageEvents.map((e) => [e.index, e.error]), [[0, 'conversion_failed'], [1, undefined], [2, undefined]]);
  // Without skip the same refusal fails the document.
  stub.push({ status: 400, body: { error: { message: 'bad image', type: 'BadRequestError', code: 400 } } });
  await assert.rejects(gw.convert('granite-docling', { bytes: fakePdf(3), mediaType: 'application/pdf', pages: 3 }, recorder().opts), { code: 'conversion_failed' });
  await gw.close();
});

test('on_page_error=skip: when every page fails, the document fails with the first page\'s code', async (t) => {
  const refuse = { status: 400, body: { error: { message: 'bad image', type: 'BadRequestError', code: 400 } } };
  const stub = await startVllmStub({ script: [refuse, refuse] });
  t.after(() => stub.close());
  const gw = fastGateway({ graniteDoclingUrl: stub.url });
  await assert.rejects(
    gw.convert('granite-docling', { bytes: fakePdf(2), mediaType: 'application/pdf', pages: 2 }, recorder({ onPageError: 'skip' }).opts),
    { code: 'conversion_failed' },
  );
  await gw.close();
});
