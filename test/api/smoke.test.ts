import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, createAccount, storeBackends, type TestApp } from '../helpers/app.js';

for (const backend of storeBackends()) {
  describe(`app skeleton (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('answers health, usage with a fresh key, and the quota header', async () => {
      const h = await t.app.inject({ method: 'GET', url: '/v1/health' });
      assert.equal(h.statusCode, 200);
      assert.deepEqual(h.json(), { status: 'ok', deps: { store: 'up' } });
      const a = await createAccount(t.app, 'pro');
      const u = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers });
      assert.equal(u.statusCode, 200);
      assert.equal(u.json().tier, 'pro');
      assert.equal(u.headers['x-service-quota-pages-remaining'], '3000');
      assert.equal(u.headers['ratelimit-limit'], '240');
    });
  });
}
