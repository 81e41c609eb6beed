// API key format, hashing and comparison (DECISIONS §3): `dc_live_<key_id>_<secret>`, key_id
// alphanumeric, secret 32 random bytes in base62. Only the SHA-256 of the secret is stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'dc_live_';
const KEY_ID_LENGTH = 16;
const SECRET_BYTES = 32;
const SECRET_LENGTH = 43; // ceil(256 / log2(62))
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_RE = /^dc_live_([A-Za-z0-9]{8,64})_([A-Za-z0-9]{32,128})$/;

/** Encodes bytes as a fixed-width base62 string (big-endian integer, zero-padded). */
export function base62(bytes: Uint8Array, width: number): string {
  let n = BigInt('0x' + (Buffer.from(bytes).toString('hex') || '0'));
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, '0');
}

/** A random alphanumeric id of `length` characters (rejection sampling: no modulo bias). */
export function randomId(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export interface NewKey { keyId: string; key: string; last4: string; secretHash: string }

export function generateKey(): NewKey {
  const keyId = randomId(KEY_ID_LENGTH);
  const secret = base62(randomBytes(SECRET_BYTES), SECRET_LENGTH);
  const key = `${KEY_PREFIX}${keyId}_${secret}`;
  return { keyId, key, last4: key.slice(-4), secretHash: hashSecret(secret) };
}

export function parseKey(key: string): { keyId: string; secret: string } | null {
  const m = KEY_RE.exec(key);
  return m ? { keyId: m[1], secret: m[2] } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time comparison of two hex SHA-256 digests. */
export function sameHash(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, 'hex');
  const b = Buffer.from(bHex, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Constant-time comparison of two secrets of any length: hash both sides, then compare. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
