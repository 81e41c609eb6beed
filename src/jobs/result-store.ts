// Read-once results (DECISIONS §5): sealed under the token, claimed and deleted in one statement.
import type { JobsDb, Query } from './db.js';
import type { PageBlocks } from '../models/types.js';
import { openResult, sealResult, tokenHash } from './crypto.js';

export interface StoredResult {
  pages: string[];
  /** Only when the job asked for formats=blocks (DECISIONS §8). */
  layout?: PageBlocks[];
  formats: string;
  meta: { pages: number; sha256: string; timing_ms: number; backend: string; model: string; route_reason: string };
  /** DECISIONS §8: source index of each page when a selection was converted. */
  indexes?: number[];
  /** The document's Markdown where it is not the pages joined (a paragraph continued over a page break). */
  markdown?: string;
  /** DECISIONS §8: with on_page_error=skip, the pages that failed (possibly none). */
  failed?: Array<{ index: number; code: string }>;
}

export type ClaimOutcome = { kind: 'ok'; result: StoredResult } | { kind: 'gone' };

export class ResultStore {
  constructor(private readonly db: JobsDb) {}

  async put(q: Query, jobId: string, token: string, result: StoredResult, ttlS: number): Promise<void> {
    const sealed = sealResult(token, jobId, Buffer.from(JSON.stringify(result), 'utf8'));
    // The sealed bytes travel as base64 text, decoded by the database: PGlite (de)serialises a
    // bytea parameter byte by byte in JavaScript, ~10x slower for a 1 MB result (issue 11 item 3).
    await q(
      `INSERT INTO job_results (job_id, token_hash, sealed, expires_at) VALUES ($1, $2, decode($3, 'base64'), now() + ($4::integer * interval '1 second'))`,
      [jobId, tokenHash(token), sealed.toString('base64'), ttlS],
    );
  }

  /**
   * Atomic claim-and-delete guarded by the token hash: a wrong token matches no row and consumes
   * nothing (the caller checks the token against the job first to answer 403 rather than 410).
   */
  async claimOnce(jobId: string, token: string): Promise<ClaimOutcome> {
    const rows = await this.db.query<{ sealed: string; live: boolean }>(
      "DELETE FROM job_results WHERE job_id = $1 AND token_hash = $2 RETURNING encode(sealed, 'base64') AS sealed, expires_at > now() AS live",
      [jobId, tokenHash(token)],
    );
    const row = rows[0];
    if (!row || !row.live) return { kind: 'gone' };
    const plain = openResult(token, jobId, Buffer.from(row.sealed, 'base64'));
    return { kind: 'ok', result: JSON.parse(plain.toString('utf8')) as StoredResult };
  }

  async purgeExpired(): Promise<void> {
    await this.db.query('DELETE FROM job_results WHERE expires_at <= now()');
  }

  async deleteFor(jobId: string): Promise<void> {
    await this.db.query('DELETE FROM job_results WHERE job_id = $1', [jobId]);
  }
}
