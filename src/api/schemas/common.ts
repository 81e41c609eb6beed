// Shared TypeBox building blocks. Everything here must be OpenAPI 3.0.3-compatible: no `const`,
// no `type: 'null'`, no type arrays (so: StringEnum instead of Type.Literal / Type.Union of literals).
import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from '../../errors/catalogue.js';
import { LIMITS } from '../../config.js';

export function StringEnum<const T extends readonly string[]>(values: T, opts: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });
}

/** An object that rejects unknown properties (spec §2). */
export const Obj: typeof Type.Object = ((props: Parameters<typeof Type.Object>[0], opts?: Parameters<typeof Type.Object>[1]) =>
  Type.Object(props, { additionalProperties: false, ...opts })) as typeof Type.Object;

/** Spec §7: the one error envelope. */
export const ErrorSchema = Obj(
  {
    type: Type.String({ description: 'Stable category of the code (snake_case).' }),
    code: StringEnum(ERROR_CODES, { description: 'Machine-readable stable code; branch on this, never on the message.' }),
    request_id: Type.String({ description: 'Correlates with the server log; also the X-Request-Id header.' }),
    message: Type.Optional(Type.String({ description: 'Human-readable; never contains document content.' })),
    doc_url: Type.Optional(Type.String({ format: 'uri', description: 'Documentation of the code: {public_url}/docs/errors/<code>.' })),
  },
  { title: 'Error' },
);

/** Where error responses point in the OpenAPI document (the shared schema registered by the app). */
export const ERROR_SCHEMA_ID = 'Error';
export const ErrorRef = Type.Unsafe<Record<string, unknown>>({ $ref: `${ERROR_SCHEMA_ID}#` });

/** Response headers, documented in the OpenAPI document (spec §8). */
export const HEADERS = {
  requestId: { 'X-Request-Id': { type: 'string', description: 'Id of this request; equals request_id of an error envelope.' } },
  rateLimit: {
    'RateLimit-Limit': { type: 'integer', description: 'Bucket capacity (the burst of the tier).' },
    'RateLimit-Remaining': { type: 'integer', description: 'Whole requests left in the bucket.' },
    'RateLimit-Reset': { type: 'integer', description: 'Seconds until the bucket is full again.' },
    'RateLimit-Policy': { type: 'string', description: 'Active policy: `<requests per minute>;w=60`.' },
  },
  quota: { 'X-Service-Quota-Pages-Remaining': { type: 'integer', description: 'Whole pages left in the allowance, after this request (authenticated callers).' } },
  retryAfter: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before retrying.' } },
  replayed: { 'Idempotency-Replayed': { type: 'string', enum: ['true'], description: 'Present on a replayed response (spec §4 idempotency rule 1).' } },
} as const;
type HeaderMap = Record<string, Record<string, unknown>>;
/** Headers of a 2xx on a rate-limited key route. */
export const KEY_ROUTE_HEADERS: HeaderMap = { ...HEADERS.requestId, ...HEADERS.rateLimit, ...HEADERS.quota };

/** The error responses of a route, grouped by status; each lists its codes and references Error. */
export function errorResponses(...codes: ErrorCode[]): Record<number, TSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of new Set<ErrorCode>([...codes, 'internal_error'])) {
    const s = ERROR_CATALOGUE[c].status;
    byStatus.set(s, [...(byStatus.get(s) ?? []), c]);
  }
  const out: Record<number, TSchema> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const headers = status === 429 ? { ...HEADERS.requestId, ...HEADERS.retryAfter, ...HEADERS.rateLimit } : HEADERS.requestId;
    out[status] = Type.Unsafe({ $ref: `${ERROR_SCHEMA_ID}#`, description: `Error: ${list.map((c) => `\`${c}\``).join(', ')}`, headers });
  }
  return out;
}

/** Errors any rate-limited key route can answer. */
export const KEY_ROUTE_ERRORS: ErrorCode[] = ['invalid_request', 'unauthenticated', 'invalid_api_key', 'forbidden', 'rate_limited'];

export const IdempotencyHeaders = Type.Object({
  'Idempotency-Key': Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.idempotencyKeyMaxLength, description: 'Replays the original response for a retried request (spec §4); records expire after 24 h.' })),
});

export const BEARER: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
export const OPTIONAL_BEARER: Array<Record<string, string[]>> = [{}, { bearerAuth: [] }];
export const NO_AUTH: Array<Record<string, string[]>> = [];

export const Timestamp = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

/** A response schema with its OpenAPI description (what the 2xx means). */
export function described<T extends TSchema>(schema: T, description: string, headers: HeaderMap = HEADERS.requestId): T {
  return { ...schema, description, headers };
}

/** Operations whose JSON body may be omitted (OpenAPI `requestBody.required: false`). */
export const OPTIONAL_BODY_OPERATIONS: Array<[path: string, method: string]> = [['/v1/keys', 'post']];
