// SSRF guard (DECISIONS §5): a webhook target must resolve only to public addresses, unless its
// host is allow-listed (DOCCONV_WEBHOOK_ALLOW_HOSTS). Pure: no DNS here.
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
// IPv4: unspecified, "this network", private, loopback, CGNAT, link-local, IETF protocol
// assignments, TEST-NETs, benchmarking, multicast, reserved, broadcast.
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4');
// IPv6: unspecified, loopback, NAT64 well-known, discard, documentation, ULA, link-local,
// site-local (deprecated), multicast, 6to4 and Teredo (both can tunnel to private IPv4).
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2002::', 16], ['2001::', 32],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv6');

/** The embedded IPv4 of an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True when the address is a globally routable unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return isPublicAddress(v4);
    // Anything outside 2000::/3 (global unicast) is not public.
    const first = parseInt(expandFirstHextet(bare), 16);
    if (!(first >= 0x2000 && first <= 0x3fff)) return false;
    return !BLOCKED.check(bare, 'ipv6');
  }
  return !BLOCKED.check(bare, 'ipv4');
}

function expandFirstHextet(v6: string): string {
  if (v6.startsWith('::')) return '0';
  return v6.split(':')[0] || '0';
}

export function isAllowListed(host: string, allowHosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowHosts.includes(h);
}
