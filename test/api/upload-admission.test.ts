// DECISIONS §9 / issue 10 item 1 over real sockets: capacity refusals (429 concurrency_limit with
// Retry-After) come before the body is read; a stalled body is cut and everything is released.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { convert, makePdf, startService } from '../jobs/harness.js';
import { waitFor } from '../jobs/fakes.js';
import { partHead, rawUpload } from '../helpers/raw-upload.js';
import { TIERS } from '../../src/config.js';
import { periodOf } from '../../src/accounts/period.js';

const retryAfterOf = (raw: string) => Number(/\r\nretry-after: (\d+)/i.exec(raw)?.[1]);

describe('upload admission (pglite)', () => {
  test('an account has at most concurrency + 1 uploads in progress; the next is 429 before its body', async (t) => {
    const h = await startService(t, 'pglite', { env: { DOCCONV_UPLOAD_IDLE_TIMEOUT_S: '2' } });
    const { key, accountId } = await h.account('starter'); // 2 slots → 3 uploads
    const stalled = [0, 1, 2].map(() => rawUpload(h.base, key, 5_000_000, partHead() + '%PDF-1.4\n'));
    await waitFor(() => h.app.uploads.uploadsOf(accountId) === 3);
    const fourth = rawUpload(h.base, key, 5_000_000); // headers only: no body byte sent
    assert.equal(await fourth.status, 429);
    fourth.socket.destroy();
    const raw = await fourth.closed;
    assert.match(raw, /"code":"concurrency_limit"/);
    assert.ok(retryAfterOf(raw) >= 1);
    // A refused body is drained, but one that stalls is cut like any other (no socket held).
    const fifth = rawUpload(h.base, key, 5_000_000, partHead());
    assert.equal(await fifth.status, 429);
    const t0 = Date.now();
    await fifth.closed;
    assert.ok(Date.now() - t0 < 6000, 'the refused, stalled body is cut after the idle timeout');
    // Another account is not affected.
    const other = await h.account('starter');
    assert.equal((await convert(h, other.key, await makePdf(1, 'MARKO'))).status, 200);
    // The stalled bodies are cut after the idle timeout and release their bytes and the account's count.
    const cut = await Promise.all(stalled.map((u) => u.closed));
    assert.equal(cut.length, 3);
    await waitFor(() => h.app.uploads.inflightBytes === 0 && h.app.uploads.uploadsOf(accountId) === 0, 5000);
    const snap = await h.app.metering.snapshot(accountId);
    assert.deepEqual([snap.reserved, snap.slotsInUse], [0, 0]);
    assert.equal((await convert(h, key, await makePdf(1, 'MARKA'))).status, 200, 'the account uploads again');
  });

  test('the node budget (DOCCONV_MAX_INFLIGHT_MB) refuses a declared body that does not fit', async (t) => {
    const h = await startService(t, 'pglite', { env: { DOCCONV_MAX_INFLIGHT_MB: '16' } });
    const { key } = await h.account('power');
    const big = rawUpload(h.base, key, 17_000_000);
    assert.equal(await big.status, 429);
    big.socket.destroy();
    assert.match(await big.closed, /upload capacity is full/);
    const held = rawUpload(h.base, key, 10_000_000, partHead());
    await waitFor(() => h.app.uploads.inflightBytes >= 10_000_000);
    const second = rawUpload(h.base, key, 10_000_000);
    assert.equal(await second.status, 429, 'two 10 MB bodies do not fit in 16 MB');
    second.socket.destroy();
    held.socket.destroy(); // a client that goes away releases at once
    await waitFor(() => h.app.uploads.inflightBytes === 0);
    assert.equal((await convert(h, key, await makePdf(1, 'MARKB'))).status, 200);
    assert.equal(h.app.uploads.inflightBytes, 0);
  });

  test('no free slot: 429 before the body is read', async (t) => {
    const h = await startService(t, 'pglite');
    const { key } = await h.account('starter');
    let open!: () => void;
    h.ctl.gate = new Promise((r) => (open = r));
    for (const m of ['MARK1', 'MARK2']) assert.equal((await convert(h, key, await makePdf(1, m), { prefer: 'async' })).status, 202);
    const third = rawUpload(h.base, key, 1_000_000);
    assert.equal(await third.status, 429);
    third.socket.destroy();
    assert.match(await third.closed, /concurrent-conversion slots are in use/);
    open();
  });

  test('no page left: 402 before the document is opened (the probe runs only behind slot and quota)', async (t) => {
    const h = await startService(t, 'pglite');
    const { key, accountId } = await h.account('starter');
    await h.store.query('INSERT INTO page_meters (account_id, period, used) VALUES ($1, $2, 500)', [accountId, periodOf(TIERS.starter)]);
    h.app.metering['cache'].clear();
    // A file that would be 422 malformed_document if it were opened.
    const r = await convert(h, key, new TextEncoder().encode('%PDF-1.4\nnot really a pdf'));
    assert.equal(r.status, 402);
    assert.equal(((await r.json()) as { code: string }).code, 'quota_exceeded');
    const snap = await h.app.metering.snapshot(accountId);
    assert.deepEqual([snap.reserved, snap.slotsInUse], [0, 0]);
  });

  test('an accepted job keeps its bytes counted until it drops them', async (t) => {
    const h = await startService(t, 'pglite');
    const { key } = await h.account('starter');
    let open!: () => void;
    h.ctl.gate = new Promise((r) => (open = r));
    const pdf = await makePdf(1, 'MARKJ');
    assert.equal((await convert(h, key, pdf, { prefer: 'async' })).status, 202);
    assert.ok(h.app.uploads.inflightBytes >= pdf.length, 'held while the job runs');
    open();
    await waitFor(() => h.app.uploads.inflightBytes === 0);
  });
});
