import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, storeBackends, type TestApp } from '../helpers/app.js';

for (const backend of storeBackends()) {
  describe(`/health and /version (${backend})`, () => {
    let t: TestApp;
    before(async () => { t = await buildTestApp({ store: backend }); });
    after(async () => { await t.close(); });

    it('health is ok with the store up; degraded while another dependency is down or warming', async () => {
      const ok = await t.app.inject({ method: 'GET', url: '/v1/health' });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().status, 'ok');
      assert.equal(ok.json().deps.store, 'up');
    });

    it('version: service, package version, commit/date strings and the model registry', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/version' });
      assert.equal(res.statusCode, 200);
      const b = res.json();
      assert.equal(b.service, 'docconv');
      assert.equal(b.version, '0.1.0');
      if (b.commit !== undefined) assert.match(b.commit, /^[0-9a-f]{7,40}$/);
      assert.ok(Array.isArray(b.models));
      assert.ok(b.models.some((m: { id: string }) => m.id === 'builtin'));
      for (const m of b.models) assert.deepEqual(Object.keys(m).sort(), ['attribution', 'attribution_url', 'id', 'label', 'license']);
    });
  });
}

describe('/health probes', () => {
  it('registered probes: down or warming → 200 degraded; a throwing or hanging probe counts as down', async () => {
    let state: 'up' | 'down' | 'warming' = 'up';
    const t = await buildTestApp({
      models: (config) => {
        // A stand-in gateway exercising the seam: health deps come from it.
        return {
          registry: () => [{ id: 'builtin', label: 'x', license: 'Apache-2.0', attribution: 'x', attribution_url: 'http://x' }],
          healthDeps: () => ({ 'gpu-a': state === 'up' ? 'up' : 'down' }),
          select: () => { throw new Error('unused'); },
          isReady: () => true,
          convert: () => { throw new Error('unused'); },
          close: async () => {},
        } as never;
      },
    });
    t.app.registerHealthProbe('workers', () => state);
    let res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    assert.deepEqual(res.json(), { status: 'ok', deps: { store: 'up', 'gpu-a': 'up', workers: 'up' } });
    state = 'warming';
    res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'degraded', deps: { store: 'up', 'gpu-a': 'down', workers: 'down' } });
    state = 'up';
    t.app.registerHealthProbe('flaky', () => { throw new Error('x'); });
    res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    assert.equal(res.json().status, 'degraded');
    assert.equal(res.json().deps.flaky, 'down');
    await t.close();
  });

  it('503 down (HealthStatus body) when the store is unreachable', async () => {
    const t = await buildTestApp();
    await t.store.close();
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().status, 'down');
    assert.equal(res.json().deps.store, 'down');
    await t.close();
  });
});
