import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createModelGateway } from '../../src/models/gateway.js';
import type { DocumentProbe } from '../../src/models/types.js';
import { startMineruStub, startPaddlexStub, startVllmStub, fakePdf, fakeParser } from './stubs/index.js';
import { FAST, fastGateway, isConversionFailed, recorder, testConfig } from './helpers.js';

const probe: DocumentProbe = { mediaType: 'application/pdf', pages: 2, textLayerCoverage: 0, scannedPages: 2, hasTables: false, hasFormulas: false, hasImages: false, script: 'latin' };

test('registry: all four models with every ModelInfo field, deployed or not', () => {
  const gw = fastGateway({});
  const reg = gw.registry();
  assert.deepEqual(reg.map((m) => m.id), ['builtin', 'mineru-2.5', 'granite-docling', 'paddleocr-vl']);
  for (const m of reg) for (const k of ['id', 'label', 'license', 'attribution', 'attribution_url'] as const) assert.ok(typeof m[k] === 'string' && m[k].length > 0, `${m.id}.${k}`);
  const byId = Object.fromEntries(reg.map((m) => [m.id, m]));
  assert.equal(byId['builtin']!.license, 'Apache-2.0');
  assert.equal(byId['builtin']!.attribution, 'docconv');
  assert.equal(byId['granite-docling']!.attribution_url, 'https://huggingface.co/ibm-granite/granite-docling-258M');
  assert.equal(byId['paddleocr-vl']!.attribution_url, 'https://huggingface.co/PaddlePaddle/PaddleOCR-VL');
  assert.equal(byId['paddleocr-vl']!.license, 'Apache-2.0');
  assert.equal(byId['mineru-2.5']!.license, 'AGPL-3.0');
  assert.equal(byId['mineru-2.5']!.attribution_url, 'https://huggingface.co/opendatalab/MinerU2.5-2509-1.2B');
});

test('nothing deployed: no health deps, builtin only, explicit GPU model → 403', async () => {
  const gw = fastGateway({});
  assert.deepEqual(gw.healthDeps(), {});
  assert.equal(gw.isReady('builtin'), true);
  assert.deepEqual(gw.select(undefined, probe), { model: 'builtin', routeReason: 'default_model_unavailable' });
  assert.throws(() => gw.select('mineru-2.5', probe), (e: { code?: string }) => e.code === 'model_not_available');
  await assert.rejects(gw.convert('granite-docling', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts), (e: { code?: string }) => e.code === 'model_not_available');
});

test('background health probes feed healthDeps, isReady and auto routing', async (t) => {
  const mineru = await startMineruStub();
  const paddle = await startPaddlexStub({ health: 'down' });
  const vllm = await startVllmStub();
  t.after(() => Promise.all([mineru.close(), paddle.close(), vllm.close()]));
  const gw = createModelGateway(testConfig({ mineruUrl: mineru.url, paddleocrVlUrl: paddle.url, graniteDoclingUrl: vllm.url }), {
    parser: fakeParser(),
    timing: { ...FAST, healthIntervalMs: 50 },
  });
  t.after(() => gw.close());
  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  };
  await until(() => gw.healthDeps()['mineru-2.5'] === 'up' && gw.healthDeps()['granite-docling'] === 'up');
  assert.deepEqual(gw.healthDeps(), { 'mineru-2.5': 'up', 'granite-docling': 'up', 'paddleocr-vl': 'down' });
  assert.equal(gw.isReady('mineru-2.5'), true);
  assert.equal(gw.isReady('paddleocr-vl'), false);
  // scanned → paddleocr-vl preferred, but it is down: mineru-2.5
  assert.deepEqual(gw.select('auto', probe), { model: 'mineru-2.5', routeReason: 'scanned' });
  paddle.setHealth('up');
  await until(() => gw.isReady('paddleocr-vl'));
  assert.deepEqual(gw.select('auto', probe), { model: 'paddleocr-vl', routeReason: 'scanned' });
  assert.deepEqual(gw.select(undefined, probe), { model: 'mineru-2.5', routeReason: '' });
  mineru.setHealth('down');
  await until(() => !gw.isReady('mineru-2.5'));
  assert.equal(gw.healthDeps()['mineru-2.5'], 'down');
  // an explicit choice never falls back, even to a healthy model
  assert.deepEqual(gw.select('mineru-2.5', probe), { model: 'mineru-2.5', routeReason: '' });
});

test('builtin: parseDocument pages, backend "builtin", progress relayed', async () => {
  const gw = fastGateway({});
  const { events, opts } = recorder();
  const out = await gw.convert('builtin', { bytes: fakePdf(2), mediaType: 'application/pdf', pages: 2 }, opts);
  assert.deepEqual(out, { pages: ['Page 1 text', 'Page 2 text'], backend: 'builtin' });
  assert.deepEqual(events, ['page 0 1/2', 'page 1 2/2']);
});

test('builtin: ParseError codes become ServiceErrors with the same code; LanguageError → invalid_request', async () => {
  for (const code of ['encrypted_pdf', 'malformed_document', 'page_too_large', 'document_too_complex', 'unsupported_media_type'] as const) {
    const parser = fakeParser({
      async parseDocument() {
        throw Object.assign(new Error('x'), { name: 'ParseError', code });
      },
    });
    await assert.rejects(fastGateway({}, { parser }).convert('builtin', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts), (e: { name?: string; code?: string }) => e.name === 'ServiceError' && e.code === code);
  }
  const parser = fakeParser({
    async parseDocument() {
      throw Object.assign(new Error("Unsupported OCR language 'xx'; available: eng."), { name: 'LanguageError', code: 'invalid_request' });
    },
  });
  await assert.rejects(fastGateway({}, { parser }).convert('builtin', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder({ lang: 'xx' }).opts), (e: { code?: string; status?: number }) => e.code === 'invalid_request' && e.status === 400);
});

test('circuit breaker: after repeated failures calls fail fast without reaching the server', async (t) => {
  const stub = await startMineruStub({ script: Array(6).fill({ status: 500, body: 'Internal Server Error' }) });
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  const doc = { bytes: fakePdf(1), mediaType: 'application/pdf' as const, pages: 1 };
  for (let i = 0; i < 3; i++) await assert.rejects(gw.convert('mineru-2.5', doc, recorder().opts), isConversionFailed);
  const before = stub.workCalls().length;
  assert.equal(before, 5); // 2 + 2 + 1: the breaker opened after the fifth failure
  await assert.rejects(gw.convert('mineru-2.5', doc, recorder().opts), isConversionFailed);
  assert.equal(stub.workCalls().length, before);
});

test('a mineru backend that is not MinerU2.5 (pipeline) stops start-up with a clear message', () => {
  assert.throws(() => fastGateway({ mineruUrl: 'http://127.0.0.1:1', mineruBackend: 'pipeline' }), /DOCCONV_MINERU_BACKEND/);
});
