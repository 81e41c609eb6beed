// Read-once results (DECISIONS §5): compressed, sealed under the token, claimed and deleted in one statement.
import { constants as bufferConstants } from 'node:buffer';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants } from 'node:zlib';
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

/**
 * A packed result is this byte, then the JSON compressed with Brotli. A result sealed before
 * compression is the bare JSON, which starts with `{`, so both open.
 */
const BROTLI_PACKED = 0x01;
/**
 * Brotli quality 4: freeculture's result (pages 0.66 MB, with blocks 1.6 MB of JSON) packs 2.9x /
 * 5.7x in ~75 ms on the thread pool; gzip -6 gave 2.9x / 3.1x in ~90-180 ms, Brotli 5 3.1x / 6.0x
 * in 120-200 ms. Smaller rows matter because PGlite's WebAssembly memory never shrinks: a stored
 * result grows it for good (issue 11).
 */
const PACK_QUALITY = 4;
const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);

/** The result as stored before sealing (compressed off the event loop, before the completing transaction). */
export async function packResult(result: StoredResult): Promise<Buffer> {
  const json = Buffer.from(JSON.stringify(result), 'utf8');
  const packed = await brotli(json, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PACK_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
  });
  return Buffer.concat([Buffer.of(BROTLI_PACKED), packed]);
}

/**
 * The result from its stored bytes, decompressed on the thread pool like its packing; the output is
 * bounded by what one JS string can hold (it is parsed as one).
 */
export async function unpackResult(plain: Buffer): Promise<StoredResult> {
  const json = plain[0] === BROTLI_PACKED
    ? await unbrotli(plain.subarray(1), { maxOutputLength: bufferConstants.MAX_STRING_LENGTH })
    : plain;
  return JSON.parse(json.toString('utf8')) as StoredResult;
}

export type ClaimOutcome = { kind: 'ok'; result: StoredResult } | { kind: 'gone' };

export class ResultStore {
  constructor(private readonly db: JobsDb) {}

  /** `packed`: packResult's bytes. */
  async put(q: Query, jobId: string, token: string, packed: Buffer, ttlS: number): Promise<void> {
    const sealed = sealResult(token, jobId, packed);
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
    return { kind: 'ok', result: await unpackResult(openResult(token, jobId, Buffer.from(row.sealed, 'base64'))) };
  }

  async purgeExpired(): Promise<void> {
    await this.db.query('DELETE FROM job_results WHERE expires_at <= now()');
  }

  async deleteFor(jobId: string): Promise<void> {
    await this.db.query('DELETE FROM job_results WHERE job_id = $1', [jobId]);
  }
}
