// Spec §2 UsageMeters; route GET /usage (key optional, DECISIONS §3).
import { Type } from '@sinclair/typebox';
import { KEY_ROUTE_ERRORS, KEY_ROUTE_HEADERS, OPTIONAL_BEARER, Obj, StringEnum, described, errorResponses } from './common.js';

export const UsageMeters = Obj(
  {
    tier: Type.String({ description: '`anonymous`, `free`, `starter`, `pro` or `power`.' }),
    anonymous: Type.Boolean(),
    period: Type.String({ description: 'Calendar month `YYYY-MM`; empty for the lifetime trial.' }),
    pages: Obj({ used: Type.Integer(), reserved: Type.Integer(), remaining: Type.Integer(), allowance: Type.Integer() }),
    concurrency: Obj({ in_use: Type.Integer(), limit: Type.Integer() }),
    backend_lane: Type.String({ description: '`standard` (free, starter) or `priority` (pro, power).' }),
    api_access: Type.Boolean(),
    source: Type.Optional(StringEnum(['trial', 'period'] as const)),
    resets_at: Type.Optional(Type.String({ format: 'date-time', description: 'Start of the next UTC month; omitted for the lifetime trial.' })),
    unlock_url: Type.Optional(Type.String({ format: 'uri', description: 'Where an anonymous caller creates a free account; anonymous callers only.' })),
  },
  { title: 'UsageMeters' },
);

export const usageSchema = {
  summary: 'Usage and quota meters of the current period (anonymous callers get a trimmed view)',
  tags: ['usage'],
  security: OPTIONAL_BEARER,
  response: { 200: described(UsageMeters, 'The meters of the current period (anonymous: zeroed, with unlock_url).', KEY_ROUTE_HEADERS), ...errorResponses(...KEY_ROUTE_ERRORS.filter((c) => c !== 'unauthenticated')) },
};
