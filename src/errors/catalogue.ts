// The one error catalogue (spec §7, DECISIONS §7): every code the service can answer, with its
// HTTP status, stable `type` category, CLI exit code and a one-line description. The error
// envelope, /openapi.json, the /docs/errors pages and `docconv errors` are all generated from it.

export interface ErrorSpec {
  readonly status: number;
  readonly type: string;
  /** CLI exit code: stable forever; never reuse a number. 0-9 are reserved for the CLI itself. */
  readonly exitCode: number;
  readonly description: string;
}

export const ERROR_CATALOGUE = {
  already_subscribed: { status: 409, type: 'conflict_error', exitCode: 10, description: 'The account already has an active subscription.' },
  api_not_available_on_tier: { status: 403, type: 'permission_error', exitCode: 11, description: 'The account tier has no programmatic API access; upgrade to a paid plan.' },
  billing_unavailable: { status: 503, type: 'service_unavailable', exitCode: 12, description: 'The billing system is temporarily unavailable.' },
  concurrency_limit: { status: 429, type: 'rate_limit_error', exitCode: 13, description: 'All concurrent-conversion slots of the account are in use; retry after Retry-After seconds.' },
  conversion_failed: { status: 502, type: 'conversion_error', exitCode: 14, description: 'The conversion backend failed to convert the document.' },
  cross_origin_blocked: { status: 403, type: 'permission_error', exitCode: 15, description: 'The request origin is not allowed.' },
  disposable_email: { status: 400, type: 'validation_error', exitCode: 16, description: 'Disposable e-mail addresses cannot create accounts.' },
  document_too_complex: { status: 422, type: 'document_error', exitCode: 17, description: 'The document exceeded the processing time budget.' },
  encrypted_pdf: { status: 422, type: 'document_error', exitCode: 18, description: 'The PDF is protected by a user password and cannot be opened.' },
  exchange_failed: { status: 502, type: 'authentication_error', exitCode: 19, description: 'The sign-in code exchange with the identity provider failed.' },
  file_too_large: { status: 413, type: 'payload_too_large', exitCode: 20, description: 'The upload exceeds the maximum size for the tier or the synchronous path.' },
  forbidden: { status: 403, type: 'permission_error', exitCode: 21, description: 'The credentials lack the scope or permission this operation needs.' },
  forbidden_tier: { status: 403, type: 'permission_error', exitCode: 22, description: 'The account tier does not allow this operation.' },
  idempotency_in_progress: { status: 409, type: 'conflict_error', exitCode: 23, description: 'A request with this Idempotency-Key is still in flight.' },
  idempotency_key_reused: { status: 409, type: 'conflict_error', exitCode: 24, description: 'This Idempotency-Key was already used for a different request (or for a non-replayable sync conversion).' },
  internal_error: { status: 500, type: 'internal_error', exitCode: 25, description: 'An unexpected error occurred; the request id identifies it in the server log.' },
  invalid_api_key: { status: 401, type: 'authentication_error', exitCode: 26, description: 'The API key is malformed, unknown or revoked.' },
  invalid_plan: { status: 400, type: 'validation_error', exitCode: 27, description: 'The plan or tier name is not known.' },
  invalid_request: { status: 400, type: 'validation_error', exitCode: 28, description: 'The request is malformed or a field has an invalid value.' },
  invalid_signature: { status: 401, type: 'authentication_error', exitCode: 29, description: 'The signature of the request does not verify.' },
  invalid_state: { status: 409, type: 'conflict_error', exitCode: 30, description: 'The resource is not in a state that allows this operation.' },
  job_not_found: { status: 404, type: 'not_found', exitCode: 31, description: 'No such job for this account (unknown, expired, cancelled or owned by another account).' },
  key_not_found: { status: 404, type: 'not_found', exitCode: 32, description: 'No such active API key for this account.' },
  malformed_document: { status: 422, type: 'document_error', exitCode: 33, description: 'The document is damaged beyond recovery and cannot be read.' },
  missing_token: { status: 400, type: 'validation_error', exitCode: 34, description: 'The one-time result token is missing from the query string.' },
  model_not_available: { status: 403, type: 'permission_error', exitCode: 35, description: 'The requested parser model is not deployed or not available to the caller.' },
  no_billing_account: { status: 404, type: 'billing_error', exitCode: 36, description: 'The account has no billing account.' },
  no_subscription: { status: 402, type: 'billing_error', exitCode: 37, description: 'The account has no subscription.' },
  nonce_mismatch: { status: 400, type: 'authentication_error', exitCode: 38, description: 'The sign-in nonce does not match.' },
  not_found: { status: 404, type: 'not_found', exitCode: 39, description: 'No such route or method.' },
  oidc_error: { status: 502, type: 'authentication_error', exitCode: 40, description: 'The identity provider returned an error.' },
  org_has_members: { status: 409, type: 'conflict_error', exitCode: 41, description: 'The organisation still has members.' },
  page_too_large: { status: 422, type: 'document_error', exitCode: 42, description: 'A page or image exceeds the pixel budget.' },
  quota_exceeded: { status: 402, type: 'quota_error', exitCode: 43, description: 'The page allowance of the period is exhausted.' },
  rate_limited: { status: 429, type: 'rate_limit_error', exitCode: 44, description: 'Too many requests; retry after Retry-After seconds.' },
  reauth_required: { status: 401, type: 'authentication_error', exitCode: 45, description: 'The session must be re-authenticated.' },
  result_consumed: { status: 410, type: 'gone', exitCode: 46, description: 'The result was already retrieved or has expired (results are read once).' },
  signup_required: { status: 403, type: 'permission_error', exitCode: 47, description: 'Anonymous or e-mail-unverified callers must sign up before converting.' },
  subscription_active: { status: 409, type: 'conflict_error', exitCode: 48, description: 'The subscription is still active.' },
  too_many_pages: { status: 422, type: 'limit_error', exitCode: 49, description: 'The document has more pages than allowed for the tier or the synchronous path.' },
  trial_expired: { status: 402, type: 'quota_error', exitCode: 50, description: 'The free trial has ended.' },
  unauthenticated: { status: 401, type: 'authentication_error', exitCode: 51, description: 'This operation needs an API key.' },
  unsupported_media_type: { status: 415, type: 'unsupported_media_type', exitCode: 52, description: 'The upload is not a PDF or a supported image (PNG, JPEG, TIFF, WebP).' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE).sort() as ErrorCode[];

/** CLI exit codes that are not error-catalogue codes. */
export const CLI_EXIT = { ok: 0, failure: 1, usage: 2, network: 3 } as const;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}
