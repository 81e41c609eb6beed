// Data access for accounts and API keys. SQL only; no caching, no policy.
import type { TierName } from '../config.js';
import type { Query } from '../store/types.js';
import type { Scope } from './scopes.js';

export interface AccountRow { id: string; tier: TierName; email_verified: boolean }
export interface KeyRow {
  key_id: string; account_id: string; last4: string; secret_hash: string; scopes: string;
  created_at: Date; revoked_at: Date | null;
}

export const scopesToText = (s: readonly Scope[]) => s.join(' ');
export const scopesFromText = (t: string) => (t ? (t.split(' ') as Scope[]) : []);

export async function insertAccount(q: Query, a: AccountRow): Promise<void> {
  await q('INSERT INTO accounts (id, tier, email_verified) VALUES ($1, $2, $3)', [a.id, a.tier, a.email_verified]);
}

/** Account and key ids are ours (alphanumeric, `_`): one from a URL that cannot be one (NUL and other
 *  bytes the store rejects, absurd length) matches nothing, without asking the store. */
export function isPlausibleId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}

export async function updateAccount(q: Query, id: string, patch: { tier?: TierName; email_verified?: boolean }): Promise<AccountRow | null> {
  if (!isPlausibleId(id)) return null;
  const rows = await q<AccountRow>(
    `UPDATE accounts SET tier = coalesce($2, tier), email_verified = coalesce($3, email_verified), updated_at = now()
     WHERE id = $1 RETURNING id, tier, email_verified`,
    [id, patch.tier ?? null, patch.email_verified ?? null],
  );
  return rows[0] ?? null;
}

export async function findAccount(q: Query, id: string): Promise<AccountRow | null> {
  if (!isPlausibleId(id)) return null;
  const rows = await q<AccountRow>('SELECT id, tier, email_verified FROM accounts WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function insertKey(q: Query, k: { keyId: string; accountId: string; last4: string; secretHash: string; scopes: readonly Scope[] }): Promise<Date> {
  const rows = await q<{ created_at: Date }>(
    'INSERT INTO api_keys (key_id, account_id, last4, secret_hash, scopes) VALUES ($1, $2, $3, $4, $5) RETURNING created_at',
    [k.keyId, k.accountId, k.last4, k.secretHash, scopesToText(k.scopes)],
  );
  return rows[0].created_at;
}

export async function countActiveKeys(q: Query, accountId: string): Promise<number> {
  const rows = await q<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL', [accountId]);
  return Number(rows[0].n);
}

export async function findKey(q: Query, keyId: string): Promise<KeyRow | null> {
  if (!isPlausibleId(keyId)) return null;
  const rows = await q<KeyRow>('SELECT key_id, account_id, last4, secret_hash, scopes, created_at, revoked_at FROM api_keys WHERE key_id = $1', [keyId]);
  return rows[0] ?? null;
}

export async function listKeys(q: Query, accountId: string): Promise<KeyRow[]> {
  return q<KeyRow>(
    'SELECT key_id, account_id, last4, secret_hash, scopes, created_at, revoked_at FROM api_keys WHERE account_id = $1 ORDER BY created_at, key_id',
    [accountId],
  );
}

/** Revokes an active key of the account; returns the row as it was, or null when none matched. */
export async function revokeKey(q: Query, accountId: string, keyId: string): Promise<KeyRow | null> {
  if (!isPlausibleId(keyId)) return null;
  const rows = await q<KeyRow>(
    `UPDATE api_keys SET revoked_at = now() WHERE key_id = $1 AND account_id = $2 AND revoked_at IS NULL
     RETURNING key_id, account_id, last4, secret_hash, scopes, created_at, revoked_at`,
    [keyId, accountId],
  );
  return rows[0] ?? null;
}
