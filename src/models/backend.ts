// One GPU model server as the gateway sees it: its health (probed every few seconds), a
// concurrency cap, a circuit breaker, and the call policy of models-wire.md — warming with backoff
// up to the warm-up deadline, one retry for a retryable failure, none for a 4xx.
import { ServiceError } from '../errors/service-error.js';
import { TransportError } from './http.js';
import { BREAKER_COOLDOWN_MS, BREAKER_FAILURE_THRESHOLD, MAX_ATTEMPTS } from './limits.js';
import type { ConvertOptions, GpuModelId } from './types.js';

/**
 * A failed upstream answer, classified. `warming`: 503 (or a cold signal); `client`: a 4xx (our
 * bug, no retry); `server`: a 5xx other than 503; `malformed`: a 2xx we cannot use.
 * The message never holds the upstream body or document text.
 */
export class UpstreamError extends Error {
  readonly kind: 'warming' | 'client' | 'server' | 'malformed';
  readonly status: number | undefined;
  constructor(kind: UpstreamError['kind'], message: string, status?: number) {
    super(message);
    this.name = 'UpstreamError';
    this.kind = kind;
    this.status = status;
  }
}

/** Classifies an HTTP status the way every adapter does; undefined for a 2xx. */
export function statusFailure(model: string, status: number): UpstreamError | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 503) return new UpstreamError('warming', `${model} is not ready (HTTP 503).`, status);
  if (status >= 400 && status < 500) return new UpstreamError('client', `${model} rejected the request (HTTP ${status}).`, status);
  return new UpstreamError('server', `${model} failed (HTTP ${status}).`, status);
}

export interface BackendTiming {
  connectTimeoutMs: number;
  callTimeoutMs: number;
  healthTimeoutMs: number;
  warmupTimeoutMs: number;
  backoffStartMs: number;
  backoffMaxMs: number;
}

/** Per-conversion warming state: `onWarming` fires once per transition to cold. */
export interface WarmState {
  warming: boolean;
  deadline: number | undefined;
  delayMs: number;
}

export function newWarmState(): WarmState {
  return { warming: false, deadline: undefined, delayMs: 0 };
}

class Semaphore {
  private free: number;
  private readonly waiters: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.free++;
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export class Backend {
  readonly id: GpuModelId;
  readonly timing: BackendTiming;
  /** The latest health verdict; false until the first probe answers. */
  up = false;
  private readonly probeFn: (timeoutMs: number) => Promise<boolean>;
  private readonly slots: Semaphore;
  private probing: Promise<boolean> | undefined;
  private consecutiveFailures = 0;
  private openUntil = 0;

  constructor(id: GpuModelId, probe: (timeoutMs: number) => Promise<boolean>, concurrency: number, timing: BackendTiming) {
    this.id = id;
    this.probeFn = probe;
    this.slots = new Semaphore(concurrency);
    this.timing = timing;
  }

  /** Runs the health probe (one at a time) and records the verdict. */
  probe(): Promise<boolean> {
    this.probing ??= this.probeFn(this.timing.healthTimeoutMs)
      .catch(() => false)
      .then((ok) => {
        this.up = ok;
        this.probing = undefined;
        return ok;
      });
    return this.probing;
  }

  breakerOpen(now = Date.now()): boolean {
    return this.consecutiveFailures >= BREAKER_FAILURE_THRESHOLD && now < this.openUntil;
  }

  private recordFailure(): void {
    this.consecutiveFailures++;
    if (this.consecutiveFailures >= BREAKER_FAILURE_THRESHOLD) this.openUntil = Date.now() + BREAKER_COOLDOWN_MS;
  }

  /**
   * Runs one unit of work (a page or a page window) under the call policy. `attempt` gets the
   * signal to pass on and throws UpstreamError / TransportError on failure.
   */
  async run<T>(attempt: () => Promise<T>, warm: WarmState, opts: ConvertOptions): Promise<T> {
    let failures = 0;
    for (;;) {
      if (opts.signal?.aborted) throw abortError(opts.signal);
      if (this.breakerOpen()) throw failed(`${this.id} is failing repeatedly; try again later.`);
      // A stale "down" is re-probed at once; only a confirmed cold server enters warming. The job
      // stays `warming` until the first call after it succeeds (then `processing`).
      if (!this.up && !(await this.probe())) await this.waitWarm(warm, opts);
      try {
        const out = await this.slots.run(attempt);
        this.consecutiveFailures = 0;
        if (warm.warming) this.leaveWarming(warm, opts);
        return out;
      } catch (err) {
        if (err instanceof TransportError && err.kind === 'aborted') throw opts.signal ? abortError(opts.signal) : err;
        if (isWarmingSignal(err)) {
          this.up = false;
          await this.waitWarm(warm, opts);
          continue;
        }
        if (err instanceof UpstreamError && err.kind === 'client') throw failed(err.message);
        if (!(err instanceof UpstreamError) && !(err instanceof TransportError)) throw err;
        this.recordFailure();
        failures++;
        if (failures >= MAX_ATTEMPTS) throw failed(err.message);
      }
    }
  }

  /** Enters (or stays in) warming: backoff 1 s → 5 s between probes until up or the deadline. */
  private async waitWarm(warm: WarmState, opts: ConvertOptions): Promise<void> {
    if (!warm.warming) {
      warm.warming = true;
      warm.delayMs = this.timing.backoffStartMs;
      warm.deadline = warmDeadline(opts.warmupDeadlineMs, this.timing.warmupTimeoutMs);
      opts.onWarming?.();
    }
    for (;;) {
      const deadline = warm.deadline ?? 0;
      if (Date.now() >= deadline) throw failed(`${this.id} did not become ready in time.`);
      await sleep(Math.max(0, Math.min(warm.delayMs, deadline - Date.now())), opts.signal);
      warm.delayMs = Math.min(warm.delayMs * 2, this.timing.backoffMaxMs);
      if (await this.probe()) return;
    }
  }

  private leaveWarming(warm: WarmState, opts: ConvertOptions): void {
    warm.warming = false;
    warm.deadline = undefined;
    opts.onProcessing?.();
  }
}

function warmDeadline(given: number | undefined, defaultMs: number): number {
  const now = Date.now();
  if (given === undefined) return now + defaultMs;
  return given < 1e12 ? now + given : given;
}

function isWarmingSignal(err: unknown): boolean {
  if (err instanceof UpstreamError) return err.kind === 'warming';
  if (err instanceof TransportError) return err.kind === 'refused' || err.kind === 'connect_timeout';
  return false;
}

function failed(message: string): ServiceError {
  return new ServiceError('conversion_failed', message);
}
