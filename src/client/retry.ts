// Retry policy of the client (spec §7 "Client retry guidance"): retry 429 and 5xx (except
// 502 conversion_failed: the document itself failed, a retry would fail the same way) honouring
// Retry-After, otherwise exponential backoff with jitter; bounded attempts. Pure functions only.

export interface RetryPolicy {
  /** Total attempts including the first; 1 disables retries. */
  maxAttempts: number;
  /** First backoff step in milliseconds; doubles per attempt. */
  baseDelayMs: number;
  /** Ceiling of one backoff step. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is raised instead. */
  maxRetryAfterMs: number;
  /** Retry when no HTTP answer came back (connection refused or reset before any status). */
  retryNetworkErrors: boolean;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 120_000,
  retryNetworkErrors: true,
};

/** Whether an HTTP answer may be retried. Never a 2xx/3xx/4xx other than 429. */
export function isRetryableStatus(status: number, code: string | undefined): boolean {
  if (status === 429) return true;
  if (status === 502 && code === 'conversion_failed') return false;
  return status >= 500 && status <= 599;
}

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1). With a Retry-After it is honoured
 * (plus up to 10 % jitter so that many clients do not return in lockstep); otherwise "equal jitter"
 * exponential backoff: half the step fixed, half random.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterS: number | undefined, random: () => number = Math.random): number {
  if (retryAfterS !== undefined) {
    const ms = retryAfterS * 1000;
    return Math.round(ms + ms * 0.1 * random());
  }
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

/** Decides whether to retry after attempt `attempt` failed; returns the delay or null. */
export function nextRetry(
  policy: RetryPolicy,
  attempt: number,
  failure: { kind: 'status'; status: number; code?: string; retryAfterS?: number } | { kind: 'network' },
  random: () => number = Math.random,
): number | null {
  if (attempt >= policy.maxAttempts) return null;
  if (failure.kind === 'network') return policy.retryNetworkErrors ? retryDelayMs(policy, attempt, undefined, random) : null;
  if (!isRetryableStatus(failure.status, failure.code)) return null;
  if (failure.retryAfterS !== undefined && failure.retryAfterS * 1000 > policy.maxRetryAfterMs) return null;
  return retryDelayMs(policy, attempt, failure.retryAfterS, random);
}
