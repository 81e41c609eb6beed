import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStore, type Store } from '../../src/store/index.js';
import { JobService, newJobId, type NewJob } from '../../src/jobs/service.js';
import { verifyWebhookSignature } from '../../src/jobs/webhooks/signature.js';
import { ServiceError } from '../../src/errors/service-error.js';
import { fakeGateway, recordingMetering, silentLog, testConfig, waitFor } from './fakes.js';

// One store for the file (opening PGlite dominates test time); each test runs its own service.
let shared: Store;
before(async () => { shared = await openStore({ dataDir: '', inMemory: true }); });
after(async () => { await shared.close(); });

async function setup(t: import('node:test').TestContext, opts: { retry?: number[]; allow?: string } = {}) {
  const store = shared;
  const ctl = fakeGateway();
  const metering = recordingMetering();
  const config = testConfig(opts.allow ? { DOCCONV_WEBHOOK_ALLOW_HOSTS: opts.allow } : {});
  const svc = new JobService({ db: store, config, gateway: ctl.gateway, metering, log: silentLog, singleNode: true, webhookRetryDelaysS: opts.retry, webhookPollMs: 20, sweepIntervalMs: 60_000 });
  await svc.start();
  t.after(async () => { await svc.stop(); });
  return { store, ctl, metering, svc, config };
}

function job(pages = 3, extra: Partial<NewJob> = {}): NewJob {
  return { id: newJobId(), accountId: 'acc_1', bytes: new TextEncoder().encode('%PDF-1.7 MARKABC'), mediaType: 'application/pdf', pages, sha256: 'ab'.repeat(32), model: 'builtin', routeReason: 'text_layer', formats: 'md,json', delivery: 'sse', ...extra };
}

const statusOf = async (store: Store, id: string) => (await store.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [id]))[0]?.status;

test('a job runs to completed: events in order, result readable exactly once, charged once', async (t) => {
  const { store, svc, metering } = await setup(t);
  const j = job(3);
  await svc.submit(j);
  await waitFor(async () => (await statusOf(store, j.id)) === 'completed');
  const rec = (await svc.jobs.get(j.id))!;
  assert.equal(rec.pagesDone, 3);
  assert.equal(rec.backend, 'fake');
  const events = await svc.jobs.eventsAfter(j.id, 0);
  assert.deepEqual(events.map((e) => e.kind), ['queued', 'page', 'page', 'page', 'completed']);
  assert.deepEqual(events.map((e) => e.seq), [1, 2, 3, 4, 5]);
  assert.deepEqual(events[2].data, { job_id: j.id, index: 1, pages_done: 2, pages: 3 });
  assert.ok(!JSON.stringify(events).includes(svc.tokenFor(rec)), 'the token is never stored');
  const stored = await store.query<{ sealed: Uint8Array }>('SELECT sealed FROM job_results WHERE job_id = $1', [j.id]);
  assert.equal(Buffer.from(stored[0].sealed).indexOf('MARKABC'), -1, 'the stored result is ciphertext');
  assert.equal((await svc.results.claimOnce(j.id, 'wrong')).kind, 'gone');
  const claim = await svc.results.claimOnce(j.id, svc.tokenFor(rec));
  assert.equal(claim.kind, 'ok');
  if (claim.kind === 'ok') {
    assert.equal(claim.result.pages.length, 3);
    assert.match(claim.result.pages[0], /MARKABC/);
    assert.equal(claim.result.meta.sha256, 'ab'.repeat(32));
  }
  assert.equal((await svc.results.claimOnce(j.id, svc.tokenFor(rec))).kind, 'gone');
  assert.deepEqual(metering.log, [`charge ${j.id}`, `slot ${j.id}`]);
});

test('an expired result is gone', async (t) => {
  const { store, svc } = await setup(t);
  const j = job(1);
  await svc.submit(j);
  await waitFor(async () => (await statusOf(store, j.id)) === 'completed');
  await store.query("UPDATE job_results SET expires_at = now() - interval '1 second' WHERE job_id = $1", [j.id]);
  assert.equal((await svc.results.claimOnce(j.id, svc.tokenFor((await svc.jobs.get(j.id))!))).kind, 'gone');
  await svc.sweep();
  assert.equal((await store.query('SELECT 1 FROM job_results WHERE job_id = $1', [j.id])).length, 0);
});

