import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startVllmStub, fakePdf, fakeParser } from './stubs/index.js';
import { fastGateway, isConversionFailed, recorder } from './helpers.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

test('granite-docling: one page image per request, the exact request body, DocTags → Markdown', async (t) => {
  const stub = await startVllmStub();
  t.after(() => stub.close());
  const parser = fakeParser();
  const gw = fastGateway({ graniteDoclingUrl: stub.url }, { parser });
  const { events, opts } = recorder();
  const out = await gw.convert('granite-docling', { bytes: fakePdf(3), mediaType: 'application/pdf', pages: 3 }, opts);
  assert.equal(out.backend, 'vllm ibm-granite/granite-docling-258M');
  assert.deepEqual(parser.renders, [{ dpi: 144 }]);
  assert.equal(out.pages.length, 3);
  out.pages.forEach((p) => assert.doesNotMatch(p, /ACME|<|loc_/));
  assert.match(out.pages[0]!, /^## Page \d heading\n\nSome paragraph text\.\n\n\| Name \| Score \|\n\| --- \| --- \|\n\| Ada \| 10 \|\n\n\$\$E = mc\^2\$\$$/);
  assert.equal(events.filter((e) => e.startsWith('page')).length, 3);
  const calls = stub.workCalls();
  assert.equal(calls.length, 3);
  const body = JSON.parse(calls[0]!.body.toString());
  assert.equal(body.model, 'ibm-granite/granite-docling-258M');
  assert.equal(body.temperature, 0);
  assert.equal(body.max_tokens, 4096);
  assert.equal(body.skip_special_tokens, false);
  assert.deepEqual(body.stop, ['</doctag>', '<|end_of_text|>']);
  assert.equal(body.messages.length, 1);
  assert.equal(body.messages[0].role, 'user');
  const [image, text] = body.messages[0].content;
  assert.equal(image.type, 'image_url');
  assert.match(image.image_url.url, /^data:image\/png;base64,iVBORw0KGgo/);
  assert.deepEqual(text, { type: 'text', text: 'Convert this page to docling.' });
});

test('granite-docling: answers land at their own page index whatever the order', async (t) => {
  const stub = await startVllmStub({ doctags: (_n, req) => `<doctag><text><loc_1><loc_1><loc_2><loc_2>page byte ${JSON.parse(req.body.toString()).messages[0].content[0].image_url.url.slice(-4)}</text>` });
  t.after(() => stub.close());
  const out = await fastGateway({ graniteDoclingUrl: stub.url }).convert('granite-docling', { bytes: fakePdf(3), mediaType: 'application/pdf', pages: 3 }, recorder().opts);
  // the fake renderer puts the page index as the last PNG byte: …GgoA (0), …GgoB (1), …GgoC (2)
  assert.deepEqual(out.pages, ['page byte GgoA', 'page byte GgoB', 'page byte GgoC']);
});

test('granite-docling: pages in flight are capped by DOCCONV_GRANITE_DOCLING_CONCURRENCY', async (t) => {
  const stub = await startVllmStub({ workDelayMs: 60 });
  t.after(() => stub.close());
  const out = await fastGateway({ graniteDoclingUrl: stub.url, graniteDoclingConcurrency: 2 }).convert('granite-docling', { bytes: fakePdf(7), mediaType: 'application/pdf', pages: 7 }, recorder().opts);
  assert.equal(out.pages.length, 7);
  assert.equal(stub.peakConcurrency(), 2);
});

test('granite-docling: a renamed served model (--served-model-name) is found by its root', async (t) => {
  const stub = await startVllmStub({ servedId: 'docling' });
  t.after(() => stub.close());
  const out = await fastGateway({ graniteDoclingUrl: stub.url }).convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts);
  assert.equal(out.backend, 'vllm docling');
  const body = JSON.parse(stub.workCalls()[0]!.body.toString());
  assert.equal(body.model, 'docling');
  assert.match(body.messages[0].content[0].image_url.url, /^data:image\/jpeg;base64,/); // JPEG sent as is
});

