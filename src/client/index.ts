// Public entry of the typed docconv client.
export { DocconvClient, AdminClient, errorFromEvent } from './client.js';
export type { ClientOptions, ConvertInput, ConvertFormat, ConvertOutcome, CallOptions, IdempotentCallOptions, JobEventsOptions, JobOutput } from './client.js';
export { DocconvError, DocconvNetworkError, parseRetryAfter } from './errors.js';
export type { ErrorEnvelope } from './errors.js';
export type { JobEvent, JobEventType, QueuedEvent, WarmingEvent, PageEvent, CompletedEvent, ErrorEvent } from './events.js';
export type { FileInput } from './files.js';
export { OPERATIONS, operationPath } from './operations.js';
export type { OperationName } from './operations.js';
export { DEFAULT_RETRY_POLICY, isRetryableStatus } from './retry.js';
export type { RetryPolicy } from './retry.js';
export { SseParser } from './sse.js';
export { DEFAULT_BASE_URL, normaliseBaseUrl, newIdempotencyKey } from './transport.js';
export type { RetryEvent } from './transport.js';
export * from './types.js';
export { verifyWebhook, signWebhook, computeWebhookSignature, parseSignatureHeader, WEBHOOK_SIGNATURE_HEADER } from './webhook.js';
