// Black-box walk of the contract a user relies on (spec + DECISIONS), over a real socket with the
// built-in parser: only HTTP, only what the documents promise. Unit-level detail lives elsewhere.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildTestApp, storeBackends, TEST_ADMIN_TOKEN, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`Contract page ${i + 1}`, { x: 72, y: 700, size: 14, font });
  return doc.save();
}

function form(file: Uint8Array, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([file], { type: 'application/pdf' }), 'doc.pdf');
  return fd;
}

/** The §7 envelope: exactly these fields, request_id = X-Request-Id, doc_url under the public URL. */
async function envelope(res: Response, status: number, code: string): Promise<Record<string, string>> {
  assert.equal(res.status, status, `expected ${status} ${code}`);
  const b = (await res.json()) as Record<string, string>;
  assert.deepEqual(Object.keys(b).sort(), ['code', 'doc_url', 'message', 'request_id', 'type']);
  assert.equal(b.code, code);
  assert.equal(b.request_id, res.headers.get('x-request-id'));
  assert.equal(b.doc_url, `${TEST_PUBLIC_URL}/docs/errors/${code}`);
  return b;
}

/** Reads an SSE stream to its end (the server closes it after `completed` or `error`). */
async function sse(url: string, key: string, lastEventId?: string): Promise<Array<{ id?: string; event: string; data: any }>> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const text = await res.text();
  const events = [];
  for (const block of text.split('\n\n')) {
    const e: { id?: string; event?: string; data?: string } = {};
    for (const line of block.split('\n')) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const [k, v] = [line.slice(0, i), line.slice(i + 1).trimStart()];
      if (k === 'id') e.id = v;
      else if (k === 'event') e.event = v;
      else if (k === 'data') e.data = v;
    }
    if (e.event) events.push({ id: e.id, event: e.event, data: JSON.parse(e.data ?? 'null') });
  }
  return events;
}

