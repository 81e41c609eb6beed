// Spec §2 ApiKey, ApiKeyCreated, ApiKeyList, CreateKeyRequest; routes GET/POST /keys,
// DELETE /keys/{key_id}, POST /keys/{key_id}/rotate.
import { Type, type Static } from '@sinclair/typebox';
import { SCOPES } from '../../accounts/scopes.js';
import { BEARER, HEADERS, IdempotencyHeaders, KEY_ROUTE_ERRORS, KEY_ROUTE_HEADERS, Obj, StringEnum, Timestamp, described, errorResponses } from './common.js';

export const ScopeSchema = StringEnum(SCOPES);
export const TierSchema = StringEnum(['free', 'starter', 'pro', 'power'] as const);

export const ApiKey = Obj(
  {
    key_id: Type.String(),
    last4: Type.String({ description: 'Masked tail of the key; the secret is never returned in listings.' }),
    scopes: Type.Array(Type.String()),
    created_at: Timestamp(),
    revoked_at: Type.Optional(Timestamp('Present once revoked.')),
    tier: Type.Optional(Type.String({ description: "The account's plan tier." })),
  },
  { title: 'ApiKey' },
);

export const ApiKeyCreated = Obj(
  {
    key: Type.String({ description: 'The full API key; returned once, never retrievable again.' }),
    key_id: Type.String(),
    last4: Type.String(),
    scopes: Type.Array(Type.String()),
    created_at: Type.Optional(Timestamp()),
  },
  { title: 'ApiKeyCreated' },
);

export const ApiKeyList = Obj({ keys: Type.Array(ApiKey) }, { title: 'ApiKeyList' });

export const CreateKeyRequest = Obj(
  {
    scopes: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 16, uniqueItems: true, description: `Scope names: ${SCOPES.join(', ')}. Default: convert, jobs:read, usage:read. Only scopes the calling key holds.` })),
  },
  { title: 'CreateKeyRequest' },
);
export type CreateKeyRequest = Static<typeof CreateKeyRequest>;

const KeyIdParams = Obj({ key_id: Type.String({ minLength: 1, maxLength: 128 }) });

export const listKeysSchema = {
  summary: 'List the API keys of the account (masked)',
  tags: ['keys'],
  security: BEARER,
  response: { 200: described(ApiKeyList, 'The keys of the account, revoked ones included (with revoked_at).', KEY_ROUTE_HEADERS), ...errorResponses(...KEY_ROUTE_ERRORS) },
};

export const createKeySchema = {
  summary: 'Create an API key (the full key is shown once)',
  tags: ['keys'],
  security: BEARER,
  headers: IdempotencyHeaders,
  body: Type.Optional(CreateKeyRequest),
  response: { 201: described(ApiKeyCreated, 'Created; the full key is shown this once (a replay carries Idempotency-Replayed: true).', { ...KEY_ROUTE_HEADERS, ...HEADERS.replayed }), ...errorResponses(...KEY_ROUTE_ERRORS, 'idempotency_key_reused', 'idempotency_in_progress', 'invalid_state', 'file_too_large', 'unsupported_media_type') },
};

export const revokeKeySchema = {
  summary: 'Revoke an API key (effective immediately)',
  tags: ['keys'],
  security: BEARER,
  params: KeyIdParams,
  response: { 204: Type.Unsafe({ type: 'null', description: 'Revoked.', headers: KEY_ROUTE_HEADERS }), ...errorResponses(...KEY_ROUTE_ERRORS, 'key_not_found') },
};

export const rotateKeySchema = {
  summary: 'Rotate an API key: revoke it and issue a new one with the same scopes',
  tags: ['keys'],
  security: BEARER,
  params: KeyIdParams,
  headers: IdempotencyHeaders,
  response: { 201: described(ApiKeyCreated, 'The new key, shown this once; the old one is revoked.', { ...KEY_ROUTE_HEADERS, ...HEADERS.replayed }), ...errorResponses(...KEY_ROUTE_ERRORS, 'key_not_found', 'idempotency_key_reused', 'idempotency_in_progress') },
};
