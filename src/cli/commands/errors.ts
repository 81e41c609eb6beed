// `docconv errors`: the error catalogue (spec §7) with HTTP status and CLI exit code, generated
// from src/errors/catalogue.ts like /openapi.json and the /docs/errors pages.
import { CLI_EXIT, ERROR_CATALOGUE, ERROR_CODES } from '../../errors/catalogue.js';
import type { Command } from '../args.js';

export const errorsCommand: Command = {
  name: 'errors',
  summary: 'list every error code with its HTTP status, exit code, type and description',
  maxArgs: 0,
  details: [
    'Text: one line per code, `<code> <http status> <exit code> <type> <description>`.',
    `--json: an array of {code, status, exit_code, type, description}.`,
    `Exit codes outside the catalogue: ${CLI_EXIT.ok} success, ${CLI_EXIT.failure} other failure, ${CLI_EXIT.usage} usage error, ${CLI_EXIT.network} network failure.`,
  ].join('\n'),
  async run(ctx) {
    const rows = ERROR_CODES.map((code) => ({ code, ...ERROR_CATALOGUE[code] }));
    if (ctx.json) {
      ctx.outJson(rows.map((r) => ({ code: r.code, status: r.status, exit_code: r.exitCode, type: r.type, description: r.description })));
      return CLI_EXIT.ok;
    }
    // Single spaces, no padding: `cut -d' '` and `read code status exit type description` work.
    ctx.out(rows.map((r) => `${r.code} ${r.status} ${r.exitCode} ${r.type} ${r.description}`).join('\n'));
    return CLI_EXIT.ok;
  },
};
