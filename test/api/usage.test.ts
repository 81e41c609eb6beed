import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, createAccount, storeBackends, type TestApp } from '../helpers/app.js';

for (const backend of storeBackends()) {
  describe(`/usage (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend, env: { DOCCONV_SIGNUP_URL: 'https://example.com/join' } }); });
    after(async () => { await t.close(); });

    it('anonymous view: zeroed, standard lane, unlock_url, no quota header', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/usage' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {
        tier: 'anonymous', anonymous: true, period: '',
        pages: { used: 0, reserved: 0, remaining: 0, allowance: 0 },
        concurrency: { in_use: 0, limit: 0 },
        backend_lane: 'standard', api_access: false, unlock_url: 'https://example.com/join',
      });
      assert.equal(res.headers['x-service-quota-pages-remaining'], undefined);
      assert.equal(res.headers['ratelimit-limit'], '120');
    });

    it('free view: lifetime trial, no resets_at, api_access false', async () => {
      const f = await createAccount(t.app, 'free');
      const b = (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: f.headers })).json();
      assert.deepEqual(b, {
        tier: 'free', anonymous: false, period: '', source: 'trial',
        pages: { used: 0, reserved: 0, remaining: 100, allowance: 100 },
        concurrency: { in_use: 0, limit: 1 },
        backend_lane: 'standard', api_access: false,
      });
    });

    it('paid view: the UTC month, resets_at, reservations, slots and the quota header', async () => {
      const p = await createAccount(t.app, 'power');
      await t.app.metering.reservePages(p.accountId, 7, 'u1');
      await t.app.metering.acquireSlot(p.accountId, 'u1');
      await t.app.metering.reservePages(p.accountId, 3, 'u2');
      await t.app.metering.chargeReservation('u2');
      const res = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: p.headers });
      const b = res.json();
      const now = new Date();
      assert.equal(b.period, `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`);
      assert.equal(b.source, 'period');
      assert.equal(b.resets_at, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().replace('.000Z', 'Z'));
      assert.deepEqual(b.pages, { used: 3, reserved: 7, remaining: 9990, allowance: 10000 });
      assert.deepEqual(b.concurrency, { in_use: 1, limit: 5 });
      assert.equal(b.backend_lane, 'priority');
      assert.equal(b.api_access, true);
      assert.equal(res.headers['x-service-quota-pages-remaining'], '9990');
      // Every authenticated response carries it, errors included.
      const err = await t.app.inject({ method: 'DELETE', url: '/v1/keys/nope', headers: p.headers });
      assert.equal(err.statusCode, 404);
      assert.equal(err.headers['x-service-quota-pages-remaining'], '9990');
    });
  });
}
