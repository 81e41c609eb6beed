// The per-IP rate-limit bucket of a client address (DECISIONS §9): IPv4 as is (IPv4-mapped IPv6
// too), IPv6 grouped by its /64, since one subscriber routinely holds a whole /64 and could
// otherwise rotate addresses to get a fresh bucket per request.
import { isIPv4, isIPv6 } from 'node:net';

/** Expands an IPv6 literal into its 8 groups (numbers); null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let addr = ip.replace(/%.*$/, ''); // zone id
  let tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(addr);
  if (v4) {
    const o = v4[1].split('.').map(Number);
    tail = [(o[0] << 8) | o[1], (o[2] << 8) | o[3]];
    addr = addr.slice(0, -v4[1].length) + (addr.endsWith('::' + v4[1]) ? '' : '0');
    if (addr.endsWith(':0')) addr = addr.slice(0, -2);
  }
  const [head, rest] = addr.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').filter((x) => x !== '').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = [...parse(rest), ...tail];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return null;
  return [...left, ...new Array<number>(missing).fill(0), ...right];
}

export function rateKeyForIp(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 client itself.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  return `${g.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}
