// Tokens and encryption for read-once results and stored webhook secrets (DECISIONS §5).
// A store dump without DOCCONV_SECRET reveals neither tokens, results nor webhook secrets.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** One-time token = base64url(HMAC-SHA256(secret, job_id ‖ nonce)); re-derivable to replay `completed`. */
export function deriveResultToken(secret: Buffer, jobId: string, nonce: string): string {
  return createHmac('sha256', secret).update(jobId).update('\u0000').update(nonce).digest('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokensEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

function deriveKey(ikm: Buffer | string, salt: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, 32));
}

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** The result is sealed under a key derived from its token (HKDF), so only the token holder can read it. */
export function sealResult(token: string, jobId: string, plaintext: Buffer): Buffer {
  return seal(deriveKey(token, jobId, 'docconv result v1'), plaintext, jobId);
}

export function openResult(token: string, jobId: string, sealed: Buffer): Buffer {
  return open(deriveKey(token, jobId, 'docconv result v1'), sealed, jobId);
}

/** Webhook secrets and pending payloads are sealed under DOCCONV_SECRET (needed again by any node). */
export function sealWithSecret(secret: Buffer, purpose: string, id: string, plaintext: string): string {
  return seal(deriveKey(secret, id, `docconv ${purpose} v1`), Buffer.from(plaintext, 'utf8'), id).toString('base64');
}

export function openWithSecret(secret: Buffer, purpose: string, id: string, sealed: string): string {
  return open(deriveKey(secret, id, `docconv ${purpose} v1`), Buffer.from(sealed, 'base64'), id).toString('utf8');
}
