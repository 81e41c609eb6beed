// Cold and warming GPU model servers through the real gateway (mineru-api stub): without prefer a
// cold model makes a job that passes through `warming`; prefer=sync waits DOCCONV_SYNC_WAIT_S, then 502.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createModelGateway } from '../../src/models/gateway.js';
import { startMineruStub } from '../models/stubs/index.js';
import { STORE_KINDS, convert, local, makePdf, readSse, startService } from '../jobs/harness.js';
import { testConfig } from '../jobs/fakes.js';

test('cold model server: the request becomes a job that warms, then completes on that model', { timeout: 60_000 }, async (t) => {
  const stub = await startMineruStub({ health: 'down' });
  t.after(() => stub.close());
  const env = { DOCCONV_MINERU_URL: stub.url, DOCCONV_SYNC_WAIT_S: '1' };
  const gateway = createModelGateway(testConfig(env));
  const h = await startService(t, STORE_KINDS[0], { env, gateway });
  const { key } = await h.account('pro');
  const pdf = await makePdf(2, 'MARKCOLD');

  // An undeployed explicit model is refused with the form fields, before media type and size.
  const undeployed = await convert(h, key, new TextEncoder().encode('not a document'), { model: 'paddleocr-vl' });
  assert.equal(undeployed.status, 403);
  assert.equal(((await undeployed.json()) as { code: string }).code, 'model_not_available');

  const res = await convert(h, key, pdf);
  assert.equal(res.status, 202, 'model omitted = mineru-2.5, cold → job');
  const job = (await res.json()) as { links: { events: string; self: string } };
  setTimeout(() => stub.setHealth('up'), 300).unref();
  const sse = await readSse(local(h, job.links.events), key, { timeoutMs: 50_000 });
  const kinds = sse.events.map((e) => e.event);
  assert.equal(kinds[0], 'queued');
  assert.ok(kinds.includes('warming'), kinds.join(','));
  assert.equal(kinds.at(-1), 'completed', JSON.stringify(sse.events.at(-1)));
  const read = await fetch(local(h, sse.events.at(-1)!.data.json_url));
  const body = (await read.json()) as { meta: { model: string; backend: string; route_reason: string } };
  assert.equal(body.meta.model, 'mineru-2.5');
  assert.match(body.meta.backend, /^mineru-api/);
  assert.equal(body.meta.route_reason, '');

  // prefer=sync waits DOCCONV_SYNC_WAIT_S (1 s here) for a cold model, then 502.
  // A server that turns cold (503 on its work route) while prefer=sync waits: 502 after 1 s.
  stub.push(...Array.from({ length: 20 }, () => ({ status: 503 })));
  const started = Date.now();
  const sync = await convert(h, key, pdf, { prefer: 'sync' });
  assert.equal(sync.status, 502);
  assert.equal(((await sync.json()) as { code: string }).code, 'conversion_failed');
  assert.ok(Date.now() - started < 20_000);
});
