import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startMineruStub, fakePdf, fakeParser } from './stubs/index.js';
import { countPdfPages, parseMultipart } from './stubs/common.js';
import { fastGateway, isConversionFailed, recorder } from './helpers.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

test('mineru: 3-page PDF → per-page Markdown from content_list, furniture dropped, real form fields', async (t) => {
  const stub = await startMineruStub();
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  const { events, opts } = recorder();
  const out = await gw.convert('mineru-2.5', { bytes: fakePdf(3), mediaType: 'application/pdf', pages: 3 }, opts);
  assert.equal(out.backend, 'mineru-api 3.4.4 vlm-engine');
  assert.equal(out.pages.length, 3);
  assert.equal(
    out.pages[0],
    '# Annual Report\n\nBody text of page 1.\n\nTable 1: Results\n\n| Year | Value |\n| --- | --- |\n| 2024 | 42 |\n\n$$\nE = mc^2\n$$\n\n<!-- image -->\n\nFigure 1: A chart',
  );
  assert.match(out.pages[2]!, /^Body text of page 3\./);
  for (const p of out.pages) assert.doesNotMatch(p, /ACME Corp|^\d+$|content_list|img_path/m);
  assert.deepEqual(events.filter((e) => e.startsWith('page')), ['page 0 1/3', 'page 1 2/3', 'page 2 3/3']);
  const calls = stub.workCalls();
  assert.equal(calls.length, 1);
  const parts = parseMultipart(calls[0]!.body, calls[0]!.headers['content-type'])!;
  const field = (n: string) => parts.find((p) => p.name === n);
  assert.equal(field('files')!.filename, 'document.pdf');
  assert.equal(field('files')!.contentType, 'application/pdf');
  assert.equal(field('backend')!.data.toString(), 'vlm-engine');
  assert.equal(field('return_content_list')!.data.toString(), 'true');
  assert.equal(field('start_page_id'), undefined); // a short PDF goes whole
  assert.equal(field('file'), undefined);
  await gw.close();
});

test('mineru: 20 pages go as three PDFs of at most 8 pages cut by the parser, page_idx offset by the window', async (t) => {
  const stub = await startMineruStub();
  t.after(() => stub.close());
  const parser = fakeParser();
  const gw = fastGateway({ mineruUrl: stub.url, mineruBackend: 'hybrid-engine' }, { parser });
  const out = await gw.convert('mineru-2.5', { bytes: fakePdf(20), mediaType: 'application/pdf', pages: 20 }, recorder().opts);
  assert.deepEqual(parser.splits, [{ first: 0, last: 7 }, { first: 8, last: 15 }, { first: 16, last: 19 }]);
  const sent = await Promise.all(stub.workCalls().map(async (c) => {
    const parts = parseMultipart(c.body, c.headers['content-type'])!;
    assert.equal(parts.find((p) => p.name === 'start_page_id'), undefined);
    return countPdfPages(parts.find((p) => p.name === 'files')!.data);
  }));
  assert.deepEqual(sent.sort(), [4, 8, 8]);
  // The stub numbers each file's pages from 1: page i is the (i mod 8)-th of its window.
  out.pages.forEach((p, i) => assert.match(p, new RegExp(`Body text of page ${(i % 8) + 1}\\.`)));
  assert.equal(out.backend, 'mineru-api 3.4.4 hybrid-engine');
});

test('mineru: PNG is sent as is; TIFF is rendered to PNG pages first', async (t) => {
  const stub = await startMineruStub();
  t.after(() => stub.close());
  const parser = fakeParser({
    async *renderPagesToPng() {
      yield { index: 0, png: PNG };
      yield { index: 1, png: PNG };
    },
  });
  const gw = fastGateway({ mineruUrl: stub.url }, { parser });
  const png = await gw.convert('mineru-2.5', { bytes: PNG, mediaType: 'image/png', pages: 1 }, recorder().opts);
  assert.equal(png.pages.length, 1);
  let parts = parseMultipart(stub.workCalls()[0]!.body, stub.workCalls()[0]!.headers['content-type'])!;
  assert.equal(parts.find((p) => p.name === 'files')!.filename, 'document.png');
  assert.equal(parts.find((p) => p.name === 'start_page_id'), undefined);
  const tiff = await gw.convert('mineru-2.5', { bytes: new Uint8Array([0x49, 0x49, 0x2a, 0]), mediaType: 'image/tiff', pages: 2 }, recorder().opts);
  assert.equal(tiff.pages.length, 2);
  assert.match(tiff.pages[1]!, /Body text of page 1\./); // each frame is its own one-page document
  parts = parseMultipart(stub.workCalls()[2]!.body, stub.workCalls()[2]!.headers['content-type'])!;
  assert.equal(parts.find((p) => p.name === 'files')!.contentType, 'image/png');
});

test('mineru: a 500 is retried once, then succeeds', async (t) => {
  const stub = await startMineruStub({ script: [{ status: 500, body: 'Internal Server Error' }] });
  t.after(() => stub.close());
  const out = await fastGateway({ mineruUrl: stub.url }).convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts);
  assert.equal(stub.workCalls().length, 2);
  assert.match(out.pages[0]!, /Annual Report/);
});

