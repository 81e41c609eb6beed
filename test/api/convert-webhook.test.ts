// delivery=webhook end to end: a real receiver checks the signature on the raw bytes, a 500 is
// retried with the same Webhook-Id, and result_url reads the result once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../src/jobs/webhooks/signature.js';
import { ServiceError } from '../../src/errors/service-error.js';
import { STORE_KINDS, convert, local, makePdf, sharedService } from '../jobs/harness.js';
import { waitFor } from '../jobs/fakes.js';

async function receiver(t: import('node:test').TestContext, statuses: number[]) {
  const got: { headers: IncomingHttpHeaders; raw: Buffer }[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (d) => parts.push(d));
    req.on('end', () => {
      got.push({ headers: req.headers, raw: Buffer.concat(parts) });
      res.writeHead(statuses[got.length - 1] ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/docconv` };
}

for (const kind of STORE_KINDS) {
  describe(`webhook delivery (${kind})`, () => {
    const svc = sharedService(kind, { jobs: { webhookRetryDelaysS: [0.1, 0.1] } });
    test('job.completed signed over the raw body, retried after a 500, result_url reads once', async (t) => {
      const hook = await receiver(t, [500, 200]);
      const h = svc();
      const { key } = await h.account('pro');
      const secret = 'whsec_0123456789abcdef';
      const res = await convert(h, key, await makePdf(1, 'MARKWH'), { delivery: 'webhook', webhook: hook.url, webhook_secret: secret });
      assert.equal(res.status, 202, 'delivery=webhook always makes a job, even for one page');
      const job = (await res.json()) as { job_id: string };
      await waitFor(() => hook.got.length >= 2, 5000);
      const [first, second] = hook.got;
      assert.equal(first.headers['webhook-id'], second.headers['webhook-id']);
      assert.match(String(second.headers['x-service-signature']), /^t=\d+,v1=[0-9a-f]{64}$/);
      assert.ok(verifyWebhookSignature(secret, second.raw, String(second.headers['x-service-signature'])));
      assert.equal(second.headers['content-type'], 'application/json');
      const body = JSON.parse(second.raw.toString('utf8'));
      assert.deepEqual(Object.keys(body).sort(), ['job_id', 'result_url', 'type']);
      assert.equal(body.type, 'job.completed');
      assert.equal(body.job_id, job.job_id);
      const read = await fetch(local(h, body.result_url));
      assert.equal(read.status, 200);
      assert.equal((await fetch(local(h, body.result_url))).status, 410);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(hook.got.length, 2, 'delivered: no further attempts');
    });

    test('job.failed carries error_code; a cancelled job sends nothing', async (t) => {
      const hook = await receiver(t, []);
      const h = svc();
      const { key } = await h.account('pro');
      h.ctl.failWith = new ServiceError('encrypted_pdf');
      const res = await convert(h, key, await makePdf(1, 'MARKWF'), { delivery: 'webhook', webhook: hook.url, webhook_secret: 'x'.repeat(16) });
      const job = (await res.json()) as { job_id: string };
      await waitFor(() => hook.got.length === 1);
      assert.deepEqual(JSON.parse(hook.got[0].raw.toString()), { type: 'job.failed', job_id: job.job_id, error_code: 'encrypted_pdf' });
      h.ctl.failWith = null;
      let open!: () => void;
      h.ctl.gate = new Promise((r) => (open = r));
      const res2 = await convert(h, key, await makePdf(1, 'MARKWC'), { delivery: 'webhook', webhook: hook.url, webhook_secret: 'x'.repeat(16) });
      const job2 = (await res2.json()) as { job_id: string; links: { self: string } };
      const del = await fetch(local(h, job2.links.self), { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
      assert.equal(del.status, 204);
      open();
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(hook.got.length, 1, 'no webhook for a cancelled job');
    });

    test('targets not on the allow-list that are private, loopback or plain http are refused at request time', async (t) => {
      const hook = await receiver(t, []);
      const h = svc();
      const { key } = await h.account('pro');
      const port = new URL(hook.url).port;
      for (const target of [`https://localhost:${port}/x`, `https://[::1]:${port}/x`, `https://10.1.2.3/x`, `https://[fd00::1]/x`, `http://hooks.example.com/x`, `https://[::ffff:127.0.0.2]:${port}/x`]) {
        const res = await convert(h, key, await makePdf(1, 'MARKSS'), { delivery: 'webhook', webhook: target, webhook_secret: 'x'.repeat(16) });
        assert.equal(res.status, 400, target);
      }
      assert.equal(hook.got.length, 0);
    });
  });
}
