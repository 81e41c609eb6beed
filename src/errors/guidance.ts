// What the error pages (/docs/errors/<code>) say beyond the catalogue line: the usual cause and
// what to do about it (issue 12 item 6). Codes the spec defines but this service never raises (its
// billing and sign-in flows live elsewhere) are marked reserved. One entry per catalogue code: the
// type below makes a missing or extra entry a compile error.
import type { ErrorCode } from './catalogue.js';

export interface ErrorGuidance {
  cause: string;
  remedy: string;
}

export type ErrorAdvice = ErrorGuidance | 'reserved';

export const ERROR_GUIDANCE: Record<ErrorCode, ErrorAdvice> = {
  already_subscribed: 'reserved',
  billing_unavailable: 'reserved',
  cross_origin_blocked: 'reserved',
  disposable_email: 'reserved',
  exchange_failed: 'reserved',
  invalid_signature: 'reserved',
  no_billing_account: 'reserved',
  no_subscription: 'reserved',
  nonce_mismatch: 'reserved',
  oidc_error: 'reserved',
  org_has_members: 'reserved',
  reauth_required: 'reserved',
  subscription_active: 'reserved',
  trial_expired: 'reserved',
  api_not_available_on_tier: {
    cause: 'The key belongs to a free account: the free tier has no programmatic API access.',
    remedy: 'Upgrade the account to starter, pro or power (an operator changes the tier with PATCH /v1/admin/accounts/{id}).',
  },
  concurrency_limit: {
    cause: 'Every concurrent-conversion slot of the account is held, or this node\'s upload or conversion capacity is full (the message says which).',
    remedy: 'Wait Retry-After seconds and send the same request again with the same Idempotency-Key; lower your parallelism (the CLI does so by itself).',
  },
  conversion_failed: {
    cause: 'The model server failed, timed out or answered something unusable after one retry, or a cold server did not warm up in time.',
    remedy: 'Retry later, or choose another model (model=builtin always runs locally); with on_page_error=skip the pages that converted are kept.',
  },
  document_too_complex: {
    cause: 'The document (or, with on_page_error=skip, one page) took longer than its time budget: pages × DOCCONV_PAGE_TIMEOUT_S.',
    remedy: 'Convert fewer pages at a time with pages=…, send on_page_error=skip to keep the pages that finish, or ask the operator to raise the budget.',
  },
  encrypted_pdf: {
    cause: 'The PDF needs a password to open (a user password). Files with only an owner password convert.',
    remedy: 'Remove the password (e.g. qpdf --decrypt) and send the file again.',
  },
  file_too_large: {
    cause: 'The upload is larger than the plan allows, or larger than 8 MB with prefer=sync.',
    remedy: 'Send prefer=async (or no prefer) for large files, split the document, or upgrade the plan.',
  },
  forbidden: {
    cause: 'The key lacks the scope this operation needs (e.g. a convert-only key listing keys), or a result token does not match the job.',
    remedy: 'Use a key with the needed scope (GET /v1/keys shows scopes), or the token from this job\'s completed event.',
  },
  forbidden_tier: {
    cause: 'The plan does not allow this operation.',
    remedy: 'Upgrade the plan.',
  },
  idempotency_in_progress: {
    cause: 'Another request with this Idempotency-Key is still being handled.',
    remedy: 'Wait for it to finish, then retry: the finished answer is replayed (a job\'s 202).',
  },
  idempotency_key_reused: {
    cause: 'The key was used before for a different request, or for a sync conversion, whose 200 answer is never replayed (results are not kept).',
    remedy: 'Send a fresh Idempotency-Key (a UUID) for every new conversion; reuse a key only to retry the very same request.',
  },
  internal_error: {
    cause: 'An unexpected failure in the service.',
    remedy: 'Retry; if it persists, report the request_id to the operator (it identifies the cause in the server log).',
  },
  invalid_api_key: {
    cause: 'The Authorization header carries a key that is malformed, unknown, revoked or rotated away.',
    remedy: 'Send Authorization: Bearer dc_live_<key_id>_<secret> with a current key (create one with POST /v1/keys).',
  },
  invalid_plan: {
    cause: 'The tier name is not one of free, starter, pro, power.',
    remedy: 'Send a known tier.',
  },
  invalid_request: {
    cause: 'A field is missing, unknown or invalid: the message names it (e.g. pages beyond the document names its page count).',
    remedy: 'Fix the named field; the OpenAPI reference at /docs lists every field and its values.',
  },
  invalid_state: {
    cause: 'The resource cannot take this operation in its current state.',
    remedy: 'Read its current state first.',
  },
  job_not_found: {
    cause: 'The job id is unknown to this account: mistyped, cancelled, purged 24 h after it ended, or another account\'s.',
    remedy: 'Check the id from the 202 answer; submit the document again if the job is gone.',
  },
  key_not_found: {
    cause: 'No active key with this id belongs to the account.',
    remedy: 'List the keys with GET /v1/keys.',
  },
  malformed_document: {
    cause: 'The file is damaged beyond what the parser can repair.',
    remedy: 'Re-export or repair the file (e.g. qpdf, or print to PDF) and send it again.',
  },
  missing_token: {
    cause: 'A result read without its ?token=… query parameter.',
    remedy: 'Use the result_url (or markdown_url/json_url) of the job\'s completed event, which carries the token.',
  },
  model_not_available: {
    cause: 'The named model is not deployed on this server (its server URL is not configured).',
    remedy: 'Pick one listed by GET /v1/version, or send model=auto.',
  },
  not_found: {
    cause: 'No such route, or the method is not supported on it (admin routes answer this when the admin API is off).',
    remedy: 'Check the path and method against the reference at /docs.',
  },
  page_too_large: {
    cause: 'A page would need more than 40 megapixels to render at 72 dpi, or an image decodes to more than 100 megapixels.',
    remedy: 'Scale the page or image down; with on_page_error=skip the other pages are still delivered.',
  },
  quota_exceeded: {
    cause: 'The pages of this document would pass the plan\'s allowance for the period (reserved pages of running jobs count).',
    remedy: 'Convert fewer pages (pages=…), wait for the next period, or upgrade the plan; GET /v1/usage shows what is left.',
  },
  rate_limited: {
    cause: 'More requests per minute than the plan (or, without a key, the client IP) allows.',
    remedy: 'Wait Retry-After seconds; spread requests out (RateLimit-* headers say where you stand).',
  },
  result_consumed: {
    cause: 'Results are read once: this one was read already, or it expired (DOCCONV_RESULT_TTL_S after the job completed).',
    remedy: 'Submit the document again.',
  },
  signup_required: {
    cause: 'No key was sent, or the account\'s e-mail address is not verified yet.',
    remedy: 'Send Authorization: Bearer <API key>; if you did, verify the account\'s e-mail address.',
  },
  too_many_pages: {
    cause: 'The document (or the selected pages) has more pages than the plan allows per document, or more than 10 with prefer=sync.',
    remedy: 'Send prefer=async (or no prefer), select fewer pages with pages=…, or upgrade the plan.',
  },
  unauthenticated: {
    cause: 'This operation needs an API key and none was sent.',
    remedy: 'Send Authorization: Bearer <API key>.',
  },
  unsupported_media_type: {
    cause: 'The file is not a PDF, PNG, JPEG, TIFF or WebP (recognised by its bytes, not its name), or it is empty.',
    remedy: 'Convert the file to PDF first (e.g. office documents with LibreOffice).',
  },
};
