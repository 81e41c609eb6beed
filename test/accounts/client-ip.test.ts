import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rateKeyForIp } from '../../src/accounts/client-ip.js';

test('IPv6 clients share one bucket per /64; IPv4 and IPv4-mapped addresses stay per address', () => {
  assert.equal(rateKeyForIp('203.0.113.7'), '203.0.113.7');
  assert.equal(rateKeyForIp('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(rateKeyForIp('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64');
  assert.equal(rateKeyForIp('2001:db8:1:2::1'), '2001:db8:1:2::/64');
  assert.equal(rateKeyForIp('2001:0db8:0001:0002:0:0:0:ffff'), '2001:db8:1:2::/64');
  assert.notEqual(rateKeyForIp('2001:db8:1:3::1'), rateKeyForIp('2001:db8:1:2::1'));
  assert.equal(rateKeyForIp('::1'), '0:0:0:0::/64');
  assert.equal(rateKeyForIp('fe80::1%eth0'), 'fe80:0:0:0::/64');
});
