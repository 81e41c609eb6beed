import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { STORE_KINDS, convert, local, makePdf, readSse, sharedService } from '../jobs/harness.js';
import { waitFor } from '../jobs/fakes.js';

const j = (r: Response): Promise<any> => r.json();

for (const kind of STORE_KINDS) {
  describe(`convert over HTTP (${kind})`, () => {
    const svc = sharedService(kind);
    test('sync: 200 ConvertResult with meta, md alone answers text/markdown, charged once', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await makePdf(2, 'MARKSYNC');
      const res = await convert(h, key, pdf, { model: 'builtin' });
      assert.equal(res.status, 200, await res.clone().text());
      const body = await j(res);
      assert.equal(body.pages.length, 2);
      assert.equal(body.meta.pages, 2);
      assert.equal(body.meta.sha256, createHash('sha256').update(pdf).digest('hex'));
      assert.equal(body.meta.backend, 'fake');
      assert.equal(body.meta.model, 'builtin');
      assert.equal(body.meta.route_reason, '');
      assert.equal(typeof body.meta.timing_ms, 'number');
      assert.equal(body.markdown, body.pages.map((p: { markdown: string }) => p.markdown).join('\n\n'));
      assert.equal(res.headers.get('x-service-quota-pages-remaining'), '498');
      const md = await convert(h, key, pdf, { formats: 'md', model: 'auto' });
      assert.equal(md.status, 200);
      assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
      assert.match(await md.text(), /^# Page 1/);
      const usage = await j(await fetch(`${h.base}/v1/usage`, { headers: { authorization: `Bearer ${key}` } }));
      assert.equal(usage.pages.used, 4);
      assert.equal(usage.pages.reserved, 0);
      assert.equal(usage.concurrency.in_use, 0);
    });

    test('formats=blocks: pages carry width, height and blocks; without it the page is exactly {index, markdown}', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await makePdf(2, 'MARKBLOCKS');
      const plain = await j(await convert(h, key, pdf, { model: 'builtin' }));
      for (const p of plain.pages) assert.deepEqual(Object.keys(p), ['index', 'markdown']);
      const res = await convert(h, key, pdf, { model: 'builtin', formats: 'md,json,blocks' });
      assert.equal(res.status, 200, await res.clone().text());
      const body = await j(res);
      assert.deepEqual(Object.keys(body.pages[0]), ['index', 'markdown', 'width', 'height', 'blocks']);
      assert.deepEqual(body.pages[1].blocks[0], { type: 'heading', bbox: [72, 72, 300, 90], markdown: '# Page 2', level: 1 });
      assert.equal(body.pages[1].blocks[2].type, 'page_footer');
      // blocks alone (or with md) is still the JSON result: the Markdown alone cannot carry boxes.
      const alone = await convert(h, key, pdf, { model: 'builtin', formats: 'blocks' });
      assert.match(alone.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal((await j(alone)).pages[0].width, 612);
      assert.equal((await convert(h, key, pdf, { formats: 'md,blocks,pdf' })).status, 400);
    });

    test('auth, tier and field checks come first; unknown fields and bad values are 400', async () => {
      const h = svc();
      const pdf = await makePdf(1, 'MARKA');
      const code = async (r: Response) => [r.status, (await j(r)).code];
      assert.deepEqual(await code(await convert(h, null, pdf)), [403, 'signup_required']);
      const free = await h.account('free');
      assert.deepEqual(await code(await convert(h, free.key, pdf)), [403, 'api_not_available_on_tier']);
      const unverified = await h.account('starter', false);
      assert.deepEqual(await code(await convert(h, unverified.key, pdf)), [403, 'signup_required']);
      const { key } = await h.account('starter');
      for (const fields of [{ colour: 'blue' }, { model: 'gpt' }, { formats: 'pdf' }, { prefer: 'later' }, { delivery: 'email' },
        { delivery: 'webhook' }, { webhook: 'https://hooks.example.com/x', webhook_secret: 'x'.repeat(16) },
        { delivery: 'webhook', webhook: 'https://hooks.example.com/x', webhook_secret: 'short' },
        { delivery: 'webhook', webhook: 'http://hooks.example.com/x', webhook_secret: 'x'.repeat(16) },
        { delivery: 'webhook', webhook: 'https://10.0.0.5/x', webhook_secret: 'x'.repeat(16) },
        { delivery: 'webhook', webhook: 'https://[::ffff:169.254.169.254]/x', webhook_secret: 'x'.repeat(16) },
        { lang: 'klingon' }]) {
        assert.deepEqual(await code(await convert(h, key, pdf, fields as unknown as Record<string, string>)), [400, 'invalid_request'], JSON.stringify(fields));
      }
      const noFile = await fetch(`${h.base}/v1/convert`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: (() => { const f = new FormData(); f.append('model', 'auto'); return f; })() });
      assert.deepEqual(await code(noFile), [400, 'invalid_request']);
      assert.deepEqual(await code(await convert(h, key, new TextEncoder().encode('hello, not a document'))), [415, 'unsupported_media_type']);
      // Fields may also follow the file part; requirements between fields are checked at the end.
      const ordered = (after: Record<string, string>) => {
        const f = new FormData();
        f.append('delivery', 'webhook');
        f.append('file', new Blob([pdf], { type: 'application/pdf' }), 'doc.pdf');
        for (const [k, v] of Object.entries(after)) f.append(k, v);
        return fetch(`${h.base}/v1/convert`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: f });
      };
      assert.equal((await ordered({ webhook: 'http://127.0.0.1:9/hook', webhook_secret: 'x'.repeat(16) })).status, 202);
      assert.deepEqual(await code(await ordered({ webhook: 'http://127.0.0.1:9/hook' })), [400, 'invalid_request']);
      assert.deepEqual(await code(await ordered({ webhook: 'http://127.0.0.1:9/hook', webhook_secret: 'x'.repeat(16), colour: 'red' })), [400, 'invalid_request']);
      await waitFor(() => h.ctl.calls === 1);
    });

    test('page limits: tier maximum 422; sync gate: prefer=sync 422/413 naming prefer=async, else a job', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const big = await makePdf(11, 'MARKG');
      const r1 = await convert(h, key, big, { prefer: 'sync' });
      const b1 = await j(r1);
      assert.equal(r1.status, 422);
      assert.equal(b1.code, 'too_many_pages');
      assert.match(b1.message, /prefer=async/);
      const r2 = await convert(h, key, big);
      assert.equal(r2.status, 202);
      const tooMany = await makePdf(501, 'MARKT');
      const r3 = await convert(h, key, tooMany, { prefer: 'async' });
      assert.equal(r3.status, 422);
      assert.equal((await j(r3)).code, 'too_many_pages');
      // Over 8 MB (padding after %%EOF keeps the PDF readable): prefer=sync → 413 naming prefer=async.
      const small = await makePdf(1, 'MARKB');
      const padded = new Uint8Array(8_000_001 + small.length);
      padded.set(small);
      padded.fill(0x0a, small.length);
      const r4 = await convert(h, key, padded, { prefer: 'sync' });
      const b4 = await j(r4);
      assert.equal(r4.status, 413);
      assert.equal(b4.code, 'file_too_large');
      assert.match(b4.message, /prefer=async/);
      const r5 = await convert(h, key, padded);
      assert.equal(r5.status, 202);
    });

    test('cold model: without prefer a job that enters warming', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      h.ctl.ready = false;
      const res = await convert(h, key, await makePdf(1, 'MARKC'));
      assert.equal(res.status, 202);
      const job = await j(res);
      const sse = await readSse(local(h, job.links.events), key);
      assert.deepEqual(sse.events.map((e) => e.event), ['queued', 'warming', 'page', 'completed']);
      assert.deepEqual(sse.events[1].data, { job_id: job.job_id, status: 'warming', backend: 'builtin' });
    });

    test('quota 402 and concurrency 429 with Retry-After; nothing is left reserved', async () => {
      const h = svc();
      const { key, accountId } = await h.account('starter');
      const res = await convert(h, key, await makePdf(501 - 500 + 9, 'MARKQ'), { prefer: 'async' });
      assert.equal(res.status, 202);
      await waitFor(async () => (await h.app.metering.snapshot(accountId)).reserved === 0);
      // Fill the allowance to 495 used, then 10 pages do not fit.
      await h.store.query('UPDATE page_meters SET used = 495 WHERE account_id = $1', [accountId]);
      h.app.metering['cache'].clear();
      const q = await convert(h, key, await makePdf(10, 'MARKQ'));
      assert.equal(q.status, 402);
      assert.equal((await j(q)).code, 'quota_exceeded');
      // Two slots on starter: hold two jobs, the third is 429.
      let open!: () => void;
      h.ctl.gate = new Promise((r) => (open = r));
      const a = await convert(h, key, await makePdf(1, 'MARK1'), { prefer: 'async' });
      const b = await convert(h, key, await makePdf(1, 'MARK2'), { prefer: 'async' });
      assert.deepEqual([a.status, b.status], [202, 202]);
      const c = await convert(h, key, await makePdf(1, 'MARK3'), { prefer: 'async' });
      assert.equal(c.status, 429);
      assert.equal((await j(c)).code, 'concurrency_limit');
      assert.ok(Number(c.headers.get('retry-after')) >= 1);
      open();
      h.ctl.gate = null;
      await waitFor(async () => (await h.app.metering.snapshot(accountId)).slotsInUse === 0);
      const snap = await h.app.metering.snapshot(accountId);
      assert.equal(snap.reserved, 0);
      assert.equal(snap.used, 497);
    });

    test('a failed sync conversion is 502 and releases reservation and slot', async () => {
      const h = svc();
      const { key, accountId } = await h.account('starter');
      const { ServiceError } = await import('../../src/errors/service-error.js');
      h.ctl.failWith = new ServiceError('conversion_failed');
      const res = await convert(h, key, await makePdf(1, 'MARKF'));
      assert.equal(res.status, 502);
      assert.equal((await j(res)).code, 'conversion_failed');
      const snap = await h.app.metering.snapshot(accountId);
      assert.deepEqual([snap.used, snap.reserved, snap.slotsInUse], [0, 0, 0]);
    });

    test('idempotency: a 202 is replayed, a sync retry is 409, a failure releases the key', async () => {
      const h = svc();
      const { key } = await h.account('starter');
      const pdf = await makePdf(1, 'MARKI');
      const first = await convert(h, key, pdf, { prefer: 'async' }, { 'idempotency-key': 'k-async' });
      assert.equal(first.status, 202);
      const again = await convert(h, key, pdf, { prefer: 'async' }, { 'idempotency-key': 'k-async' });
      assert.equal(again.status, 202);
      assert.equal(again.headers.get('idempotency-replayed'), 'true');
      assert.deepEqual(await j(again), await j(first));
      const other = await convert(h, key, await makePdf(1, 'MARKJ'), { prefer: 'async' }, { 'idempotency-key': 'k-async' });
      assert.equal((await j(other)).code, 'idempotency_key_reused');
      const sync = await convert(h, key, pdf, {}, { 'idempotency-key': 'k-sync' });
      assert.equal(sync.status, 200);
      const retry = await convert(h, key, pdf, {}, { 'idempotency-key': 'k-sync' });
      assert.equal(retry.status, 409);
      assert.equal((await j(retry)).code, 'idempotency_key_reused');
      const bad = await convert(h, key, new TextEncoder().encode('nope'), {}, { 'idempotency-key': 'k-bad' });
      assert.equal(bad.status, 415);
      const fixed = await convert(h, key, new TextEncoder().encode('nope'), {}, { 'idempotency-key': 'k-bad' });
      assert.equal(fixed.status, 415, 'the key was released, so the retry ran again');
    });
  });
}