test('mineru: two 500s → conversion_failed (502), no upstream body in the message', async (t) => {
  const stub = await startMineruStub({ script: [{ status: 500, body: 'secret upstream detail' }, { status: 409, body: { status: 'failed', error: 'secret' } }] });
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  await assert.rejects(gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts), (e: Error) => {
    assert.ok(isConversionFailed(e));
    assert.doesNotMatch(e.message, /secret/);
    return true;
  });
  assert.equal(stub.workCalls().length, 2);
});

test('mineru: a 4xx fails at once without retry', async (t) => {
  const stub = await startMineruStub({ script: [{ status: 400, body: { detail: 'Unsupported file type: x' } }] });
  t.after(() => stub.close());
  await assert.rejects(fastGateway({ mineruUrl: stub.url }).convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts), isConversionFailed);
  assert.equal(stub.workCalls().length, 1);
});

test('mineru: content_list that is not JSON is malformed: retried once, then conversion_failed', async (t) => {
  const stub = await startMineruStub({ script: ['malformed'] });
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  const out = await gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts);
  assert.match(out.pages[0]!, /Annual Report/);
  stub.push('malformed', 'malformed');
  await assert.rejects(gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts), isConversionFailed);
  assert.equal(stub.workCalls().length, 4);
});

test('mineru: 503 on the work route = warming: onWarming once, backoff, then processing', async (t) => {
  const stub = await startMineruStub({ script: [{ status: 503, body: { detail: 'Task manager is not initialized' } }, { status: 503, body: { detail: 'Task manager is not initialized' } }] });
  t.after(() => stub.close());
  const { events, opts } = recorder();
  const out = await fastGateway({ mineruUrl: stub.url }).convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, opts);
  assert.match(out.pages[0]!, /Annual Report/);
  assert.deepEqual(events, ['warming', 'processing', 'page 0 1/1']);
  assert.equal(stub.workCalls().length, 3);
});

test('mineru: connection refused until the server is up = warming, then success', async (t) => {
  const stub = await startMineruStub({ startDelayMs: 300 });
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  assert.equal(gw.isReady('mineru-2.5'), false);
  const { events, opts } = recorder();
  const out = await gw.convert('mineru-2.5', { bytes: fakePdf(2), mediaType: 'application/pdf', pages: 2 }, opts);
  assert.equal(out.pages.length, 2);
  assert.deepEqual(events.slice(0, 2), ['warming', 'processing']);
  assert.equal(events.filter((e) => e === 'warming').length, 1);
  assert.equal(gw.isReady('mineru-2.5'), true);
  assert.deepEqual(gw.healthDeps(), { 'mineru-2.5': 'up' });
});

test('mineru: still cold at the warm-up deadline → conversion_failed', async (t) => {
  const stub = await startMineruStub({ health: 'down' });
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  const { events, opts } = recorder({ warmupDeadlineMs: 250 });
  const started = Date.now();
  await assert.rejects(gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, opts), isConversionFailed);
  assert.ok(Date.now() - started < 2_000);
  assert.deepEqual(events, ['warming']);
  assert.equal(stub.workCalls().length, 0);
  // An absolute deadline works the same.
  await assert.rejects(gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder({ warmupDeadlineMs: Date.now() + 100 }).opts), isConversionFailed);
});

test('mineru: a hanging call times out and is retried once; two hangs → conversion_failed', async (t) => {
  const stub = await startMineruStub({ script: ['hang'] });
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url });
  const out = await gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts);
  assert.match(out.pages[0]!, /Annual Report/);
  stub.push('hang', 'hang');
  await assert.rejects(gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts), isConversionFailed);
});

test('mineru: a dropped connection is retried once', async (t) => {
  const stub = await startMineruStub({ script: ['drop'] });
  t.after(() => stub.close());
  const out = await fastGateway({ mineruUrl: stub.url }).convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder().opts);
  assert.match(out.pages[0]!, /Annual Report/);
  assert.equal(stub.workCalls().length, 2);
});

test('mineru: cancelling aborts the call with the signal reason', async (t) => {
  const stub = await startMineruStub({ script: ['hang'] });
  t.after(() => stub.close());
  const ac = new AbortController();
  const gw = fastGateway({ mineruUrl: stub.url }, { timing: { callTimeoutMs: 5_000 } });
  setTimeout(() => ac.abort(new Error('cancelled by test')), 100);
  await assert.rejects(gw.convert('mineru-2.5', { bytes: fakePdf(1), mediaType: 'application/pdf', pages: 1 }, recorder({ signal: ac.signal }).opts), /cancelled by test/);
});

test('mineru: the first failed window cancels the windows still in flight', async (t) => {
  // The failure is answered after 300 ms so that the second window is surely in flight by then:
  // answered at once, on a loaded machine it could come back before the second window was sent.
  const stub = await startMineruStub({ script: [{ status: 400, body: { detail: 'Unsupported file type' } }, 'hang'], workDelayMs: 300 });
  t.after(() => stub.close());
  const gw = fastGateway({ mineruUrl: stub.url }, { timing: { callTimeoutMs: 5_000 } });
  const started = Date.now();
  await assert.rejects(gw.convert('mineru-2.5', { bytes: fakePdf(16), mediaType: 'application/pdf', pages: 16 }, recorder().opts), isConversionFailed);
  assert.ok(Date.now() - started < 2_000, 'did not wait for the hanging window');
  assert.equal(stub.workCalls().length, 2);
});
