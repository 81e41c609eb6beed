// DECISIONS §8 over real HTTP with the real built-in parser: `pages` (selected pages converted,
// metered, gated and limited) and `on_page_error=skip` (failed pages delivered empty with their
// code, only delivered pages charged), sync and async, on each store.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { after } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { STORE_KINDS, convert, local, makePdf, readSse, sharedService, type Harness } from '../jobs/harness.js';
import { testConfig } from '../jobs/fakes.js';
import { createModelGateway } from '../../src/models/gateway.js';
import { shutdownConvertPool } from '../../src/convert/index.js';

const j = (r: Response): Promise<any> => r.json();

after(async () => {
  await shutdownConvertPool();
});

/** Text pages, except a blank page of the largest size PDF allows at each index of `huge` (→ page_too_large). */
async function pdfWithHugePages(pages: number, huge: number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    if (huge.includes(i)) doc.addPage([14400, 14400]);
    else doc.addPage([612, 792]).drawText(`Readable page number ${i + 1} of the report`, { x: 72, y: 500, size: 12, font });
  }
  return doc.save();
}

async function usedPages(h: Harness, key: string): Promise<{ used: number; reserved: number }> {
  const { used, reserved } = (await j(await fetch(`${h.base}/v1/usage`, { headers: { authorization: `Bearer ${key}` } }))).pages;
  return { used, reserved };
}

for (const kind of STORE_KINDS) {
  describe(`page ranges and partial results over HTTP (${kind})`, () => {
    const svc = sharedService(kind, { gateway: createModelGateway(testConfig(), { probeInBackground: false }) });

    test('pages: only the selected pages are converted and charged; indexes stay the source ones', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await makePdf(5, 'MARKSEL');
      const res = await convert(h, key, pdf, { model: 'builtin', pages: '2, 4-4' });
      assert.equal(res.status, 200, await res.clone().text());
      const body = await j(res);
      assert.deepEqual(body.pages.map((p: { index: number }) => p.index), [1, 3]);
      assert.equal(body.meta.pages, 2);
      assert.match(body.pages[0].markdown, /Astronomers measured/);
      assert.match(body.pages[1].markdown, /Bakers knead dough/);
      assert.equal('failed_pages' in body.meta, false);
      assert.ok(body.pages.every((p: object) => !('error' in p)));
      assert.deepEqual(await usedPages(h, key), { used: 2, reserved: 0 });
    });

    test('pages: malformed, zero or beyond the document is 400 naming the page count; nothing charged', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await makePdf(3, 'MARKBAD');
      for (const pages of ['4', '0', '2-1', 'one', '1,,2', ' ']) {
        const res = await convert(h, key, pdf, { model: 'builtin', pages });
        const body = await j(res);
        assert.equal(res.status, 400, pages);
        assert.equal(body.code, 'invalid_request');
        if (pages.trim()) assert.match(body.message, /3 pages/);
      }
      const bad = await convert(h, key, pdf, { model: 'builtin', on_page_error: 'ignore' });
      assert.equal(bad.status, 400);
      assert.deepEqual(await usedPages(h, key), { used: 0, reserved: 0 });
    });

    test('pages: the sync gate and the plan\'s page limit count the selected pages', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const long = await makePdf(12, 'MARKGATE');
      const sync = await convert(h, key, long, { model: 'builtin', prefer: 'sync', pages: '1-3' });
      assert.equal(sync.status, 200);
      assert.equal((await j(sync)).meta.pages, 3);
      const doc = await PDFDocument.create();
      for (let i = 0; i < 501; i++) doc.addPage([200, 200]);
      const huge = await doc.save();
      assert.equal((await j(await convert(h, key, huge, { model: 'builtin' }))).code, 'too_many_pages');
      const some = await convert(h, key, huge, { model: 'builtin', pages: '499-' });
      assert.equal(some.status, 200);
      assert.deepEqual((await j(some)).pages.map((p: { index: number }) => p.index), [498, 499, 500]);
    });

    test('on_page_error=skip (sync): a failed page comes back empty with its code and is not charged', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await pdfWithHugePages(3, [1]);
      const plain = await convert(h, key, pdf, { model: 'builtin' });
      assert.equal(plain.status, 422);
      assert.equal((await j(plain)).code, 'page_too_large');
      const res = await convert(h, key, pdf, { model: 'builtin', on_page_error: 'skip' });
      assert.equal(res.status, 200, await res.clone().text());
      const body = await j(res);
      assert.deepEqual(body.meta.failed_pages, [1]);
      assert.equal(body.meta.pages, 3);
      assert.deepEqual(body.pages[1], { index: 1, markdown: '', error: 'page_too_large' });
      assert.match(body.pages[0].markdown, /Readable page number 1/);
      assert.equal('error' in body.pages[0], false);
      assert.deepEqual(await usedPages(h, key), { used: 2, reserved: 0 });
      // Nothing failed: the list is there, empty.
      const fine = await j(await convert(h, key, pdf, { model: 'builtin', on_page_error: 'skip', pages: '1,3' }));
      assert.deepEqual(fine.meta.failed_pages, []);
      // Every page failed: the document fails with the first page's code, nothing charged.
      const none = await convert(h, key, await pdfWithHugePages(2, [0, 1]), { model: 'builtin', on_page_error: 'skip' });
      assert.equal(none.status, 422);
      assert.equal((await j(none)).code, 'page_too_large');
      assert.deepEqual(await usedPages(h, key), { used: 4, reserved: 0 });
    });

    test('pages + on_page_error=skip (async): page events say which page failed; the result keeps both', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await pdfWithHugePages(5, [2]);
      const res = await convert(h, key, pdf, { model: 'builtin', prefer: 'async', pages: '2-4', on_page_error: 'skip' });
      assert.equal(res.status, 202);
      const job = await j(res);
      const sse = await readSse(local(h, job.links.events), key, { timeoutMs: 60_000 });
      const pages = sse.events.filter((e) => e.event === 'page').map((e) => e.data);
      // Pages may finish out of order (several workers share a document); each is reported once.
      assert.deepEqual(pages.map((p) => [p.index, p.pages, p.error]).sort(), [[1, 3, undefined], [2, 3, 'page_too_large'], [3, 3, undefined]]);
      assert.deepEqual(pages.map((p) => p.pages_done), [1, 2, 3]);
      const completed = sse.events.find((e) => e.event === 'completed')!.data;
      const result = await j(await fetch(local(h, completed.json_url)));
      assert.deepEqual(result.pages.map((p: { index: number; error?: string }) => [p.index, p.error]), [[1, undefined], [2, 'page_too_large'], [3, undefined]]);
      assert.deepEqual(result.meta.failed_pages, [2]);
      assert.equal(result.meta.pages, 3);
      assert.deepEqual(await usedPages(h, key), { used: 2, reserved: 0 });
    });
  });
}
