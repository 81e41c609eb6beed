// Scopes and what each route demands of its caller (DECISIONS §3).
import { TIERS, type TierName } from '../config.js';
import { ServiceError } from '../errors/service-error.js';

export const SCOPES = ['convert', 'jobs:read', 'usage:read', 'keys:manage'] as const;
export type Scope = (typeof SCOPES)[number];

/** POST /keys without `scopes`. */
export const DEFAULT_KEY_SCOPES: readonly Scope[] = ['convert', 'jobs:read', 'usage:read'];
/** The key issued with a new account by the admin API. */
export const ACCOUNT_KEY_SCOPES: readonly Scope[] = ['convert', 'jobs:read', 'usage:read', 'keys:manage'];

export function isScope(s: unknown): s is Scope {
  return typeof s === 'string' && (SCOPES as readonly string[]).includes(s);
}

export type Caller =
  | { kind: 'anonymous'; ip: string }
  | { kind: 'key'; accountId: string; keyId: string; scopes: readonly Scope[]; tier: TierName; emailVerified: boolean; ip: string };

export type KeyCaller = Extract<Caller, { kind: 'key' }>;

/**
 * Route-level access policy, set as Fastify route `config.auth` (or the shorthand `config.scope`).
 * - `public`: no key is read (health, version, openapi, docs); not rate limited.
 * - `token`: authorised by a one-time token, not a key (result reads); rate limited per client IP.
 * - `admin`: bearer DOCCONV_ADMIN_TOKEN; routes answer 404 when it is unset.
 * - otherwise a key route: `scope` needed; what an anonymous caller gets; tier and e-mail checks.
 */
export type RouteAuth =
  | { mode: 'public' }
  | { mode: 'token' }
  | { mode: 'admin' }
  | {
      mode: 'key';
      /** Scope the key must hold; omitted = any valid key. */
      scope?: Scope;
      /** No key: `unauthenticated` (401, default), `signup_required` (403) or `allow` (anonymous view). */
      anonymous?: 'unauthenticated' | 'signup_required' | 'allow';
      /** Tier must have programmatic access, else 403 api_not_available_on_tier. */
      apiAccess?: boolean;
      /** E-mail must be verified, else 403 signup_required. */
      verifiedEmail?: boolean;
    };

/** The policies of the spec's routes, for route plugins: `config: { auth: ROUTE_AUTH.convert }`. */
export const ROUTE_AUTH = {
  public: { mode: 'public' },
  token: { mode: 'token' },
  admin: { mode: 'admin' },
  convert: { mode: 'key', scope: 'convert', anonymous: 'signup_required', apiAccess: true, verifiedEmail: true },
  cancelJob: { mode: 'key', scope: 'convert', apiAccess: true },
  readJob: { mode: 'key', scope: 'jobs:read', apiAccess: true },
  usage: { mode: 'key', scope: 'usage:read', anonymous: 'allow' },
  keys: { mode: 'key', scope: 'keys:manage' },
} as const satisfies Record<string, RouteAuth>;

/** Checks a key-route policy against the caller; throws the DECISIONS §3 error. Order: anonymous, tier, e-mail, scope. */
export function enforce(auth: Extract<RouteAuth, { mode: 'key' }>, caller: Caller): void {
  if (caller.kind === 'anonymous') {
    const mode = auth.anonymous ?? 'unauthenticated';
    if (mode === 'allow') return;
    throw new ServiceError(mode);
  }
  if (auth.apiAccess && !TIERS[caller.tier].apiAccess) throw new ServiceError('api_not_available_on_tier');
  if (auth.verifiedEmail && !caller.emailVerified) throw new ServiceError('signup_required', 'Verify the e-mail address of the account before converting.');
  if (auth.scope && !caller.scopes.includes(auth.scope)) throw new ServiceError('forbidden', `This API key lacks the "${auth.scope}" scope.`);
}
