// Webhook signature verification (spec §6, DECISIONS §5): header `X-Service-Signature:
// t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the request's webhook_secret>`.
// Verify against the exact raw bytes received, never re-serialised JSON; reject a skew over 5 min.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SIGNATURE_HEADER = 'X-Service-Signature';
export const DEFAULT_WEBHOOK_TOLERANCE_S = 300;

export interface VerifyWebhookOptions {
  /** Largest accepted |now − t| in seconds (default 300, spec §8). */
  toleranceS?: number;
  /** Current time in unix seconds (for tests). */
  nowS?: number;
}

export interface ParsedSignature {
  t: number;
  v1: string[];
}

/** Parses `t=…,v1=…[,v1=…]`; null when malformed. Several v1 values are allowed (secret rollover). */
export function parseSignatureHeader(header: string): ParsedSignature | null {
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't') {
      if (!/^\d{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (name === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) {
      v1.push(value.toLowerCase());
    }
  }
  if (t === undefined || v1.length === 0) return null;
  return { t, v1 };
}

/** The hex signature of `<t>.<rawBody>` (also what a sender computes). */
export function computeWebhookSignature(rawBody: string | Uint8Array, t: number, secret: string): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${t}.`);
  hmac.update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody);
  return hmac.digest('hex');
}

/** Builds a header value for `rawBody` (for tests and local tooling). */
export function signWebhook(rawBody: string | Uint8Array, secret: string, t: number = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${computeWebhookSignature(rawBody, t, secret)}`;
}

/**
 * True when `header` carries a valid signature of `rawBody` under `secret` and its timestamp is
 * within the tolerance. Comparison is constant-time; any malformed input is simply false.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): boolean {
  if (typeof header !== 'string' || secret.length === 0) return false;
  const parsed = parseSignatureHeader(header);
  if (parsed === null) return false;
  const toleranceS = options.toleranceS ?? DEFAULT_WEBHOOK_TOLERANCE_S;
  const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowS - parsed.t) > toleranceS) return false;
  const expected = Buffer.from(computeWebhookSignature(rawBody, parsed.t, secret), 'hex');
  let ok = false;
  for (const candidate of parsed.v1) {
    // Every candidate is compared (no early exit) so timing does not reveal which one matched.
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) ok = true;
  }
  return ok;
}
