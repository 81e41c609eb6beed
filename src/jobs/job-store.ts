// Data access for job records and their event log (content-free; DECISIONS §5).
import { LIMITS } from '../config.js';
import type { JobStatusName } from './constants.js';
import type { JobsDb, Query } from './db.js';

export type Delivery = 'inline' | 'sse' | 'webhook';

/** Job ids are ours (`job_<hex>`): an id from a URL that cannot be one (NUL, other bytes the store
 *  rejects, absurd length) is an unknown job, answered 404 without asking the store. */
export function isPlausibleJobId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}

export interface JobRecord {
  id: string;
  accountId: string;
  status: JobStatusName;
  pages: number;
  pagesDone: number;
  backend: string | null;
  model: string;
  routeReason: string;
  errorCode: string | null;
  formats: string;
  delivery: Delivery;
  webhookEnc: string | null;
  nodeId: string;
  nonce: string;
}

export type EventKind = 'queued' | 'warming' | 'page' | 'completed' | 'error';

export interface StoredEvent {
  seq: number;
  kind: EventKind;
  data: Record<string, unknown>;
}

interface JobRow {
  id: string; account_id: string; status: JobStatusName; pages: number; pages_done: number;
  backend: string | null; model: string; route_reason: string; error_code: string | null;
  formats: string; delivery: Delivery; webhook_enc: string | null; node_id: string; nonce: string;
}

const COLUMNS = 'id, account_id, status, pages, pages_done, backend, model, route_reason, error_code, formats, delivery, webhook_enc, node_id, nonce';

function toRecord(r: JobRow): JobRecord {
  return {
    id: r.id, accountId: r.account_id, status: r.status, pages: Number(r.pages), pagesDone: Number(r.pages_done),
    backend: r.backend, model: r.model, routeReason: r.route_reason, errorCode: r.error_code, formats: r.formats,
    delivery: r.delivery, webhookEnc: r.webhook_enc, nodeId: r.node_id, nonce: r.nonce,
  };
}

const LIVE = "status IN ('queued', 'warming', 'processing')";

export class JobStore {
  constructor(private readonly db: JobsDb) {}

