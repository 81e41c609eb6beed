import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHANNELS } from '../../src/jobs/db.js';
import { JobEventHub } from '../../src/jobs/events.js';
import { openTestStore, storeBackends } from '../helpers/app.js';

const settle = () => new Promise((r) => setTimeout(r, 150));
/** Waits until `done()` holds, polling, for at most 10 s (a loaded machine delivers late; a fixed wait flaked). */
async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !done() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
}

for (const kind of storeBackends()) {
  test(`event hub (${kind}): a signal wakes this node's followers once and every other node's once`, async (t) => {
    const { store, cleanup } = await openTestStore(kind);
    t.after(cleanup);
    const here = new JobEventHub(store);
    const there = new JobEventHub(store);
    await here.start();
    await there.start();
    t.after(async () => { await here.stop(); await there.stop(); });
    let local = 0;
    let remote = 0;
    here.subscribe('job_a', () => local++);
    there.subscribe('job_a', () => remote++);
    here.signal('job_a');
    await until(() => local >= 1 && remote >= 1);
    // The notification reached the other node, so ours came back too: give its handling a moment.
    await settle();
    assert.equal(local, 1, 'our own notification coming back does not wake us again');
    assert.equal(remote, 1);
    // A notification without an origin (an older node) wakes followers.
    await store.notify(CHANNELS.jobEvents, 'job_a');
    await until(() => local >= 2 && remote >= 2);
    assert.deepEqual([local, remote], [2, 2]);
  });
}
