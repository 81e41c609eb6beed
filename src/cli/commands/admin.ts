// `docconv admin accounts create|update` (DECISIONS §3 admin API, bearer DOCCONV_ADMIN_TOKEN).
import { CLI_EXIT } from '../../errors/catalogue.js';
import type { AdminUpdateAccountRequest } from '../../client/index.js';
import { bool, str, UsageError, type Command } from '../args.js';

const TIER_HELP = 'free, starter, pro or power';

export const adminAccountsCreateCommand: Command = {
  name: 'admin accounts create',
  summary: 'create an account and its first API key (printed once on stdout)',
  maxArgs: 0,
  options: {
    tier: { type: 'string', value: 'TIER', description: `${TIER_HELP} (required)` },
    'email-verified': { type: 'boolean', description: 'mark the e-mail as verified (needed to convert)' },
  },
  details: 'Needs DOCCONV_ADMIN_TOKEN, the token the server was started with.\nExample: export DOCCONV_API_KEY=$(docconv admin accounts create --tier starter --email-verified)',
  async run(ctx, parsed) {
    const tier = str(parsed, 'tier');
    if (!tier) throw new UsageError(`--tier is required (${TIER_HELP})`, 'admin accounts create');
    const created = await ctx.adminClient().admin.createAccount({ tier, email_verified: bool(parsed, 'email-verified') });
    if (ctx.json) ctx.outJson(created);
    else {
      ctx.out(created.key);
      ctx.note(`account ${created.account_id} (${created.tier}), key ${created.key_id}: store the key now, it is never shown again`);
    }
    return CLI_EXIT.ok;
  },
};

export const adminAccountsUpdateCommand: Command = {
  name: 'admin accounts update',
  summary: 'change an account\'s tier or e-mail verification (applies at once)',
  args: 'ACCOUNT_ID',
  minArgs: 1,
  maxArgs: 1,
  options: {
    tier: { type: 'string', value: 'TIER', description: TIER_HELP },
    'email-verified': { type: 'string', value: 'true|false', description: 'set the e-mail verification flag' },
  },
  async run(ctx, parsed) {
    const patch: AdminUpdateAccountRequest = {};
    const tier = str(parsed, 'tier');
    if (tier !== undefined) patch.tier = tier;
    const verified = str(parsed, 'email-verified');
    if (verified !== undefined) {
      if (verified !== 'true' && verified !== 'false') throw new UsageError(`--email-verified must be true or false, got ${verified}`, 'admin accounts update');
      patch.email_verified = verified === 'true';
    }
    if (Object.keys(patch).length === 0) throw new UsageError('nothing to update: give --tier and/or --email-verified', 'admin accounts update');
    const account = await ctx.adminClient().admin.updateAccount(parsed.positionals[0], patch);
    if (ctx.json) ctx.outJson(account);
    else ctx.out(`${account.account_id} tier=${account.tier} email_verified=${account.email_verified}`);
    return CLI_EXIT.ok;
  },
};