test('a failing conversion ends failed with its code, releases without charge', async (t) => {
  const { store, svc, ctl, metering } = await setup(t);
  ctl.failWith = new ServiceError('conversion_failed', 'upstream said no');
  const j = job(2);
  await svc.submit(j);
  await waitFor(async () => (await statusOf(store, j.id)) === 'failed');
  const rec = (await svc.jobs.get(j.id))!;
  assert.equal(rec.errorCode, 'conversion_failed');
  const events = await svc.jobs.eventsAfter(j.id, 0);
  assert.equal(events.at(-1)!.kind, 'error');
  assert.equal(events.at(-1)!.data.code, 'conversion_failed');
  assert.deepEqual(metering.log.sort(), [`release ${j.id}`, `slot ${j.id}`].sort());
});

test('cold backend: the job goes through warming', async (t) => {
  const { store, svc, ctl } = await setup(t);
  ctl.ready = false;
  const j = job(1);
  await svc.submit(j);
  await waitFor(async () => (await statusOf(store, j.id)) === 'completed');
  const kinds = (await svc.jobs.eventsAfter(j.id, 0)).map((e) => e.kind);
  assert.deepEqual(kinds, ['queued', 'warming', 'page', 'completed']);
});

test('cancel aborts a running job, purges it and releases without charge', async (t) => {
  const { store, svc, ctl, metering } = await setup(t);
  let open!: () => void;
  ctl.gate = new Promise((r) => (open = r));
  const j = job(3);
  await svc.submit(j);
  await waitFor(() => ctl.calls === 1);
  assert.equal(await svc.cancel('acc_other', j.id), false, "another account's job is unknown");
  assert.equal(await svc.cancel('acc_1', j.id), true);
  assert.equal(ctl.lastSignal?.aborted, true);
  open();
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(await svc.jobs.get(j.id), null);
  assert.equal((await store.query('SELECT 1 FROM job_events WHERE job_id = $1', [j.id])).length, 0);
  assert.deepEqual(metering.log.sort(), [`release ${j.id}`, `slot ${j.id}`].sort());
  assert.equal(await svc.cancel('acc_1', j.id), false, 'a second cancel is 404');
});

test('crash recovery: a live job with a stale heartbeat ends failed and is released', async (t) => {
  const { store, svc, metering } = await setup(t);
  await store.query(
    `INSERT INTO jobs (id, account_id, status, pages, model, formats, delivery, node_id, nonce, heartbeat_at)
     VALUES ('job_orphan', 'acc_1', 'processing', 5, 'builtin', 'md', 'sse', 'node_dead', 'n', now() - interval '1 hour')`,
  );
  await store.query(
    `INSERT INTO jobs (id, account_id, status, pages, model, formats, delivery, node_id, nonce)
     VALUES ('job_alive', 'acc_1', 'processing', 5, 'builtin', 'md', 'sse', 'node_other', 'n')`,
  );
  await svc.sweep();
  assert.equal(await statusOf(store, 'job_orphan'), 'failed');
  assert.equal(await statusOf(store, 'job_alive'), 'processing', 'a beating node keeps its job');
  const events = await svc.jobs.eventsAfter('job_orphan', 0);
  assert.deepEqual(events.map((e) => [e.kind, e.data.code]), [['error', 'conversion_failed']]);
  assert.deepEqual(metering.log.sort(), ['release job_orphan', 'slot job_orphan']);
  // Single node (embedded store): at start-up every live job of another node is an orphan.
  await svc.recoverOrphans(svc.nodeId);
  assert.equal(await statusOf(store, 'job_alive'), 'failed');
});

