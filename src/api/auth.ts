// Who is calling, what the route allows them, and how fast (DECISIONS §3). Runs in onRequest, so a
// refused upload is answered before its body is read. The hot path (known key, in-process bucket,
// cached meter) never waits on the store.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_RATE_TIER, ANONYMOUS_RATE_TIER, TIERS } from '../config.js';
import { rateKeyForIp } from '../accounts/client-ip.js';
import { ServiceError } from '../errors/service-error.js';
import { sameSecret } from '../accounts/keys.js';
import { enforce, type Caller, type RouteAuth } from '../accounts/scopes.js';
import type { RateLimiter } from '../accounts/token-bucket.js';

const BEARER_RE = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;
/** A route that declares no policy needs a key (any scope): safe by default. */
const DEFAULT_AUTH: RouteAuth = { mode: 'key' };

export function routeAuth(request: FastifyRequest): RouteAuth | null {
  if (request.is404) return null;
  const cfg = request.routeOptions.config;
  if (cfg?.auth) return cfg.auth;
  if (cfg?.scope) return { mode: 'key', scope: cfg.scope };
  return DEFAULT_AUTH;
}

function bearer(request: FastifyRequest): string | null | undefined {
  const h = request.headers.authorization;
  if (h === undefined || h === '') return undefined;
  const m = BEARER_RE.exec(h);
  return m ? m[1] : null;
}

function applyRateLimit(reply: FastifyReply, d: { allowed: boolean; limit: number; remaining: number; resetS: number; retryAfterS: number; policy: string }) {
  reply.header('RateLimit-Limit', d.limit).header('RateLimit-Remaining', d.remaining).header('RateLimit-Reset', d.resetS).header('RateLimit-Policy', d.policy);
  if (!d.allowed) throw new ServiceError('rate_limited', undefined, { 'Retry-After': String(d.retryAfterS) });
}

export function installAuth(app: FastifyInstance, limiter: RateLimiter): void {
  app.decorateRequest('caller', null as never);

  app.addHook('onRequest', async (request, reply) => {
    const auth = routeAuth(request);
    if (!auth || auth.mode === 'public') return;
    const ip = request.ip;
    const ipBucket = `ip:${rateKeyForIp(ip)}`;
    if (auth.mode === 'admin') {
      const expected = app.config.adminToken;
      if (!expected) throw new ServiceError('not_found'); // admin API disabled: indistinguishable from no route
      // Rate limited per client IP (issue 10 item 10): the admin token cannot be guessed at full speed.
      applyRateLimit(reply, await limiter.take(`admin:${rateKeyForIp(ip)}`, ADMIN_RATE_TIER));
      const token = bearer(request);
      if (token === undefined) throw new ServiceError('unauthenticated', 'The admin API needs the admin bearer token.');
      if (token === null || !sameSecret(token, expected)) throw new ServiceError('invalid_api_key', 'The admin token is not valid.');
      return;
    }
    if (auth.mode === 'token') {
      request.caller = { kind: 'anonymous', ip };
      applyRateLimit(reply, await limiter.take(ipBucket, ANONYMOUS_RATE_TIER));
      return;
    }
    const token = bearer(request);
    // A key this node has not cached costs a store read: the client IP's bucket pays first, so
    // random well-formed keys cannot load the store faster than the anonymous rate (issue 10 item 6).
    const ipPaid = typeof token === 'string' && !app.accounts.isCachedKey(token);
    if (ipPaid) applyRateLimit(reply, await limiter.take(ipBucket, ANONYMOUS_RATE_TIER));
    let caller: Caller;
    try {
      if (token === null) throw new ServiceError('invalid_api_key', 'The Authorization header must be "Bearer <API key>".');
      caller = token === undefined ? { kind: 'anonymous', ip } : await app.accounts.authenticate(token, ip);
    } catch (err) {
      // A refused key is still a call on a limited route: it is counted against the client IP (the
      // anonymous rate), carries the RateLimit-* headers, and turns into 429 once the IP's bucket is
      // empty, so keys cannot be guessed at full speed.
      if (err instanceof ServiceError && err.code === 'invalid_api_key' && !ipPaid) applyRateLimit(reply, await limiter.take(ipBucket, ANONYMOUS_RATE_TIER));
      throw err;
    }
    request.caller = caller;
    applyRateLimit(
      reply,
      caller.kind === 'key' ? await limiter.take(`a:${caller.accountId}`, TIERS[caller.tier]) : await limiter.take(ipBucket, ANONYMOUS_RATE_TIER),
    );
    enforce(auth, caller);
  });

  // DECISIONS §3: every authenticated response carries the pages left (after this request's reservation).
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.caller;
    if (caller?.kind === 'key' && !reply.hasHeader('X-Service-Quota-Pages-Remaining')) {
      try {
        reply.header('X-Service-Quota-Pages-Remaining', await app.metering.pagesRemaining(caller.accountId));
      } catch (err) {
        request.log.warn({ err }, 'quota header unavailable');
      }
    }
    return payload;
  });
}
