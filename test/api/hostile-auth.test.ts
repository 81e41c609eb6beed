// Issue 10 items 6 and 10 through HTTP: unauthenticated callers cannot load the store (the IP
// bucket is taken before a key lookup; /health reuses the store's verdict), the admin API is rate
// limited.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildTestApp, createAccount, TEST_ADMIN_TOKEN, type TestApp } from '../helpers/app.js';
import { ANONYMOUS_RATE_TIER, ADMIN_RATE_TIER } from '../../src/config.js';

const randomKey = () => `dc_live_${randomBytes(8).toString('hex')}_${randomBytes(24).toString('hex').slice(0, 43)}`;

describe('hostile callers (pglite)', () => {
  let t: TestApp;
  const queries: string[] = [];
  before(async () => {
    t = await buildTestApp();
    const query = t.store.query;
    t.store.query = ((sql: string, params?: unknown[]) => { queries.push(sql); return query(sql, params); }) as typeof query;
  });
  after(async () => { await t.close(); });

  it('random well-formed keys: the IP bucket is taken first, then 429 without a store read', async () => {
    const burst = ANONYMOUS_RATE_TIER.burst;
    const codes: number[] = [];
    const t0 = Date.now();
    for (let i = 0; i < burst + 20; i++) {
      codes.push((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${randomKey()}` }, remoteAddress: '198.51.100.9' })).statusCode);
    }
    // The bucket refills at rpm/60 per second while the loop runs: that many more than the burst pass.
    const refill = Math.ceil(((Date.now() - t0) / 1000) * (ANONYMOUS_RATE_TIER.requestsPerMinute / 60)) + 1;
    const passed = codes.filter((c) => c === 401).length;
    assert.ok(passed >= burst && passed <= burst + refill, `${passed} passed, burst ${burst} + refill ${refill}`);
    assert.equal(codes.at(-1), 429);
    const keyReads = () => queries.filter((q) => /FROM api_keys/.test(q)).length;
    const before = keyReads();
    const res = await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${randomKey()}` }, remoteAddress: '198.51.100.9' });
    assert.equal(res.statusCode, 429);
    assert.ok(Number(res.headers['retry-after']) >= 1);
    assert.equal(keyReads(), before, 'a refused caller costs no key lookup');
    // Another /64 is not affected; the same /64 is.
    const v6 = async (addr: string) => (await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${randomKey()}` }, remoteAddress: addr })).statusCode;
    let n = 0;
    while ((await v6(`2001:db8:7:1::${(++n).toString(16)}`)) === 401 && n < burst * 3);
    assert.ok(n > burst && n < burst * 3, 'one bucket per /64, refused after its burst');
    assert.equal(await v6('2001:db8:7:2::1'), 401);
    // A key this node knows (cached by an earlier request) is unaffected by its IP's empty bucket; a
    // key it has not seen yet pays the IP's bucket for its one store read (the first answer may be 429).
    const a = await createAccount(t.app);
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers, remoteAddress: '203.0.113.7' })).statusCode, 200);
    // Empty the IP's bucket again (it refills while the test runs), then the cached key from that IP.
    let spent = 0;
    while ((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${randomKey()}` }, remoteAddress: '198.51.100.9' })).statusCode !== 429 && ++spent < burst * 3);
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/usage', headers: a.headers, remoteAddress: '198.51.100.9' })).statusCode, 200);
  });

  it('/health reuses the store verdict for about a second', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/health' });
    const before = queries.filter((q) => q === 'SELECT 1').length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/v1/health' })));
    for (const r of answers) assert.equal(r.json().deps.store, 'up');
    assert.ok(queries.filter((q) => q === 'SELECT 1').length - before <= 1);
  });

  it('the admin API is rate limited per client IP', async () => {
    const codes: number[] = [];
    while (codes.at(-1) !== 429 && codes.length < ADMIN_RATE_TIER.burst * 2) {
      codes.push((await t.app.inject({ method: 'PATCH', url: '/v1/admin/accounts/acc_x', headers: { authorization: 'Bearer wrong-token-wrong-token-wrong-token' }, payload: {}, remoteAddress: '192.0.2.44' })).statusCode);
    }
    assert.equal(codes.at(-1), 429, 'refused once the burst is spent');
    assert.ok(codes.length > ADMIN_RATE_TIER.burst);
    assert.ok(codes.slice(0, -1).every((c) => c === 401));
    // Another operator address still works with the right token.
    const ok = await t.app.inject({ method: 'POST', url: '/v1/admin/accounts', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: { tier: 'pro', email_verified: true }, remoteAddress: '192.0.2.45' });
    assert.equal(ok.statusCode, 201);
  });
});
