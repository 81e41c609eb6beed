// Every operation of the spec (§4) and of the admin API (DECISIONS §3), as method + path below
// `/v1`. The client builds its URLs from this table only, and test/client/openapi.test.ts checks it
// against a real server's /openapi.json, so client and server cannot drift apart silently.
import type { AuthMode, HttpMethod } from './transport.js';

export interface OperationSpec {
  method: HttpMethod;
  /** Template below /v1 with `{param}` placeholders. */
  path: string;
  auth: AuthMode;
  /** Whether the operation takes an Idempotency-Key (spec §4: convert, create key, rotate key). */
  idempotent?: boolean;
}

export const OPERATIONS = {
  convert: { method: 'POST', path: '/convert', auth: 'optional', idempotent: true },
  getJob: { method: 'GET', path: '/jobs/{id}', auth: 'key' },
  cancelJob: { method: 'DELETE', path: '/jobs/{id}', auth: 'key' },
  jobEvents: { method: 'GET', path: '/jobs/{id}/events', auth: 'key' },
  getResult: { method: 'GET', path: '/jobs/{id}/result', auth: 'none' },
  getMarkdown: { method: 'GET', path: '/jobs/{id}/markdown', auth: 'none' },
  getJson: { method: 'GET', path: '/jobs/{id}/json', auth: 'none' },
  listKeys: { method: 'GET', path: '/keys', auth: 'key' },
  createKey: { method: 'POST', path: '/keys', auth: 'key', idempotent: true },
  revokeKey: { method: 'DELETE', path: '/keys/{key_id}', auth: 'key' },
  rotateKey: { method: 'POST', path: '/keys/{key_id}/rotate', auth: 'key', idempotent: true },
  usage: { method: 'GET', path: '/usage', auth: 'optional' },
  health: { method: 'GET', path: '/health', auth: 'none' },
  version: { method: 'GET', path: '/version', auth: 'none' },
  openapi: { method: 'GET', path: '/openapi.json', auth: 'none' },
  createAccount: { method: 'POST', path: '/admin/accounts', auth: 'admin' },
  updateAccount: { method: 'PATCH', path: '/admin/accounts/{account_id}', auth: 'admin' },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

/** Fills a path template; every parameter is percent-encoded. */
export function operationPath(name: OperationName, params: Record<string, string> = {}): string {
  return OPERATIONS[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new TypeError(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}
