import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from '../../src/jobs/webhooks/address-policy.js';
import { signWebhook, verifyWebhookSignature } from '../../src/jobs/webhooks/signature.js';
import { validateWebhookTarget } from '../../src/jobs/webhooks/validate.js';
import { sendSignedWebhook } from '../../src/jobs/webhooks/send.js';
import { nextRetryDelayS } from '../../src/jobs/webhooks/deliverer.js';
import { LIMITS } from '../../src/config.js';

test('non-public addresses are refused (IPv4, IPv6, IPv4-mapped)', () => {
  const blocked = [
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '100.127.255.254', '0.0.0.0', '224.0.0.1', '239.1.1.1', '255.255.255.255', '192.0.2.1', '198.18.0.1',
    '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1',
    '::ffff:169.254.169.254', '64:ff9b::a00:1', '2001:db8::1', '2002:7f00:1::', 'fec0::1', '[::1]', 'not-an-ip',
  ];
  for (const a of blocked) assert.equal(isPublicAddress(a), false, a);
  for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001::1']) {
    assert.equal(isPublicAddress(a), true, a);
  }
});

test('request-time validation: https, public host, secret length, allow-list', () => {
  const ok = 'https://hooks.example.com/x';
  assert.equal(validateWebhookTarget(ok, 'x'.repeat(16), []).hostname, 'hooks.example.com');
  const bad: [string, string][] = [
    ['http://hooks.example.com/x', 'x'.repeat(16)],
    [ok, 'x'.repeat(15)],
    ['not a url', 'x'.repeat(16)],
    ['https://127.0.0.1/x', 'x'.repeat(16)],
    ['https://[::1]/x', 'x'.repeat(16)],
    ['https://[::ffff:10.0.0.1]/x', 'x'.repeat(16)],
    ['https://169.254.169.254/latest', 'x'.repeat(16)],
    ['https://localhost/x', 'x'.repeat(16)],
    ['https://intranet/x', 'x'.repeat(16)],
    ['https://user:pw@hooks.example.com/x', 'x'.repeat(16)],
    ['ftp://hooks.example.com/x', 'x'.repeat(16)],
  ];
  for (const [u, s] of bad) assert.throws(() => validateWebhookTarget(u, s, []), (e: { code?: string }) => e.code === 'invalid_request', u);
  assert.equal(validateWebhookTarget('http://127.0.0.1:9/x', 'x'.repeat(16), ['127.0.0.1']).port, '9');
});

test('signature: hex HMAC over "<t>.<raw body>", verified on raw bytes with 5-minute skew', () => {
  const body = '{"type":"job.failed","job_id":"j","error_code":"conversion_failed"}';
  const sig = signWebhook('s'.repeat(16), body, 1_700_000_000);
  const expected = createHmac('sha256', 's'.repeat(16)).update(`1700000000.${body}`).digest('hex');
  assert.equal(sig, `t=1700000000,v1=${expected}`);
  assert.ok(verifyWebhookSignature('s'.repeat(16), body, sig, 1_700_000_100));
  assert.ok(!verifyWebhookSignature('s'.repeat(16), body, sig, 1_700_000_000 + LIMITS.webhookSkewS + 1));
  assert.ok(!verifyWebhookSignature('s'.repeat(16), body + ' ', sig, 1_700_000_000));
  assert.ok(!verifyWebhookSignature('t'.repeat(16), body, sig, 1_700_000_000));
});

test('retry schedule: 5 s, 30 s, 2 min, 10 min, 30 min with ±10 % jitter, then give up', () => {
  const d = LIMITS.webhookRetryDelaysS;
  assert.deepEqual([...d], [5, 30, 120, 600, 1800]);
  for (let i = 1; i <= 5; i++) {
    assert.equal(nextRetryDelayS(i, d, () => 0.5), d[i - 1]);
    assert.ok(Math.abs(nextRetryDelayS(i, d, () => 0)! - d[i - 1] * 0.9) < 1e-9);
    assert.ok(Math.abs(nextRetryDelayS(i, d, () => 0.999999)! - d[i - 1] * 1.1) < 1e-3);
  }
  assert.equal(nextRetryDelayS(6, d), null);
});

test('send: DNS pinned and checked at connect time, no redirects, timeout', async (t) => {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/ok' }).end();
      return;
    }
    if (req.url === '/slow') return; // never answers
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => { server.closeAllConnections(); server.close(); });
  const port = (server.address() as AddressInfo).port;
  const target = (path: string, host = '127.0.0.1') => ({ url: `http://${host}:${port}${path}`, secret: 'x'.repeat(16) });

  assert.deepEqual(await sendSignedWebhook(target('/ok'), 'wh_1', '{}', { allowHosts: ['127.0.0.1'], timeoutMs: 2000 }), { ok: true, status: 204 });
  // Not allow-listed: plain http refused; https to a name resolving to loopback refused before connecting.
  assert.equal((await sendSignedWebhook(target('/ok'), 'wh_1', '{}', { allowHosts: [], timeoutMs: 2000 })).ok, false);
  const rebinding = await sendSignedWebhook({ url: `https://hooks.example.com:${port}/ok`, secret: 'x'.repeat(16) }, 'wh_1', '{}', {
    allowHosts: [], timeoutMs: 2000, resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }],
  });
  assert.deepEqual(rebinding, { ok: false, reason: 'address_not_public' });
  // An allow-listed name connects to the pinned address the resolver gave.
  const pinned = await sendSignedWebhook(target('/ok', 'hooks.test'), 'wh_1', '{}', {
    allowHosts: ['hooks.test'], timeoutMs: 2000, resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  assert.deepEqual(pinned, { ok: true, status: 204 });
  const redirected = await sendSignedWebhook(target('/redirect'), 'wh_1', '{}', { allowHosts: ['127.0.0.1'], timeoutMs: 2000 });
  assert.deepEqual(redirected, { ok: false, status: 302, reason: 'status' });
  const slow = await sendSignedWebhook(target('/slow'), 'wh_1', '{}', { allowHosts: ['127.0.0.1'], timeoutMs: 200 });
  assert.deepEqual(slow, { ok: false, reason: 'timeout' });
  assert.ok(!hits.includes('/ok?followed'));
  assert.equal(hits.filter((h) => h === '/ok').length, 2);
});
