// Issue 10 items 8 and 10: deliveries are independent (a hanging receiver holds back no one), the
// timeout covers DNS, and a row that cannot be decrypted fails once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStore, type Store } from '../../src/store/index.js';
import { JobService, newJobId, type NewJob } from '../../src/jobs/service.js';
import { sealWithSecret } from '../../src/jobs/crypto.js';
import { sendSignedWebhook } from '../../src/jobs/webhooks/send.js';
import { fakeGateway, recordingMetering, silentLog, testConfig, waitFor } from './fakes.js';

let store: Store;
before(async () => { store = await openStore({ dataDir: '', inMemory: true }); });
after(async () => { await store.close(); });

const listen = async (s: Server) => { await new Promise<void>((r) => s.listen(0, '127.0.0.1', r)); return (s.address() as AddressInfo).port; };

function job(url: string): NewJob {
  return { id: newJobId(), accountId: 'acc_1', bytes: new TextEncoder().encode('%PDF-1.7 MARKW'), mediaType: 'application/pdf', pages: 1, sha256: 'ef'.repeat(32), model: 'builtin', routeReason: 'text_layer', formats: 'md', delivery: 'webhook', webhook: { url, secret: 'w'.repeat(16) } };
}

test('a receiver that never answers does not hold back deliveries to another host', async (t) => {
  const hanging: Array<() => void> = [];
  const slow = createServer((req, res) => { hanging.push(() => res.destroy()); });
  const fastSeen: number[] = [];
  const fast = createServer((req, res) => { req.resume(); req.on('end', () => { fastSeen.push(Date.now()); res.writeHead(204).end(); }); });
  const [slowPort, fastPort] = [await listen(slow), await listen(fast)];
  t.after(() => { for (const h of hanging) h(); slow.close(); fast.close(); });
  const ctl = fakeGateway();
  const svc = new JobService({
    db: store, config: testConfig({ DOCCONV_WEBHOOK_ALLOW_HOSTS: 'slow.test,fast.test' }), gateway: ctl.gateway, metering: recordingMetering(), log: silentLog,
    singleNode: true, webhookPollMs: 20, sweepIntervalMs: 60_000, webhookResolve: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  await svc.start();
  t.after(() => svc.stop().then(() => {}));
  for (let i = 0; i < 6; i++) await svc.submit(job(`http://slow.test:${slowPort}/hook`));
  await waitFor(() => hanging.length >= 4);
  const started = Date.now();
  await svc.submit(job(`http://fast.test:${fastPort}/hook`));
  await waitFor(() => fastSeen.length === 1, 5000);
  assert.ok(fastSeen[0] - started < 3000, 'delivered while the slow receiver hangs');
  assert.equal(hanging.length, 4, 'at most 4 deliveries in flight to one host');
});

test('the webhook timeout covers DNS resolution', async () => {
  const t0 = Date.now();
  const out = await sendSignedWebhook({ url: 'https://never-resolves.example/hook', secret: 'x'.repeat(16) }, 'wh_1', '{}', {
    allowHosts: [], timeoutMs: 300, resolve: () => new Promise(() => {}),
  });
  assert.deepEqual(out, { ok: false, reason: 'timeout' });
  assert.ok(Date.now() - t0 < 2000);
});

test('a delivery that cannot be decrypted fails once instead of being retried forever', async (t) => {
  const svc = new JobService({ db: store, config: testConfig(), gateway: fakeGateway().gateway, metering: recordingMetering(), log: silentLog, singleNode: true, webhookPollMs: 20, sweepIntervalMs: 60_000 });
  await svc.start();
  t.after(() => svc.stop().then(() => {}));
  const id = 'wh_undecryptable';
  const sealed = sealWithSecret(Buffer.from('another-secret-another-secret-0123456789'), 'delivery', id, JSON.stringify({ target: { url: 'https://x.example', secret: 'x'.repeat(16) }, body: '{}' }));
  await store.query("INSERT INTO webhook_deliveries (id, job_id, event_type, sealed, status) VALUES ($1, 'job_gone', 'job.failed', $2, 'pending')", [id, sealed]);
  svc.webhooks.kick();
  await waitFor(async () => (await store.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE id = $1', [id]))[0]?.status === 'failed');
  const row = (await store.query<{ sealed: string; attempts: number }>('SELECT sealed, attempts FROM webhook_deliveries WHERE id = $1', [id]))[0];
  assert.equal(row.sealed, '');
});