test('granite-docling: a server that does not serve the configured model is not ready', async (t) => {
  const stub = await startVllmStub({ servedId: 'other', root: 'other/model' });
  t.after(() => stub.close());
  const gw = fastGateway({ graniteDoclingUrl: stub.url });
  await assert.rejects(gw.convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder({ warmupDeadlineMs: 150 }).opts), isConversionFailed);
  assert.equal(stub.workCalls().length, 0);
  assert.deepEqual(gw.healthDeps(), { 'granite-docling': 'down' });
});

test('granite-docling: finish_reason "length" (repetition loop) is malformed: retried, then conversion_failed', async (t) => {
  const stub = await startVllmStub({ script: ['malformed'] });
  t.after(() => stub.close());
  const gw = fastGateway({ graniteDoclingUrl: stub.url });
  const out = await gw.convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts);
  assert.match(out.pages[0]!, /Page \d heading/);
  stub.push('malformed', 'malformed');
  await assert.rejects(gw.convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts), isConversionFailed);
  assert.equal(stub.workCalls().length, 4);
});

test('granite-docling: bare text (special tokens stripped) is malformed; an empty page is ""', async (t) => {
  let n = 0;
  const stub = await startVllmStub({ doctags: () => (n++ < 2 ? '<loc_41><loc_30>Title Some text' : '<doctag></doctag>') });
  t.after(() => stub.close());
  const gw = fastGateway({ graniteDoclingUrl: stub.url });
  await assert.rejects(gw.convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts), isConversionFailed);
  const out = await gw.convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts);
  assert.deepEqual(out.pages, ['']);
});

test('granite-docling: truncated DocTags tail keeps only complete elements', async (t) => {
  const stub = await startVllmStub({ doctags: () => '<doctag><text><loc_1><loc_2><loc_3><loc_4>Done.</text><text><loc_1><loc_2><loc_3><loc_4>Half a sen' });
  t.after(() => stub.close());
  const out = await fastGateway({ graniteDoclingUrl: stub.url }).convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts);
  assert.deepEqual(out.pages, ['Done.']);
});

test('granite-docling: 404 (unknown model, new and old error shapes) and 400 fail without retry', async (t) => {
  for (const oldErrorShape of [false, true]) {
    const stub = await startVllmStub({ oldErrorShape, script: [{ status: 400, body: oldErrorShape ? { object: 'error', message: 'bad image', type: 'BadRequestError', param: null, code: 400 } : { error: { message: 'bad image', type: 'BadRequestError', param: null, code: 400 } } }] });
    t.after(() => stub.close());
    await assert.rejects(fastGateway({ graniteDoclingUrl: stub.url }).convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts), (e: Error) => isConversionFailed(e) && !/bad image/.test(e.message));
    assert.equal(stub.workCalls().length, 1);
  }
});

test('granite-docling: a 500 (CUDA out of memory) is retried once', async (t) => {
  const stub = await startVllmStub({ script: [{ status: 500, body: { error: { message: 'CUDA out of memory', type: 'InternalServerError', param: null, code: 500 } } }] });
  t.after(() => stub.close());
  const out = await fastGateway({ graniteDoclingUrl: stub.url }).convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, recorder().opts);
  assert.equal(out.pages.length, 1);
  assert.equal(stub.workCalls().length, 2);
});

test('granite-docling: port bound but engine loading (health hangs) = warming until it answers', async (t) => {
  const stub = await startVllmStub({ health: 'hang' });
  t.after(() => stub.close());
  const gw = fastGateway({ graniteDoclingUrl: stub.url });
  const { events, opts } = recorder();
  setTimeout(() => stub.setHealth('up'), 400);
  const out = await gw.convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, opts);
  assert.equal(out.pages.length, 1);
  assert.deepEqual(events, ['warming', 'processing', 'page 0 1/1']);
});

test('granite-docling: 503 while not ready, then up', async (t) => {
  const stub = await startVllmStub({ health: 'down' });
  t.after(() => stub.close());
  const gw = fastGateway({ graniteDoclingUrl: stub.url });
  setTimeout(() => stub.setHealth('up'), 200);
  const { events, opts } = recorder();
  await gw.convert('granite-docling', { bytes: JPEG, mediaType: 'image/jpeg', pages: 1 }, opts);
  assert.equal(events[0], 'warming');
  assert.equal(events.filter((e) => e === 'warming').length, 1);
});
