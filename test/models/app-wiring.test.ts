// The gateway inside the service: /version lists the registry, /health reports the deployed model
// servers, and a sync convert goes through a stub mineru-api with meta.model/backend set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { createModelGateway } from '../../src/models/gateway.js';
import { encodeMultipart } from '../../src/models/http.js';
import { shutdownConvertPool } from '../../src/convert/index.js';
import { buildTestApp, createAccount } from '../helpers/app.js';
import { startMineruStub } from './stubs/index.js';
import { FAST } from './helpers.js';

test('app: /version registry, /health model deps, sync convert through mineru-api', { timeout: 60_000 }, async (t) => {
  const mineru = await startMineruStub();
  t.after(() => mineru.close());
  t.after(() => shutdownConvertPool());
  const ta = await buildTestApp({
    env: { DOCCONV_MINERU_URL: mineru.url, DOCCONV_PADDLEOCR_VL_URL: 'http://127.0.0.1:1' },
    models: (config) => createModelGateway(config, { timing: { ...FAST, callTimeoutMs: 5_000, healthIntervalMs: 50 } }),
  });
  t.after(() => ta.close());

  const version = (await ta.app.inject({ method: 'GET', url: '/v1/version' })).json() as { models: Array<{ id: string }> };
  assert.deepEqual(version.models.map((m) => m.id), ['builtin', 'mineru-2.5', 'granite-docling', 'paddleocr-vl']);

  let deps: Record<string, string> = {};
  for (let i = 0; i < 50; i++) {
    deps = ((await ta.app.inject({ method: 'GET', url: '/v1/health' })).json() as { deps: Record<string, string> }).deps;
    if (deps['mineru-2.5'] === 'up') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(deps['mineru-2.5'], 'up');
  assert.equal(deps['paddleocr-vl'], 'down');
  assert.equal(deps['granite-docling'], undefined);

  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const pdf = await doc.save();
  const acct = await createAccount(ta.app, 'starter');
  const form = encodeMultipart([
    { name: 'file', value: pdf, filename: 'a.pdf', contentType: 'application/pdf' },
    { name: 'prefer', value: 'sync' },
  ]);
  const res = await ta.app.inject({ method: 'POST', url: '/v1/convert', headers: { ...acct.headers, 'content-type': form.contentType }, payload: form.body });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json() as { markdown: string; pages: Array<{ index: number; markdown: string }>; meta: { model: string; backend: string } };
  assert.equal(body.meta.model, 'mineru-2.5');
  assert.equal(body.meta.backend, 'mineru-api 3.4.4 vlm-engine');
  assert.match(body.pages[0]!.markdown, /^# Annual Report/);
  assert.equal(mineru.workCalls().length, 1);
});
