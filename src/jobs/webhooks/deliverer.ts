// Durable webhook deliveries (DECISIONS §5): rows in the store, claimed by any node's poller with
// a lease, retried after 5 s, 30 s, 2 min, 10 min, 30 min (±10 %), so retries survive a restart.
import { randomBytes } from 'node:crypto';
import { LIMITS } from '../../config.js';
import { JOB_LIMITS } from '../constants.js';
import { openWithSecret, sealWithSecret } from '../crypto.js';
import type { JobsDb, Query } from '../db.js';
import { sendSignedWebhook, type SendOptions, type SendOutcome } from './send.js';

export interface WebhookTarget {
  url: string;
  secret: string;
}

export type WebhookBody =
  | { type: 'job.completed'; job_id: string; result_url: string }
  | { type: 'job.failed'; job_id: string; error_code: string };

export interface DelivererOptions {
  db: JobsDb;
  secret: Buffer;
  nodeId: string;
  allowHosts: readonly string[];
  retryDelaysS?: readonly number[];
  /** A job.completed retry later than this after the first attempt would carry an expired result_url. */
  resultTtlS?: number;
  timeoutMs?: number;
  pollMs?: number;
  resolve?: SendOptions['resolve'];
  log?: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };
  /** Each attempt's outcome (metrics, DECISIONS §8). */
  onOutcome?: (outcome: 'delivered' | 'retrying' | 'abandoned') => void;
}

interface DueRow { id: string; job_id: string; event_type: string; sealed: string; attempts: number; age_ms: number }

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Seconds until the next attempt after `attempts` failed ones, or null when retries are exhausted. */
export function nextRetryDelayS(attempts: number, delays: readonly number[], random = Math.random): number | null {
  const base = delays[attempts - 1];
  if (base === undefined) return null;
  return base * (1 + (random() * 2 - 1) * JOB_LIMITS.webhookJitter);
}

export class WebhookDeliverer {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private again = false;
  private stopped = true;
  private readonly delays: readonly number[];
  private readonly inFlight = new Set<Promise<void>>();
  /** Deliveries in flight per target host (a cap per host: one slow receiver cannot take them all). */
  private readonly perHost = new Map<string, number>();

  constructor(private readonly o: DelivererOptions) {
    this.delays = o.retryDelaysS ?? LIMITS.webhookRetryDelaysS;
  }

  sealTarget(jobId: string, target: WebhookTarget): string {
    return sealWithSecret(this.o.secret, 'webhook', jobId, JSON.stringify(target));
  }

