// Accounts and keys with an in-memory cache of key lookups (DECISIONS §2 hot path): an
// authenticated request never waits on the store once its key is known. Every change (revoke,
// rotate, account update) invalidates at once, locally and on other nodes through NOTIFY.
import { randomUUID } from 'node:crypto';
import { LIMITS, TIERS, isTierName, type TierName } from '../config.js';
import { ServiceError } from '../errors/service-error.js';
import type { Store } from '../store/types.js';
import { generateKey, hashSecret as hashOf, parseKey, randomId, sameHash } from './keys.js';
import * as repo from './repo.js';
import { ACCOUNT_KEY_SCOPES, enforce, type Caller, type KeyCaller, type Scope } from './scopes.js';

export const ACCOUNTS_CHANNEL = 'docconv_accounts';
const NEGATIVE_TTL_MS = 30_000;
const NEGATIVE_MAX = 10_000;

interface CachedKey { accountId: string; secretHash: string; scopes: readonly Scope[]; revoked: boolean }
interface CachedAccount { tier: TierName; emailVerified: boolean }

export interface ApiKeyView { key_id: string; last4: string; scopes: Scope[]; created_at: string; revoked_at?: string; tier: TierName }
export interface ApiKeyCreated { key: string; key_id: string; last4: string; scopes: Scope[]; created_at: string }