test('webhooks: signed job.completed delivered, retried after a 500, Webhook-Id stable', async (t) => {
  const received: { headers: IncomingMessage['headers']; raw: Buffer }[] = [];
  let failFirst = true;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      if (failFirst) { failFirst = false; res.writeHead(500).end(); return; }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const { store, svc } = await setup(t, { retry: [0.05, 0.05], allow: '127.0.0.1' });
  const secret = 'whsec-0123456789abcdef';
  const j = job(1, { delivery: 'webhook', webhook: { url, secret } });
  await svc.submit(j);
  await waitFor(() => received.length >= 2, 5000);
  const [first, second] = received;
  assert.equal(first.headers['webhook-id'], second.headers['webhook-id']);
  assert.ok(verifyWebhookSignature(secret, second.raw, second.headers['x-service-signature'] as string));
  const body = JSON.parse(second.raw.toString());
  assert.equal(body.type, 'job.completed');
  assert.equal(body.job_id, j.id);
  const token = svc.tokenFor((await svc.jobs.get(j.id))!);
  assert.equal(body.result_url, `http://docconv.test/v1/jobs/${j.id}/result?token=${token}`);
  await waitFor(async () => (await store.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE job_id = $1', [j.id]))[0]?.status === 'delivered');
  const rows = await store.query<{ sealed: string; attempts: number; webhook_enc: string }>('SELECT d.sealed, d.attempts, j.webhook_enc FROM webhook_deliveries d JOIN jobs j ON j.id = d.job_id WHERE j.id = $1', [j.id]);
  assert.equal(rows[0].sealed, '', 'the token-bearing payload is dropped once delivered');
  assert.equal(Number(rows[0].attempts), 2);
  assert.ok(!rows[0].webhook_enc.includes(secret));
});

test('webhooks: job.failed carries the error code; a delivery left by a dead node is retried', async (t) => {
  const received: Buffer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => { received.push(Buffer.concat(chunks)); res.writeHead(204).end(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const { store, svc, ctl } = await setup(t, { retry: [0.05], allow: '127.0.0.1' });
  ctl.failWith = new ServiceError('malformed_document');
  await svc.webhooks.stop(); // simulate: the delivery is recorded, then the node dies before sending
  const j = job(1, { delivery: 'webhook', webhook: { url, secret: 'x'.repeat(16) } });
  await svc.submit(j);
  await waitFor(async () => (await statusOf(store, j.id)) === 'failed');
  assert.equal(received.length, 0);
  svc.webhooks.start(); // a restarted poller picks up the pending row
  await waitFor(() => received.length === 1);
  assert.deepEqual(JSON.parse(received[0].toString()), { type: 'job.failed', job_id: j.id, error_code: 'malformed_document' });
});

test('graceful stop: running and queued jobs end failed and are released, nothing stays reserved', async (t) => {
  const store = shared;
  const ctl = fakeGateway();
  const metering = recordingMetering();
  const svc = new JobService({ db: store, config: testConfig(), gateway: ctl.gateway, metering, log: silentLog, singleNode: true, concurrency: 1, sweepIntervalMs: 60_000 });
  await svc.start();
  t.after(() => svc.stop());
  ctl.gate = new Promise(() => {}); // never opens: only the abort ends the conversion
  const running = job(2);
  const queued = job(1);
  await svc.submit(running);
  await svc.submit(queued);
  await waitFor(() => ctl.calls === 1);
  // The fake conversion waits on a gate that never opens and ignores its signal: stop must not hang.
  await Promise.race([svc.stop(), new Promise((_, rej) => setTimeout(() => rej(new Error('stop hung')), 3000))]);
  assert.equal(await statusOf(store, running.id), 'failed');
  assert.equal(await statusOf(store, queued.id), 'failed');
  for (const id of [running.id, queued.id]) {
    assert.ok(metering.log.includes(`release ${id}`) && metering.log.includes(`slot ${id}`), id);
    assert.ok(!metering.log.includes(`charge ${id}`));
  }
});

test('webhooks: a job.completed retry that would land after the result TTL is not scheduled', async (t) => {
  const server = createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(500).end()); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const ctl = fakeGateway();
  const svc = new JobService({
    db: shared, config: testConfig({ DOCCONV_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', DOCCONV_RESULT_TTL_S: '1' }), gateway: ctl.gateway,
    metering: recordingMetering(), log: silentLog, singleNode: true, webhookRetryDelaysS: [5], webhookPollMs: 20, sweepIntervalMs: 60_000,
  });
  await svc.start();
  t.after(() => svc.stop());
  const j = job(1, { delivery: 'webhook', webhook: { url, secret: 'x'.repeat(16) } });
  await svc.submit(j);
  const row = await waitFor(async () => (await shared.query<{ status: string; attempts: number }>("SELECT status, attempts FROM webhook_deliveries WHERE job_id = $1 AND status <> 'pending'", [j.id]))[0]);
  assert.deepEqual([row.status, Number(row.attempts)], ['failed', 1]);
});
