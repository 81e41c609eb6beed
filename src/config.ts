// The environment, validated once at start-up (DECISIONS §1), and the tier table (spec §8).
// Every limit, timeout and budget lives here as a named constant.
import { randomBytes } from 'node:crypto';
import { totalmem } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type TierName = 'free' | 'starter' | 'pro' | 'power';

export interface Tier {
  readonly name: TierName;
  readonly apiAccess: boolean;
  readonly requestsPerMinute: number;
  readonly burst: number;
  /** Monthly allowance; for `free` the lifetime trial. */
  readonly pagesPerPeriod: number;
  readonly lifetimeTrial: boolean;
  readonly concurrency: number;
  readonly maxFileBytes: number;
  readonly maxPagesPerDocument: number;
  readonly backendLane: 'standard' | 'priority';
}

const MB = 1_000_000;

export const TIERS: Readonly<Record<TierName, Tier>> = {
  // Free accounts have no programmatic access (spec §5.6); limits other than the trial are ours.
  free: { name: 'free', apiAccess: false, requestsPerMinute: 60, burst: 120, pagesPerPeriod: 100, lifetimeTrial: true, concurrency: 1, maxFileBytes: 100 * MB, maxPagesPerDocument: 500, backendLane: 'standard' },
  starter: { name: 'starter', apiAccess: true, requestsPerMinute: 60, burst: 120, pagesPerPeriod: 500, lifetimeTrial: false, concurrency: 2, maxFileBytes: 100 * MB, maxPagesPerDocument: 500, backendLane: 'standard' },
  pro: { name: 'pro', apiAccess: true, requestsPerMinute: 120, burst: 240, pagesPerPeriod: 3_000, lifetimeTrial: false, concurrency: 3, maxFileBytes: 100 * MB, maxPagesPerDocument: 1_000, backendLane: 'priority' },
  power: { name: 'power', apiAccess: true, requestsPerMinute: 240, burst: 480, pagesPerPeriod: 10_000, lifetimeTrial: false, concurrency: 5, maxFileBytes: 200 * MB, maxPagesPerDocument: 1_500, backendLane: 'priority' },
};

export function isTierName(value: unknown): value is TierName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TIERS, value);
}

/** Anonymous and token-authorised routes are limited per client IP at starter rates (DECISIONS §3). */
export const ANONYMOUS_RATE_TIER: Tier = TIERS.starter;
/** The admin API, per client IP (a billing system's pace; a guessed token is refused at this rate). */
export const ADMIN_RATE_TIER: Tier = TIERS.power;

