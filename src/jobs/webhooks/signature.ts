// Webhook signature (spec §6): X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<raw body>")>.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../../config.js';

export function signWebhook(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does: verify against the exact raw bytes, reject skew over 5 minutes. */
export function verifyWebhookSignature(secret: string, rawBody: string | Buffer, header: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > LIMITS.webhookSkewS) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