  /** Records a delivery in the caller's transaction; call kick() after commit. */
  async enqueue(q: Query, jobId: string, targetSealed: string, body: WebhookBody): Promise<string> {
    const target = JSON.parse(openWithSecret(this.o.secret, 'webhook', jobId, targetSealed)) as WebhookTarget;
    const id = `wh_${randomBytes(12).toString('hex')}`;
    const sealed = sealWithSecret(this.o.secret, 'delivery', id, JSON.stringify({ target, body: JSON.stringify(body) }));
    await q("INSERT INTO webhook_deliveries (id, job_id, event_type, sealed, status) VALUES ($1, $2, $3, $4, 'pending')", [id, jobId, body.type, sealed]);
    return id;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Look for due deliveries now (after an enqueue). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), ms);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = true;
    try {
      do {
        this.again = false;
        // Each delivery runs on its own (issue 10 item 8): a slow target never holds back the
        // others, the poll only claims what the in-flight bound leaves room for.
        const room = JOB_LIMITS.webhookMaxInFlight - this.inFlight.size;
        if (room <= 0) break;
        const due = await this.claimDue(Math.min(room, JOB_LIMITS.webhookBatch));
        for (const row of due) void this.track(this.attempt(row).catch((err) => this.o.log?.warn({ webhook_id: row.id, err: (err as Error).message }, 'webhook attempt not recorded; retried after its lease')));
        if (due.length === JOB_LIMITS.webhookBatch) this.again = true;
      } while (this.again && !this.stopped);
    } catch (err) {
      this.o.log?.warn({ err: (err as Error).message }, 'webhook poll failed');
    } finally {
      this.running = false;
      if (!this.stopped) this.schedule(this.o.pollMs ?? JOB_LIMITS.webhookPollMs);
    }
  }

  private track(p: Promise<void>): Promise<void> {
    this.inFlight.add(p);
    return p.finally(() => this.inFlight.delete(p));
  }

  private claimDue(limit: number): Promise<DueRow[]> {
    return this.o.db.query<DueRow>(
      `UPDATE webhook_deliveries SET locked_by = $1, locked_until = now() + ($2::integer * interval '1 millisecond')
       WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()
                      AND (locked_until IS NULL OR locked_until < now())
                    ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, job_id, event_type, sealed, attempts, (extract(epoch from (now() - created_at)) * 1000)::bigint AS age_ms`,
      [this.o.nodeId, JOB_LIMITS.webhookLeaseMs, limit],
    );
  }

  private async attempt(row: DueRow): Promise<void> {
    let payload: { target: WebhookTarget; body: string };
    try {
      payload = JSON.parse(openWithSecret(this.o.secret, 'delivery', row.id, row.sealed)) as { target: WebhookTarget; body: string };
    } catch {
      // Sealed under another secret (a node with a different DOCCONV_SECRET) or damaged: it can
      // never be sent, so it fails once instead of being retried every lease (issue 10 item 10).
      await this.o.db.query("UPDATE webhook_deliveries SET status = 'failed', sealed = '', locked_by = NULL, locked_until = NULL, updated_at = now() WHERE id = $1", [row.id]);
      this.o.log?.warn({ webhook_id: row.id, job_id: row.job_id }, 'webhook delivery abandoned: cannot be decrypted');
      return;
    }
    const { target, body } = payload;
    const host = hostOf(target.url);
    if ((this.perHost.get(host) ?? 0) >= JOB_LIMITS.webhookPerHost) {
      // One target host gets at most webhookPerHost deliveries at once; the rest wait their turn.
      await this.o.db.query(
        `UPDATE webhook_deliveries SET locked_by = NULL, locked_until = NULL, next_attempt_at = now() + ($2::integer * interval '1 millisecond') WHERE id = $1`,
        [row.id, JOB_LIMITS.webhookHostBusyRetryMs],
      );
      return;
    }
    this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
    let outcome: SendOutcome;
    try {
      outcome = await sendSignedWebhook(target, row.id, body, {
        allowHosts: this.o.allowHosts,
        timeoutMs: this.o.timeoutMs ?? LIMITS.webhookTimeoutS * 1000,
        resolve: this.o.resolve,
      });
    } finally {
      const n = (this.perHost.get(host) ?? 1) - 1;
      if (n > 0) this.perHost.set(host, n);
      else this.perHost.delete(host);
    }
    const attempts = Number(row.attempts) + 1;
    const log = { webhook_id: row.id, job_id: row.job_id, type: row.event_type, attempt: attempts, status: outcome.status };
    if (outcome.ok) {
      // The sealed payload carried the one-time token: drop it once it has served.
      await this.o.db.query("UPDATE webhook_deliveries SET status = 'delivered', sealed = '', attempts = $2, last_status = $3, locked_by = NULL, locked_until = NULL, updated_at = now() WHERE id = $1", [row.id, attempts, outcome.status]);
      this.o.log?.info(log, 'webhook delivered');
      this.o.onOutcome?.('delivered');
      return;
    }
    let delay = nextRetryDelayS(attempts, this.delays);
    // Retries stay inside the result TTL (DECISIONS §5): past it the result_url is dead anyway.
    if (delay !== null && row.event_type === 'job.completed' && this.o.resultTtlS !== undefined && Number(row.age_ms) + delay * 1000 > this.o.resultTtlS * 1000) delay = null;
    if (delay === null) {
      await this.o.db.query("UPDATE webhook_deliveries SET status = 'failed', sealed = '', attempts = $2, last_status = $3, locked_by = NULL, locked_until = NULL, updated_at = now() WHERE id = $1", [row.id, attempts, outcome.status ?? null]);
      this.o.log?.warn({ ...log, reason: outcome.reason }, 'webhook delivery abandoned');
      this.o.onOutcome?.('abandoned');
      return;
    }
    await this.o.db.query(
      `UPDATE webhook_deliveries SET attempts = $2, last_status = $3, locked_by = NULL, locked_until = NULL, updated_at = now(),
         next_attempt_at = now() + ($4::integer * interval '1 millisecond') WHERE id = $1`,
      [row.id, attempts, outcome.status ?? null, Math.round(delay * 1000)],
    );
    this.o.log?.info({ ...log, reason: outcome.reason, retry_in_s: Math.round(delay) }, 'webhook attempt failed');
    this.o.onOutcome?.('retrying');
    // A short delay (tests) is picked up by the regular poll.
  }

  async purgeOld(): Promise<void> {
    await this.o.db.query(`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < now() - ($1::integer * interval '1 second')`, [LIMITS.jobRecordTtlS]);
  }
}