export const LIMITS = {
  syncMaxPages: 10,
  syncMaxBytes: 8 * MB,
  idempotencyKeyMaxLength: 255,
  idempotencyTtlS: 24 * 3600,
  jobRecordTtlS: 24 * 3600,
  webhookSkewS: 300,
  webhookSecretMinLength: 16,
  webhookTimeoutS: 15,
  /** Retry schedule of a webhook delivery, seconds after the previous attempt (±10 % jitter). */
  webhookRetryDelaysS: [5, 30, 120, 600, 1800],
  sseHeartbeatS: 15,
  maxRenderPixels: 40_000_000,
  maxImagePixels: 100_000_000,
  modelConnectTimeoutS: 10,
  modelHealthTimeoutS: 5,
  modelHealthIntervalS: 5,
  /** Retry-After sent with 429 concurrency_limit (a slot frees when some conversion ends). */
  concurrencyRetryAfterS: 5,
  /** Largest JSON request body (the JSON routes take a few fields; convert is multipart). */
  jsonBodyMaxBytes: 64 * 1024,
  /** GET /health: how long the store probe may take before it counts as down. */
  healthProbeTimeoutMs: 2_000,
  /** Open SSE streams per account and node = the tier's concurrency × this (beyond: 429 concurrency_limit). */
  sseStreamsPerSlot: 10,
  /** Active API keys per account (POST /keys beyond → 409 invalid_state). */
  maxActiveKeysPerAccount: 100,
  /** GET /health: the store's verdict is reused this long (a public, unlimited route must not hit the store per call). */
  healthStoreCacheMs: 1_000,
  /** A pending idempotency claim older than this was abandoned (its node died): the key may be claimed again. */
  idempotencyPendingTimeoutS: 3600,
  /** Graceful shutdown: in-flight requests get this long before the process exits anyway. */
  shutdownGraceMs: 10_000,
  /** Upload idle check period (a stalled body is cut after DOCCONV_UPLOAD_IDLE_TIMEOUT_S). */
  uploadIdleCheckMs: 1_000,
  /** Multipart overhead counted with a declared file size (16 fields of 4 KB, part headers). */
  uploadFormOverheadBytes: 128 * 1024,
  /** Whole-request receive limit (headers + body; a slow 200 MB upload fits), then the socket is cut. */
  requestTimeoutS: 600,
  /** Headers must arrive within this (slowloris). */
  headersTimeoutS: 20,
  /** Idle keep-alive sockets are closed after this (above common load balancers' 60 s). */
  keepAliveTimeoutS: 72,
  /** Load shedding (@fastify/under-pressure; the event-loop lag limit is DOCCONV_SHED_EVENT_LOOP_DELAY_MS): new
   *  conversions are also refused while the process RSS exceeds this share of the machine's memory. */
  shedRssShareOfMemory: 0.75,
  /** Time budget of the probe (page count, routing features) run under the caller's slot (issue 10 item 3). */
  probeBudgetS: 5,
  /** Meter settlement (src/accounts/meter-lease.ts): waits before each attempt, then deferred to a timer. */
  meterSettleRetryDelaysMs: [0, 200, 1_000, 3_000],
  meterSettleRetryIntervalMs: 5_000,
  /** Deferred releases kept in memory at most (a charge is always kept; releases are also found by the jobs sweep). */
  meterUnsettledMax: 10_000,
} as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secret: Buffer;
  publicUrl: string;
  signupUrl: string;
  adminToken: string | undefined;
  webhookAllowHosts: string[];
  resultTtlS: number;
  pageTimeoutS: number;
  mineruUrl: string | undefined;
  graniteDoclingUrl: string | undefined;
  paddleocrVlUrl: string | undefined;
  modelTimeoutS: number;
  modelWarmupTimeoutS: number;
  syncWaitS: number;
  mineruBackend: string;
  graniteDoclingModel: string;
  graniteDoclingConcurrency: number;
  logLevel: string;
  /** DECISIONS §9: bytes of uploads and documents held in memory per node. */
  maxInflightBytes: number;
  /** A convert body that sends nothing this long is cut. */
  uploadIdleTimeoutS: number;
  /** Open connections per node; beyond, new ones are refused by the socket layer. */
  maxConnections: number;
  /** Fastify `trustProxy`: false, true, a hop count, or a comma list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** New conversions are refused (429) while the event loop lags more than this; 0 = off. */
  shedEventLoopDelayMs: number;
  /** DECISIONS §8: the Prometheus listener's port; undefined = no metrics listener. */
  metricsPort: number | undefined;
  /** Where the metrics listener binds (default loopback only). */
  metricsHost: string;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be an integer, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, opts: { stripV1?: boolean } = {}): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`${name} must be http(s), got "${raw}"`);
  let out = raw.replace(/\/+$/, '');
  if (opts.stripV1) out = out.replace(/\/v1$/, '');
  return out;
}

/** DOCCONV_SECRET, or one generated once into the data directory (DECISIONS §1). */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string, usesPostgres: boolean): Buffer {
  const raw = env.DOCCONV_SECRET;
  if (raw !== undefined && raw !== '') {
    const buf = Buffer.from(raw, 'utf8');
    if (buf.length < 32) throw new ConfigError('DOCCONV_SECRET must be at least 32 bytes');
    return buf;
  }
  // Nodes sharing a PostgreSQL must derive the same tokens (DECISIONS §9): a per-node file would not.
  if (usesPostgres) throw new ConfigError('DOCCONV_SECRET is required with DATABASE_URL (every node must derive the same tokens); set the same value of at least 32 bytes on every node');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const secret = randomBytes(48);
  writeFileSync(file, secret.toString('base64'), { mode: 0o600 });
  return secret;
}

