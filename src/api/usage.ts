// GET /usage: the full meters for a key (scope usage:read), a trimmed view for anonymous callers
// (DECISIONS §3). Served from the in-memory meter cache.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TIERS } from '../config.js';
import { pagesLeft } from '../accounts/metering.js';
import { TRIAL_PERIOD, nextPeriodStart } from '../accounts/period.js';
import { ROUTE_AUTH } from '../accounts/scopes.js';
import { usageSchema } from './schemas/usage.js';

export const usageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/usage', { schema: usageSchema, config: { auth: ROUTE_AUTH.usage } }, async (request) => {
    const caller = request.caller;
    if (caller.kind === 'anonymous') {
      return {
        tier: 'anonymous', anonymous: true, period: '',
        pages: { used: 0, reserved: 0, remaining: 0, allowance: 0 },
        concurrency: { in_use: 0, limit: 0 },
        backend_lane: 'standard', api_access: false, unlock_url: app.config.signupUrl,
      };
    }
    const m = await app.metering.snapshot(caller.accountId);
    const tier = TIERS[m.tier];
    const trial = m.period === TRIAL_PERIOD;
    return {
      tier: tier.name,
      anonymous: false,
      period: trial ? '' : m.period,
      pages: { used: m.used, reserved: m.reserved, remaining: pagesLeft(m), allowance: m.allowance },
      concurrency: { in_use: m.slotsInUse, limit: m.slotLimit },
      backend_lane: tier.backendLane,
      api_access: tier.apiAccess,
      source: trial ? ('trial' as const) : ('period' as const),
      ...(trial ? {} : { resets_at: nextPeriodStart() }),
    };
  });
};