  async insert(job: Omit<JobRecord, 'pagesDone' | 'backend' | 'errorCode'>, q: Query = (sql, p) => this.db.query(sql, p)): Promise<void> {
    await q(
      `INSERT INTO jobs (id, account_id, status, pages, model, route_reason, formats, delivery, webhook_enc, node_id, nonce)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [job.id, job.accountId, job.status, job.pages, job.model, job.routeReason, job.formats, job.delivery, job.webhookEnc, job.nodeId, job.nonce],
    );
  }

  async get(id: string, q: Query = (sql, p) => this.db.query(sql, p)): Promise<JobRecord | null> {
    if (!isPlausibleJobId(id)) return null;
    const rows = await q<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Moves a live job; returns the updated record, or null when it is gone or already terminal. */
  async update(
    q: Query,
    id: string,
    patch: { status?: JobStatusName; pagesDone?: number; backend?: string; errorCode?: string },
  ): Promise<JobRecord | null> {
    const terminal = patch.status === 'completed' || patch.status === 'failed';
    const rows = await q<JobRow>(
      `UPDATE jobs SET status = COALESCE($2, status), pages_done = COALESCE($3, pages_done),
         backend = COALESCE($4, backend), error_code = COALESCE($5, error_code), updated_at = now(),
         finished_at = CASE WHEN $6::boolean THEN now() ELSE finished_at END
       WHERE id = $1 AND ${LIVE} RETURNING ${COLUMNS}`,
      [id, patch.status ?? null, patch.pagesDone ?? null, patch.backend ?? null, patch.errorCode ?? null, terminal],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Appends to the job's event log; the sequence comes from the job row (row lock = order). */
  async appendEvent(q: Query, id: string, kind: EventKind, data: Record<string, unknown>): Promise<number | null> {
    const rows = await q<{ event_seq: number }>('UPDATE jobs SET event_seq = event_seq + 1 WHERE id = $1 RETURNING event_seq', [id]);
    if (!rows[0]) return null;
    const seq = Number(rows[0].event_seq);
    await q('INSERT INTO job_events (job_id, seq, kind, data) VALUES ($1, $2, $3, $4)', [id, seq, kind, JSON.stringify(data)]);
    return seq;
  }

  /**
   * Appends events of one kind in one statement pair (the sequence block is taken from the job row
   * under its lock, as appendEvent does): a batch of `page` events costs two statements, not two
   * per event. Returns the last sequence number, or null when the job is gone.
   */
  async appendEvents(q: Query, id: string, kind: EventKind, datas: Record<string, unknown>[]): Promise<number | null> {
    if (datas.length === 0) return null;
    if (datas.length === 1) return this.appendEvent(q, id, kind, datas[0]);
    const rows = await q<{ event_seq: number }>('UPDATE jobs SET event_seq = event_seq + $2 WHERE id = $1 RETURNING event_seq', [id, datas.length]);
    if (!rows[0]) return null;
    const last = Number(rows[0].event_seq);
    const seqs = datas.map((_, k) => last - datas.length + 1 + k);
    await q(
      'INSERT INTO job_events (job_id, seq, kind, data) SELECT $1, s, $3, d FROM unnest($2::int[], $4::text[]) AS t(s, d)',
      [id, seqs, kind, datas.map((d) => JSON.stringify(d))],
    );
    return last;
  }

  async eventsAfter(id: string, afterSeq: number): Promise<StoredEvent[]> {
    const rows = await this.db.query<{ seq: number; kind: EventKind; data: string }>(
      'SELECT seq, kind, data FROM job_events WHERE job_id = $1 AND seq > $2 ORDER BY seq',
      [id, afterSeq],
    );
    return rows.map((r) => ({ seq: Number(r.seq), kind: r.kind, data: JSON.parse(r.data) as Record<string, unknown> }));
  }

  /** The last event of a job (a reconnect after the final event gets it again). */
  async lastEvent(id: string): Promise<StoredEvent | null> {
    const rows = await this.db.query<{ seq: number; kind: EventKind; data: string }>(
      'SELECT seq, kind, data FROM job_events WHERE job_id = $1 ORDER BY seq DESC LIMIT 1',
      [id],
    );
    const r = rows[0];
    return r ? { seq: Number(r.seq), kind: r.kind, data: JSON.parse(r.data) as Record<string, unknown> } : null;
  }

  /** Cancel = delete (DECISIONS §5); returns the record when a live job of this account was removed. */
  async deleteLive(id: string, accountId: string): Promise<JobRecord | null> {
    if (!isPlausibleJobId(id)) return null;
    const rows = await this.db.query<JobRow>(`DELETE FROM jobs WHERE id = $1 AND account_id = $2 AND ${LIVE} RETURNING ${COLUMNS}`, [id, accountId]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async beat(nodeId: string): Promise<void> {
    await this.db.query(`UPDATE jobs SET heartbeat_at = now() WHERE node_id = $1 AND ${LIVE}`, [nodeId]);
  }

  /** Live jobs whose owner stopped beating (crash recovery); `anyNode` also takes this node's own. */
  async orphaned(staleAfterMs: number, excludeNode: string | null): Promise<JobRecord[]> {
    const rows = await this.db.query<JobRow>(
      `SELECT ${COLUMNS} FROM jobs WHERE ${LIVE}
         AND (heartbeat_at < now() - ($1::integer * interval '1 millisecond') OR ($2::text IS NOT NULL AND node_id <> $2))
       ORDER BY created_at LIMIT 100`,
      [staleAfterMs, excludeNode],
    );
    return rows.map(toRecord);
  }

  /**
   * Metering holders nobody will settle: sync holders (`sync_<node>_…`) of nodes that stopped
   * beating (single node: of any other process) and job holders without a live job record.
   * `completed`: the holder is a completed job whose charge did not go through (charge, never release).
   */
  async orphanHolders(nodeId: string, singleNode: boolean, staleMs: number): Promise<{ holder_id: string; completed: boolean }[]> {
    const rows = await this.db.query<{ holder_id: string; completed: boolean }>(
      `WITH holders AS (
         SELECT holder_id, created_at AS since FROM page_reservations
         UNION ALL SELECT holder_id, acquired_at AS since FROM concurrency_slots)
       SELECT DISTINCT h.holder_id,
         EXISTS (SELECT 1 FROM jobs j WHERE j.id = h.holder_id AND j.status = 'completed') AS completed
       FROM holders h
       WHERE (h.holder_id LIKE 'sync\\_%' AND h.holder_id NOT LIKE $1
              AND ($2::boolean OR NOT EXISTS (
                SELECT 1 FROM job_nodes n WHERE h.holder_id LIKE 'sync\\_' || n.node_id || '\\_%'
                  AND n.heartbeat_at >= now() - ($3::integer * interval '1 millisecond'))))
          OR (h.holder_id LIKE 'job\\_%' AND h.since < now() - ($3::integer * interval '1 millisecond')
              AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = h.holder_id AND j.status IN ('queued', 'warming', 'processing')))`,
      [`sync\\_${nodeId.replace(/_/g, '\\_')}\\_%`, singleNode, staleMs],
    );
    return rows.map((r) => ({ holder_id: r.holder_id, completed: r.completed === true || (r.completed as unknown) === 't' }));
  }

  async purgeFinished(): Promise<void> {
    await this.db.query(`DELETE FROM jobs WHERE finished_at IS NOT NULL AND finished_at < now() - ($1::integer * interval '1 second')`, [LIMITS.jobRecordTtlS]);
  }
}
