import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocconvClient, DocconvError, DocconvNetworkError, type ClientOptions } from '../../src/client/index.js';
import { envelope, sendJson, startStub } from './stub-server.js';

const RESULT = { markdown: '# Hi\n', pages: [{ index: 0, markdown: '# Hi\n' }], meta: { pages: 1, sha256: 'a'.repeat(64), timing_ms: 5, backend: 'builtin' } };

/** A client whose waits are recorded instead of slept. */
function client(baseUrl: string, extra: ClientOptions = {}): { client: DocconvClient; delays: number[] } {
  const delays: number[] = [];
  const c = new DocconvClient({ baseUrl, apiKey: 'dc_live_k_s', sleep: async (ms) => { delays.push(ms); }, random: () => 0.5, ...extra });
  return { client: c, delays };
}

test('429 with Retry-After, then 200: waits Retry-After and resends the same Idempotency-Key and body', async () => {
  const stub = await startStub((req, res, i) => {
    if (i === 0) return sendJson(res, 429, envelope('rate_limited', 'rate_limit_error'), { 'retry-after': '2' });
    sendJson(res, 200, RESULT, { 'x-service-quota-pages-remaining': '41', 'x-request-id': 'req_2' });
  });
  try {
    const { client: c, delays } = client(stub.url);
    const outcome = await c.convert({ file: Buffer.from('%PDF-1.4 test'), formats: ['md', 'json'], model: 'builtin', lang: 'eng' });
    assert.equal(outcome.kind, 'result');
    assert.equal(outcome.kind === 'result' && outcome.result.markdown, '# Hi\n');
    assert.equal(outcome.quotaPagesRemaining, 41);
    assert.equal(stub.requests.length, 2);
    assert.deepEqual(delays, [2100]); // 2 s plus 10 % × random (0.5) jitter
    const [first, second] = stub.requests;
    assert.equal(first.method, 'POST');
    assert.equal(first.url, '/v1/convert');
    assert.equal(first.headers.authorization, 'Bearer dc_live_k_s');
    assert.ok(first.headers['idempotency-key'] && first.headers['idempotency-key'].length <= 255);
    assert.equal(second.headers['idempotency-key'], first.headers['idempotency-key']);
    assert.equal(outcome.idempotencyKey, first.headers['idempotency-key']);
    // Same fields and bytes (the multipart boundary is fresh per attempt; the server fingerprints fields + file hash).
    const unbound = (r: typeof first): string => r.body.toString('latin1').replaceAll(/formdata-undici-\d+/g, 'B');
    assert.equal(unbound(second), unbound(first));
    const form = first.body.toString('latin1');
    for (const field of ['name="model"', 'name="formats"', 'name="lang"', 'name="file"', 'md,json', '%PDF-1.4 test']) assert.ok(form.includes(field), field);
    // fields come before the file part
    assert.ok(form.indexOf('name="lang"') < form.indexOf('name="file"'));
  } finally {
    await stub.close();
  }
});

test('a caller-given Idempotency-Key is used on every attempt', async () => {
  const stub = await startStub((req, res, i) => {
    if (i < 2) return sendJson(res, 503, envelope('internal_error', 'internal_error'));
    sendJson(res, 202, { job_id: 'job_1', status: 'queued', links: { self: 'x' } });
  });
  try {
    const { client: c, delays } = client(stub.url);
    const outcome = await c.convert({ file: new Blob(['%PDF-1.4']), prefer: 'async' }, { idempotencyKey: 'my-key-1' });
    assert.equal(outcome.kind, 'job');
    assert.deepEqual(stub.requests.map((r) => r.headers['idempotency-key']), ['my-key-1', 'my-key-1', 'my-key-1']);
    // exponential backoff with jitter: 250 → [125,250], 500 → [250,500] (random 0.5)
    assert.deepEqual(delays, [188, 375]);
  } finally {
    await stub.close();
  }
});

test('persistent 503s: bounded attempts, then the last DocconvError with its envelope', async () => {
  const stub = await startStub((req, res) => sendJson(res, 503, envelope('internal_error', 'internal_error', 'busy')));
  try {
    const { client: c, delays } = client(stub.url, { retry: { maxAttempts: 3 } });
    await assert.rejects(c.getJob('job_1'), (error: unknown) => {
      assert.ok(error instanceof DocconvError);
      assert.equal(error.status, 503);
      assert.equal(error.code, 'internal_error');
      assert.equal(error.requestId, 'req_test');
      assert.equal(error.message, 'busy');
      assert.equal(error.docUrl, 'http://x/docs/errors/internal_error');
      return true;
    });
    assert.equal(stub.requests.length, 3);
    assert.equal(delays.length, 2);
  } finally {
    await stub.close();
  }
});

