// Refusals before the body is read (DECISIONS §9: 429 concurrency_limit) seen by a real HTTP client,
// undici's fetch, sending a body of several MB: it gets the 429 and its Retry-After on a connection
// kept alive (the unread body is drained), not a broken pipe in the middle of its upload (issue 11).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convert, makePdf, startService } from '../jobs/harness.js';
import { LIMITS } from '../../src/config.js';

async function upload(base: string, key: string, bytes: number): Promise<{ status: number; retryAfter: string | null; connection: string | null } | string> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'big.pdf');
  try {
    const r = await fetch(`${base}/v1/convert`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: fd });
    await r.text();
    return { status: r.status, retryAfter: r.headers.get('retry-after'), connection: r.headers.get('connection') };
  } catch (e) {
    return String((e as { cause?: { code?: string } }).cause?.code ?? e); // EPIPE / ECONNRESET
  }
}

test('fetch uploading 8 MB to an account with no free slot reads the 429 and Retry-After, and the connection stays usable', async (t) => {
  const h = await startService(t, 'pglite');
  const { key } = await h.account('starter'); // 2 slots
  let open!: () => void;
  h.ctl.gate = new Promise((r) => (open = r));
  t.after(() => open());
  for (const m of ['MARK1', 'MARK2']) assert.equal((await convert(h, key, await makePdf(1, m), { prefer: 'async' })).status, 202);
  for (let i = 0; i < 2; i++) {
    const out = await upload(h.base, key, 8 * 1024 * 1024);
    assert.deepEqual(out, { status: 429, retryAfter: String(LIMITS.concurrencyRetryAfterS), connection: 'keep-alive' });
  }
});
