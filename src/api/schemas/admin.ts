// DECISIONS §3 admin API (bearer DOCCONV_ADMIN_TOKEN): POST /admin/accounts, PATCH /admin/accounts/{account_id}.
import { Type, type Static } from '@sinclair/typebox';
import { BEARER, Obj, described, errorResponses } from './common.js';

const ADMIN_ERRORS = ['invalid_request', 'unauthenticated', 'invalid_api_key', 'not_found'] as const;

export const CreateAccountRequest = Obj(
  {
    tier: Type.String({ description: '`free`, `starter`, `pro` or `power`; anything else is 400 `invalid_plan`.' }),
    email_verified: Type.Optional(Type.Boolean({ default: true })),
  },
  { title: 'CreateAccountRequest' },
);
export type CreateAccountRequest = Static<typeof CreateAccountRequest>;

export const AccountCreated = Obj(
  {
    account_id: Type.String(),
    tier: Type.String(),
    key: Type.String({ description: 'The first API key (scopes convert, jobs:read, usage:read, keys:manage); shown once.' }),
    key_id: Type.String(),
  },
  { title: 'AccountCreated' },
);

export const UpdateAccountRequest = Obj(
  { tier: Type.Optional(Type.String()), email_verified: Type.Optional(Type.Boolean()) },
  { title: 'UpdateAccountRequest' },
);
export type UpdateAccountRequest = Static<typeof UpdateAccountRequest>;

export const Account = Obj({ account_id: Type.String(), tier: Type.String(), email_verified: Type.Boolean() }, { title: 'Account' });

export const createAccountSchema = {
  summary: 'Create an account and its first API key',
  tags: ['admin'],
  security: BEARER,
  body: CreateAccountRequest,
  response: { 201: described(AccountCreated, 'Created, with its first API key (shown once).'), ...errorResponses(...ADMIN_ERRORS, 'invalid_plan', 'file_too_large', 'unsupported_media_type') },
};

export const updateAccountSchema = {
  summary: "Change an account's tier or e-mail verification (applies at once)",
  tags: ['admin'],
  security: BEARER,
  params: Obj({ account_id: Type.String({ minLength: 1, maxLength: 128 }) }),
  body: UpdateAccountRequest,
  response: { 200: described(Account, 'The account as it is now.'), ...errorResponses(...ADMIN_ERRORS, 'invalid_plan', 'file_too_large', 'unsupported_media_type') },
};
