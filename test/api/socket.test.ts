// Over a real socket with fetch: the same behaviour as app.inject, plus what only a socket shows
// (keep-alive, headers on the wire) and the log lines (no Authorization, keys, query strings).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { buildTestApp, createAccount, storeBackends, TEST_ADMIN_TOKEN, type TestApp } from '../helpers/app.js';

for (const backend of storeBackends()) {
  describe(`over a real socket (${backend})`, () => {
    let t: TestApp;
    let base: string;
    const lines: string[] = [];
    before(async () => {
      const stream = new Writable({ write(chunk, _enc, cb) { lines.push(chunk.toString()); cb(); } });
      t = await buildTestApp({ store: backend, logger: { level: 'info', stream } as never });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = t.app.server.address();
      base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    });
    after(async () => { await t.close(); });

    it('headers over the size limit are answered with the error envelope (400 invalid_request)', async () => {
      const res = await fetch(`${base}/v1/usage`, { headers: { 'x-big': 'a'.repeat(20_000) } });
      assert.equal(res.status, 400);
      const b = (await res.json()) as Record<string, string>;
      assert.deepEqual(Object.keys(b).sort(), ['code', 'doc_url', 'message', 'request_id', 'type']);
      assert.equal(b.code, 'invalid_request');
      assert.equal(b.request_id, res.headers.get('x-request-id'));
    });

    it('a multipart body cut short is 400 invalid_request, not 500', async () => {
      const acct = await createAccount(t.app);
      const res = await fetch(`${base}/v1/convert`, {
        method: 'POST',
        headers: { ...acct.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut',
      });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { code: string }).code, 'invalid_request');
    });

    it('a file part without a name is 400 invalid_request, not 500', async () => {
      const acct = await createAccount(t.app);
      const res = await fetch(`${base}/v1/convert`, {
        method: 'POST',
        headers: { ...acct.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
        body: '--xyz\r\nContent-Disposition: form-data; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--xyz--\r\n',
      });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { code: string }).code, 'invalid_request');
    });

    it('walks admin → key → usage → keys → revoke, and logs without secrets', async () => {
      const created = await fetch(`${base}/v1/admin/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tier: 'starter', email_verified: true }),
      });
      assert.equal(created.status, 201);
      const acct = (await created.json()) as { key: string; key_id: string; account_id: string };
      const auth = { authorization: `Bearer ${acct.key}` };

      const usage = await fetch(`${base}/v1/usage`, { headers: auth });
      assert.equal(usage.status, 200);
      assert.equal(usage.headers.get('x-service-quota-pages-remaining'), '500');
      assert.equal(usage.headers.get('ratelimit-policy'), '60;w=60');
      assert.match(usage.headers.get('x-request-id') ?? '', /^req_/);

      const k = await fetch(`${base}/v1/keys`, { method: 'POST', headers: { ...auth, 'idempotency-key': 'sock-1' } });
      assert.equal(k.status, 201);
      const key = (await k.json()) as { key: string; key_id: string };
      const replay = await fetch(`${base}/v1/keys`, { method: 'POST', headers: { ...auth, 'idempotency-key': 'sock-1' } });
      assert.equal(replay.headers.get('idempotency-replayed'), 'true');
      assert.equal(((await replay.json()) as { key: string }).key, key.key);

      const del = await fetch(`${base}/v1/keys/${key.key_id}`, { method: 'DELETE', headers: auth });
      assert.equal(del.status, 204);
      const gone = await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${key.key}` } });
      assert.equal(gone.status, 401);
      const env = (await gone.json()) as { code: string; request_id: string };
      assert.equal(env.code, 'invalid_api_key');
      assert.equal(env.request_id, gone.headers.get('x-request-id'));

      // A refused key still counts against the client IP and carries the RateLimit-* headers.
      assert.equal(gone.headers.get('ratelimit-policy'), '60;w=60');
      assert.ok(gone.headers.get('ratelimit-remaining'));

      await fetch(`${base}/v1/jobs/abc/result?token=SECRET-TOKEN-VALUE`);
      const nf = await fetch(`${base}/v1/nope`, { method: 'POST' });
      assert.equal(nf.status, 404);

      await new Promise((r) => setTimeout(r, 50));
      const log = lines.join('');
      for (const secret of [acct.key, key.key, TEST_ADMIN_TOKEN, acct.key.split('_').pop()!, 'SECRET-TOKEN-VALUE']) {
        assert.ok(!log.includes(secret), 'a secret reached the log');
      }
      assert.ok(!/authorization/i.test(log));
      const reqLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
      const usageLine = reqLines.find((l) => l.route === '/v1/usage' && l.status === 200);
      assert.ok(usageLine);
      assert.equal(usageLine.account, acct.account_id);
      assert.match(usageLine.request_id, /^req_/);
      assert.equal(typeof usageLine.ms, 'number');
    });
  });
}
