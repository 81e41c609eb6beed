// What a command runs with: its streams, the resolved configuration (flags over environment) and
// a client built from it. Commands never touch process.* directly, so tests can drive them too.
import { DocconvClient } from '../client/index.js';
import { DEFAULT_BASE_URL, normaliseBaseUrl, type RetryEvent } from '../client/transport.js';
import { DocconvError } from '../client/errors.js';
import { bool, str, UsageError, type ParsedArgs } from './args.js';
import { CLI_VERSION } from './version.js';

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface CliConfig {
  baseUrl: string;
  apiKey: string | undefined;
  adminToken: string | undefined;
}

export class CliContext {
  readonly json: boolean;
  readonly quiet: boolean;
  readonly config: CliConfig;
  private cachedClient: DocconvClient | undefined;
  /** While a progress bar is drawn, notes go through it (so they do not land inside the bar). */
  noteSink: ((text: string) => void) | undefined;

  constructor(readonly io: CliIo, parsed: ParsedArgs, readonly commandName: string) {
    this.json = bool(parsed, 'json');
    this.quiet = bool(parsed, 'quiet');
    const rawBaseUrl = str(parsed, 'base-url') ?? (io.env.DOCCONV_BASE_URL || DEFAULT_BASE_URL);
    let baseUrl: string;
    try {
      baseUrl = normaliseBaseUrl(rawBaseUrl);
    } catch {
      throw new UsageError(`invalid base URL: ${rawBaseUrl}`, commandName);
    }
    this.config = {
      baseUrl,
      apiKey: str(parsed, 'api-key') ?? (io.env.DOCCONV_API_KEY || undefined),
      adminToken: io.env.DOCCONV_ADMIN_TOKEN || undefined,
    };
  }

  /** Whether stderr is a terminal (progress bars and colour only there). */
  get interactive(): boolean {
    return this.io.stderr.isTTY === true && !this.quiet;
  }

  client(): DocconvClient {
    this.cachedClient ??= new DocconvClient({
      baseUrl: this.config.baseUrl,
      apiKey: this.config.apiKey,
      adminToken: this.config.adminToken,
      userAgent: `docconv-cli/${CLI_VERSION}`,
      onRetry: (event) => this.retryNote(event),
    });
    return this.cachedClient;
  }

  /** A client for the admin API; without DOCCONV_ADMIN_TOKEN the command cannot run at all. */
  adminClient(): DocconvClient {
    if (!this.config.adminToken) throw new UsageError('the admin API needs DOCCONV_ADMIN_TOKEN (the token the server was started with)', this.commandName);
    return this.client();
  }

  /** Data: stdout. */
  out(text: string): void {
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  outJson(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Messages: stderr, suppressed by --quiet. */
  note(text: string): void {
    if (this.quiet) return;
    if (this.noteSink) this.noteSink(text);
    else this.io.stderr.write(`${text}\n`);
  }

  /** Errors: stderr, always. */
  error(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }

  private retryNote(event: RetryEvent): void {
    const what = event.error instanceof DocconvError ? `${event.error.code} (HTTP ${event.error.status})` : event.error.message;
    this.note(`docconv: ${what}; retrying in ${(event.delayMs / 1000).toFixed(1)} s (attempt ${event.attempt + 1} of ${event.maxAttempts})`);
  }
}
