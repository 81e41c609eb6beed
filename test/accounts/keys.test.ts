import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { base62, generateKey, hashSecret, parseKey, randomId, sameHash, sameSecret } from '../../src/accounts/keys.js';
import { decide, takeToken } from '../../src/accounts/token-bucket.js';
import { TIERS } from '../../src/config.js';
import { nextPeriodStart, periodOf } from '../../src/accounts/period.js';
import { ROUTE_AUTH, enforce, type Caller } from '../../src/accounts/scopes.js';
import { ServiceError } from '../../src/errors/service-error.js';

describe('API key format', () => {
  it('is dc_live_<key_id>_<secret> with an alphanumeric id and a >= 32-byte base62 secret', () => {
    const k = generateKey();
    assert.match(k.key, /^dc_live_[A-Za-z0-9]{16}_[A-Za-z0-9]{43}$/);
    const p = parseKey(k.key)!;
    assert.equal(p.keyId, k.keyId);
    assert.equal(hashSecret(p.secret), k.secretHash);
    assert.equal(k.last4, k.key.slice(-4));
    assert.notEqual(generateKey().key, k.key);
  });

  it('rejects malformed keys', () => {
    for (const bad of ['', 'dc_live_', 'dc_test_abcdefgh12345678_' + 'a'.repeat(43), 'dc_live_abc_' + 'a'.repeat(43), 'dc_live_abcdefgh1234_short', 'dc_live_abcd-fgh12345678_' + 'a'.repeat(43)]) {
      assert.equal(parseKey(bad), null, bad);
    }
  });

  it('base62 encodes 32 bytes in 43 characters; ids are alphanumeric', () => {
    assert.equal(base62(new Uint8Array(32).fill(255), 43).length, 43);
    assert.equal(base62(new Uint8Array([0]), 4), '0000');
    assert.match(randomId(50), /^[A-Za-z0-9]{50}$/);
  });

  it('compares hashes and secrets in constant time (and correctly)', () => {
    assert.ok(sameHash(hashSecret('a'), hashSecret('a')));
    assert.ok(!sameHash(hashSecret('a'), hashSecret('b')));
    assert.ok(!sameHash('', ''));
    assert.ok(sameSecret('token', 'token'));
    assert.ok(!sameSecret('token', 'token2'));
  });
});

describe('token bucket', () => {
  const starter = TIERS.starter; // 60 rpm, burst 120
  it('starts full, allows burst requests, then refuses', () => {
    let state;
    for (let i = 0; i < 120; i++) {
      const r = takeToken(state, starter, 1000);
      assert.ok(r.allowed, `request ${i}`);
      state = r.state;
    }
    const r = takeToken(state, starter, 1000);
    assert.equal(r.allowed, false);
    const d = decide(r.state.tokens, false, starter);
    assert.equal(d.remaining, 0);
    assert.equal(d.retryAfterS, 1);
    assert.equal(d.resetS, 120);
    assert.equal(d.policy, '60;w=60');
    assert.equal(d.limit, 120);
  });

  it('refills at rpm/60 per second, capped at the burst', () => {
    const empty = { tokens: 0, updatedAtS: 0 };
    assert.equal(takeToken(empty, starter, 0.5).allowed, false);
    const r = takeToken(empty, starter, 2);
    assert.ok(r.allowed);
    assert.equal(r.state.tokens, 1);
    assert.equal(takeToken(empty, starter, 10_000).state.tokens, 119);
  });
});

describe('periods', () => {
  it('paid tiers meter by UTC month; free is the lifetime trial', () => {
    const d = new Date('2026-12-31T23:59:59Z');
    assert.equal(periodOf(TIERS.pro, d), '2026-12');
    assert.equal(periodOf(TIERS.free, d), 'trial');
    assert.equal(nextPeriodStart(d), '2027-01-01T00:00:00Z');
  });
});

describe('route policies (DECISIONS §3)', () => {
  const key = (over: Partial<Extract<Caller, { kind: 'key' }>> = {}): Caller => ({
    kind: 'key', accountId: 'a', keyId: 'k', scopes: ['convert', 'jobs:read', 'usage:read', 'keys:manage'], tier: 'starter', emailVerified: true, ip: '1.2.3.4', ...over,
  });
  const anon: Caller = { kind: 'anonymous', ip: '1.2.3.4' };
  const codeOf = (fn: () => void) => { try { fn(); return 'ok'; } catch (e) { return (e as ServiceError).code; } };

  it('anonymous: convert 403 signup_required, jobs 401 unauthenticated, usage allowed', () => {
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.convert, anon)), 'signup_required');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.readJob, anon)), 'unauthenticated');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.cancelJob, anon)), 'unauthenticated');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.keys, anon)), 'unauthenticated');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.usage, anon)), 'ok');
  });

  it('free tier, unverified e-mail and missing scopes', () => {
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.convert, key({ tier: 'free' }))), 'api_not_available_on_tier');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.readJob, key({ tier: 'free' }))), 'api_not_available_on_tier');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.usage, key({ tier: 'free' }))), 'ok');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.convert, key({ emailVerified: false }))), 'signup_required');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.readJob, key({ emailVerified: false }))), 'ok');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.convert, key({ scopes: ['jobs:read'] }))), 'forbidden');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.keys, key({ scopes: ['convert'] }))), 'forbidden');
    assert.equal(codeOf(() => enforce(ROUTE_AUTH.convert, key())), 'ok');
  });
});
