// One signed webhook POST (DECISIONS §5): DNS resolved here and pinned for the connection (no
// second lookup an attacker could rebind), public addresses only unless allow-listed, no
// redirects (node:http never follows them; a 3xx is simply not a 2xx), a hard total timeout.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isAllowListed, isPublicAddress } from './address-policy.js';
import { signWebhook } from './signature.js';

export interface SendOptions {
  allowHosts: readonly string[];
  timeoutMs: number;
  /** Resolver, replaceable in tests; default: the system resolver, all addresses. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export type SendOutcome = { ok: true; status: number } | { ok: false; status?: number; reason: string };

const defaultResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

export async function sendSignedWebhook(target: { url: string; secret: string }, webhookId: string, body: string, opts: SendOptions): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = isAllowListed(host, opts.allowHosts);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) return { ok: false, reason: 'scheme_not_allowed' };

  // The timeout covers name resolution too (issue 10 item 8): a slow resolver cannot stretch it.
  const deadline = Date.now() + opts.timeoutMs;
  let addresses: { address: string; family: number }[];
  try {
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      let dnsTimer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((r) => { dnsTimer = setTimeout(() => r('timeout'), opts.timeoutMs); });
      const found = await Promise.race([(opts.resolve ?? defaultResolve)(host), timedOut]).finally(() => clearTimeout(dnsTimer));
      if (found === 'timeout') return { ok: false, reason: 'timeout' };
      addresses = found;
    }
  } catch {
    return { ok: false, reason: 'dns_failed' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'dns_failed' };
  // Every address must be public: a name that also resolves privately is refused outright.
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address))) return { ok: false, reason: 'address_not_public' };
  const pinned = addresses[0];

  const t = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'docconv-webhooks/1',
    'webhook-id': webhookId,
    'x-service-signature': signWebhook(target.secret, body, t),
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const done = (o: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const req = mod.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        headers,
        // Connect to the address checked above, whatever the name resolves to now (TLS still
        // verifies the certificate against the host name).
        lookup: ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          o && o.all ? cb(null, [pinned]) : cb(null, pinned.address, pinned.family)) as never,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => done(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, reason: 'status' }));
        res.on('error', () => done({ ok: false, status, reason: 'response_error' }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
      done({ ok: false, reason: 'timeout' });
    }, Math.max(1, deadline - Date.now()));
    req.on('error', () => done({ ok: false, reason: 'connect_error' }));
    req.end(body);
  });
}
