import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/errors/catalogue.js';
import { TEST_PUBLIC_URL, buildTestApp, createAccount, storeBackends, type TestApp } from '../helpers/app.js';

function assertEnvelope(res: { statusCode: number; headers: Record<string, unknown>; json(): any }, status: number, code: string) {
  assert.equal(res.statusCode, status);
  const b = res.json();
  assert.deepEqual(Object.keys(b).sort(), ['code', 'doc_url', 'message', 'request_id', 'type']);
  assert.equal(b.code, code);
  assert.equal(b.type, ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].type);
  assert.equal(b.request_id, res.headers['x-request-id']);
  assert.equal(b.doc_url, `${TEST_PUBLIC_URL}/docs/errors/${code}`);
  return b;
}

for (const backend of storeBackends()) {
  describe(`error envelope (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('unknown routes and unsupported methods are 404 not_found', async () => {
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/v1/nope' }), 404, 'not_found');
      assertEnvelope(await t.app.inject({ method: 'PUT', url: '/v1/health' }), 404, 'not_found');
      // (GET / is the playground, DECISIONS §8; other paths outside /v1 are unknown.)
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/nope' }), 404, 'not_found');
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/' }), 404, 'not_found');
    });

    it('generates the request id itself, never taking one from the caller', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/nope', headers: { 'x-request-id': 'evil\nid' } });
      const b = assertEnvelope(res, 404, 'not_found');
      assert.match(b.request_id, /^req_[0-9a-f]{32}$/);
      const ok = await t.app.inject({ method: 'GET', url: '/v1/health' });
      assert.match(String(ok.headers['x-request-id']), /^req_[0-9a-f]{32}$/);
    });

    it('validation failures are 400 invalid_request; bad JSON too; oversized JSON is 413; wrong content type 415', async () => {
      const a = await createAccount(t.app);
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: 'convert' } }), 400, 'invalid_request');
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/v1/keys', headers: a.headers, payload: { scopes: ['convert'], extra: 1 } }), 400, 'invalid_request');
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/v1/keys', headers: { ...a.headers, 'content-type': 'application/json' }, payload: '{"scopes": [' }), 400, 'invalid_request');
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/v1/keys', headers: { ...a.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ scopes: ['x'.repeat(200_000)] }) }), 413, 'file_too_large');
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/v1/keys', headers: { ...a.headers, 'content-type': 'text/csv' }, payload: 'a,b' }), 415, 'unsupported_media_type');
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/v1/keys', headers: { ...a.headers, 'idempotency-key': 'k'.repeat(256) } }), 400, 'invalid_request');
    });

    it('a result read without its token is 400 missing_token', async () => {
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/v1/jobs/abc/result' }), 400, 'missing_token');
    });

    it('ids that cannot be ours (NUL, overlong) are unknown, not 500; an undecodable URL is 400; all enveloped', async () => {
      const a = await createAccount(t.app);
      const admin = { authorization: `Bearer ${t.adminToken}` };
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/v1/jobs/%00', headers: a.headers }), 404, 'job_not_found');
      assertEnvelope(await t.app.inject({ method: 'DELETE', url: '/v1/jobs/a%00b', headers: a.headers }), 404, 'job_not_found');
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/v1/jobs/%00/result?token=x' }), 404, 'job_not_found');
      assertEnvelope(await t.app.inject({ method: 'DELETE', url: '/v1/keys/%00', headers: a.headers }), 404, 'key_not_found');
      assertEnvelope(await t.app.inject({ method: 'POST', url: '/v1/keys/%00/rotate', headers: a.headers }), 404, 'key_not_found');
      assertEnvelope(await t.app.inject({ method: 'PATCH', url: '/v1/admin/accounts/%00', headers: admin, payload: { tier: 'pro' } }), 404, 'not_found');
      assertEnvelope(await t.app.inject({ method: 'GET', url: `/v1/jobs/${'x'.repeat(2000)}`, headers: a.headers }), 404, 'not_found');
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/v1/jobs/%zz', headers: a.headers }), 400, 'invalid_request');
    });

    it('a result read with an empty token (`?token=`) is 400 missing_token too', async () => {
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/v1/jobs/abc/result?token=' }), 400, 'missing_token');
    });

    it('serves /docs/errors and one page per code; unknown codes are 404', async () => {
      const idx = await t.app.inject({ method: 'GET', url: '/docs/errors' });
      assert.equal(idx.statusCode, 200);
      assert.match(String(idx.headers['content-type']), /text\/html/);
      for (const c of ERROR_CODES) assert.ok(idx.body.includes(`>${c}<`), c);
      const page = await t.app.inject({ method: 'GET', url: '/docs/errors/rate_limited' });
      assert.equal(page.statusCode, 200);
      assert.ok(page.body.includes('Retry-After'));
      assertEnvelope(await t.app.inject({ method: 'GET', url: '/docs/errors/nope' }), 404, 'not_found');
    });
  });
}

describe('internal errors', () => {
  it('are 500 internal_error without stack or detail', async () => {
    const t = await buildTestApp();
    const a = await createAccount(t.app);
    await t.store.query('DROP TABLE api_keys CASCADE');
    const res = await t.app.inject({ method: 'GET', url: '/v1/keys', headers: a.headers });
    const b = assertEnvelope(res, 500, 'internal_error');
    assert.equal(b.message, ERROR_CATALOGUE.internal_error.description);
    assert.ok(!res.body.includes('api_keys'));
    assert.ok(!res.body.includes('at '));
    await t.close();
  });
});
