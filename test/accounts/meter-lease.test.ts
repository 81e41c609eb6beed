import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceError } from '../../src/errors/service-error.js';
import { MeterLeases } from '../../src/accounts/meter-lease.js';
import { buildTestApp, createAccount, storeBackends, type TestApp } from '../helpers/app.js';

const quiet = { warn() {} };

for (const backend of storeBackends()) {
  describe(`meter leases (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('acquire → reserve → charge: usage counted once, slot freed; a later release changes nothing', async () => {
      const a = await createAccount(t.app, 'starter');
      const leases = new MeterLeases(t.app.metering, quiet);
      const lease = await leases.acquire(a.accountId, 'sync_n_lease1');
      await lease.moveTo('job_lease1');
      await lease.reserve(7);
      await lease.charge();
      await lease.charge();
      await lease.release();
      const s = await t.app.metering.snapshot(a.accountId);
      assert.deepEqual([s.used, s.reserved, s.slotsInUse], [7, 0, 0]);
    });

    it('a refused slot or quota leaves nothing held', async () => {
      const a = await createAccount(t.app, 'starter'); // 2 slots, 500 pages
      const leases = new MeterLeases(t.app.metering, quiet);
      const l1 = await leases.acquire(a.accountId, 'h_q1');
      await assert.rejects(l1.reserve(501), (e: ServiceError) => e.code === 'quota_exceeded');
      await l1.release();
      const l2 = await leases.acquire(a.accountId, 'h_q2');
      const l3 = await leases.acquire(a.accountId, 'h_q3');
      await assert.rejects(leases.acquire(a.accountId, 'h_q4'), (e: ServiceError) => e.code === 'concurrency_limit');
      await l2.release();
      await l3.release();
      const s = await t.app.metering.snapshot(a.accountId);
      assert.deepEqual([s.used, s.reserved, s.slotsInUse], [0, 0, 0]);
    });

    it('a charge the store refuses is retried, and never becomes a release', async () => {
      const a = await createAccount(t.app, 'starter');
      const m = t.app.metering;
      const leases = new MeterLeases(m, quiet);
      const lease = await leases.acquire(a.accountId, 'job_refused');
      await lease.reserve(4);
      const real = m.settleHolder.bind(m);
      let refusals = 0;
      m.settleHolder = async () => { refusals++; throw new Error('connection terminated'); };
      try {
        await lease.charge(); // resolves: deferred, not thrown
        assert.ok(refusals >= 2, 'retried before deferring');
        assert.equal(leases.pending().get('job_refused'), 'charge');
        await leases.held('job_refused').release(); // e.g. a failure path racing the completion
        const held = await m.snapshot(a.accountId);
        assert.deepEqual([held.used, held.reserved], [0, 4], 'the reservation is kept for the charge');
      } finally {
        m.settleHolder = real;
      }
      await leases.retryUnsettled();
      assert.equal(leases.pending().size, 0);
      const s = await m.snapshot(a.accountId);
      assert.deepEqual([s.used, s.reserved, s.slotsInUse], [4, 0, 0]);
    });
  });
}
