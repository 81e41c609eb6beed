import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, createAccount, openTestStore, storeBackends, type TestApp } from '../helpers/app.js';

const code = (res: { json(): any }) => res.json().code;

for (const backend of storeBackends()) {
  describe(`/keys (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('creates a key shown once, lists keys masked, revokes at once', async () => {
      const a = await createAccount(t.app, 'pro');
      const c = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers });
      assert.equal(c.statusCode, 201);
      const k = c.json();
      assert.deepEqual(Object.keys(k).sort(), ['created_at', 'key', 'key_id', 'last4', 'scopes']);
      assert.deepEqual(k.scopes, ['convert', 'jobs:read', 'usage:read']);
      assert.match(k.key, new RegExp(`^dc_live_${k.key_id}_[A-Za-z0-9]{43}$`));
      assert.equal(k.last4, k.key.slice(-4));
      assert.match(k.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

      const l = await t.app.inject({ method: 'GET', url: '/v1/keys', headers: a.headers });
      assert.equal(l.statusCode, 200);
      const keys = l.json().keys;
      assert.equal(keys.length, 2);
      assert.ok(!l.body.includes(k.key.split('_').pop()));
      for (const x of keys) {
        assert.equal(x.tier, 'pro');
        assert.equal(x.revoked_at, undefined);
      }

      const newKey = { authorization: `Bearer ${k.key}` };
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: newKey })).statusCode, 200);
      const d = await t.app.inject({ method: 'DELETE', url: `/v1/keys/${k.key_id}`, headers: a.headers });
      assert.equal(d.statusCode, 204);
      assert.equal(d.body, '');
      assert.equal(code(await t.app.inject({ method: 'GET', url: '/v1/usage', headers: newKey })), 'invalid_api_key');
      const after = (await t.app.inject({ method: 'GET', url: '/v1/keys', headers: a.headers })).json().keys;
      assert.ok(after.find((x: any) => x.key_id === k.key_id).revoked_at);
      // Revoking again, or an unknown key, or another account's key: 404 key_not_found.
      assert.equal(code(await t.app.inject({ method: 'DELETE', url: `/v1/keys/${k.key_id}`, headers: a.headers })), 'key_not_found');
      assert.equal(code(await t.app.inject({ method: 'DELETE', url: '/v1/keys/nope', headers: a.headers })), 'key_not_found');
      const other = await createAccount(t.app);
      assert.equal(code(await t.app.inject({ method: 'DELETE', url: `/v1/keys/${a.keyId}`, headers: other.headers })), 'key_not_found');
    });

    it('scopes: unknown names 400, only scopes the key holds (403), explicit choice kept', async () => {
      const a = await createAccount(t.app);
      assert.equal(code(await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['admin'] } })), 'invalid_request');
      const narrow = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['usage:read', 'keys:manage'] } });
      assert.deepEqual(narrow.json().scopes, ['usage:read', 'keys:manage']);
      const h = { authorization: `Bearer ${narrow.json().key}` };
      const esc = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: h, payload: { scopes: ['convert'] } });
      assert.equal(esc.statusCode, 403);
      assert.equal(code(esc), 'forbidden');
      const dflt = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: h });
      assert.deepEqual(dflt.json().scopes, ['usage:read']);
      const only = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['keys:manage'] } });
      const none = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: { authorization: `Bearer ${only.json().key}` } });
      assert.equal(code(none), 'forbidden');
    });

    it('rotates: a new key id with the same scopes, the old one revoked; unknown or revoked → 404', async () => {
      const a = await createAccount(t.app);
      const r = await t.app.inject({ method: 'POST', url: `/v1/keys/${a.keyId}/rotate`, headers: { ...a.headers, 'content-type': 'application/json' }, payload: '' });
      assert.equal(r.statusCode, 201);
      const k = r.json();
      assert.notEqual(k.key_id, a.keyId);
      assert.deepEqual(k.scopes, ['convert', 'jobs:read', 'usage:read', 'keys:manage']);
      assert.equal(code(await t.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers })), 'invalid_api_key');
      const nh = { authorization: `Bearer ${k.key}` };
      assert.equal(code(await t.app.inject({ method: 'POST', url: `/v1/keys/${a.keyId}/rotate`, headers: nh })), 'key_not_found');
      assert.equal(code(await t.app.inject({ method: 'POST', url: '/v1/keys/unknown/rotate', headers: nh })), 'key_not_found');
    });

    it('rotation needs every scope of the rotated key: a keys:manage-only key cannot rotate the full key (403, nothing revoked)', async () => {
      const a = await createAccount(t.app);
      const manager = (await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['keys:manage'] } })).json();
      const mh = { authorization: `Bearer ${manager.key}` };
      const esc = await t.app.inject({ method: 'POST', url: `/v1/keys/${a.keyId}/rotate`, headers: mh });
      assert.equal(esc.statusCode, 403);
      assert.equal(code(esc), 'forbidden');
      assert.ok(!esc.body.includes('dc_live_'));
      // The full key still works and was not revoked; no key was issued.
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/keys', headers: a.headers })).json().keys.length, 2);
      // It may rotate a key whose scopes it holds (itself).
      const self = await t.app.inject({ method: 'POST', url: `/v1/keys/${manager.key_id}/rotate`, headers: mh });
      assert.equal(self.statusCode, 201);
      assert.deepEqual(self.json().scopes, ['keys:manage']);
    });

    it('active keys per account are bounded: 409 invalid_state beyond, a revoke makes room', async () => {
      const { LIMITS } = await import('../../src/config.js');
      const a = await createAccount(t.app);
      const made: string[] = [];
      for (let i = 1; i < LIMITS.maxActiveKeysPerAccount; i++) {
        const r = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['usage:read'] } });
        assert.equal(r.statusCode, 201);
        made.push(r.json().key_id);
      }
      const over = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['usage:read'] } });
      assert.equal(over.statusCode, 409);
      assert.equal(code(over), 'invalid_state');
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/v1/keys/${made[0]}`, headers: a.headers })).statusCode, 204);
      assert.equal((await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['usage:read'] } })).statusCode, 201);
    });

    it('Idempotency-Key: same request replays (with the secret), another request 409, failures free the key', async () => {
      const a = await createAccount(t.app);
      const h = { ...a.headers, 'idempotency-key': 'create-1' };
      const first = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: h, payload: { scopes: ['convert'] } });
      assert.equal(first.statusCode, 201);
      assert.equal(first.headers['idempotency-replayed'], undefined);
      const again = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: h, payload: { scopes: ['convert'] } });
      assert.equal(again.statusCode, 201);
      assert.equal(again.headers['idempotency-replayed'], 'true');
      assert.deepEqual(again.json(), first.json());
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/keys', headers: a.headers })).json().keys.length, 2);
      const other = await t.app.inject({ method: 'POST', url: '/v1/keys', headers: h, payload: { scopes: ['usage:read'] } });
      assert.equal(other.statusCode, 409);
      assert.equal(code(other), 'idempotency_key_reused');

      // A 404 rotate does not keep the key: once the target exists the same key works.
      const rh = { ...a.headers, 'idempotency-key': 'rotate-1' };
      assert.equal((await t.app.inject({ method: 'POST', url: '/v1/keys/missing/rotate', headers: rh })).statusCode, 404);
      const rot = await t.app.inject({ method: 'POST', url: `/v1/keys/${first.json().key_id}/rotate`, headers: rh });
      assert.equal(rot.statusCode, 201);
      const rot2 = await t.app.inject({ method: 'POST', url: `/v1/keys/${first.json().key_id}/rotate`, headers: rh });
      assert.equal(rot2.headers['idempotency-replayed'], 'true');
      assert.equal(rot2.json().key, rot.json().key);
    });

    it('concurrent requests with one Idempotency-Key: one runs, the other gets 409 in progress or a replay', async () => {
      const a = await createAccount(t.app);
      const h = { ...a.headers, 'idempotency-key': 'race' };
      const rs = await Promise.all([0, 1, 2].map(() => t.app.inject({ method: 'POST', url: '/v1/keys', headers: h })));
      const created = new Set(rs.filter((r) => r.statusCode === 201).map((r) => r.json().key_id));
      assert.equal(created.size, 1);
      for (const r of rs) assert.ok(r.statusCode === 201 || code(r) === 'idempotency_in_progress');
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/keys', headers: a.headers })).json().keys.length, 2);
    });
  });
}

