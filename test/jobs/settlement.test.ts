// A store error at the end of a job (issue 10 item 5): the process keeps running, the job still
// ends completed (charged once, never released) or failed (released), once the store answers again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, type Store } from '../../src/store/index.js';
import { JobService, newJobId, type NewJob } from '../../src/jobs/service.js';
import { ServiceError } from '../../src/errors/service-error.js';
import { fakeGateway, recordingMetering, silentLog, testConfig, waitFor } from './fakes.js';

let real: Store;
before(async () => { real = await openStore({ dataDir: '', inMemory: true }); });
after(async () => { await real.close(); });

/** The store, with transactions refused while `down` is set (a dropped connection). */
function flakyStore(store: Store) {
  const state = { down: false, refused: 0 };
  const wrapped: Store = {
    ...store,
    query: store.query,
    tx: async (fn) => {
      if (state.down) { state.refused++; throw new Error('Connection terminated unexpectedly'); }
      return store.tx(fn);
    },
  };
  return { store: wrapped, state };
}

function job(pages = 2): NewJob {
  return { id: newJobId(), accountId: 'acc_1', bytes: new TextEncoder().encode('%PDF-1.7 MARKS'), mediaType: 'application/pdf', pages, sha256: 'cd'.repeat(32), model: 'builtin', routeReason: 'text_layer', formats: 'md', delivery: 'sse' };
}

const statusOf = async (id: string) => (await real.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [id]))[0]?.status;

for (const outcome of ['completed', 'failed'] as const) {
  test(`store down at the end of a job: no crash, the job ends ${outcome} once the store is back`, async (t) => {
    const { store, state } = flakyStore(real);
    const ctl = fakeGateway();
    const metering = recordingMetering();
    if (outcome === 'failed') ctl.failWith = new ServiceError('conversion_failed');
    const svc = new JobService({ db: store, config: testConfig(), gateway: ctl.gateway, metering, log: silentLog, singleNode: true, sweepIntervalMs: 60_000 });
    await svc.start();
    t.after(() => svc.stop());
    let open!: () => void;
    ctl.gate = new Promise((r) => (open = r));
    const j = job();
    await svc.submit(j);
    await waitFor(() => ctl.calls === 1);
    state.down = true; // the terminal transaction will be refused
    open();
    await waitFor(() => state.refused >= 2, 10_000);
    assert.equal(await statusOf(j.id), 'processing', 'nothing terminal was written');
    assert.deepEqual(metering.log, [], 'nothing settled while the store refuses');
    state.down = false;
    await waitFor(async () => (await statusOf(j.id)) === outcome, 15_000);
    const expected = outcome === 'completed' ? [`charge ${j.id}`, `slot ${j.id}`] : [`release ${j.id}`, `slot ${j.id}`];
    await waitFor(() => metering.log.length >= 2);
    assert.deepEqual(metering.log, expected);
  });
}
