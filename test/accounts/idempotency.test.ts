import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Idempotency, canonicalJson, fingerprint } from '../../src/accounts/idempotency.js';
import { ServiceError } from '../../src/errors/service-error.js';
import { openTestStore, storeBackends, type TestStore } from '../helpers/app.js';

const codeOf = (p: Promise<unknown>) => p.then((v) => (v as { kind: string }).kind, (e) => (e instanceof ServiceError ? e.code : String(e)));
const SECRET = Buffer.from('0123456789abcdef0123456789abcdef');

describe('fingerprints', () => {
  it('depend on the route and the canonical body, not on key order', () => {
    assert.equal(fingerprint('r', canonicalJson({ a: 1, b: [1, 2] })), fingerprint('r', canonicalJson({ b: [1, 2], a: 1 })));
    assert.notEqual(fingerprint('r', canonicalJson({ a: 1 })), fingerprint('r2', canonicalJson({ a: 1 })));
    assert.notEqual(fingerprint('r', canonicalJson({ a: 1 })), fingerprint('r', canonicalJson({ a: 2 })));
  });
});

for (const backend of storeBackends()) {
  describe(`idempotency records (${backend})`, () => {
    let ts: TestStore;
    let idem: Idempotency;
    before(async () => { ts = await openTestStore(backend); idem = new Idempotency(ts.store, SECRET); });
    after(async () => { idem.close(); await ts.cleanup(); });

    it('new → in progress → replay; other request → reused', async () => {
      assert.equal(await codeOf(idem.begin('acc1', 'POST /x', 'k1', 'fp1')), 'new');
      assert.equal(await codeOf(idem.begin('acc1', 'POST /x', 'k1', 'fp1')), 'idempotency_in_progress');
      assert.equal(await codeOf(idem.begin('acc1', 'POST /x', 'k1', 'fp2')), 'idempotency_key_reused');
      await idem.complete('acc1', 'POST /x', 'k1', { status: 201, headers: { location: '/y' }, body: { key: 'dc_live_secret' } });
      const r = await idem.begin('acc1', 'POST /x', 'k1', 'fp1');
      assert.deepEqual(r, { kind: 'replay', status: 201, headers: { location: '/y' }, body: { key: 'dc_live_secret' } });
      assert.equal(await codeOf(idem.begin('acc1', 'POST /x', 'k1', 'fp2')), 'idempotency_key_reused');
      // Scoped by account and route.
      assert.equal(await codeOf(idem.begin('acc2', 'POST /x', 'k1', 'fp2')), 'new');
      assert.equal(await codeOf(idem.begin('acc1', 'POST /z', 'k1', 'fp2')), 'new');
    });

    it('stores replay bodies encrypted', async () => {
      await idem.begin('acc3', 'POST /x', 'k-enc', 'fp');
      await idem.complete('acc3', 'POST /x', 'k-enc', { status: 201, body: { key: 'dc_live_PLAINTEXT' } });
      const rows = await ts.store.query<{ body: string }>("SELECT body FROM idempotency_records WHERE idem_key = 'k-enc'", []);
      assert.ok(!Buffer.from(rows[0].body, 'base64').toString('latin1').includes('PLAINTEXT'));
      assert.ok(!rows[0].body.includes('PLAINTEXT'));
    });

    it('release frees the key after a failure; non-replayable outcomes answer 409 reused', async () => {
      await idem.begin('acc4', 'POST /x', 'k2', 'fp');
      await idem.release('acc4', 'POST /x', 'k2');
      assert.equal(await codeOf(idem.begin('acc4', 'POST /x', 'k2', 'fp')), 'new');
      await idem.complete('acc4', 'POST /x', 'k2', { replayable: false });
      assert.equal(await codeOf(idem.begin('acc4', 'POST /x', 'k2', 'fp')), 'idempotency_key_reused');
      await idem.release('acc4', 'POST /x', 'k2'); // a completed record is not released
      assert.equal(await codeOf(idem.begin('acc4', 'POST /x', 'k2', 'fp')), 'idempotency_key_reused');
    });

    it('two concurrent claims of one key: exactly one wins', async () => {
      const results = await Promise.all(Array.from({ length: 5 }, () => codeOf(idem.begin('acc5', 'POST /x', 'race', 'fp'))));
      assert.equal(results.filter((r) => r === 'new').length, 1);
      assert.equal(results.filter((r) => r === 'idempotency_in_progress').length, 4);
    });

    it('records expire after 24 h', async () => {
      await idem.begin('acc6', 'POST /x', 'old', 'fp');
      await idem.complete('acc6', 'POST /x', 'old', { status: 201, body: {} });
      await ts.store.query("UPDATE idempotency_records SET expires_at = now() - interval '1 second' WHERE idem_key = 'old'", []);
      assert.equal(await codeOf(idem.begin('acc6', 'POST /x', 'old', 'other')), 'new');
      const rows = await ts.store.query<{ s: number }>("SELECT extract(epoch FROM expires_at - created_at)::int AS s FROM idempotency_records WHERE idem_key = 'old'", []);
      assert.equal(rows[0].s, 24 * 3600);
    });

    it('a claim abandoned for an hour (its node died) can be taken over', async () => {
      await idem.begin('acc8', 'POST /x', 'stale', 'fp');
      assert.equal(await codeOf(idem.begin('acc8', 'POST /x', 'stale', 'fp')), 'idempotency_in_progress');
      await ts.store.query("UPDATE idempotency_records SET created_at = now() - interval '2 hours' WHERE idem_key = 'stale'", []);
      assert.equal(await codeOf(idem.begin('acc8', 'POST /x', 'stale', 'fp')), 'new');
    });

    it('rejects keys longer than 255 characters', async () => {
      assert.equal(await codeOf(idem.begin('acc7', 'POST /x', 'k'.repeat(256), 'fp')), 'invalid_request');
    });
  });
}
