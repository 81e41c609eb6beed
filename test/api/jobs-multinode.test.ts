// Two nodes on one PostgreSQL: a stream opened on node B follows a job running on node A live
// (LISTEN/NOTIFY), and a cancel on node B aborts the conversion on node A.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convert, local, makePdf, readSse, startService } from '../jobs/harness.js';
import { waitFor } from '../jobs/fakes.js';

// Registered only with TEST_DATABASE_URL (PGlite is one node by design).
if (process.env.TEST_DATABASE_URL) test('jobs across nodes sharing PostgreSQL', async (t) => {
  const a = await startService(t, 'postgres');
  const b = await startService(t, 'postgres', { joinSchema: a.schema });
  const { key, accountId } = await a.account('pro');
  let open!: () => void;
  a.ctl.gate = new Promise((r) => (open = r));
  const res = await convert(a, key, await makePdf(2, 'MARKMN'), { prefer: 'async' });
  assert.equal(res.status, 202);
  const job = (await res.json()) as { job_id: string; links: { events: string; self: string } };
  const onB = readSse(local(b, job.links.events), key, { timeoutMs: 10_000 });
  await new Promise((r) => setTimeout(r, 200));
  open();
  const sse = await onB;
  assert.deepEqual(sse.events.map((e) => e.event), ['queued', 'page', 'page', 'completed']);
  assert.equal(b.ctl.calls, 0, 'node B converted nothing');

  a.ctl.gate = new Promise((r) => (open = r));
  const res2 = await convert(a, key, await makePdf(2, 'MARKMN2'), { prefer: 'async' });
  const job2 = (await res2.json()) as { links: { self: string } };
  await waitFor(() => a.ctl.calls === 2);
  const del = await fetch(local(b, job2.links.self), { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
  assert.equal(del.status, 204);
  await waitFor(() => a.ctl.lastSignal?.aborted === true, 5000);
  open();
  await waitFor(async () => (await a.app.metering.snapshot(accountId)).slotsInUse === 0);
  const snap = await b.app.metering.snapshot(accountId);
  assert.deepEqual([snap.used, snap.reserved, snap.slotsInUse], [2, 0, 0]);
});
