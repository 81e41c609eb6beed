import { ERROR_CATALOGUE, type ErrorCode } from './catalogue.js';

/**
 * The one error type the service throws on purpose. The central error handler turns it into the
 * spec §7 envelope; anything else becomes `internal_error` with no detail leaked.
 * `message` must never quote document content (spec §1.3).
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERROR_CATALOGUE[code].description);
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.headers = headers;
  }
}

export interface ErrorEnvelope {
  type: string;
  code: ErrorCode;
  request_id: string;
  message?: string;
  doc_url?: string;
}

export function errorEnvelope(code: ErrorCode, requestId: string, publicUrl: string, message?: string): ErrorEnvelope {
  return {
    type: ERROR_CATALOGUE[code].type,
    code,
    request_id: requestId,
    message: message ?? ERROR_CATALOGUE[code].description,
    doc_url: `${publicUrl}/docs/errors/${code}`,
  };
}
