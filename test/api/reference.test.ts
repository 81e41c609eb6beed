// GET /docs (the API reference, served from node_modules) and the error pages' cause and remedy;
// the OpenAPI document describes the event stream, the webhooks and the convert answers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { ERROR_CODES } from '../../src/errors/catalogue.js';

describe('API reference and error pages', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('/docs renders the generated document with Swagger UI from this service only', async () => {
    const page = await get('/docs');
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    // Every script and stylesheet is served by this service: no CDN, nothing from another host.
    assert.doesNotMatch(page.body, /(src|href)="https?:\/\//);
    const init = await get('/docs/static/swagger-initializer.js');
    assert.equal(init.statusCode, 200);
    assert.equal((await get('/docs/static/swagger-ui-bundle.js')).statusCode, 200);
    assert.deepEqual(JSON.parse((await get('/docs/json')).body), JSON.parse((await get('/v1/openapi.json')).body));
  });

  it('the OpenAPI document explains the stream, its token, formats=md and the webhooks', async () => {
    const doc = JSON.parse((await get('/v1/openapi.json')).body);
    assert.equal(Object.keys(doc.paths).some((p: string) => p.startsWith('/docs')), false);
    const convert = doc.paths['/v1/convert'].post;
    assert.match(convert.description, /text\/markdown/);
    assert.match(convert.description, /X-Service-Signature/);
    assert.ok(convert.responses['200'].content['application/json'].example.pages.length > 0);
    const events = doc.paths['/v1/jobs/{id}/events'].get;
    assert.match(events.description, /`completed` `\{job_id, status, token, result_url, markdown_url, json_url\}`/);
    assert.match(events.responses['200'].content['text/event-stream'].example, /event: completed/);
    assert.deepEqual(Object.keys(doc['x-webhooks']), ['job.completed', 'job.failed']);
    assert.equal(doc['x-webhooks']['job.failed'].post.requestBody.content['application/json'].example.type, 'job.failed');
    assert.match(doc.info.description, /\/docs\/errors/);
  });

  it('each error page gives cause and remedy, or says the code is reserved', async () => {
    for (const code of ERROR_CODES) {
      const res = await get(`/docs/errors/${code}`);
      assert.equal(res.statusCode, 200);
      assert.ok(/<h2>Cause<\/h2>.*<h2>Remedy<\/h2>/s.test(res.body) || /Reserved:/.test(res.body), code);
    }
    assert.match((await get('/docs/errors/encrypted_pdf')).body, /qpdf --decrypt/);
    assert.match((await get('/docs/errors/trial_expired')).body, /Reserved:/);
    assert.match((await get('/docs/errors')).body, /trial_expired<\/code><\/a><\/td><td>402<\/td><td><code>[a-z_]+<\/code><\/td><td>[^<]+<em>\(reserved/);
  });

  it('the default unlock_url answers a page saying how to get a key (not a 404)', async () => {
    const res = await get('/signup');
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /admin\/accounts/);
    assert.equal(t.config.signupUrl, `${t.config.publicUrl}/signup`);
  });
});
