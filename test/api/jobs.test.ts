import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_KINDS, convert, local, makePdf, readSse, sharedService, type Harness } from '../jobs/harness.js';
import { waitFor } from '../jobs/fakes.js';

const j = (r: Response): Promise<any> => r.json();
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function submit(h: Harness, key: string, pages = 3, fields: Record<string, string> = {}) {
  const res = await convert(h, key, await makePdf(pages, 'MARKJOB'), { prefer: 'async', ...fields });
  assert.equal(res.status, 202);
  return j(res);
}

for (const kind of STORE_KINDS) {
  describe(`jobs over HTTP (${kind})`, () => {
    const svc = sharedService(kind, { jobs: { sseHeartbeatMs: 30, staleAfterMs: 200, heartbeatIntervalMs: 50 } });
    test('202 body, status, SSE payloads, replay from Last-Event-ID, close after completed, final event again', async () => {
      const h = svc();
      const { key, accountId } = await h.account('pro');
      const job = await submit(h, key, 3);
      assert.equal(job.status, 'queued');
      assert.match(job.job_id, /^job_[0-9a-f]{24}$/);
      assert.deepEqual(job.links, {
        self: `http://docconv.test/v1/jobs/${job.job_id}`,
        events: `http://docconv.test/v1/jobs/${job.job_id}/events`,
        result: `http://docconv.test/v1/jobs/${job.job_id}/result`,
      });
      const sse = await readSse(local(h, job.links.events), key);
      assert.equal(sse.status, 200);
      assert.match(sse.contentType ?? '', /^text\/event-stream/);
      assert.ok(sse.closedByServer, 'the server closes the stream after completed');
      assert.deepEqual(sse.events.map((e) => [e.id, e.event]), [['1', 'queued'], ['2', 'page'], ['3', 'page'], ['4', 'page'], ['5', 'completed']]);
      assert.deepEqual(sse.events[0].data, { job_id: job.job_id, status: 'queued' });
      assert.deepEqual(sse.events[3].data, { job_id: job.job_id, index: 2, pages_done: 3, pages: 3 });
      const done = sse.events[4].data;
      assert.deepEqual(Object.keys(done).sort(), ['job_id', 'json_url', 'markdown_url', 'result_url', 'status', 'token']);
      assert.equal(done.result_url, `http://docconv.test/v1/jobs/${job.job_id}/result?token=${done.token}`);
      assert.equal(done.markdown_url, `http://docconv.test/v1/jobs/${job.job_id}/markdown?token=${done.token}`);
      // Settled with the event (DECISIONS §3): a client that sees `completed` is charged and has its slot back.
      const snap = await h.app.metering.snapshot(accountId);
      assert.deepEqual([snap.used, snap.reserved, snap.slotsInUse], [3, 0, 0]);

      const resumed = await readSse(local(h, job.links.events), key, { lastEventId: '3' });
      assert.deepEqual(resumed.events.map((e) => e.id), ['4', '5']);
      const after = await readSse(local(h, job.links.events), key, { lastEventId: '5' });
      assert.deepEqual(after.events.map((e) => [e.id, e.event]), [['5', 'completed']]);
      assert.equal(after.events[0].data.token, done.token, 'the final event comes again with its token');
      assert.ok(after.closedByServer);

      const status = await j(await fetch(local(h, job.links.self), { headers: auth(key) }));
      assert.deepEqual(status, { job_id: job.job_id, status: 'completed', backend: 'fake', pages: 3, pages_done: 3 });
    });

    test('live stream: events arrive as pages finish; heartbeat comments keep it open', async () => {
      const h = svc();
      const { key } = await h.account('pro');
      let open!: () => void;
      h.ctl.gate = new Promise((r) => (open = r));
      const job = await submit(h, key, 2);
      const reading = readSse(local(h, job.links.events), key, { timeoutMs: 5000 });
      await new Promise((r) => setTimeout(r, 150));
      const mid = await j(await fetch(local(h, job.links.self), { headers: auth(key) }));
      assert.equal(mid.status, 'processing');
      assert.equal(mid.pages_done, 0);
      open();
      const sse = await reading;
      assert.deepEqual(sse.events.map((e) => e.event), ['queued', 'page', 'page', 'completed']);
      assert.ok(sse.comments.filter((c) => c === 'heartbeat').length >= 2, 'heartbeat comments while idle');
    });

    test('failed job: error event with the code, status failed with error_code', async () => {
      const h = svc();
      const { key, accountId } = await h.account('pro');
      const { ServiceError } = await import('../../src/errors/service-error.js');
      h.ctl.failWith = new ServiceError('page_too_large');
      const job = await submit(h, key, 2);
      const sse = await readSse(local(h, job.links.events), key);
      const last = sse.events.at(-1)!;
      assert.equal(last.event, 'error');
      assert.equal(last.data.code, 'page_too_large');
      assert.deepEqual(Object.keys(last.data).sort(), ['code', 'job_id', 'message']);
      const status = await j(await fetch(local(h, job.links.self), { headers: auth(key) }));
      assert.equal(status.status, 'failed');
      assert.equal(status.error_code, 'page_too_large');
      const snap = await h.app.metering.snapshot(accountId);
      assert.deepEqual([snap.used, snap.reserved, snap.slotsInUse], [0, 0, 0]);
    });

    test('access: 401 anonymous, 403 free tier, 403 missing scope, other account = unknown', async () => {
      const h = svc();
      const owner = await h.account('pro');
      const other = await h.account('pro');
      const free = await h.account('free');
      const job = await submit(h, owner.key, 1);
      const self = local(h, job.links.self);
      const code = async (r: Response) => [r.status, (await j(r)).code];
      assert.deepEqual(await code(await fetch(self)), [401, 'unauthenticated']);
      assert.deepEqual(await code(await fetch(self, { headers: auth(free.key) })), [403, 'api_not_available_on_tier']);
      assert.deepEqual(await code(await fetch(self, { headers: auth(other.key) })), [404, 'job_not_found']);
      assert.deepEqual(await code(await fetch(self, { method: 'DELETE', headers: auth(other.key) })), [404, 'job_not_found']);
      assert.deepEqual(await code(await fetch(`${h.base}/v1/jobs/job_nope`, { headers: auth(owner.key) })), [404, 'job_not_found']);
      assert.equal((await readSse(local(h, job.links.events), null)).status, 401);
      assert.equal((await readSse(local(h, job.links.events), free.key)).status, 403);
      const foreign = await readSse(local(h, job.links.events), other.key);
      assert.equal(foreign.status, 200);
      assert.deepEqual(foreign.events.map((e) => [e.event, e.data.code]), [['error', 'job_not_found']]);
      assert.equal(foreign.events[0].id, '1', 'DECISIONS §5: every event has an id, job_not_found too');
      assert.ok(foreign.closedByServer);
      // A key without jobs:read cannot read status; without convert cannot cancel.
      const limited = await j(await fetch(`${h.base}/v1/keys`, { method: 'POST', headers: { ...auth(owner.key), 'content-type': 'application/json' }, body: JSON.stringify({ scopes: ['usage:read'] }) }));
      assert.deepEqual(await code(await fetch(self, { headers: auth(limited.key) })), [403, 'forbidden']);
      assert.deepEqual(await code(await fetch(self, { method: 'DELETE', headers: auth(limited.key) })), [403, 'forbidden']);
    });

    test('cancel: 204, stream ends with job_not_found, slot and reservation released, no charge, 404 after', async () => {
      const h = svc();
      const { key, accountId } = await h.account('pro');
      let open!: () => void;
      h.ctl.gate = new Promise((r) => (open = r));
      const job = await submit(h, key, 4);
      await waitFor(() => h.ctl.calls === 1);
      const reading = readSse(local(h, job.links.events), key);
      await new Promise((r) => setTimeout(r, 50));
      const before = await h.app.metering.snapshot(accountId);
      assert.deepEqual([before.reserved, before.slotsInUse], [4, 1]);
      const del = await fetch(local(h, job.links.self), { method: 'DELETE', headers: auth(key) });
      assert.equal(del.status, 204);
      assert.equal(h.ctl.lastSignal?.aborted, true, 'the conversion was aborted');
      open();
      const sse = await reading;
      assert.deepEqual(sse.events.map((e) => e.event), ['queued', 'error']);
      assert.equal(sse.events[1].data.code, 'job_not_found');
      const after = await h.app.metering.snapshot(accountId);
      assert.deepEqual([after.used, after.reserved, after.slotsInUse], [0, 0, 0]);
      assert.equal((await fetch(local(h, job.links.self), { headers: auth(key) })).status, 404);
      assert.equal((await fetch(local(h, job.links.self), { method: 'DELETE', headers: auth(key) })).status, 404);
      const replay = await readSse(local(h, job.links.events), key);
      assert.deepEqual(replay.events.map((e) => [e.event, e.data.code]), [['error', 'job_not_found']]);
      // Terminal jobs cannot be cancelled.
      h.ctl.gate = null;
      const done = await submit(h, key, 1);
      await readSse(local(h, done.links.events), key);
      assert.equal((await fetch(local(h, done.links.self), { method: 'DELETE', headers: auth(key) })).status, 404);
    });

    test('crash recovery: a job left processing by a dead node ends failed; the stream reports it', async () => {
      const h = svc();
      const { key, accountId } = await h.account('pro');
      await h.app.metering.reservePages(accountId, 7, 'job_crashed');
      await h.app.metering.acquireSlot(accountId, 'job_crashed');
      await h.store.query(
        `INSERT INTO jobs (id, account_id, status, pages, model, formats, delivery, node_id, nonce, heartbeat_at, event_seq)
         VALUES ('job_crashed', $1, 'processing', 7, 'builtin', 'md', 'sse', 'node_dead', 'n', now() - interval '10 seconds', 1)`,
        [accountId],
      );
      await h.store.query(`INSERT INTO job_events (job_id, seq, kind, data) VALUES ('job_crashed', 1, 'queued', '{"job_id":"job_crashed","status":"queued"}')`);
      await h.app.jobService.sweep();
      const sse = await readSse(`${h.base}/v1/jobs/job_crashed/events`, key);
      assert.deepEqual(sse.events.map((e) => [e.event, e.data.code ?? null]), [['queued', null], ['error', 'conversion_failed']]);
      const status = await j(await fetch(`${h.base}/v1/jobs/job_crashed`, { headers: auth(key) }));
      assert.deepEqual([status.status, status.error_code], ['failed', 'conversion_failed']);
      const snap = await h.app.metering.snapshot(accountId);
      assert.deepEqual([snap.used, snap.reserved, snap.slotsInUse], [0, 0, 0]);
    });

    test('crash recovery: reservations nobody will settle are released (dead sync holder, job without record)', async () => {
      const h = svc();
      const { accountId } = await h.account('power');
      const mine = h.app.jobService.syncHolderId();
      for (const [holder, pages] of [['sync_node_dead0001_abc', 3], ['job_ghost', 4], [mine, 5]] as const) {
        await h.app.metering.reservePages(accountId, pages, holder);
        await h.app.metering.acquireSlot(accountId, holder);
      }
      await h.store.query("UPDATE page_reservations SET created_at = now() - interval '1 minute' WHERE holder_id = 'job_ghost'");
      await h.store.query("UPDATE concurrency_slots SET acquired_at = now() - interval '1 minute' WHERE holder_id = 'job_ghost'");
      await h.app.jobService.sweep();
      const snap = await h.app.metering.snapshot(accountId);
      assert.deepEqual([snap.reserved, snap.slotsInUse], [5, 1], "only this live node's own sync holder remains");
      await h.app.metering.releaseReservation(mine);
      await h.app.metering.releaseSlot(mine);
    });
  });
}
