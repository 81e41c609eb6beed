// The HTTP core of the client: URL building, auth headers, the retry loop and error decoding.
// Every operation goes through `send`, so retries behave the same everywhere (spec §7).
import { randomUUID } from 'node:crypto';
import { DocconvNetworkError, errorFromResponse, type DocconvError } from './errors.js';
import { DEFAULT_RETRY_POLICY, nextRetry, type RetryPolicy } from './retry.js';

export const DEFAULT_BASE_URL = 'http://localhost:8080';
/** The path version this client speaks (spec §9). */
export const API_PREFIX = '/v1';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** key: bearer API key required; admin: bearer admin token; optional: key sent when configured; none: never. */
export type AuthMode = 'key' | 'admin' | 'optional' | 'none';

export interface RetryEvent {
  /** The attempt that just failed (1-based). */
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  /** The error answer that caused the retry, or a network error. */
  error: DocconvError | DocconvNetworkError;
  method: HttpMethod;
  path: string;
}

export interface TransportOptions {
  /** Service origin, e.g. `http://localhost:8080`; a trailing `/v1` (and slashes) is tolerated. */
  baseUrl?: string;
  apiKey?: string;
  adminToken?: string;
  /** Partial overrides of the retry policy; `false` disables retries. */
  retry?: Partial<RetryPolicy> | false;
  fetch?: typeof fetch;
  userAgent?: string;
  /** Called before each retry's wait (e.g. to print a note). */
  onRetry?: (event: RetryEvent) => void;
  /** Injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface RequestSpec {
  method: HttpMethod;
  /** Path below `/v1`, already encoded, e.g. `/jobs/abc`. */
  path: string;
  query?: Record<string, string | undefined>;
  auth: AuthMode;
  /** A fresh body per attempt (a FormData or string is reusable; a factory keeps that explicit). */
  body?: () => string | FormData | Blob;
  contentType?: string;
  accept?: string;
  /** Sent unchanged on every attempt (spec §4: the same key makes retries safe). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses to hand back as a Response instead of throwing (e.g. 503 of /health). */
  acceptStatuses?: number[];
  /** Overrides the policy for this request (`false` = single attempt). */
  retry?: Partial<RetryPolicy> | false;
}

/** `http://host:8080/v1/` → `http://host:8080`. */
export function normaliseBaseUrl(baseUrl: string): string {
  let url = baseUrl.trim().replace(/\/+$/, '');
  if (url.endsWith(API_PREFIX)) url = url.slice(0, -API_PREFIX.length).replace(/\/+$/, '');
  // Validate early, with a clear message, rather than on the first request.
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`base URL must be http(s): ${baseUrl}`);
  return url;
}

/** A new Idempotency-Key (spec §4: at most 255 characters). */
export function newIdempotencyKey(): string {
  return randomUUID();
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class Transport {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly adminToken: string | undefined;
  private readonly policy: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly userAgent: string;
  private readonly onRetry: TransportOptions['onRetry'];
  private readonly sleep: NonNullable<TransportOptions['sleep']>;
  private readonly random: () => number;

  constructor(options: TransportOptions = {}) {
    this.baseUrl = normaliseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
    this.apiKey = options.apiKey || undefined;
    this.adminToken = options.adminToken || undefined;
    this.policy = mergePolicy(DEFAULT_RETRY_POLICY, options.retry);
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.userAgent = options.userAgent ?? 'docconv-client/0.1.0';
    this.onRetry = options.onRetry;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  url(path: string, query?: Record<string, string | undefined>): string {
    const url = new URL(`${this.baseUrl}${API_PREFIX}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
    return url.toString();
  }

  headers(spec: Pick<RequestSpec, 'auth' | 'accept' | 'contentType' | 'idempotencyKey' | 'headers'>): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...spec.headers };
    if (spec.accept) headers.accept = spec.accept;
    if (spec.contentType) headers['content-type'] = spec.contentType;
    if (spec.idempotencyKey !== undefined) headers['idempotency-key'] = spec.idempotencyKey;
    const token = spec.auth === 'admin' ? this.adminToken : spec.auth === 'none' ? undefined : this.apiKey;
    if (token) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  /**
   * Sends a request, retrying per the policy; resolves with the first 2xx Response (body unread)
   * and never retries after one. Throws DocconvError (the last error answer) or DocconvNetworkError.
   */
  async send(spec: RequestSpec): Promise<Response> {
    const policy = mergePolicy(this.policy, spec.retry);
    const url = this.url(spec.path, spec.query);
    const headers = this.headers(spec);
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(url, { method: spec.method, headers, body: spec.body?.(), signal: spec.signal });
      } catch (cause) {
        if (spec.signal?.aborted) throw cause;
        const error = new DocconvNetworkError(`cannot reach ${this.baseUrl}: ${describeCause(cause)}`, { cause });
        const delay = nextRetry(policy, attempt, { kind: 'network' }, this.random);
        if (delay === null) throw error;
        await this.wait(spec, policy, attempt, delay, error);
        continue;
      }
      if ((response.status >= 200 && response.status < 300) || spec.acceptStatuses?.includes(response.status)) return response;
      const text = await response.text().catch(() => '');
      const error = errorFromResponse(response.status, response.headers, text);
      const delay = nextRetry(policy, attempt, { kind: 'status', status: error.status, code: error.code, retryAfterS: error.retryAfter }, this.random);
      if (delay === null) throw error;
      await this.wait(spec, policy, attempt, delay, error);
    }
  }

  private async wait(spec: RequestSpec, policy: RetryPolicy, attempt: number, delayMs: number, error: DocconvError | DocconvNetworkError): Promise<void> {
    this.onRetry?.({ attempt, maxAttempts: policy.maxAttempts, delayMs, error, method: spec.method, path: spec.path });
    await this.sleep(delayMs, spec.signal);
  }

  /** `send` then parse JSON. */
  async json<T>(spec: RequestSpec): Promise<T> {
    const response = await this.send({ accept: 'application/json', ...spec });
    return (await readBody(response, 'json')) as T;
  }
}

/** Reads a 2xx body; a failure here is a network error and is never retried (spec: never after 2xx). */
export async function readBody(response: Response, as: 'json' | 'text'): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new DocconvNetworkError(`connection lost while reading the response: ${describeCause(cause)}`, { cause });
  }
  if (as === 'text') return text;
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new DocconvNetworkError('the response was not valid JSON', { cause });
  }
}

function mergePolicy(base: RetryPolicy, override: Partial<RetryPolicy> | false | undefined): RetryPolicy {
  if (override === false) return { ...base, maxAttempts: 1 };
  return { ...base, ...override };
}

export function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as Error & { cause?: unknown }).cause;
  if (inner instanceof Error) {
    const code = (inner as NodeJS.ErrnoException).code;
    return code ? `${code} (${inner.message})` : inner.message;
  }
  return cause.message;
}
