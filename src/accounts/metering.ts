// Quota meters, page reservations and concurrency slots (DECISIONS §3), all in the store so they
// survive restarts and are shared by nodes. Each account's meter is cached in memory for the hot
// path (X-Service-Quota-Pages-Remaining, GET /usage); changes refresh it here and, via NOTIFY,
// drop it on the other nodes.
import { randomUUID } from 'node:crypto';
import { LIMITS, TIERS, type TierName } from '../config.js';
import { ServiceError } from '../errors/service-error.js';
import type { Query, Store } from '../store/types.js';
import { periodOf } from './period.js';
import type { AccountService } from './service.js';

export const METERS_CHANNEL = 'docconv_meters';

export interface MeterSnapshot {
  tier: TierName;
  period: string;
  allowance: number;
  used: number;
  reserved: number;
  slotsInUse: number;
  slotLimit: number;
}

export const pagesLeft = (m: MeterSnapshot) => Math.max(0, m.allowance - m.used - m.reserved);

async function readSnapshot(q: Query, accountId: string, tier: TierName): Promise<MeterSnapshot> {
  const t = TIERS[tier];
  const period = periodOf(t);
  const rows = await q<{ used: number; reserved: number; slots: number }>(
    `SELECT
       (SELECT coalesce(max(used), 0)::int FROM page_meters WHERE account_id = $1 AND period = $2) AS used,
       (SELECT coalesce(sum(pages), 0)::int FROM page_reservations WHERE account_id = $1 AND period = $2) AS reserved,
       (SELECT count(*)::int FROM concurrency_slots WHERE account_id = $1) AS slots`,
    [accountId, period],
  );
  const r = rows[0];
  return { tier, period, allowance: t.pagesPerPeriod, used: Number(r.used), reserved: Number(r.reserved), slotsInUse: Number(r.slots), slotLimit: t.concurrency };
}

/** Deletes the holder's reservation, adding its pages (at most `atMost`) to usage when charged; the account, or null. */
async function settleReservation(q: Query, holderId: string, charge: boolean, atMost?: number): Promise<string | null> {
  const rows = await q<{ account_id: string; period: string; pages: number }>(
    'DELETE FROM page_reservations WHERE holder_id = $1 RETURNING account_id, period, pages',
    [holderId],
  );
  const r = rows[0];
  if (!r) return null;
  const pages = atMost === undefined ? r.pages : Math.max(0, Math.min(r.pages, Math.floor(atMost)));
  if (charge && pages > 0) {
    await q(
      `INSERT INTO page_meters (account_id, period, used) VALUES ($1, $2, $3)
       ON CONFLICT (account_id, period) DO UPDATE SET used = page_meters.used + excluded.used`,
      [r.account_id, r.period, pages],
    );
  }
  return r.account_id;
}