for (const backend of storeBackends()) {
  describe(`contract walk over a socket (${backend})`, () => {
    let t: TestApp;
    let base: string;
    let key: string;
    let auth: { authorization: string };
    const local = (u: string) => u.replace(TEST_PUBLIC_URL, base.replace(/\/v1$/, ''));

    before(async () => {
      t = await buildTestApp({ store: backend });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = t.app.server.address();
      base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/v1`;
      const res = await fetch(`${base}/admin/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tier: 'starter', email_verified: true }),
      });
      assert.equal(res.status, 201);
      const acct = (await res.json()) as Record<string, string>;
      assert.deepEqual(Object.keys(acct).sort(), ['account_id', 'key', 'key_id', 'tier']);
      assert.match(acct.key, /^dc_live_[A-Za-z0-9]+_[A-Za-z0-9]{43,}$/);
      key = acct.key;
      auth = { authorization: `Bearer ${key}` };
    });
    after(async () => { await t.close(); });

    it('public routes: health, version (model registry), OpenAPI 3.0.3; never rate limited', async () => {
      for (const p of ['/health', '/version', '/openapi.json']) {
        const res = await fetch(`${base}${p}`);
        assert.equal(res.status, 200, p);
        assert.equal(res.headers.get('ratelimit-limit'), null, p);
        assert.match(res.headers.get('x-request-id') ?? '', /^req_/);
      }
      const health = (await (await fetch(`${base}/health`)).json()) as { status: string };
      assert.ok(['ok', 'degraded'].includes(health.status));
      const version = (await (await fetch(`${base}/version`)).json()) as { service: string; version: string; models: Array<Record<string, string>> };
      assert.deepEqual(version.models.map((m) => m.id).sort(), ['builtin', 'granite-docling', 'mineru-2.5', 'paddleocr-vl']);
      for (const m of version.models) assert.deepEqual(Object.keys(m).sort(), ['attribution', 'attribution_url', 'id', 'label', 'license']);
      const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
      assert.equal(doc.openapi, '3.0.3');
      assert.equal(doc.info.version, '0.1.0');
      for (const p of ['/v1/convert', '/v1/jobs/{id}', '/v1/jobs/{id}/events', '/v1/jobs/{id}/result', '/v1/keys', '/v1/usage']) assert.ok(doc.paths[p], p);
    });

    it('anonymous callers: trimmed /usage with unlock_url; convert 403 signup_required; jobs 401', async () => {
      const res = await fetch(`${base}/usage`);
      assert.equal(res.status, 200);
      assert.ok(res.headers.get('ratelimit-limit'));
      assert.deepEqual(await res.json(), {
        tier: 'anonymous', anonymous: true, period: '', pages: { used: 0, reserved: 0, remaining: 0, allowance: 0 },
        concurrency: { in_use: 0, limit: 0 }, backend_lane: 'standard', api_access: false, unlock_url: `${TEST_PUBLIC_URL}/signup`,
      });
      await envelope(await fetch(`${base}/convert`, { method: 'POST', body: form(await pdf(1)) }), 403, 'signup_required');
      await envelope(await fetch(`${base}/jobs/job_x`), 401, 'unauthenticated');
      await envelope(await fetch(`${base}/usage`, { headers: { authorization: 'Bearer dc_live_nope_nope' } }), 401, 'invalid_api_key');
      await envelope(await fetch(`${base}/nope`), 404, 'not_found');
    });

    it('sync convert: ConvertResult, md alone as text/markdown; rate-limit and quota headers', async () => {
      const res = await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: form(await pdf(2), { model: 'builtin' }) });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('ratelimit-limit'), '120');
      assert.equal(res.headers.get('ratelimit-policy'), '60;w=60');
      assert.equal(res.headers.get('x-service-quota-pages-remaining'), '498');
      const body = (await res.json()) as { markdown: string; pages: Array<{ index: number; markdown: string }>; meta: Record<string, unknown> };
      assert.deepEqual(Object.keys(body).sort(), ['markdown', 'meta', 'pages']);
      assert.deepEqual(body.pages.map((p) => p.index), [0, 1]);
      assert.match(body.markdown, /Contract page 1/);
      assert.equal(body.meta.pages, 2);
      assert.match(String(body.meta.sha256), /^[0-9a-f]{64}$/);
      assert.ok(Number.isInteger(body.meta.timing_ms));
      assert.equal(body.meta.backend, 'builtin');
      const md = await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: form(await pdf(1), { formats: 'md' }) });
      assert.equal(md.status, 200);
      assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/);
      assert.match(await md.text(), /Contract page 1/);
    });

    it('form and gate refusals name their code', async () => {
      const one = await pdf(1);
      await envelope(await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: form(one, { model: 'nope' }) }), 400, 'invalid_request');
      await envelope(await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: form(one, { model: 'mineru-2.5' }) }), 403, 'model_not_available');
      await envelope(await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: form(one, { webhook: 'https://example.com/h' }) }), 400, 'invalid_request');
      const big = await envelope(await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: form(await pdf(11), { prefer: 'sync' }) }), 422, 'too_many_pages');
      assert.match(big.message, /prefer=async/);
      const txt = new FormData();
      txt.append('file', new Blob(['plain text']), 'a.txt');
      await envelope(await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: txt }), 415, 'unsupported_media_type');
    });

    it('async job: 202 with absolute links, SSE with ids, read-once result, reconnect gets the final event again', async () => {
      const eleven = await pdf(11);
      const res = await fetch(`${base}/convert`, { method: 'POST', headers: { ...auth, 'idempotency-key': 'contract-job-1' }, body: form(eleven) });
      assert.equal(res.status, 202);
      const job = (await res.json()) as { job_id: string; status: string; links: Record<string, string> };
      assert.equal(job.status, 'queued');
      assert.deepEqual(job.links, {
        self: `${TEST_PUBLIC_URL}/v1/jobs/${job.job_id}`, events: `${TEST_PUBLIC_URL}/v1/jobs/${job.job_id}/events`, result: `${TEST_PUBLIC_URL}/v1/jobs/${job.job_id}/result`,
      });
      // Idempotency: same key and request → the same job, marked replayed; a different request → 409.
      const replay = await fetch(`${base}/convert`, { method: 'POST', headers: { ...auth, 'idempotency-key': 'contract-job-1' }, body: form(eleven) });
      assert.equal(replay.headers.get('idempotency-replayed'), 'true');
      assert.equal(((await replay.json()) as { job_id: string }).job_id, job.job_id);
      await envelope(await fetch(`${base}/convert`, { method: 'POST', headers: { ...auth, 'idempotency-key': 'contract-job-1' }, body: form(await pdf(3)) }), 409, 'idempotency_key_reused');

      const events = await sse(local(job.links.events), key);
      assert.equal(events[0].event, 'queued');
      assert.equal(events.filter((e) => e.event === 'page').length, 11);
      for (const e of events) assert.match(e.id ?? '', /^\d+$/);
      const done = events.at(-1)!;
      assert.equal(done.event, 'completed');
      assert.deepEqual(Object.keys(done.data).sort(), ['job_id', 'json_url', 'markdown_url', 'result_url', 'status', 'token']);

      const status = (await (await fetch(local(job.links.self), { headers: auth })).json()) as Record<string, unknown>;
      assert.equal(status.status, 'completed');
      assert.equal(status.pages, 11);

      const again = await sse(local(job.links.events), key, done.id);
      assert.deepEqual(again.map((e) => [e.event, e.data.token]), [['completed', done.data.token]]);

      await envelope(await fetch(local(job.links.result)), 400, 'missing_token');
      await envelope(await fetch(`${local(job.links.result)}?token=${'A'.repeat(43)}`), 403, 'forbidden');
      const read = await fetch(local(done.data.result_url));
      assert.equal(read.status, 200);
      assert.equal(((await read.json()) as { pages: unknown[] }).pages.length, 11);
      await envelope(await fetch(local(done.data.markdown_url)), 410, 'result_consumed');
      await envelope(await fetch(local(job.links.self), { method: 'DELETE', headers: auth }), 404, 'job_not_found');
    });

    it('cancel: 204, then the job is gone (404, in-stream job_not_found)', async () => {
      const res = await fetch(`${base}/convert`, { method: 'POST', headers: auth, body: form(await pdf(40), { prefer: 'async' }) });
      assert.equal(res.status, 202);
      const job = (await res.json()) as { job_id: string; links: Record<string, string> };
      const del = await fetch(local(job.links.self), { method: 'DELETE', headers: auth });
      if (del.status === 404) return; // finished before the cancel arrived: terminal jobs are 404 too
      assert.equal(del.status, 204);
      await envelope(await fetch(local(job.links.self), { headers: auth }), 404, 'job_not_found');
      const events = await sse(local(job.links.events), key);
      assert.deepEqual(events.map((e) => [e.event, e.data.code]), [['error', 'job_not_found']]);
    });

    it('keys: create (shown once), masked listing with revoked_at, rotate, unknown → 404 key_not_found; usage meters', async () => {
      const created = await fetch(`${base}/keys`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ scopes: ['convert'] }) });
      assert.equal(created.status, 201);
      const k = (await created.json()) as { key: string; key_id: string; last4: string; scopes: string[] };
      assert.deepEqual(k.scopes, ['convert']);
      assert.equal(k.key.slice(-4), k.last4);
      await envelope(await fetch(`${base}/usage`, { headers: { authorization: `Bearer ${k.key}` } }), 403, 'forbidden');
      const rotated = await fetch(`${base}/keys/${k.key_id}/rotate`, { method: 'POST', headers: auth });
      assert.equal(rotated.status, 201);
      const list = (await (await fetch(`${base}/keys`, { headers: auth })).json()) as { keys: Array<Record<string, unknown>> };
      const old = list.keys.find((x) => x.key_id === k.key_id)!;
      assert.match(String(old.revoked_at), RFC3339);
      assert.match(String(old.created_at), RFC3339);
      assert.ok(!JSON.stringify(list).includes(k.key));
      await envelope(await fetch(`${base}/keys/${k.key_id}`, { method: 'DELETE', headers: auth }), 404, 'key_not_found');
      await envelope(await fetch(`${base}/keys/nope/rotate`, { method: 'POST', headers: auth }), 404, 'key_not_found');

      const usage = (await (await fetch(`${base}/usage`, { headers: auth })).json()) as Record<string, any>;
      assert.equal(usage.tier, 'starter');
      assert.equal(usage.anonymous, false);
      assert.match(usage.period, /^\d{4}-\d{2}$/);
      assert.equal(usage.source, 'period');
      assert.match(usage.resets_at, RFC3339);
      assert.equal(usage.pages.allowance, 500);
      assert.equal(usage.pages.used + usage.pages.reserved + usage.pages.remaining, 500);
      assert.equal(usage.api_access, true);
      assert.equal(usage.backend_lane, 'standard');
    });

    it('a free-tier key authenticates but has no programmatic access', async () => {
      const res = await fetch(`${base}/admin/accounts`, {
        method: 'POST', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ tier: 'free', email_verified: true }),
      });
      const free = { authorization: `Bearer ${((await res.json()) as { key: string }).key}` };
      const usage = (await (await fetch(`${base}/usage`, { headers: free })).json()) as Record<string, unknown>;
      assert.equal(usage.api_access, false);
      assert.equal(usage.period, '');
      assert.equal(usage.source, 'trial');
      assert.equal(usage.resets_at, undefined);
      await envelope(await fetch(`${base}/convert`, { method: 'POST', headers: free, body: form(await pdf(1)) }), 403, 'api_not_available_on_tier');
      await envelope(await fetch(`${base}/jobs/job_x`, { headers: free }), 403, 'api_not_available_on_tier');
    });
  });
}
