// Rate limits (DECISIONS §3): a token bucket per account (or per client IP), capacity = burst,
// refilled at rpm/60 tokens per second. In process on the embedded store; one atomic statement in
// PostgreSQL when nodes share it.
import type { Tier } from '../config.js';
import type { Store } from '../store/types.js';

export interface RateDecision {
  allowed: boolean;
  /** RateLimit-Limit: the burst. */
  limit: number;
  /** RateLimit-Remaining: whole tokens left. */
  remaining: number;
  /** RateLimit-Reset: whole seconds until the bucket is full. */
  resetS: number;
  /** Retry-After when refused: whole seconds until one token is back. */
  retryAfterS: number;
  /** RateLimit-Policy: `<rpm>;w=60`. */
  policy: string;
}

export interface RateLimiter {
  take(bucket: string, tier: Tier): RateDecision | Promise<RateDecision>;
  close(): void;
}

export interface BucketState { tokens: number; updatedAtS: number }

/** Pure step of a token bucket: refill to `nowS`, then take one token if there is one. */
export function takeToken(state: BucketState | undefined, tier: Tier, nowS: number): { state: BucketState; allowed: boolean } {
  const rate = tier.requestsPerMinute / 60;
  const tokens = state ? Math.min(tier.burst, state.tokens + Math.max(0, nowS - state.updatedAtS) * rate) : tier.burst;
  const allowed = tokens >= 1;
  return { state: { tokens: allowed ? tokens - 1 : tokens, updatedAtS: Math.max(nowS, state?.updatedAtS ?? nowS) }, allowed };
}

export function decide(tokens: number, allowed: boolean, tier: Tier): RateDecision {
  const rate = tier.requestsPerMinute / 60;
  return {
    allowed,
    limit: tier.burst,
    remaining: Math.max(0, Math.floor(tokens)),
    resetS: Math.max(0, Math.ceil((tier.burst - tokens) / rate)),
    retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
    policy: `${tier.requestsPerMinute};w=60`,
  };
}

const SWEEP_INTERVAL_MS = 60_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, BucketState & { burst: number; rate: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = () => performance.timeOrigin / 1000 + performance.now() / 1000) {
    // Forget full buckets: they are equivalent to a fresh one.
    this.sweeper = setInterval(() => {
      const t = this.now();
      for (const [k, b] of this.buckets) if (b.tokens + (t - b.updatedAtS) * b.rate >= b.burst) this.buckets.delete(k);
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  take(bucket: string, tier: Tier): RateDecision {
    const { state, allowed } = takeToken(this.buckets.get(bucket), tier, this.now());
    this.buckets.set(bucket, { ...state, burst: tier.burst, rate: tier.requestsPerMinute / 60 });
    return decide(state.tokens, allowed, tier);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

const TAKE_SQL = `
INSERT INTO rate_buckets AS b (bucket, tokens, updated_at, allowed)
VALUES ($1, $2::float8 - 1, extract(epoch FROM clock_timestamp())::float8, true)
ON CONFLICT (bucket) DO UPDATE SET
  tokens = least($2::float8, b.tokens + greatest(0, excluded.updated_at - b.updated_at) * $3::float8)
         - CASE WHEN least($2::float8, b.tokens + greatest(0, excluded.updated_at - b.updated_at) * $3::float8) >= 1 THEN 1 ELSE 0 END,
  allowed = least($2::float8, b.tokens + greatest(0, excluded.updated_at - b.updated_at) * $3::float8) >= 1,
  updated_at = greatest(b.updated_at, excluded.updated_at)
RETURNING tokens, allowed`;

/**
 * Shared buckets for nodes on one PostgreSQL: one atomic upsert per request. A refused bucket is
 * remembered locally until its next token is due: other nodes can only take tokens, never add
 * them, so no request anywhere can succeed before then and the refusal is exact without the store.
 */
export class PostgresRateLimiter implements RateLimiter {
  private readonly sweeper: NodeJS.Timeout;
  private readonly refused = new Map<string, { tokens: number; atS: number; untilS: number }>();
  private readonly now = () => Date.now() / 1000;

  constructor(private readonly store: Store) {
    this.sweeper = setInterval(() => {
      // Buckets idle for an hour are full again at every tier.
      store.query('DELETE FROM rate_buckets WHERE updated_at < extract(epoch FROM clock_timestamp()) - 3600', []).catch(() => {});
    }, SWEEP_INTERVAL_MS * 10);
    this.sweeper.unref();
  }

  take(bucket: string, tier: Tier): RateDecision | Promise<RateDecision> {
    const rate = tier.requestsPerMinute / 60;
    const known = this.refused.get(bucket);
    if (known) {
      const t = this.now();
      if (t < known.untilS) return decide(Math.min(tier.burst, known.tokens + (t - known.atS) * rate), false, tier);
      this.refused.delete(bucket);
    }
    return this.store.query<{ tokens: number; allowed: boolean }>(TAKE_SQL, [bucket, tier.burst, rate]).then((rows) => {
      const tokens = Number(rows[0].tokens);
      if (!rows[0].allowed) {
        const t = this.now();
        if (this.refused.size > 100_000) this.refused.clear();
        this.refused.set(bucket, { tokens, atS: t, untilS: t + (1 - tokens) / rate });
      }
      return decide(tokens, rows[0].allowed, tier);
    });
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