if (process.env.TEST_DATABASE_URL) {
  describe('key revocation across nodes (postgres)', () => {
    it('a key revoked on one node is refused by another at once (NOTIFY)', async () => {
      const ts = await openTestStore('postgres');
      const n1 = await buildTestApp({ sharedStore: ts });
      const n2 = await buildTestApp({ sharedStore: ts });
      try {
        const a = await createAccount(n1.app);
        const k = (await n1.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers })).json();
        const h = { authorization: `Bearer ${k.key}` };
        assert.equal((await n2.app.inject({ method: 'GET', url: '/v1/usage', headers: h })).statusCode, 200); // cached on n2
        await n1.app.inject({ method: 'DELETE', url: `/v1/keys/${k.key_id}`, headers: a.headers });
        const deadline = Date.now() + 3000;
        let status = 200;
        while (status === 200 && Date.now() < deadline) {
          status = (await n2.app.inject({ method: 'GET', url: '/v1/usage', headers: h })).statusCode;
          if (status === 200) await new Promise((r) => setTimeout(r, 10));
        }
        assert.equal(status, 401);
        // Tier change on n2 is seen by n1.
        assert.equal((await n1.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers })).json().tier, 'starter');
        await n2.app.inject({ method: 'PATCH', url: `/v1/admin/accounts/${a.accountId}`, headers: { authorization: `Bearer ${n2.adminToken}` }, payload: { tier: 'pro' } });
        let tier = 'starter';
        while (tier === 'starter' && Date.now() < deadline + 3000) {
          tier = (await n1.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers })).json().tier;
          if (tier === 'starter') await new Promise((r) => setTimeout(r, 10));
        }
        assert.equal(tier, 'pro');
      } finally {
        await n1.close();
        await n2.close();
        await ts.cleanup();
      }
    });
  });
}
