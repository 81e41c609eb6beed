// GET/POST /keys, DELETE /keys/{key_id}, POST /keys/{key_id}/rotate (spec §4, DECISIONS §3).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson, fingerprint } from '../accounts/idempotency.js';
import { DEFAULT_KEY_SCOPES, ROUTE_AUTH, isScope, type KeyCaller, type Scope } from '../accounts/scopes.js';
import { ServiceError } from '../errors/service-error.js';
import { createKeySchema, listKeysSchema, revokeKeySchema, rotateKeySchema } from './schemas/keys.js';

/**
 * Runs a key-issuing POST under the idempotency rules (spec §4 rules 1-4): replays a stored 2xx,
 * records a new one, frees the key on failure.
 */
async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  route: string,
  body: unknown,
  run: () => Promise<{ status: number; body: unknown }>,
) {
  const caller = request.caller as KeyCaller;
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') {
    const r = await run();
    return reply.code(r.status).send(r.body);
  }
  const idem = request.server.idempotency;
  const fp = fingerprint(route, request.url.split('?')[0], canonicalJson(body));
  const begun = await idem.begin(caller.accountId, route, key, fp);
  if (begun.kind === 'replay') return reply.code(begun.status).headers(begun.headers).header('Idempotency-Replayed', 'true').send(begun.body);
  try {
    const r = await run();
    await idem.complete(caller.accountId, route, key, { status: r.status, body: r.body });
    return reply.code(r.status).send(r.body);
  } catch (err) {
    await idem.release(caller.accountId, route, key).catch((e) => request.log.error({ err: e }, 'idempotency release failed'));
    throw err;
  }
}

export const keysRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: ROUTE_AUTH.keys };

  app.get('/keys', { schema: listKeysSchema, config }, async (request) => {
    const caller = request.caller as KeyCaller;
    return { keys: await app.accounts.listKeys(caller.accountId) };
  });

  // The body is optional (spec §4): an absent one is validated as `{}`.
  const optionalBody = async (request: FastifyRequest) => { request.body ??= {}; };

  app.post('/keys', { schema: createKeySchema, config, preValidation: optionalBody }, async (request, reply) => {
    const caller = request.caller as KeyCaller;
    const requested = request.body?.scopes;
    let scopes: Scope[];
    if (requested === undefined) {
      // The defaults, narrowed to what this key holds (a key can grant only scopes it holds).
      scopes = DEFAULT_KEY_SCOPES.filter((s) => caller.scopes.includes(s));
      if (scopes.length === 0) throw new ServiceError('forbidden', 'This key holds none of the default scopes; name the scopes to grant.');
    } else {
      const unknown = requested.filter((s) => !isScope(s));
      if (unknown.length) throw new ServiceError('invalid_request', `Unknown scope names: ${unknown.map((s) => JSON.stringify(s.slice(0, 40))).join(', ')}.`);
      scopes = requested as Scope[];
      const missing = scopes.filter((s) => !caller.scopes.includes(s));
      if (missing.length) throw new ServiceError('forbidden', `A key can grant only scopes it holds; missing: ${missing.join(', ')}.`);
    }
    return idempotent(request, reply, 'POST /v1/keys', request.body ?? null, async () => ({ status: 201, body: await app.accounts.createKey(caller.accountId, scopes) }));
  });

  app.delete('/keys/:key_id', { schema: revokeKeySchema, config }, async (request, reply) => {
    const caller = request.caller as KeyCaller;
    await app.accounts.revokeKey(caller.accountId, request.params.key_id);
    return reply.code(204).send();
  });

  app.post('/keys/:key_id/rotate', { schema: rotateKeySchema, config }, async (request, reply) => {
    const caller = request.caller as KeyCaller;
    return idempotent(request, reply, 'POST /v1/keys/{key_id}/rotate', null, async () => ({
      status: 201,
      body: await app.accounts.rotateKey(caller.accountId, request.params.key_id, caller.scopes),
    }));
  });
};
