import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeWebhookSignature, parseSignatureHeader, signWebhook, verifyWebhook } from '../../src/client/index.js';

// Vector computed independently:
// printf '%s' '1700000000.<body>' | openssl dgst -sha256 -hmac 'whsec_test_secret_0123456789' -hex
const SECRET = 'whsec_test_secret_0123456789';
const T = 1_700_000_000;
const BODY = '{"type":"job.completed","job_id":"job_123","result_url":"https://docconv.example/v1/jobs/job_123/result?token=abc"}';
const HEX = '1737cacd3a4c2bdcf9639a47526e772869ab662f71220a490661b4a5ce47932b';
const HEADER = `t=${T},v1=${HEX}`;

test('computes the HMAC-SHA256 of "<t>.<raw body>" as lowercase hex (known vector)', () => {
  assert.equal(computeWebhookSignature(BODY, T, SECRET), HEX);
  assert.equal(computeWebhookSignature(Buffer.from(BODY), T, SECRET), HEX);
  assert.equal(signWebhook(BODY, SECRET, T), HEADER);
});

test('accepts the vector within the 300 s tolerance, from a string or the raw bytes', () => {
  assert.equal(verifyWebhook(BODY, HEADER, SECRET, { nowS: T }), true);
  assert.equal(verifyWebhook(Buffer.from(BODY), HEADER, SECRET, { nowS: T + 300 }), true);
  assert.equal(verifyWebhook(BODY, HEADER, SECRET, { nowS: T - 300, toleranceS: 300 }), true);
});

test('rejects a skew over the tolerance, in either direction', () => {
  assert.equal(verifyWebhook(BODY, HEADER, SECRET, { nowS: T + 301 }), false);
  assert.equal(verifyWebhook(BODY, HEADER, SECRET, { nowS: T - 301 }), false);
  assert.equal(verifyWebhook(BODY, HEADER, SECRET, { nowS: T + 30, toleranceS: 10 }), false);
});

test('rejects a changed body, re-serialised JSON, a wrong secret or a forged timestamp', () => {
  assert.equal(verifyWebhook(BODY.replace('job_123', 'job_124'), HEADER, SECRET, { nowS: T }), false);
  assert.equal(verifyWebhook(JSON.stringify(JSON.parse(BODY), null, 1), HEADER, SECRET, { nowS: T }), false);
  assert.equal(verifyWebhook(BODY, HEADER, 'another_secret_0123456789', { nowS: T }), false);
  assert.equal(verifyWebhook(BODY, `t=${T + 1},v1=${HEX}`, SECRET, { nowS: T }), false);
});

test('rejects malformed headers without throwing', () => {
  for (const header of [undefined, null, '', 'garbage', `t=${T}`, `v1=${HEX}`, `t=abc,v1=${HEX}`, `t=${T},v1=${HEX.slice(2)}`, `t=${T},v1=zz${HEX.slice(2)}`]) {
    assert.equal(verifyWebhook(BODY, header, SECRET, { nowS: T }), false, String(header));
  }
  assert.equal(verifyWebhook(BODY, HEADER, '', { nowS: T }), false);
});

test('accepts any of several v1 signatures (secret rollover) and tolerates spaces and case', () => {
  const other = 'a'.repeat(64);
  assert.equal(verifyWebhook(BODY, `t=${T}, v1=${other}, v1=${HEX.toUpperCase()}`, SECRET, { nowS: T }), true);
  assert.deepEqual(parseSignatureHeader(`t=${T},v1=${HEX}`), { t: T, v1: [HEX] });
});

test('uses the current time by default', () => {
  const header = signWebhook(BODY, SECRET);
  assert.equal(verifyWebhook(BODY, header, SECRET), true);
  assert.equal(verifyWebhook(BODY, signWebhook(BODY, SECRET, Math.floor(Date.now() / 1000) - 3600), SECRET), false);
});
