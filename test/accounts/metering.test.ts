import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceError } from '../../src/errors/service-error.js';
import { buildTestApp, createAccount, openTestStore, storeBackends, updateAccount, type TestApp } from '../helpers/app.js';

const codeOf = (p: Promise<unknown>) => p.then(() => 'ok', (e) => (e instanceof ServiceError ? e.code : String(e)));

for (const backend of storeBackends()) {
  describe(`metering (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('reserves, charges and releases pages; releases and charges are idempotent', async () => {
      const a = await createAccount(t.app, 'starter');
      const m = t.app.metering;
      assert.equal(await m.pagesRemaining(a.accountId), 500);
      await m.reservePages(a.accountId, 10, 'h1');
      await m.reservePages(a.accountId, 10, 'h1'); // same holder: no second reservation
      assert.equal(await m.pagesRemaining(a.accountId), 490);
      await m.reservePages(a.accountId, 5, 'h2');
      await m.chargeReservation('h1');
      await m.chargeReservation('h1');
      await m.releaseReservation('h2');
      await m.releaseReservation('h2');
      await m.releaseReservation('never-existed');
      const s = await m.snapshot(a.accountId);
      assert.deepEqual({ used: s.used, reserved: s.reserved }, { used: 10, reserved: 0 });
      assert.equal(await m.pagesRemaining(a.accountId), 490);
    });

    it('402 quota_exceeded when used + reserved + pages exceeds the allowance', async () => {
      const a = await createAccount(t.app, 'free'); // 100-page lifetime trial
      const m = t.app.metering;
      await m.reservePages(a.accountId, 60, 'f1');
      assert.equal(await codeOf(m.reservePages(a.accountId, 41, 'f2')), 'quota_exceeded');
      await m.reservePages(a.accountId, 40, 'f3');
      assert.equal(await m.pagesRemaining(a.accountId), 0);
      await m.releaseReservation('f3');
      assert.equal(await m.pagesRemaining(a.accountId), 40);
    });

    it('concurrency slots: 3 simultaneous acquisitions on a 2-slot tier give exactly one 429', async () => {
      const a = await createAccount(t.app, 'starter');
      const m = t.app.metering;
      const results = await Promise.all(['s1', 's2', 's3'].map((h) => codeOf(m.acquireSlot(a.accountId, h))));
      assert.deepEqual(results.filter((r) => r === 'ok').length, 2);
      assert.deepEqual(results.filter((r) => r === 'concurrency_limit').length, 1);
      const err = await m.acquireSlot(a.accountId, 's4').catch((e) => e);
      assert.equal(err.headers['Retry-After'], '5');
      assert.equal((await m.snapshot(a.accountId)).slotsInUse, 2);
      const held = [];
      for (const h of ['s1', 's2', 's3']) if ((await t.store.query('SELECT 1 FROM concurrency_slots WHERE holder_id = $1', [h])).length) held.push(h);
      for (const h of held) { await m.releaseSlot(h); await m.releaseSlot(h); }
      assert.equal((await m.snapshot(a.accountId)).slotsInUse, 0);
      await m.acquireSlot(a.accountId, 's5');
      await m.releaseSlot('s5');
    });

    it('a tier change applies at once (allowance and slots)', async () => {
      const a = await createAccount(t.app, 'starter');
      assert.equal(await t.app.metering.pagesRemaining(a.accountId), 500);
      await updateAccount(t.app, a.accountId, { tier: 'power' });
      assert.equal(await t.app.metering.pagesRemaining(a.accountId), 10_000);
      assert.equal((await t.app.metering.snapshot(a.accountId)).slotLimit, 5);
    });
  });
}

describe('metering survives a restart and is shared by nodes', () => {
  for (const backend of storeBackends()) {
    it(`(${backend})`, async () => {
      const ts = await openTestStore(backend);
      try {
        const n1 = await buildTestApp({ sharedStore: ts });
        const a = await createAccount(n1.app, 'starter');
        await n1.app.metering.reservePages(a.accountId, 100, 'r1');
        await n1.app.metering.acquireSlot(a.accountId, 'r1');
        // A second node (PostgreSQL) or a restarted app (PGlite, same store) sees the same meters.
        const n2 = await buildTestApp({ sharedStore: ts });
        assert.equal(await n2.app.metering.pagesRemaining(a.accountId), 400);
        await n2.app.metering.acquireSlot(a.accountId, 'r2');
        await assert.rejects(n1.app.metering.acquireSlot(a.accountId, 'r3'), (e: ServiceError) => e.code === 'concurrency_limit');
        if (backend === 'postgres') {
          // Slots are atomic across nodes: 3 simultaneous acquisitions on a 2-slot tier, on two nodes.
          const b = await createAccount(n1.app, 'starter');
          const codes = await Promise.all([n1, n2, n1].map((n, i) => n.app.metering.acquireSlot(b.accountId, `x${i}`).then(() => 'ok', (e: ServiceError) => e.code)));
          assert.equal(codes.filter((c) => c === 'ok').length, 2);
          assert.equal(codes.filter((c) => c === 'concurrency_limit').length, 1);
          // n1's cached meter is dropped by n2's NOTIFY.
          await n2.app.metering.chargeReservation('r1');
          const deadline = Date.now() + 5000;
          while ((await n1.app.metering.snapshot(a.accountId)).used !== 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
          assert.equal((await n1.app.metering.snapshot(a.accountId)).used, 100);
        }
        await n2.close();
        await n1.close();
      } finally {
        await ts.cleanup();
      }
    });
  }
});
