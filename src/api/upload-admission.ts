// Upload admission (DECISIONS §9, issue 10 item 1): before a convert body is read, the request must
// fit the node's bytes-in-flight budget (DOCCONV_MAX_INFLIGHT_MB) and its account's upload count
// (the tier's concurrency + 1), else 429 `concurrency_limit` with Retry-After and nothing is read.
// The bytes stay counted while the document is held: through a sync conversion, or handed to the
// job until it drops them. A body that sends nothing for DOCCONV_UPLOAD_IDLE_TIMEOUT_S is cut
// (its socket destroyed), which releases everything.
import type { IncomingMessage } from 'node:http';
import { LIMITS } from '../config.js';
import { ServiceError } from '../errors/service-error.js';

export interface UploadTicket {
  /** Bytes counted against the node's budget now. */
  readonly bytes: number;
  /** The body has been read (or refused): the account's upload count is freed, the idle watch stops. */
  bodyDone(): void;
  /** Counts only what is actually held once the body is read. */
  shrinkTo(bytes: number): void;
  /** The document outlives the response (an accepted job): returns the release to call when it is dropped. */
  transfer(): () => void;
  /** Frees everything; idempotent. A no-op once transferred (the new owner releases). */
  release(): void;
}

interface Watch { request: IncomingMessage; lastBytes: number; lastProgress: number }

const refuse = (message: string) =>
  new ServiceError('concurrency_limit', message, { 'Retry-After': String(LIMITS.concurrencyRetryAfterS) });

export class UploadAdmission {
  private inflight = 0;
  private readonly uploadsByAccount = new Map<string, number>();
  private readonly watches = new Set<Watch>();
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly maxInflightBytes: number, private readonly idleTimeoutMs: number) {}

  /** Bytes counted now (uploads and documents held), for tests and metrics. */
  get inflightBytes(): number {
    return this.inflight;
  }

  uploadsOf(accountId: string): number {
    return this.uploadsByAccount.get(accountId) ?? 0;
  }

  /** Admits one upload of at most `bytes` for the account, or throws 429 `concurrency_limit`. */
  admit(accountId: string, accountUploadLimit: number, bytes: number): UploadTicket {
    const uploads = this.uploadsOf(accountId);
    if (uploads >= accountUploadLimit) {
      throw refuse(`This account already has ${uploads} uploads in progress (at most ${accountUploadLimit}: its concurrent conversions + 1).`);
    }
    if (this.inflight + bytes > this.maxInflightBytes) {
      throw refuse('The node\'s upload capacity is full; retry shortly.');
    }
    this.inflight += bytes;
    this.uploadsByAccount.set(accountId, uploads + 1);
    let held = bytes;
    let counting = true;
    let released = false;
    let transferred = false;
    const endBody = () => {
      if (!counting) return;
      counting = false;
      const n = this.uploadsOf(accountId) - 1;
      if (n > 0) this.uploadsByAccount.set(accountId, n);
      else this.uploadsByAccount.delete(accountId);
    };
    const free = () => {
      if (released) return;
      released = true;
      endBody();
      this.inflight -= held;
      held = 0;
    };
    return {
      get bytes() { return held; },
      bodyDone: endBody,
      shrinkTo: (n) => {
        if (released || n >= held) return;
        this.inflight -= held - n;
        held = n;
      },
      transfer: () => {
        transferred = true;
        return free;
      },
      release: () => { if (!transferred) free(); },
    };
  }

  /**
   * Watches a request body until it is complete: cut (socket destroyed) when it sends nothing for
   * the idle timeout. Every request with a body is watched, refused ones too: Node keeps reading
   * (and discarding) the body of an answered request, and a stalled one would hold its socket.
   */
  watch(request: IncomingMessage): void {
    if (request.complete) return;
    this.watches.add({ request, lastBytes: request.socket?.bytesRead ?? 0, lastProgress: Date.now() });
    this.ensureTimer();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watches.clear();
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.cutIdle(), LIMITS.uploadIdleCheckMs);
    this.timer.unref();
  }

  /** Destroys requests whose body made no progress for the idle timeout (the reply's close releases them). */
  private cutIdle(): void {
    const now = Date.now();
    for (const w of this.watches) {
      const read = w.request.socket?.bytesRead ?? 0;
      if (w.request.complete || w.request.destroyed) {
        this.watches.delete(w);
      } else if (read !== w.lastBytes) {
        w.lastBytes = read;
        w.lastProgress = now;
      } else if (now - w.lastProgress >= this.idleTimeoutMs) {
        this.watches.delete(w);
        w.request.destroy();
      }
    }
    if (this.watches.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
