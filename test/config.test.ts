import { test } from 'node:test';
import assert from 'node:assert/strict';
import { totalmem } from 'node:os';
import { ConfigError, loadConfig } from '../src/config.js';

const base = { DOCCONV_DATA_DIR: '/nonexistent-unused', DOCCONV_SECRET: 's'.repeat(32) };

test('DATABASE_URL without DOCCONV_SECRET stops start-up naming the variable (DECISIONS §9)', () => {
  assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://db/x', DOCCONV_DATA_DIR: '/nonexistent-unused' }), (e: Error) => e instanceof ConfigError && /DOCCONV_SECRET/.test(e.message));
  assert.equal(loadConfig({ ...base, DATABASE_URL: 'postgres://db/x' }).databaseUrl, 'postgres://db/x');
});

test('DOCCONV_ADMIN_TOKEN must be at least 32 characters', () => {
  assert.throws(() => loadConfig({ ...base, DOCCONV_ADMIN_TOKEN: 'short-token' }), (e: Error) => e instanceof ConfigError && /DOCCONV_ADMIN_TOKEN/.test(e.message));
  assert.equal(loadConfig({ ...base, DOCCONV_ADMIN_TOKEN: 'a'.repeat(32) }).adminToken, 'a'.repeat(32));
  assert.equal(loadConfig(base).adminToken, undefined);
});

test('capacity settings: defaults and validation', () => {
  const c = loadConfig(base);
  assert.equal(c.maxInflightBytes, Math.max(64, Math.floor(totalmem() / 4 / 1e6)) * 1e6, 'a quarter of the machine');
  assert.equal(c.uploadIdleTimeoutS, 30);
  assert.equal(c.trustProxy, false);
  assert.equal(loadConfig({ ...base, DOCCONV_MAX_INFLIGHT_MB: '512' }).maxInflightBytes, 512e6);
  assert.throws(() => loadConfig({ ...base, DOCCONV_MAX_INFLIGHT_MB: 'lots' }), ConfigError);
  assert.equal(loadConfig({ ...base, DOCCONV_TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ ...base, DOCCONV_TRUST_PROXY: '2' }).trustProxy, 2);
  assert.deepEqual(loadConfig({ ...base, DOCCONV_TRUST_PROXY: '10.0.0.0/8, fd00::/8' }).trustProxy, ['10.0.0.0/8', 'fd00::/8']);
  assert.throws(() => loadConfig({ ...base, DOCCONV_TRUST_PROXY: 'everyone' }), ConfigError);
});
