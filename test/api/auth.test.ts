import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TEST_ADMIN_TOKEN, buildTestApp, createAccount, storeBackends, updateAccount, type TestApp } from '../helpers/app.js';

const code = (res: { json(): any }) => res.json().code;

for (const backend of storeBackends()) {
  describe(`authentication and access (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('malformed, unknown or revoked keys are 401 invalid_api_key everywhere, /usage included', async () => {
      const a = await createAccount(t.app);
      const bad = ['Bearer nope', 'Basic abc', 'Bearer dc_live_AAAAAAAAAAAAAAAA_' + 'A'.repeat(43), `Bearer ${a.key}x`, `Bearer ${a.key.slice(0, -1)}${a.key.endsWith('A') ? 'B' : 'A'}`];
      for (const authorization of bad) {
        for (const url of ['/v1/usage', '/v1/keys']) {
          const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
          assert.equal(res.statusCode, 401, `${url} ${authorization}`);
          assert.equal(code(res), 'invalid_api_key');
        }
      }
      await t.app.inject({ method: 'DELETE', url: `/v1/keys/${a.keyId}`, headers: a.headers });
      const res = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers });
      assert.equal(code(res), 'invalid_api_key');
    });

    it('anonymous callers: /usage trimmed, keyed routes 401 unauthenticated, convert 403 signup_required, jobs 401', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/usage' })).statusCode, 200);
      assert.equal(code(await t.app.inject({ method: 'GET', url: '/v1/keys' })), 'unauthenticated');
      assert.equal(code(await t.app.inject({ method: 'POST', url: '/v1/keys' })), 'unauthenticated');
      assert.equal(code(await t.app.inject({ method: 'GET', url: '/v1/jobs/x' })), 'unauthenticated');
      const c = await t.app.inject({ method: 'POST', url: '/v1/convert' });
      assert.equal(c.statusCode, 403);
      assert.equal(code(c), 'signup_required');
    });

    it('free tier: usage works with api_access false; convert and jobs are 403 api_not_available_on_tier', async () => {
      const f = await createAccount(t.app, 'free');
      const u = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: f.headers });
      assert.equal(u.statusCode, 200);
      assert.equal(u.json().api_access, false);
      assert.equal(code(await t.app.inject({ method: 'POST', url: '/v1/convert', headers: f.headers })), 'api_not_available_on_tier');
      assert.equal(code(await t.app.inject({ method: 'GET', url: '/v1/jobs/x', headers: f.headers })), 'api_not_available_on_tier');
      assert.equal(code(await t.app.inject({ method: 'DELETE', url: '/v1/jobs/x', headers: f.headers })), 'api_not_available_on_tier');
    });

    it('an unverified e-mail gets 403 signup_required on convert, and a verified one no longer does', async () => {
      const u = await createAccount(t.app, 'starter', { emailVerified: false });
      assert.equal(code(await t.app.inject({ method: 'POST', url: '/v1/convert', headers: u.headers })), 'signup_required');
      await updateAccount(t.app, u.accountId, { email_verified: true });
      assert.notEqual(code(await t.app.inject({ method: 'POST', url: '/v1/convert', headers: u.headers })), 'signup_required');
    });

    it('missing scopes are 403 forbidden', async () => {
      const a = await createAccount(t.app);
      const created = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['jobs:read'] } });
      assert.equal(created.statusCode, 201);
      const h = { authorization: `Bearer ${created.json().key}` };
      assert.equal(code(await t.app.inject({ method: 'GET', url: '/v1/usage', headers: h })), 'forbidden');
      assert.equal(code(await t.app.inject({ method: 'GET', url: '/v1/keys', headers: h })), 'forbidden');
      assert.equal(code(await t.app.inject({ method: 'POST', url: '/v1/convert', headers: h })), 'forbidden');
      assert.equal(code(await t.app.inject({ method: 'DELETE', url: '/v1/jobs/x', headers: h })), 'forbidden');
    });

    it('admin API: bearer admin token; missing 401 unauthenticated, wrong 401 invalid_api_key; unknown tier 400 invalid_plan', async () => {
      const body = { tier: 'starter' };
      const none = await t.app.inject({ method: 'POST', url: '/v1/admin/accounts', payload: body });
      assert.equal(none.statusCode, 401);
      assert.equal(code(none), 'unauthenticated');
      const wrong = await t.app.inject({ method: 'POST', url: '/v1/admin/accounts', headers: { authorization: 'Bearer wrong' }, payload: body });
      assert.equal(code(wrong), 'invalid_api_key');
      const user = await createAccount(t.app);
      assert.equal(code(await t.app.inject({ method: 'POST', url: '/v1/admin/accounts', headers: user.headers, payload: body })), 'invalid_api_key');
      const plan = await t.app.inject({ method: 'POST', url: '/v1/admin/accounts', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: { tier: 'gold' } });
      assert.equal(plan.statusCode, 400);
      assert.equal(code(plan), 'invalid_plan');
      const ok = await t.app.inject({ method: 'POST', url: '/v1/admin/accounts', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: { tier: 'pro', email_verified: false } });
      assert.equal(ok.statusCode, 201);
      const b = ok.json();
      assert.deepEqual(Object.keys(b).sort(), ['account_id', 'key', 'key_id', 'tier']);
      assert.equal(b.tier, 'pro');
      const patch = await t.app.inject({ method: 'PATCH', url: `/v1/admin/accounts/${b.account_id}`, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: { tier: 'power' } });
      assert.deepEqual(patch.json(), { account_id: b.account_id, tier: 'power', email_verified: false });
      const badPatch = await t.app.inject({ method: 'PATCH', url: `/v1/admin/accounts/${b.account_id}`, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: { tier: 'gold' } });
      assert.equal(code(badPatch), 'invalid_plan');
      const missing = await t.app.inject({ method: 'PATCH', url: '/v1/admin/accounts/acc_nope', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: { tier: 'pro' } });
      assert.equal(missing.statusCode, 404);
      // The key of the account sees the new tier at once.
      const u = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${b.key}` } });
      assert.equal(u.json().tier, 'power');
    });
  });
}

describe('admin API disabled', () => {
  it('answers 404 not_found when DOCCONV_ADMIN_TOKEN is unset', async () => {
    const t = await buildTestApp({ env: { DOCCONV_ADMIN_TOKEN: '' } });
    const res = await t.app.inject({ method: 'POST', url: '/v1/admin/accounts', headers: { authorization: 'Bearer x' }, payload: { tier: 'pro' } });
    assert.equal(res.statusCode, 404);
    assert.equal(code(res), 'not_found');
    await t.close();
  });
});
