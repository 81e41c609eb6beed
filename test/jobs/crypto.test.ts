import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveResultToken, newNonce, openResult, openWithSecret, sealResult, sealWithSecret, tokenHash, tokensEqual } from '../../src/jobs/crypto.js';

const secret = Buffer.alloc(32, 7);

test('token is base64url HMAC of job id and nonce, re-derivable and job-specific', () => {
  const nonce = newNonce();
  const t1 = deriveResultToken(secret, 'job_a', nonce);
  assert.match(t1, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(deriveResultToken(secret, 'job_a', nonce), t1);
  assert.notEqual(deriveResultToken(secret, 'job_b', nonce), t1);
  assert.notEqual(deriveResultToken(secret, 'job_a', newNonce()), t1);
  assert.notEqual(deriveResultToken(Buffer.alloc(32, 8), 'job_a', nonce), t1);
  assert.ok(tokensEqual(t1, t1));
  assert.ok(!tokensEqual(t1, t1.slice(1)));
  assert.match(tokenHash(t1), /^[0-9a-f]{64}$/);
});

test('result sealing: AES-GCM under the token, authenticated, bound to the job', () => {
  const plain = Buffer.from('MARKER-secret-markdown');
  const sealed = sealResult('tok', 'job_a', plain);
  assert.equal(sealed.indexOf(plain), -1);
  assert.deepEqual(openResult('tok', 'job_a', sealed), plain);
  assert.throws(() => openResult('other', 'job_a', sealed));
  assert.throws(() => openResult('tok', 'job_b', sealed));
  const tampered = Buffer.from(sealed);
  tampered[tampered.length - 1] ^= 1;
  assert.throws(() => openResult('tok', 'job_a', tampered));
});

test('secret sealing round-trips and hides the plaintext', () => {
  const s = sealWithSecret(secret, 'webhook', 'job_a', '{"secret":"abcdefghijklmnop"}');
  assert.ok(!Buffer.from(s, 'base64').toString('latin1').includes('abcdefghijklmnop'));
  assert.equal(openWithSecret(secret, 'webhook', 'job_a', s), '{"secret":"abcdefghijklmnop"}');
  assert.throws(() => openWithSecret(secret, 'delivery', 'job_a', s));
});
