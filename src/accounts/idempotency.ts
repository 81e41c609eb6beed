// Idempotency-Key handling (spec §4 rules 1-5, DECISIONS §3). A record is claimed atomically
// (INSERT … ON CONFLICT DO NOTHING), so two concurrent requests with one key cannot both run.
// Only 2xx responses keep a record; the replay body is stored encrypted (AES-256-GCM) under a key
// derived from the Idempotency-Key and the service secret, so a store dump reveals no key secrets.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { LIMITS } from '../config.js';
import { ServiceError } from '../errors/service-error.js';
import type { Store } from '../store/types.js';

export type IdempotencyBegin =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: unknown };

/** What `complete` stores: a replayable response, or `{ replayable: false }` (a sync convert, rule 5). */
export type IdempotentResponse =
  | { status: number; headers?: Record<string, string>; body: unknown }
  | { replayable: false };

/** Fingerprint of a request: the route plus a hash of its body (or form fields + file SHA-256). */
export function fingerprint(route: string, ...parts: (string | Buffer | Uint8Array)[]): string {
  const h = createHash('sha256').update(route);
  for (const p of parts) h.update('\0').update(p);
  return h.digest('hex');
}

/** Canonical JSON (sorted keys) so that key order does not change a fingerprint. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

const PURGE_INTERVAL_MS = 10 * 60_000;

export class Idempotency {
  private readonly purger: NodeJS.Timeout;

  constructor(private readonly store: Store, private readonly secret: Buffer) {
    this.purger = setInterval(() => void this.purgeExpired().catch(() => {}), PURGE_INTERVAL_MS);
    this.purger.unref();
  }

  close(): void {
    clearInterval(this.purger);
  }

  /**
   * Claims (account, route, key). Returns `new` when this request owns the key now, `replay` with the
   * stored response when it already succeeded; throws 409 idempotency_key_reused (other request, or a
   * non-replayable one) or 409 idempotency_in_progress (first request still in flight).
   */
  async begin(accountId: string, route: string, key: string, fp: string): Promise<IdempotencyBegin> {
    checkKey(key);
    return this.store.tx(async (q) => {
      // Expired records, and claims left pending by a node that died mid-request, free the key.
      await q(
        `DELETE FROM idempotency_records WHERE account_id = $1 AND route = $2 AND idem_key = $3
         AND (expires_at <= now() OR (state = 'pending' AND created_at <= now() - make_interval(secs => $4)))`,
        [accountId, route, key, LIMITS.idempotencyPendingTimeoutS],
      );
      const claimed = await q(
        `INSERT INTO idempotency_records (account_id, route, idem_key, fingerprint, state, expires_at)
         VALUES ($1, $2, $3, $4, 'pending', now() + make_interval(secs => $5))
         ON CONFLICT (account_id, route, idem_key) DO NOTHING RETURNING 1 AS ok`,
        [accountId, route, key, fp, LIMITS.idempotencyTtlS],
      );
      if (claimed.length) return { kind: 'new' } as const;
      const rows = await q<{ fingerprint: string; state: string; replayable: boolean; status: number | null; headers: string | null; body: string | null }>(
        'SELECT fingerprint, state, replayable, status, headers, body FROM idempotency_records WHERE account_id = $1 AND route = $2 AND idem_key = $3',
        [accountId, route, key],
      );
      const r = rows[0];
      if (!r) throw new ServiceError('idempotency_in_progress'); // deleted concurrently: treat as busy, the client retries
      if (r.fingerprint !== fp) throw new ServiceError('idempotency_key_reused');
      if (r.state === 'pending') throw new ServiceError('idempotency_in_progress');
      if (!r.replayable || r.body === null || r.status === null) {
        throw new ServiceError('idempotency_key_reused', 'This Idempotency-Key was used for a synchronous conversion, whose result is not stored; use a new key (or the async path for replay-safe retries).');
      }
      const body = JSON.parse(this.decrypt(r.body, accountId, route, key).toString('utf8'));
      return { kind: 'replay', status: r.status, headers: r.headers ? JSON.parse(r.headers) : {}, body } as const;
    });
  }

  /** Records the outcome of a 2xx request that `begin` answered `new`. */
  async complete(accountId: string, route: string, key: string, response: IdempotentResponse): Promise<void> {
    if ('replayable' in response) {
      await this.store.query(
        `UPDATE idempotency_records SET state = 'done', replayable = false WHERE account_id = $1 AND route = $2 AND idem_key = $3`,
        [accountId, route, key],
      );
      return;
    }
    const body = this.encrypt(Buffer.from(JSON.stringify(response.body ?? null)), accountId, route, key);
    await this.store.query(
      `UPDATE idempotency_records SET state = 'done', replayable = true, status = $4, headers = $5, body = $6
       WHERE account_id = $1 AND route = $2 AND idem_key = $3`,
      [accountId, route, key, response.status, JSON.stringify(response.headers ?? {}), body],
    );
  }

  /** Frees the key after a non-2xx outcome, so the client may retry with it. Idempotent. */
  async release(accountId: string, route: string, key: string): Promise<void> {
    await this.store.query(`DELETE FROM idempotency_records WHERE account_id = $1 AND route = $2 AND idem_key = $3 AND state = 'pending'`, [accountId, route, key]);
  }

  async purgeExpired(): Promise<void> {
    await this.store.query('DELETE FROM idempotency_records WHERE expires_at <= now()', []);
  }

  private keyFor(accountId: string, route: string, idemKey: string): Buffer {
    return Buffer.from(hkdfSync('sha256', Buffer.from(idemKey, 'utf8'), this.secret, `docconv idempotency\n${accountId}\n${route}`, 32));
  }

  private encrypt(plain: Buffer, accountId: string, route: string, idemKey: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.keyFor(accountId, route, idemKey), iv);
    const ct = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64');
  }

  private decrypt(stored: string, accountId: string, route: string, idemKey: string): Buffer {
    const buf = Buffer.from(stored, 'base64');
    const d = createDecipheriv('aes-256-gcm', this.keyFor(accountId, route, idemKey), buf.subarray(0, 12));
    d.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([d.update(buf.subarray(28)), d.final()]);
  }
}

/** Idempotency-Key: 1-255 visible ASCII characters (spec §8). */
export function checkKey(key: string): void {
  if (key.length === 0 || key.length > LIMITS.idempotencyKeyMaxLength || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ServiceError('invalid_request', `Idempotency-Key must be 1-${LIMITS.idempotencyKeyMaxLength} visible ASCII characters.`);
  }
}