/** Locks the account row for the transaction (serialises reservations and slots per account). */
async function lockAccount(q: Query, accountId: string): Promise<TierName> {
  const rows = await q<{ tier: TierName }>('SELECT tier FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  if (!rows[0]) throw new ServiceError('invalid_api_key', 'The account no longer exists.');
  return rows[0].tier;
}

export class Metering {
  private readonly cache = new Map<string, MeterSnapshot>();
  private readonly loading = new Map<string, Promise<MeterSnapshot>>();
  private epoch = 0;
  private readonly nodeId = randomUUID();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly store: Store, private readonly accounts: AccountService) {
    accounts.onAccountChange((id) => this.drop(id));
  }

  async start(): Promise<void> {
    this.unlisten = await this.store.listen(METERS_CHANNEL, (payload) => {
      const [node, id] = payload.split(' ');
      if (node !== this.nodeId && id) this.drop(id);
    });
    this.store.onResync?.(() => { this.epoch++; this.cache.clear(); });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /** The account's meter for the current period (memory first). */
  async snapshot(accountId: string): Promise<MeterSnapshot> {
    const hit = this.cache.get(accountId);
    if (hit && hit.period === periodOf(TIERS[hit.tier])) return hit;
    let p = this.loading.get(accountId);
    if (!p) {
      const epoch = this.epoch;
      p = (async () => {
        const account = await this.accounts.account(accountId);
        const snap = await readSnapshot(this.store.query, accountId, account?.tier ?? 'free');
        if (epoch === this.epoch && account) this.cache.set(accountId, snap);
        return snap;
      })();
      this.loading.set(accountId, p);
      p.finally(() => this.loading.delete(accountId)).catch(() => {});
    }
    return p;
  }

  async pagesRemaining(accountId: string): Promise<number> {
    return pagesLeft(await this.snapshot(accountId));
  }

  /** Reserves `pages` for `holderId`; 402 quota_exceeded when used + reserved + pages > allowance. Idempotent per holder. */
  async reservePages(accountId: string, pages: number, holderId: string): Promise<void> {
    if (!Number.isInteger(pages) || pages < 0) throw new RangeError('pages must be a non-negative integer');
    await this.mutate(accountId, async (q, tier) => {
      if ((await q('SELECT 1 FROM page_reservations WHERE holder_id = $1', [holderId])).length) return;
      const snap = await readSnapshot(q, accountId, tier);
      if (snap.used + snap.reserved + pages > snap.allowance) {
        throw new ServiceError('quota_exceeded', `The page allowance is exhausted: ${pagesLeft(snap)} of ${snap.allowance} pages left, ${pages} needed.`);
      }
      await q('INSERT INTO page_reservations (holder_id, account_id, period, pages) VALUES ($1, $2, $3, $4)', [holderId, accountId, snap.period, pages]);
      // The account row is locked: the meter after the insert is known without reading it again.
      return { ...snap, reserved: snap.reserved + pages };
    });
  }

  /**
   * Turns the holder's reservation into usage. Idempotent; unknown holders are ignored. `pages`
   * charges fewer than reserved (DECISIONS §8: only delivered pages are charged); never more.
   */
  async chargeReservation(holderId: string, pages?: number): Promise<void> {
    await this.settle(holderId, true, pages);
  }

  /** Drops the holder's reservation with no charge. Idempotent. */
  async releaseReservation(holderId: string): Promise<void> {
    await this.settle(holderId, false);
  }

  /** Takes one concurrency slot for `holderId`; 429 concurrency_limit when all are in use. Idempotent per holder. */
  async acquireSlot(accountId: string, holderId: string): Promise<void> {
    await this.mutate(accountId, async (q, tier) => {
      if ((await q('SELECT 1 FROM concurrency_slots WHERE holder_id = $1', [holderId])).length) return;
      const rows = await q<{ n: number }>('SELECT count(*)::int AS n FROM concurrency_slots WHERE account_id = $1', [accountId]);
      const limit = TIERS[tier].concurrency;
      if (Number(rows[0].n) >= limit) {
        throw new ServiceError('concurrency_limit', `All ${limit} concurrent-conversion slots are in use.`, { 'Retry-After': String(LIMITS.concurrencyRetryAfterS) });
      }
      await q('INSERT INTO concurrency_slots (holder_id, account_id) VALUES ($1, $2)', [holderId, accountId]);
    });
  }

  /** Renames a holder (its slot and any reservation) in one transaction: a sync holder becoming a job. */
  async moveHolder(from: string, to: string): Promise<void> {
    await this.store.tx(async (q) => {
      await q('UPDATE concurrency_slots SET holder_id = $2 WHERE holder_id = $1', [from, to]);
      await q('UPDATE page_reservations SET holder_id = $2 WHERE holder_id = $1', [from, to]);
    });
  }

  /** Frees the holder's slot. Idempotent. */
  async releaseSlot(holderId: string): Promise<void> {
    const rows = await this.store.query<{ account_id: string }>('DELETE FROM concurrency_slots WHERE holder_id = $1 RETURNING account_id', [holderId]);
    if (rows[0]) await this.refresh(rows[0].account_id);
  }

  private async settle(holderId: string, charge: boolean, atMost?: number): Promise<void> {
    const accountId = await this.store.tx((q) => settleReservation(q, holderId, charge, atMost));
    if (accountId) await this.refresh(accountId);
  }

  /**
   * Settles the holder (reservation charged or dropped, slot freed) inside the caller's transaction,
   * so a job's terminal state, its event and its settlement commit together: a client that sees
   * `completed` or `error` finds the slot already free (DECISIONS §3: held to a terminal state).
   * Returns the account whose meter to re-read once the transaction has committed (`settled`).
   */
  async settleWithin(q: Query, holderId: string, charge: boolean, atMost?: number): Promise<string | null> {
    const reserved = await settleReservation(q, holderId, charge, atMost);
    const slot = await q<{ account_id: string }>('DELETE FROM concurrency_slots WHERE holder_id = $1 RETURNING account_id', [holderId]);
    return reserved ?? slot[0]?.account_id ?? null;
  }

  /**
   * Settles the holder in one transaction (reservation charged or dropped, slot freed) and re-reads
   * its account's meter once: what chargeReservation or releaseReservation, then releaseSlot do in
   * two transactions and two re-reads (issue 11 item 3: store round trips of a sync convert).
   * Idempotent; an unknown holder is a no-op.
   */
  async settleHolder(holderId: string, charge: boolean, atMost?: number): Promise<void> {
    const accountId = await this.store.tx((q) => this.settleWithin(q, holderId, charge, atMost));
    if (accountId) await this.refresh(accountId);
  }

  /** Re-reads an account's meter after a `settleWithin` transaction committed. */
  async settled(accountId: string): Promise<void> {
    await this.refresh(accountId);
  }

  /** `fn` may return the meter as it leaves it (saves a read); otherwise it is read after `fn`. */
  private async mutate(accountId: string, fn: (q: Query, tier: TierName) => Promise<MeterSnapshot | void>): Promise<void> {
    const epoch = ++this.epoch;
    const snap = await this.store.tx(async (q) => {
      const tier = await lockAccount(q, accountId);
      return (await fn(q, tier)) ?? readSnapshot(q, accountId, tier);
    });
    if (epoch === this.epoch) this.cache.set(accountId, snap);
    else this.cache.delete(accountId);
    await this.store.notify(METERS_CHANNEL, `${this.nodeId} ${accountId}`);
  }

  private async refresh(accountId: string): Promise<void> {
    this.drop(accountId);
    await this.store.notify(METERS_CHANNEL, `${this.nodeId} ${accountId}`);
    await this.snapshot(accountId).catch(() => {});
  }

  private drop(accountId: string) {
    this.epoch++;
    this.cache.delete(accountId);
  }
}
