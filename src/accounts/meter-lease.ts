// One lease for meters (issue 10 item 11, DECISIONS §3): a conversion holds a concurrency slot and
// a page reservation under one holder id from acceptance to a terminal state. The lease is the only
// way the API and the job service touch them: acquire (slot, then pages) → settle once, either
// `charge` (completed: the reservation becomes usage, the slot is freed) or `release` (failed,
// cancelled, refused: nothing charged). Settling is idempotent, and a holder whose charge is due is
// never released, even when the store refused the charge: it is retried until it goes through.
import { LIMITS } from '../config.js';
import type { Metering } from './metering.js';
import type { Query } from '../store/types.js';

export interface LeaseLogger {
  warn(o: object, msg: string): void;
}

/** A holder's meters; both settle calls are idempotent and never reject (failures are retried). */
export interface MeterLease {
  readonly holderId: string;
  /**
   * Completion: charge the reservation, free the slot. Wins over any later `release`. `pages`:
   * charge only that many of the reserved pages (DECISIONS §8: only delivered pages).
   */
  charge(pages?: number): Promise<void>;
  /** Failure or refusal: drop the reservation and free the slot, no charge. A no-op once charged. */
  release(): Promise<void>;
  /**
   * `charge` or `release` inside the caller's transaction (a job's terminal step), so the terminal
   * event and the settlement commit together; a release is a no-op once a charge is due. Returns
   * what to run after the commit (the account's meter re-read).
   */
  settleWithin(q: Query, how: 'charge' | 'release', pages?: number): Promise<() => Promise<void>>;
}

/** A lease being admitted: the slot is held; pages are reserved once the document is known. */
export interface AdmissionLease extends MeterLease {
  /** Reserves the document's pages under this holder (402 `quota_exceeded`). */
  reserve(pages: number): Promise<void>;
  /** Renames the holder before the reservation (a sync holder becoming a job id). */
  moveTo(holderId: string): Promise<void>;
}

type Settlement = 'charge' | 'release';

export class MeterLeases {
  /** Holders whose settlement the store refused, retried by a timer; a due charge is never released. */
  private readonly unsettled = new Map<string, Settlement>();
  private timer: NodeJS.Timeout | null = null;
  private retrying: Promise<void> | null = null;
  /** Partial charges (DECISIONS §8) of holders being settled; dropped once settled. */
  private readonly chargePages = new Map<string, number>();

  constructor(private readonly metering: Metering, private readonly log: LeaseLogger) {}

  start(): void {
    this.timer = setInterval(() => void this.retryUnsettled(), LIMITS.meterSettleRetryIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Takes a concurrency slot for `holderId` (429 `concurrency_limit`); the caller must settle the lease. */
  async acquire(accountId: string, holderId: string): Promise<AdmissionLease> {
    await this.metering.acquireSlot(accountId, holderId);
    let holder = holderId;
    const lease: AdmissionLease = {
      get holderId() { return holder; },
      reserve: (pages) => this.metering.reservePages(accountId, pages, holder),
      moveTo: async (next) => { await this.metering.moveHolder(holder, next); holder = next; },
      charge: (pages) => this.settle(holder, 'charge', pages),
      release: () => this.settle(holder, 'release'),
      settleWithin: (q, how, pages) => this.settleWithin(q, holder, how, pages),
    };
    return lease;
  }

  /** The lease of an existing holder (a job after acceptance, a sweep, a cancel). */
  held(holderId: string): MeterLease {
    return {
      holderId,
      charge: (pages) => this.settle(holderId, 'charge', pages),
      release: () => this.settle(holderId, 'release'),
      settleWithin: (q, how, pages) => this.settleWithin(q, holderId, how, pages),
    };
  }

  /** Holders still waiting for the store (tests, operators). */
  pending(): ReadonlyMap<string, Settlement> {
    return this.unsettled;
  }

  /** Retries every unsettled holder once; concurrent calls share one pass. */
  retryUnsettled(): Promise<void> {
    this.retrying ??= (async () => {
      for (const [holder, how] of [...this.unsettled]) {
        if (await this.attempt(holder, how)) this.unsettled.delete(holder);
      }
    })().finally(() => { this.retrying = null; });
    return this.retrying;
  }

  private async settleWithin(q: Query, holderId: string, how: Settlement, pages?: number): Promise<() => Promise<void>> {
    // A charge that is due is never turned into a release (issue 10 item 5).
    if (how === 'release' && this.unsettled.get(holderId) === 'charge') return async () => {};
    const accountId = await this.metering.settleWithin(q, holderId, how === 'charge', pages ?? this.chargePages.get(holderId));
    return async () => {
      this.unsettled.delete(holderId);
      this.chargePages.delete(holderId);
      if (accountId) await this.metering.settled(accountId).catch(() => {});
    };
  }

  private async settle(holderId: string, how: Settlement, pages?: number): Promise<void> {
    const due = this.unsettled.get(holderId);
    if (how === 'charge' && pages !== undefined && due !== 'charge') this.chargePages.set(holderId, pages);
    // A charge that is due is never turned into a release (issue 10 item 5).
    if (how === 'release' && due === 'charge') return;
    if (due) this.unsettled.delete(holderId);
    for (const delayMs of LIMITS.meterSettleRetryDelaysMs) {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs).unref());
      if (how === 'release' && this.unsettled.get(holderId) === 'charge') return;
      if (await this.attempt(holderId, how)) return;
    }
    if (this.unsettled.size >= LIMITS.meterUnsettledMax && how === 'release') {
      // Bounded: a release left behind is found again by the jobs sweep (orphaned holders).
      this.log.warn({ holder: holderId }, 'meter release abandoned to the sweep');
      return;
    }
    this.unsettled.set(holderId, how);
    this.log.warn({ holder: holderId, settlement: how }, 'meter settlement deferred: the store refused it');
  }

  private async attempt(holderId: string, how: Settlement): Promise<boolean> {
    try {
      await this.metering.settleHolder(holderId, how === 'charge', how === 'charge' ? this.chargePages.get(holderId) : undefined);
      this.chargePages.delete(holderId);
      return true;
    } catch {
      return false;
    }
  }
}
