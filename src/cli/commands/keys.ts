// `docconv keys list|create|rotate|revoke` (spec §4 /keys; needs the keys:manage scope).
import { CLI_EXIT } from '../../errors/catalogue.js';
import type { ApiKeyCreated } from '../../client/index.js';
import { list, str, type Command } from '../args.js';
import type { CliContext } from '../context.js';

export const keysListCommand: Command = {
  name: 'keys list',
  summary: 'list the account\'s API keys (masked; revoked keys included)',
  maxArgs: 0,
  async run(ctx) {
    const { keys } = await ctx.client().listKeys();
    if (ctx.json) {
      ctx.outJson(keys);
      return CLI_EXIT.ok;
    }
    const rows = [['KEY ID', 'LAST4', 'SCOPES', 'CREATED', 'REVOKED'], ...keys.map((k) => [k.key_id, k.last4, k.scopes.join(','), k.created_at, k.revoked_at ?? '-'])];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    ctx.out(rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()).join('\n'));
    return CLI_EXIT.ok;
  },
};

export const keysCreateCommand: Command = {
  name: 'keys create',
  summary: 'create an API key; the full key is printed once on stdout',
  maxArgs: 0,
  options: {
    scope: { type: 'string', multiple: true, value: 'SCOPE', description: 'convert, jobs:read, usage:read or keys:manage (default: the first three)' },
    'idempotency-key': { type: 'string', value: 'KEY', description: 'Idempotency-Key (default: generated, reused on retries)' },
  },
  async run(ctx, parsed) {
    const scopes = list(parsed, 'scope').flatMap((s) => s.split(',')).filter(Boolean);
    const created = await ctx.client().createKey(scopes.length ? { scopes } : {}, { idempotencyKey: str(parsed, 'idempotency-key') });
    return printCreated(ctx, created);
  },
};

export const keysRotateCommand: Command = {
  name: 'keys rotate',
  summary: 'revoke a key and issue a new one with the same scopes (printed once on stdout)',
  args: 'KEY_ID',
  minArgs: 1,
  maxArgs: 1,
  options: {
    'idempotency-key': { type: 'string', value: 'KEY', description: 'Idempotency-Key (default: generated, reused on retries)' },
  },
  async run(ctx, parsed) {
    const created = await ctx.client().rotateKey(parsed.positionals[0], { idempotencyKey: str(parsed, 'idempotency-key') });
    return printCreated(ctx, created);
  },
};

export const keysRevokeCommand: Command = {
  name: 'keys revoke',
  summary: 'revoke a key, effective immediately',
  args: 'KEY_ID',
  minArgs: 1,
  maxArgs: 1,
  async run(ctx, parsed) {
    const keyId = parsed.positionals[0];
    await ctx.client().revokeKey(keyId);
    if (ctx.json) ctx.outJson({ key_id: keyId, revoked: true });
    else ctx.note(`key ${keyId} revoked`);
    return CLI_EXIT.ok;
  },
};

function printCreated(ctx: CliContext, created: ApiKeyCreated): number {
  if (ctx.json) ctx.outJson(created);
  else {
    ctx.out(created.key);
    ctx.note(`key ${created.key_id} (…${created.last4}), scopes ${created.scopes.join(',')}: store it now, it is never shown again`);
  }
  return CLI_EXIT.ok;
}