test('502 conversion_failed and 4xx answers are not retried; 502 of another kind is', async () => {
  const answers: Array<[number, Record<string, string>]> = [
    [502, envelope('conversion_failed', 'conversion_error')],
    [404, envelope('job_not_found', 'not_found')],
    [409, envelope('idempotency_key_reused', 'conflict_error')],
  ];
  for (const [status, body] of answers) {
    const stub = await startStub((req, res) => sendJson(res, status, body));
    try {
      const { client: c } = client(stub.url);
      await assert.rejects(c.getJob('j'), DocconvError);
      assert.equal(stub.requests.length, 1);
    } finally {
      await stub.close();
    }
  }
  const stub = await startStub((req, res, i) => (i === 0 ? sendJson(res, 502, { oops: true }) : sendJson(res, 200, { job_id: 'j', status: 'queued' })));
  try {
    const { client: c } = client(stub.url);
    assert.equal((await c.getJob('j')).status, 'queued');
    assert.equal(stub.requests.length, 2);
  } finally {
    await stub.close();
  }
});

test('a Retry-After beyond the ceiling is not waited for: the 429 is raised with retryAfter', async () => {
  const stub = await startStub((req, res) => sendJson(res, 429, envelope('concurrency_limit', 'rate_limit_error'), { 'retry-after': '3600' }));
  try {
    const { client: c } = client(stub.url);
    await assert.rejects(c.usage(), (e: unknown) => e instanceof DocconvError && e.code === 'concurrency_limit' && e.retryAfter === 3600 && e.exitCode === 13);
    assert.equal(stub.requests.length, 1);
  } finally {
    await stub.close();
  }
});

test('never retries after a 2xx, even when the body is cut off', async () => {
  const stub = await startStub((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    res.write('{"markdown":');
    setTimeout(() => res.destroy(), 20);
  });
  try {
    const { client: c } = client(stub.url);
    await assert.rejects(c.getJson('j', 't'), DocconvNetworkError);
    assert.equal(stub.requests.length, 1);
  } finally {
    await stub.close();
  }
});

test('a closed port is a DocconvNetworkError (exit code 3) after bounded attempts', async () => {
  const stub = await startStub(() => undefined);
  const url = stub.url;
  await stub.close();
  const { client: c, delays } = client(url);
  await assert.rejects(c.health(), (e: unknown) => e instanceof DocconvNetworkError && e.exitCode === 3);
  assert.equal(delays.length, 0); // health: a single attempt by design
  await assert.rejects(c.version(), DocconvNetworkError);
  assert.equal(delays.length, 3);
});

test('a non-envelope error body still yields a typed error', async () => {
  const stub = await startStub((req, res) => { res.writeHead(404, { 'content-type': 'text/html', 'x-request-id': 'r9' }); res.end('<h1>nope</h1>'); });
  try {
    const { client: c } = client(stub.url);
    await assert.rejects(c.version(), (e: unknown) => e instanceof DocconvError && e.code === 'not_found' && e.requestId === 'r9' && e.status === 404);
  } finally {
    await stub.close();
  }
});

test('base URL: a trailing /v1 and slashes are tolerated; paths, query and auth are right per operation', async () => {
  const stub = await startStub((req, res) => {
    if (req.url.startsWith('/v1/jobs/a%2Fb/markdown')) { res.writeHead(200, { 'content-type': 'text/markdown' }); return res.end('# md'); }
    if (req.method === 'DELETE') { res.writeHead(204); return res.end(); }
    if (req.url === '/v1/health') return sendJson(res, 503, { status: 'down', deps: { store: 'down' } });
    sendJson(res, req.method === 'POST' ? 201 : 200, { ok: true });
  });
  try {
    const c = new DocconvClient({ baseUrl: `${stub.url}/v1/`, apiKey: 'K', adminToken: 'ADMIN' });
    assert.equal(c.baseUrl, stub.url);
    assert.equal(await c.getMarkdown('a/b', 'tok en'), '# md');
    await c.cancelJob('j1');
    await c.revokeKey('k1');
    await c.rotateKey('k1');
    await c.createKey({ scopes: ['convert'] }, { idempotencyKey: 'ik' });
    await c.admin.createAccount({ tier: 'pro', email_verified: true });
    await c.admin.updateAccount('acc_1', { tier: 'power' });
    const health = await c.health();
    assert.equal(health.status, 'down');
    assert.equal(health.httpStatus, 503);
    const seen = stub.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization ?? '-'}`);
    assert.deepEqual(seen, [
      'GET /v1/jobs/a%2Fb/markdown?token=tok+en -',
      'DELETE /v1/jobs/j1 Bearer K',
      'DELETE /v1/keys/k1 Bearer K',
      'POST /v1/keys/k1/rotate Bearer K',
      'POST /v1/keys Bearer K',
      'POST /v1/admin/accounts Bearer ADMIN',
      'PATCH /v1/admin/accounts/acc_1 Bearer ADMIN',
      'GET /v1/health -',
    ]);
    assert.ok(stub.requests[3].headers['idempotency-key']);
    assert.equal(stub.requests[4].headers['idempotency-key'], 'ik');
    assert.equal(stub.requests[4].body.toString(), '{"scopes":["convert"]}');
    assert.equal(stub.requests[5].body.toString(), '{"tier":"pro","email_verified":true}');
  } finally {
    await stub.close();
  }
});
