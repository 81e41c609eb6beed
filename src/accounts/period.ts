// Metering periods (DECISIONS §3): the current UTC month for paid tiers; one lifetime trial for free.
import type { Tier } from '../config.js';

export const TRIAL_PERIOD = 'trial';

export function periodOf(tier: Tier, now = new Date()): string {
  if (tier.lifetimeTrial) return TRIAL_PERIOD;
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Start of the next UTC month, RFC 3339. */
export function nextPeriodStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().replace('.000Z', 'Z');
}
