// Named budgets of the job machinery (STYLE: no bare numbers in code). Spec-fixed values
// (sync gate, webhook schedule, SSE heartbeat, record TTL) live in src/config.ts LIMITS.

export const JOB_LIMITS = {
  /** Jobs converted at once by one node's scheduler (each also holds its account's slot). */
  schedulerConcurrency: 4,
  /** How often a node refreshes the heartbeat of the jobs it owns. */
  heartbeatIntervalMs: 5_000,
  /** A non-terminal job whose owner has not beaten for this long is orphaned (crash recovery). */
  staleAfterMs: 30_000,
  /** A job's terminal step (complete/fail) refused by the store is retried after these waits, then by each sweep. */
  finishRetryDelaysMs: [0, 500, 2_000, 5_000],
  /** How often recovery and purges run. */
  sweepIntervalMs: 10_000,
  /** How often the webhook poller looks for due deliveries. */
  webhookPollMs: 1_000,
  /** A claimed delivery is exclusive to its node this long (covers the 15 s timeout). */
  webhookLeaseMs: 60_000,
  /** Deliveries claimed per poll. */
  webhookBatch: 10,
  /** Deliveries in flight per node, each independent of the others. */
  webhookMaxInFlight: 32,
  /** Deliveries in flight per target host. */
  webhookPerHost: 4,
  /** A delivery whose host is at its cap is claimable again after this. */
  webhookHostBusyRetryMs: 1_000,
  /**
   * `page` events of a running job are committed at most this often (the first at once): the
   * pages of an interval share one transaction (issue 11 item 3). Short enough for live progress.
   */
  pageEventIntervalMs: 100,
  /** SSE `retry:` hint: how long a client waits before reconnecting a dropped stream. */
  sseRetryMs: 2_000,
  /** Jitter applied to each retry delay (DECISIONS §5: ±10 %). */
  webhookJitter: 0.1,
} as const;

export const JOB_STATUSES = ['queued', 'warming', 'processing', 'completed', 'failed'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];
export const TERMINAL_STATUSES: readonly JobStatusName[] = ['completed', 'failed'];
