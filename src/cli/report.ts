// Maps a failure to its message on stderr and its exit code (spec §7: each error code has a stable
// exit code; 2 usage error, 3 network failure, 1 anything else).
import { CLI_EXIT } from '../errors/catalogue.js';
import { DocconvError, DocconvNetworkError } from '../client/errors.js';
import { UsageError } from './args.js';
import type { CliIo } from './context.js';

/** `hasApiKey`: whether the caller configured a key (the hints differ: no key is not an e-mail problem). */
export function reportError(io: CliIo, commandName: string, json: boolean, error: unknown, hasApiKey = true): number {
  if (error instanceof UsageError) {
    io.stderr.write(`docconv ${commandName}: ${error.message}\nRun 'docconv ${commandName} --help' for usage.\n`);
    return CLI_EXIT.usage;
  }
  if (error instanceof DocconvError) {
    const where = [`HTTP ${error.status}`, error.requestId ? `request ${error.requestId}` : ''].filter(Boolean).join(', ');
    io.stderr.write(`docconv: ${error.code}: ${error.message} (${where})\n`);
    const hint = hintFor(error.code, hasApiKey);
    if (hint) io.stderr.write(`hint: ${hint}\n`);
    if (json) io.stderr.write(`${JSON.stringify({ error: { ...error.envelope, status: error.status, exit_code: error.exitCode, retry_after: error.retryAfter } })}\n`);
    return error.exitCode;
  }
  if (error instanceof DocconvNetworkError) {
    io.stderr.write(`docconv: network error: ${error.message}\n`);
    return CLI_EXIT.network;
  }
  const err = error as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT' || err?.code === 'EACCES' || err?.code === 'EISDIR') {
    io.stderr.write(`docconv: ${err.message}\n`);
    return CLI_EXIT.failure;
  }
  io.stderr.write(`docconv: unexpected error: ${err?.stack ?? String(error)}\n`);
  return CLI_EXIT.failure;
}

export function hintFor(code: string, hasApiKey = true): string | undefined {
  // Without a key the service answers anonymous callers 401/403 (signup_required): say what is missing.
  if (!hasApiKey && (code === 'unauthenticated' || code === 'signup_required')) {
    return 'no API key is set: set DOCCONV_API_KEY or pass --api-key (an operator creates accounts with `docconv admin accounts create`)';
  }
  switch (code) {
    case 'unauthenticated':
      return 'set DOCCONV_API_KEY or pass --api-key (an operator creates accounts with `docconv admin accounts create`)';
    case 'invalid_api_key':
      return 'the API key is malformed, unknown or revoked: check DOCCONV_API_KEY / --api-key';
    case 'signup_required':
      return 'the account needs a verified e-mail: `docconv admin accounts update ID --email-verified true`';
    case 'api_not_available_on_tier':
      return 'the free tier has no API access: `docconv admin accounts update ID --tier starter`';
    default:
      return undefined;
  }
}