export const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class AccountService {
  private readonly keys = new Map<string, CachedKey>();
  private readonly unknownKeys = new Map<string, number>();
  private readonly accounts = new Map<string, CachedAccount>();
  private readonly loadingKeys = new Map<string, Promise<CachedKey | null>>();
  private readonly loadingAccounts = new Map<string, Promise<CachedAccount | null>>();
  /** Bumped by every invalidation: a store read that started before it must not fill the cache. */
  private epoch = 0;
  private readonly nodeId = randomUUID();
  private unlisten: (() => Promise<void>) | null = null;
  /** Listeners told about account changes (the metering cache). */
  private readonly accountChanged = new Set<(accountId: string) => void>();

  constructor(private readonly store: Store) {}

  async start(): Promise<void> {
    this.unlisten = await this.store.listen(ACCOUNTS_CHANNEL, (payload) => this.onNotify(payload));
    this.store.onResync?.(() => this.clearCaches());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** A preHandler that demands `scope` of the caller (route config `{ scope }` does the same in onRequest). */
  requireScope(scope: Scope): (request: { caller: Caller }) => Promise<void> {
    return async (request) => enforce({ mode: 'key', scope }, request.caller ?? { kind: 'anonymous', ip: '' });
  }

  onAccountChange(fn: (accountId: string) => void): void {
    this.accountChanged.add(fn);
  }

  /** Resolves a presented API key to its caller; 401 invalid_api_key when malformed, unknown or revoked. */
  async authenticate(token: string, ip: string): Promise<KeyCaller> {
    const parsed = parseKey(token);
    if (!parsed) throw new ServiceError('invalid_api_key');
    const key = this.keys.get(parsed.keyId) ?? (await this.loadKey(parsed.keyId));
    if (!key || key.revoked || !sameHash(key.secretHash, hashOf(parsed.secret))) throw new ServiceError('invalid_api_key');
    const account = await this.account(key.accountId);
    if (!account) throw new ServiceError('invalid_api_key');
    return { kind: 'key', accountId: key.accountId, keyId: parsed.keyId, scopes: key.scopes, tier: account.tier, emailVerified: account.emailVerified, ip };
  }

  /**
   * True when the key's id is in this node's cache (its check costs no store read). A caller with
   * any other key pays its client IP's bucket first (issue 10 item 6).
   */
  isCachedKey(token: string): boolean {
    const parsed = parseKey(token);
    return parsed !== null && this.keys.has(parsed.keyId);
  }

  /** The account's tier and e-mail flag (cached); null when unknown. */
  async account(accountId: string): Promise<CachedAccount | null> {
    const hit = this.accounts.get(accountId);
    if (hit) return hit;
    let p = this.loadingAccounts.get(accountId);
    if (!p) {
      const epoch = this.epoch;
      p = repo.findAccount(this.store.query, accountId).then((row) => {
        const value = row ? { tier: row.tier, emailVerified: row.email_verified } : null;
        if (value && epoch === this.epoch) this.accounts.set(accountId, value);
        return value;
      });
      this.loadingAccounts.set(accountId, p);
      p.finally(() => this.loadingAccounts.delete(accountId)).catch(() => {});
    }
    return p;
  }

  async createAccount(tier: string, emailVerified: boolean): Promise<{ account_id: string; tier: TierName; key: string; key_id: string }> {
    if (!isTierName(tier)) throw new ServiceError('invalid_plan', `Unknown tier "${tier.slice(0, 40)}"; known tiers: ${Object.keys(TIERS).join(', ')}.`);
    const accountId = `acc_${randomId(16)}`;
    const k = generateKey();
    await this.store.tx(async (q) => {
      await repo.insertAccount(q, { id: accountId, tier, email_verified: emailVerified });
      await repo.insertKey(q, { keyId: k.keyId, accountId, last4: k.last4, secretHash: k.secretHash, scopes: ACCOUNT_KEY_SCOPES });
    });
    this.unknownKeys.delete(k.keyId);
    return { account_id: accountId, tier, key: k.key, key_id: k.keyId };
  }

  async updateAccount(accountId: string, patch: { tier?: string; email_verified?: boolean }): Promise<{ account_id: string; tier: TierName; email_verified: boolean }> {
    if (patch.tier !== undefined && !isTierName(patch.tier)) throw new ServiceError('invalid_plan', `Unknown tier "${patch.tier.slice(0, 40)}"; known tiers: ${Object.keys(TIERS).join(', ')}.`);
    const row = await repo.updateAccount(this.store.query, accountId, { tier: patch.tier as TierName | undefined, email_verified: patch.email_verified });
    if (!row) throw new ServiceError('not_found', 'No such account.');
    await this.invalidate('a', accountId);
    return { account_id: row.id, tier: row.tier, email_verified: row.email_verified };
  }

  async listKeys(accountId: string): Promise<ApiKeyView[]> {
    const account = await this.account(accountId);
    const rows = await repo.listKeys(this.store.query, accountId);
    return rows.map((r) => {
      const v: ApiKeyView = { key_id: r.key_id, last4: r.last4, scopes: repo.scopesFromText(r.scopes), created_at: rfc3339(r.created_at), tier: account?.tier ?? 'free' };
      if (r.revoked_at) v.revoked_at = rfc3339(r.revoked_at);
      return v;
    });
  }

  async createKey(accountId: string, scopes: readonly Scope[]): Promise<ApiKeyCreated> {
    const k = generateKey();
    // Active keys per account are bounded (issue 10 item 10); the account row lock serialises creates.
    const createdAt = await this.store.tx(async (q) => {
      await q('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
      if ((await repo.countActiveKeys(q, accountId)) >= LIMITS.maxActiveKeysPerAccount) {
        throw new ServiceError('invalid_state', `An account may hold at most ${LIMITS.maxActiveKeysPerAccount} active keys; revoke one first.`);
      }
      return repo.insertKey(q, { keyId: k.keyId, accountId, last4: k.last4, secretHash: k.secretHash, scopes });
    });
    await this.invalidate('k', k.keyId); // clears a negative cache entry on every node
    return { key: k.key, key_id: k.keyId, last4: k.last4, scopes: [...scopes], created_at: rfc3339(createdAt) };
  }

  /** Revokes an active key of the account; 404 key_not_found when unknown, revoked or another account's. */
  async revokeKey(accountId: string, keyId: string): Promise<void> {
    const row = await repo.revokeKey(this.store.query, accountId, keyId);
    if (!row) throw new ServiceError('key_not_found');
    await this.invalidate('k', keyId);
  }

  /**
   * Revokes the key and issues a new key id with the same scopes, in one transaction. The caller
   * must hold every scope of the rotated key (DECISIONS §9): else a `keys:manage`-only key could
   * rotate the account's full key and receive all its scopes. 403 `forbidden` rolls back the revoke.
   */
  async rotateKey(accountId: string, keyId: string, callerScopes: readonly Scope[]): Promise<ApiKeyCreated> {
    const k = generateKey();
    const result = await this.store.tx(async (q) => {
      const old = await repo.revokeKey(q, accountId, keyId);
      if (!old) throw new ServiceError('key_not_found');
      const scopes = repo.scopesFromText(old.scopes);
      const missing = scopes.filter((s) => !callerScopes.includes(s));
      if (missing.length) throw new ServiceError('forbidden', `Rotating a key needs every scope it holds; missing: ${missing.join(', ')}.`);
      const createdAt = await repo.insertKey(q, { keyId: k.keyId, accountId, last4: k.last4, secretHash: k.secretHash, scopes });
      return { key: k.key, key_id: k.keyId, last4: k.last4, scopes, created_at: rfc3339(createdAt) };
    });
    this.unknownKeys.delete(k.keyId);
    await this.invalidate('k', keyId);
    return result;
  }

  private async loadKey(keyId: string): Promise<CachedKey | null> {
    const neg = this.unknownKeys.get(keyId);
    if (neg !== undefined && neg > Date.now()) {
      // LRU: a hit moves to the young end, so a flood of fresh ids evicts the idle ones first.
      this.unknownKeys.delete(keyId);
      this.unknownKeys.set(keyId, neg);
      return null;
    }
    let p = this.loadingKeys.get(keyId);
    if (!p) {
      const epoch = this.epoch;
      p = repo.findKey(this.store.query, keyId).then((row) => {
        const fresh = epoch === this.epoch;
        if (!row) {
          if (fresh) this.rememberUnknown(keyId);
          return null;
        }
        const value: CachedKey = { accountId: row.account_id, secretHash: row.secret_hash, scopes: repo.scopesFromText(row.scopes), revoked: row.revoked_at !== null };
        if (fresh) this.keys.set(keyId, value);
        return value;
      });
      this.loadingKeys.set(keyId, p);
      p.finally(() => this.loadingKeys.delete(keyId)).catch(() => {});
    }
    return p;
  }

  /** Bounded LRU (a Map keeps insertion order): the least recently seen id goes, never the whole cache. */
  private rememberUnknown(keyId: string) {
    this.unknownKeys.delete(keyId);
    while (this.unknownKeys.size >= NEGATIVE_MAX) {
      const oldest = this.unknownKeys.keys().next().value;
      if (oldest === undefined) break;
      this.unknownKeys.delete(oldest);
    }
    this.unknownKeys.set(keyId, Date.now() + NEGATIVE_TTL_MS);
  }

  /** Negative-cache size (tests, metrics). */
  get unknownKeyCount(): number {
    return this.unknownKeys.size;
  }

  private drop(kind: string, id: string) {
    this.epoch++;
    if (kind === 'k') {
      this.keys.delete(id);
      this.unknownKeys.delete(id);
    } else if (kind === 'a') {
      this.accounts.delete(id);
      for (const fn of this.accountChanged) fn(id);
    }
  }

  private async invalidate(kind: 'a' | 'k', id: string) {
    this.drop(kind, id);
    await this.store.notify(ACCOUNTS_CHANNEL, `${this.nodeId} ${kind} ${id}`);
  }

  private onNotify(payload: string) {
    const [node, kind, id] = payload.split(' ');
    if (node === this.nodeId || !kind || !id) return;
    this.drop(kind, id);
  }

  private clearCaches() {
    this.epoch++;
    this.keys.clear();
    this.unknownKeys.clear();
    for (const id of this.accounts.keys()) for (const fn of this.accountChanged) fn(id);
    this.accounts.clear();
  }
}
