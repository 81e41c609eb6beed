import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startPaddlexStub, fakePdf, fakeParser } from './stubs/index.js';
import { countPdfPages } from './stubs/common.js';
import { fastGateway, isConversionFailed, recorder } from './helpers.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9]);

test('paddleocr-vl: a 3-page PDF in one request, plain base64, fileType 0, visualize false; images replaced', async (t) => {
  const stub = await startPaddlexStub();
  t.after(() => stub.close());
  const pdf = fakePdf(3);
  const { events, opts } = recorder();
  const out = await fastGateway({ paddleocrVlUrl: stub.url }).convert('paddleocr-vl', { bytes: pdf, mediaType: 'application/pdf', pages: 3 }, opts);
  assert.equal(out.backend, 'paddlex PaddleOCR-VL');
  assert.equal(out.pages.length, 3);
  assert.equal(out.pages[1], '# Rapport 2\n\n## 1. Introduction\n\nTexte du paragraphe.\n\n<!-- image -->\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n$$\nx^2\n$$\n\n<!-- image -->');
  for (const p of out.pages) assert.doesNotMatch(p, /imgs\/|<img|<div/);
  assert.equal(events.filter((e) => e.startsWith('page')).length, 3);
  const calls = stub.workCalls();
  assert.equal(calls.length, 1);
  const body = JSON.parse(calls[0]!.body.toString());
  assert.equal(body.fileType, 0);
  assert.equal(body.visualize, false);
  assert.doesNotMatch(body.file, /^data:/);
  assert.deepEqual(Buffer.from(body.file, 'base64'), Buffer.from(pdf));
});

test('paddleocr-vl: a 23-page PDF is split into windows of at most 10 pages', async (t) => {
  const stub = await startPaddlexStub({ pageMarkdown: (i) => `local page ${i}` });
  t.after(() => stub.close());
  const out = await fastGateway({ paddleocrVlUrl: stub.url }).convert('paddleocr-vl', { bytes: fakePdf(23), mediaType: 'application/pdf', pages: 23 }, recorder().opts);
  const sizes = await Promise.all(stub.workCalls().map((c) => countPdfPages(Buffer.from(JSON.parse(c.body.toString()).file, 'base64'))));
  assert.deepEqual(sizes.sort((a, b) => a - b), [3, 10, 10]);
  assert.equal(out.pages.length, 23);
  assert.equal(out.pages[0], 'local page 0');
  assert.equal(out.pages[12], 'local page 2');
  assert.equal(out.pages[22], 'local page 2');
});

test('paddleocr-vl: an image goes as fileType 1; TIFF/WebP frames as PNG pages', async (t) => {
  const stub = await startPaddlexStub();
  t.after(() => stub.close());
  const parser = fakeParser({
    async *renderPagesToPng() {
      yield { index: 0, png: PNG };
    },
  });
  const gw = fastGateway({ paddleocrVlUrl: stub.url }, { parser });
  await gw.convert('paddleocr-vl', { bytes: PNG, mediaType: 'image/png', pages: 1 }, recorder().opts);
  await gw.convert('paddleocr-vl', { bytes: new Uint8Array([0x52, 0x49, 0x46, 0x46]), mediaType: 'image/webp', pages: 1 }, recorder().opts);
  const bodies = stub.workCalls().map((c) => JSON.parse(c.body.toString()));
  assert.deepEqual(bodies.map((b) => b.fileType), [1, 1]);
  assert.deepEqual(Buffer.from(bodies[1].file, 'base64'), Buffer.from(PNG));
});

test('paddleocr-vl: fewer layoutParsingResults than pages sent is malformed: retried, then conversion_failed', async (t) => {
  const stub = await startPaddlexStub({ script: ['malformed'] });
  t.after(() => stub.close());
  const gw = fastGateway({ paddleocrVlUrl: stub.url });
  const out = await gw.convert('paddleocr-vl', { bytes: fakePdf(2), mediaType: 'application/pdf', pages: 2 }, recorder().opts);
  assert.equal(out.pages.length, 2);
  stub.push('malformed', 'malformed');
  await assert.rejects(gw.convert('paddleocr-vl', { bytes: fakePdf(2), mediaType: 'application/pdf', pages: 2 }, recorder().opts), isConversionFailed);
  assert.equal(stub.workCalls().length, 4);
});

test('paddleocr-vl: the server truncating a PDF past its page limit is caught', async (t) => {
  const stub = await startPaddlexStub({ maxPages: 5 });
  t.after(() => stub.close());
  await assert.rejects(fastGateway({ paddleocrVlUrl: stub.url }).convert('paddleocr-vl', { bytes: fakePdf(8), mediaType: 'application/pdf', pages: 8 }, recorder().opts), isConversionFailed);
});

test('paddleocr-vl: errorCode ≠ 0 in a 200 body is a failure; a body that is not JSON is malformed', async (t) => {
  const stub = await startPaddlexStub({ script: [{ status: 200, body: { logId: 'x', errorCode: 500, errorMsg: 'Internal server error' } }, { status: 200, body: '<html>oops' }] });
  t.after(() => stub.close());
  await assert.rejects(fastGateway({ paddleocrVlUrl: stub.url }).convert('paddleocr-vl', { bytes: PNG, mediaType: 'image/png', pages: 1 }, recorder().opts), isConversionFailed);
  assert.equal(stub.workCalls().length, 2);
});

test('paddleocr-vl: 500 then success; 422 fails without retry', async (t) => {
  const stub = await startPaddlexStub({ script: [{ status: 500, body: { logId: 'x', errorCode: 500, errorMsg: 'Internal server error' } }] });
  t.after(() => stub.close());
  const gw = fastGateway({ paddleocrVlUrl: stub.url });
  await gw.convert('paddleocr-vl', { bytes: PNG, mediaType: 'image/png', pages: 1 }, recorder().opts);
  assert.equal(stub.workCalls().length, 2);
  stub.push({ status: 422, body: { logId: 'x', errorCode: 422, errorMsg: '[{"type":"missing"}]' } });
  await assert.rejects(gw.convert('paddleocr-vl', { bytes: PNG, mediaType: 'image/png', pages: 1 }, recorder().opts), isConversionFailed);
  assert.equal(stub.workCalls().length, 3);
});

test('paddleocr-vl: connection refused while the pipeline loads = warming, then success', async (t) => {
  const stub = await startPaddlexStub({ startDelayMs: 250 });
  t.after(() => stub.close());
  const { events, opts } = recorder();
  const out = await fastGateway({ paddleocrVlUrl: stub.url }).convert('paddleocr-vl', { bytes: PNG, mediaType: 'image/png', pages: 1 }, opts);
  assert.equal(out.pages.length, 1);
  assert.deepEqual(events, ['warming', 'processing', 'page 0 1/1']);
});

test('paddleocr-vl: a split failure from the parser keeps its document error code', async (t) => {
  const stub = await startPaddlexStub();
  t.after(() => stub.close());
  const parser = fakeParser({
    // eslint-disable-next-line require-yield
    async *splitPdfWindows() {
      throw Object.assign(new Error('The document could not be read.'), { name: 'ParseError', code: 'malformed_document' });
    },
  });
  await assert.rejects(
    fastGateway({ paddleocrVlUrl: stub.url }, { parser }).convert('paddleocr-vl', { bytes: fakePdf(12), mediaType: 'application/pdf', pages: 12 }, recorder().opts),
    (e: { code?: string; status?: number }) => e.code === 'malformed_document' && e.status === 422,
  );
});
