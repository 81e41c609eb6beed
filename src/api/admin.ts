// The admin API (DECISIONS §3): what a billing system or an operator calls, with the bearer
// DOCCONV_ADMIN_TOKEN (checked in constant time by the auth hook; unset = these routes are 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROUTE_AUTH } from '../accounts/scopes.js';
import { createAccountSchema, updateAccountSchema } from './schemas/admin.js';

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: ROUTE_AUTH.admin };

  app.post('/admin/accounts', { schema: createAccountSchema, config }, async (request, reply) => {
    const created = await app.accounts.createAccount(request.body.tier, request.body.email_verified ?? true);
    request.log.info({ account: created.account_id, tier: created.tier }, 'account created');
    return reply.code(201).send(created);
  });

  app.patch('/admin/accounts/:account_id', { schema: updateAccountSchema, config }, async (request) => {
    const updated = await app.accounts.updateAccount(request.params.account_id, request.body);
    request.log.info({ account: updated.account_id, tier: updated.tier }, 'account updated');
    return updated;
  });
};
