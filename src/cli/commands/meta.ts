// `docconv usage`, `docconv health`, `docconv version` (spec §4 meta endpoints).
import { CLI_EXIT } from '../../errors/catalogue.js';
import type { Command } from '../args.js';
import { CLI_VERSION } from '../version.js';

export const usageCommand: Command = {
  name: 'usage',
  summary: 'show the page allowance, usage and concurrency of the account (anonymous without a key)',
  maxArgs: 0,
  async run(ctx) {
    const usage = await ctx.client().usage();
    if (ctx.json) {
      ctx.outJson(usage);
      return CLI_EXIT.ok;
    }
    const p = usage.pages;
    ctx.out([
      `tier:         ${usage.tier}${usage.anonymous ? ' (anonymous)' : ''}`,
      `period:       ${usage.period || (usage.source === 'trial' ? 'lifetime trial' : '-')}${usage.resets_at ? ` (resets ${usage.resets_at})` : ''}`,
      `pages:        ${p.used} used, ${p.reserved} reserved, ${p.remaining} remaining of ${p.allowance}`,
      `concurrency:  ${usage.concurrency.in_use} of ${usage.concurrency.limit} in use`,
      `api access:   ${usage.api_access ? 'yes' : 'no'}`,
      `backend lane: ${usage.backend_lane}`,
      ...(usage.unlock_url ? [`sign up:      ${usage.unlock_url}`] : []),
    ].join('\n'));
    return CLI_EXIT.ok;
  },
};

export const healthCommand: Command = {
  name: 'health',
  summary: 'check the service (exit 0 when ok or degraded, 1 when down)',
  maxArgs: 0,
  async run(ctx) {
    const { httpStatus, ...health } = await ctx.client().health();
    if (ctx.json) ctx.outJson(health);
    else ctx.out([`status: ${health.status}`, ...Object.entries(health.deps ?? {}).map(([name, state]) => `  ${name}: ${state}`)].join('\n'));
    return httpStatus === 503 || health.status === 'down' ? CLI_EXIT.failure : CLI_EXIT.ok;
  },
};

export const versionCommand: Command = {
  name: 'version',
  summary: 'show the service version and its parser models (and this CLI version)',
  maxArgs: 0,
  async run(ctx) {
    const info = await ctx.client().version();
    if (ctx.json) {
      ctx.outJson({ ...info, cli_version: CLI_VERSION });
      return CLI_EXIT.ok;
    }
    const lines = [`service: ${info.service} ${info.version}${info.commit ? ` (${info.commit}${info.date ? `, ${info.date}` : ''})` : ''}`, `cli:     docconv ${CLI_VERSION}`];
    if (info.models?.length) {
      lines.push('models:');
      const width = Math.max(...info.models.map((m) => m.id.length));
      for (const m of info.models) lines.push(`  ${m.id.padEnd(width)}  ${m.label} (${m.license}; ${m.attribution})`);
    }
    ctx.out(lines.join('\n'));
    return CLI_EXIT.ok;
  },
};