/** DOCCONV_TRUST_PROXY (DECISIONS §9): `true`/`false`, a hop count, or addresses/CIDRs (comma list). */
function trustProxy(env: NodeJS.ProcessEnv): boolean | number | string[] {
  const raw = env.DOCCONV_TRUST_PROXY?.trim();
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return int(env, 'DOCCONV_TRUST_PROXY', 0, 1, 32);
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const item of list) {
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(item) && !['loopback', 'linklocal', 'uniquelocal'].includes(item)) {
      throw new ConfigError(`DOCCONV_TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDRs, got "${raw}"`);
    }
  }
  return list;
}

/** DOCCONV_ADMIN_TOKEN: unset, or at least 32 characters (issue 10 item 10: a short token is guessable). */
function adminToken(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.DOCCONV_ADMIN_TOKEN;
  if (!raw) return undefined;
  if (raw.length < 32) throw new ConfigError(`DOCCONV_ADMIN_TOKEN must be at least 32 characters (got ${raw.length})`);
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const dataDir = resolve(env.DOCCONV_DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  const publicUrl = url(env, 'DOCCONV_PUBLIC_URL', { stripV1: true }) ?? `http://localhost:${port}`;
  const allow = (env.DOCCONV_WEBHOOK_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of allow) if (h.includes(':') && !h.includes('[') && h.split(':').length === 2) throw new ConfigError(`DOCCONV_WEBHOOK_ALLOW_HOSTS entries take no port: "${h}"`);
  const logLevel = env.LOG_LEVEL || 'info';
  const metricsPort = env.DOCCONV_METRICS_PORT?.trim() ? int(env, 'DOCCONV_METRICS_PORT', 0, 1, 65535) : undefined;
  // DECISIONS §8: never on the public port.
  if (metricsPort !== undefined && metricsPort === port) throw new ConfigError(`DOCCONV_METRICS_PORT must differ from PORT (${port}): metrics are never served on the public port`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    secret: loadSecret(env, dataDir, Boolean(databaseUrl)),
    publicUrl,
    signupUrl: url(env, 'DOCCONV_SIGNUP_URL') ?? `${publicUrl}/signup`,
    adminToken: adminToken(env),
    webhookAllowHosts: allow.map((h) => h.replace(/^\[|\]$/g, '')),
    resultTtlS: int(env, 'DOCCONV_RESULT_TTL_S', 3600, 1, 30 * 24 * 3600),
    pageTimeoutS: int(env, 'DOCCONV_PAGE_TIMEOUT_S', 30, 1, 3600),
    mineruUrl: url(env, 'DOCCONV_MINERU_URL'),
    graniteDoclingUrl: url(env, 'DOCCONV_GRANITE_DOCLING_URL', { stripV1: true }),
    paddleocrVlUrl: url(env, 'DOCCONV_PADDLEOCR_VL_URL'),
    modelTimeoutS: int(env, 'DOCCONV_MODEL_TIMEOUT_S', 120, 1, 3600),
    modelWarmupTimeoutS: int(env, 'DOCCONV_MODEL_WARMUP_TIMEOUT_S', 300, 0, 3600),
    syncWaitS: int(env, 'DOCCONV_SYNC_WAIT_S', 60, 0, 3600),
    mineruBackend: env.DOCCONV_MINERU_BACKEND || 'vlm-engine',
    graniteDoclingModel: env.DOCCONV_GRANITE_DOCLING_MODEL || 'ibm-granite/granite-docling-258M',
    graniteDoclingConcurrency: int(env, 'DOCCONV_GRANITE_DOCLING_CONCURRENCY', 4, 1, 64),
    logLevel,
    maxInflightBytes: int(env, 'DOCCONV_MAX_INFLIGHT_MB', Math.max(64, Math.floor(totalmem() / 4 / MB)), 16, 1_000_000) * MB,
    uploadIdleTimeoutS: int(env, 'DOCCONV_UPLOAD_IDLE_TIMEOUT_S', 30, 1, 3600),
    maxConnections: int(env, 'DOCCONV_MAX_CONNECTIONS', 4096, 16, 1_000_000),
    trustProxy: trustProxy(env),
    shedEventLoopDelayMs: int(env, 'DOCCONV_SHED_EVENT_LOOP_DELAY_MS', 2_000, 0, 600_000),
    metricsPort,
    metricsHost: env.DOCCONV_METRICS_HOST?.trim() || '127.0.0.1',
  };
}
