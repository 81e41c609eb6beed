import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, createAccount, storeBackends, type TestApp } from '../helpers/app.js';

for (const backend of storeBackends()) {
  describe(`rate limits (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('per account: burst then 429 rate_limited with Retry-After and RateLimit headers', async () => {
      const a = await createAccount(t.app, 'starter'); // burst 120, 60 rpm
      const first = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers });
      assert.equal(first.headers['ratelimit-limit'], '120');
      assert.equal(first.headers['ratelimit-remaining'], '119');
      assert.equal(first.headers['ratelimit-policy'], '60;w=60');
      assert.ok(Number(first.headers['ratelimit-reset']) >= 1);
      // Tokens refill at 1/s while the loop runs (slower on PostgreSQL): allow a few extra.
      let ok = 1;
      let limited = first;
      for (let i = 0; i < 140; i++) {
        limited = await t.app.inject({ method: 'GET', url: '/v1/keys', headers: a.headers });
        if (limited.statusCode !== 200) break;
        ok++;
      }
      assert.ok(ok >= 120 && ok <= 130, `allowed ${ok}`);
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().code, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) >= 1);
      assert.equal(limited.headers['ratelimit-remaining'], '0');
      assert.equal(limited.headers['ratelimit-limit'], '120');
      // Another account is not affected; public routes are unlimited and carry no RateLimit headers.
      const b = await createAccount(t.app, 'starter');
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: b.headers })).statusCode, 200);
      const h = await t.app.inject({ method: 'GET', url: '/v1/health' });
      assert.equal(h.headers['ratelimit-limit'], undefined);
    });

    it('anonymous and token routes: per client IP at starter rates', async () => {
      const ip = '203.0.113.9';
      let last;
      for (let i = 0; i < 140; i++) {
        last = await t.app.inject({ method: 'GET', url: '/v1/usage', remoteAddress: ip });
        if (last.statusCode !== 200) break;
      }
      assert.equal(last!.statusCode, 429);
      const tokenRoute = await t.app.inject({ method: 'GET', url: '/v1/jobs/x/result?token=abc', remoteAddress: ip });
      assert.equal(tokenRoute.statusCode, 429);
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/usage', remoteAddress: '203.0.113.10' })).statusCode, 200);
      for (const url of ['/v1/health', '/v1/version', '/v1/openapi.json', '/docs/errors']) {
        assert.equal((await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode, 200, url);
      }
    });
  });
}
