// Errors the client raises. A `DocconvError` is the service's spec §7 envelope, typed; a
// `DocconvNetworkError` means no HTTP answer came back at all (refused, reset, DNS, aborted).
import { CLI_EXIT, ERROR_CATALOGUE, isErrorCode, type ErrorCode } from '../errors/catalogue.js';

/** The error envelope of every non-2xx answer (spec §7). */
export interface ErrorEnvelope {
  type: string;
  code: string;
  request_id: string;
  message?: string;
  doc_url?: string;
}

export class DocconvError extends Error {
  /** The stable machine-readable code; branch on this, never on the message. */
  readonly code: string;
  readonly status: number;
  readonly type: string;
  /** Correlates with the server log (also the `X-Request-Id` header). */
  readonly requestId: string;
  readonly docUrl: string | undefined;
  /** Seconds from `Retry-After`, when the answer carried one (every 429 does). */
  readonly retryAfter: number | undefined;
  /** The envelope as received (or synthesised when the body was not one). */
  readonly envelope: ErrorEnvelope;

  constructor(status: number, envelope: ErrorEnvelope, retryAfter?: number) {
    super(envelope.message ?? envelope.code);
    this.name = 'DocconvError';
    this.status = status;
    this.envelope = envelope;
    this.code = envelope.code;
    this.type = envelope.type;
    this.requestId = envelope.request_id;
    this.docUrl = envelope.doc_url;
    this.retryAfter = retryAfter;
  }

  /** True when `code` is one of the catalogue's codes (spec §7), narrowing it to `ErrorCode`. */
  isCatalogued(): this is DocconvError & { code: ErrorCode } {
    return isErrorCode(this.code);
  }

  /** The CLI exit code of this error: the catalogue's, or 1 for an answer outside the catalogue. */
  get exitCode(): number {
    return isErrorCode(this.code) ? ERROR_CATALOGUE[this.code].exitCode : CLI_EXIT.failure;
  }
}

export class DocconvNetworkError extends Error {
  readonly exitCode = CLI_EXIT.network;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocconvNetworkError';
  }
}

/**
 * Builds a `DocconvError` from a non-2xx answer. A body that is not the spec §7 envelope (a proxy's
 * HTML page, an empty 503) still yields a typed error: the code is the catalogue code for that
 * status where there is exactly one obvious choice, else `http_<status>`.
 */
export function errorFromResponse(status: number, headers: Headers, bodyText: string): DocconvError {
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  const requestId = headers.get('x-request-id') ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  if (isEnvelope(parsed)) return new DocconvError(status, parsed, retryAfter);
  const code = FALLBACK_CODE[status] ?? `http_${status}`;
  const type = isErrorCode(code) ? ERROR_CATALOGUE[code].type : 'http_error';
  return new DocconvError(status, { type, code, request_id: requestId, message: `HTTP ${status} without an error envelope` }, retryAfter);
}

const FALLBACK_CODE: Record<number, string> = { 404: 'not_found', 429: 'rate_limited', 500: 'internal_error' };

function isEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.type === 'string';
}

/**
 * `Retry-After` is whole seconds (DECISIONS §3) or, per HTTP, a date. Returns seconds (>= 0), or
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - now) / 1000);
}
