// The GPU adapters with the real built-in parser (src/convert): page images at 144 dpi keeping the
// page's aspect ratio, and real PDF page windows for PaddleX.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { createModelGateway } from '../../src/models/gateway.js';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { startPaddlexStub, startVllmStub } from './stubs/index.js';
import { countPdfPages } from './stubs/common.js';
import { FAST, recorder, testConfig } from './helpers.js';

after(() => shutdownConvertPool());

async function pdf(sizes: Array<[number, number]>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const s of sizes) doc.addPage(s);
  return doc.save();
}

function pngSize(dataUrl: string): [number, number] {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

test('granite-docling with the real renderer: 144 dpi PNGs, landscape stays landscape, no padding', { timeout: 60_000 }, async (t) => {
  const stub = await startVllmStub();
  t.after(() => stub.close());
  const gw = createModelGateway(testConfig({ graniteDoclingUrl: stub.url }), { timing: { ...FAST, callTimeoutMs: 5_000 }, probeInBackground: false });
  const bytes = await pdf([[842, 595], [595, 842]]); // A4 landscape, then portrait (points)
  const out = await gw.convert('granite-docling', { bytes, mediaType: 'application/pdf', pages: 2 }, recorder().opts);
  assert.equal(out.pages.length, 2);
  const sizes = stub.workCalls().map((c) => pngSize(JSON.parse(c.body.toString()).messages[0].content[0].image_url.url)).sort((a, b) => b[0] - a[0]);
  assert.deepEqual(sizes, [[1684, 1190], [1190, 1684]]); // 842 pt × 2 = 1684 px at 144 dpi
});

test('paddleocr-vl with the real splitter: 12 pages go as windows of 10 and 2 real PDFs', { timeout: 60_000 }, async (t) => {
  const stub = await startPaddlexStub({ pageMarkdown: (i) => `p${i}` });
  t.after(() => stub.close());
  const gw = createModelGateway(testConfig({ paddleocrVlUrl: stub.url }), { timing: { ...FAST, callTimeoutMs: 5_000 }, probeInBackground: false });
  const bytes = await pdf(Array.from({ length: 12 }, () => [612, 792] as [number, number]));
  const out = await gw.convert('paddleocr-vl', { bytes, mediaType: 'application/pdf', pages: 12 }, recorder().opts);
  assert.deepEqual(out.pages, ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p0', 'p1']);
  const sizes = await Promise.all(stub.workCalls().map((c) => countPdfPages(Buffer.from(JSON.parse(c.body.toString()).file, 'base64'))));
  assert.deepEqual(sizes.sort((a, b) => a - b), [2, 10]);
});
