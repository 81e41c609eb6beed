// The typed docconv client: one method per operation of the spec (§4) and the admin API
// (DECISIONS §3). Transport concerns (retries, errors) live in transport.ts; SSE in sse.ts.
import { ERROR_CATALOGUE, isErrorCode } from '../errors/catalogue.js';
import { DocconvError, DocconvNetworkError } from './errors.js';
import { decodeJobEvent, isFinalEvent, type CompletedEvent, type JobEvent } from './events.js';
import { toBlob, type FileInput } from './files.js';
import { OPERATIONS, operationPath, type OperationName } from './operations.js';
import type { RetryPolicy } from './retry.js';
import { SseParser } from './sse.js';
import { defaultSleep, newIdempotencyKey, readBody, Transport, type RequestSpec, type TransportOptions } from './transport.js';
import type {
  AdminAccount, AdminAccountCreated, AdminCreateAccountRequest, AdminUpdateAccountRequest, ApiKeyCreated, ApiKeyList,
  AsyncJob, ConvertResult, CreateKeyRequest, HealthStatus, JobStatus, UsageMeters, VersionInfo,
} from './types.js';

export type ClientOptions = TransportOptions;

/** `blocks`: the JSON result's pages also carry width, height and blocks with boxes (DECISIONS §8). */
export type ConvertFormat = 'md' | 'json' | 'blocks';

export interface ConvertInput {
  file: FileInput;
  /** Multipart file name; defaults to `document` (the service never stores names, spec §1.3). */
  filename?: string;
  /** Media type of the part; the service sniffs magic bytes anyway. */
  contentType?: string;
  /** `auto`, `builtin`, `mineru-2.5`, `granite-docling`, `paddleocr-vl`. */
  model?: string;
  formats?: ConvertFormat[] | string;
  lang?: string;
  prefer?: 'sync' | 'async';
  delivery?: 'inline' | 'sse' | 'webhook';
  webhook?: string;
  webhookSecret?: string;
  /** DECISIONS §8: 1-based pages and ranges, e.g. `1-3,7,10-`; only these are converted and charged. */
  pages?: string;
  /** DECISIONS §8: `skip` delivers the pages that converted (failed ones carry `error`). */
  onPageError?: 'fail' | 'skip';
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's retry policy for this call (`false`: a single attempt). */
  retry?: Partial<RetryPolicy> | false;
}

export interface IdempotentCallOptions extends CallOptions {
  /** Sent on every attempt; generated when omitted (spec §4 idempotency rules). */
  idempotencyKey?: string;
}

interface ResponseInfo {
  /** `Idempotency-Replayed: true`: the original answer replayed (spec §4). */
  replayed: boolean;
  requestId: string | undefined;
  /** `X-Service-Quota-Pages-Remaining`, when sent. */
  quotaPagesRemaining: number | undefined;
  idempotencyKey: string;
}

export type ConvertOutcome =
  | ({ kind: 'result'; result: ConvertResult } & ResponseInfo)
  | ({ kind: 'markdown'; markdown: string } & ResponseInfo)
  | ({ kind: 'job'; job: AsyncJob } & ResponseInfo);

export interface JobEventsOptions extends CallOptions {
  /** Resume after this event id (sent as `Last-Event-ID`). */
  lastEventId?: string;
  /** Reconnections in a row without a new event before giving up (default 5). */
  maxReconnects?: number;
  /** Reconnect when nothing (not even a heartbeat, every 15 s) arrives for this long (default 45 s). */
  idleTimeoutMs?: number;
}

export interface JobOutput {
  jobId: string;
  /** The Markdown of the whole document. */
  markdown: string;
  /** The structured result, when `json` was among the formats. */
  result?: ConvertResult;
  completed: CompletedEvent;
}

const DEFAULT_RECONNECT_MS = 1000;

export class DocconvClient {
  readonly transport: Transport;
  readonly admin: AdminClient;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: ClientOptions = {}) {
    this.transport = new Transport(options);
    this.sleep = options.sleep ?? defaultSleep;
    this.admin = new AdminClient(this.transport);
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  // ---- convert (spec §4 POST /convert) ----

  /** Uploads a document; 200 answers inline (JSON or Markdown), 202 answers a job. */
  async convert(input: ConvertInput, options: IdempotentCallOptions = {}): Promise<ConvertOutcome> {
    const blob = await toBlob(input.file, input.contentType);
    const form = new FormData();
    // Fields before the file: the server validates them as the multipart stream arrives.
    const formats = Array.isArray(input.formats) ? input.formats.join(',') : input.formats;
    const fields: Record<string, string | undefined> = {
      model: input.model, formats, lang: input.lang, prefer: input.prefer,
      delivery: input.delivery, webhook: input.webhook, webhook_secret: input.webhookSecret,
      pages: input.pages, on_page_error: input.onPageError,
    };
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
    form.append('file', blob, input.filename ?? 'document');
    const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
    const response = await this.transport.send({
      ...this.spec('convert'), body: () => form, idempotencyKey, signal: options.signal, retry: options.retry,
      accept: 'application/json, text/markdown;q=0.9',
    });
    const info = responseInfo(response, idempotencyKey);
    if (response.status === 202) return { kind: 'job', job: (await readBody(response, 'json')) as AsyncJob, ...info };
    if (isMarkdown(response)) return { kind: 'markdown', markdown: (await readBody(response, 'text')) as string, ...info };
    return { kind: 'result', result: (await readBody(response, 'json')) as ConvertResult, ...info };
  }

  /** `prefer=sync`: inline result or an error (e.g. 422/413 naming prefer=async). */
  convertSync(input: ConvertInput, options?: IdempotentCallOptions): Promise<ConvertOutcome> {
    return this.convert({ ...input, prefer: 'sync' }, options);
  }

  /** `prefer=async`: always a job (replay-safe under its Idempotency-Key). */
  async convertAsync(input: ConvertInput, options?: IdempotentCallOptions): Promise<AsyncJob> {
    const outcome = await this.convert({ ...input, prefer: 'async' }, options);
    if (outcome.kind !== 'job') throw new DocconvNetworkError(`expected 202 with a job, got an inline result`);
    return outcome.job;
  }

  // ---- jobs (spec §4 /jobs/{id}…) ----

  getJob(id: string, options: CallOptions = {}): Promise<JobStatus> {
    return this.transport.json<JobStatus>({ ...this.spec('getJob', { id }), signal: options.signal, retry: options.retry });
  }

  /** 204 on success; 404 `job_not_found` for unknown or terminal jobs. */
  async cancelJob(id: string, options: CallOptions = {}): Promise<void> {
    await readBody(await this.transport.send({ ...this.spec('cancelJob', { id }), signal: options.signal, retry: options.retry }), 'text');
  }

  /**
   * Follows `GET /jobs/{id}/events`, yielding typed events until `completed` or `error`. A dropped
   * or idle connection is resumed with `Last-Event-ID` so no event is lost or repeated.
   */
  async *jobEvents(id: string, options: JobEventsOptions = {}): AsyncGenerator<JobEvent, void, undefined> {
    const maxReconnects = options.maxReconnects ?? 5;
    const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
    let lastEventId = options.lastEventId;
    let reconnectMs = DEFAULT_RECONNECT_MS;
    let failures = 0;
    for (;;) {
      const connection = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, connection.signal]) : connection.signal;
      const response = await this.transport.send({
        ...this.spec('jobEvents', { id }), accept: 'text/event-stream', signal,
        headers: lastEventId !== undefined ? { 'last-event-id': lastEventId } : undefined,
      });
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.startsWith('text/event-stream') || !response.body) {
        connection.abort();
        throw new DocconvNetworkError(`expected text/event-stream from ${OPERATIONS.jobEvents.path}, got ${contentType || 'no body'}`);
      }
      const parser = new SseParser();
      parser.lastEventId = lastEventId;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let idle: NodeJS.Timeout | undefined;
      const armIdle = (): void => {
        clearTimeout(idle);
        idle = setTimeout(() => connection.abort(new Error('event stream idle')), idleTimeoutMs);
      };
      try {
        armIdle();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          armIdle();
          for (const raw of parser.push(decoder.decode(value, { stream: true }))) {
            if (raw.retry !== undefined) reconnectMs = raw.retry;
            lastEventId = raw.id ?? lastEventId;
            const event = decodeJobEvent(raw);
            if (!event) continue;
            failures = 0;
            yield event;
            if (isFinalEvent(event)) return;
          }
        }
      } catch (error) {
        if (options.signal?.aborted) throw error;
        // Connection lost or idle: fall through to a resume below.
      } finally {
        clearTimeout(idle);
        connection.abort();
        reader.releaseLock();
      }
      failures++;
      if (failures > maxReconnects) throw new DocconvNetworkError(`the event stream of job ${id} ended ${failures} times before the job finished`);
      await this.sleep(reconnectMs, options.signal);
    }
  }

  /** Read-once result (spec §4): JSON or Markdown depending on `accept` / the job's formats. */
  async getResult(id: string, token: string, options: CallOptions & { accept?: 'application/json' | 'text/markdown' } = {}): Promise<ConvertResult | string> {
    const response = await this.transport.send({
      ...this.spec('getResult', { id }), query: { token }, accept: options.accept ?? 'application/json, text/markdown;q=0.9', signal: options.signal, retry: options.retry,
    });
    return isMarkdown(response) ? ((await readBody(response, 'text')) as string) : ((await readBody(response, 'json')) as ConvertResult);
  }

  async getMarkdown(id: string, token: string, options: CallOptions = {}): Promise<string> {
    const response = await this.transport.send({ ...this.spec('getMarkdown', { id }), query: { token }, accept: 'text/markdown', signal: options.signal, retry: options.retry });
    return (await readBody(response, 'text')) as string;
  }

  getJson(id: string, token: string, options: CallOptions = {}): Promise<ConvertResult> {
    return this.transport.json<ConvertResult>({ ...this.spec('getJson', { id }), query: { token }, signal: options.signal, retry: options.retry });
  }

  /**
   * Follows a job to its end and reads its result once: JSON (which includes the Markdown) when
   * `json` or `blocks` is among the formats, else Markdown. An `error` event becomes a DocconvError.
   */
  async waitForResult(jobId: string, options: JobEventsOptions & { formats?: ConvertFormat[]; onEvent?: (event: JobEvent) => void } = {}): Promise<JobOutput> {
    for await (const event of this.jobEvents(jobId, options)) {
      options.onEvent?.(event);
      if (event.type === 'error') throw errorFromEvent(event.data.code, event.data.message);
      if (event.type === 'completed') {
        const token = event.data.token;
        if (!options.formats || options.formats.includes('json') || options.formats.includes('blocks')) {
          const result = await this.getJson(jobId, token, options);
          return { jobId, markdown: result.markdown, result, completed: event };
        }
        return { jobId, markdown: await this.getMarkdown(jobId, token, options), completed: event };
      }
    }
    throw new DocconvNetworkError(`the event stream of job ${jobId} closed before the job finished`);
  }

  // ---- keys (spec §4 /keys) ----

  listKeys(options: CallOptions = {}): Promise<ApiKeyList> {
    return this.transport.json<ApiKeyList>({ ...this.spec('listKeys'), signal: options.signal, retry: options.retry });
  }

  createKey(request: CreateKeyRequest = {}, options: IdempotentCallOptions = {}): Promise<ApiKeyCreated> {
    const body = JSON.stringify(request);
    return this.transport.json<ApiKeyCreated>({
      ...this.spec('createKey'), body: () => body, contentType: 'application/json',
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(), signal: options.signal, retry: options.retry,
    });
  }

  rotateKey(keyId: string, options: IdempotentCallOptions = {}): Promise<ApiKeyCreated> {
    return this.transport.json<ApiKeyCreated>({
      ...this.spec('rotateKey', { key_id: keyId }), idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(), signal: options.signal, retry: options.retry,
    });
  }

  async revokeKey(keyId: string, options: CallOptions = {}): Promise<void> {
    await readBody(await this.transport.send({ ...this.spec('revokeKey', { key_id: keyId }), signal: options.signal, retry: options.retry }), 'text');
  }

  // ---- meta (spec §4 /usage, /health, /version, /openapi.json) ----

  usage(options: CallOptions = {}): Promise<UsageMeters> {
    return this.transport.json<UsageMeters>({ ...this.spec('usage'), signal: options.signal, retry: options.retry });
  }

  /** 200 and 503 both carry a HealthStatus (spec §4); neither is retried or thrown. */
  async health(options: CallOptions = {}): Promise<HealthStatus & { httpStatus: number }> {
    const response = await this.transport.send({ ...this.spec('health'), acceptStatuses: [503], retry: options.retry ?? false, accept: 'application/json', signal: options.signal });
    const body = (await readBody(response, 'json')) as HealthStatus;
    return { ...body, httpStatus: response.status };
  }

  version(options: CallOptions = {}): Promise<VersionInfo> {
    return this.transport.json<VersionInfo>({ ...this.spec('version'), signal: options.signal, retry: options.retry });
  }

  openapi(options: CallOptions = {}): Promise<Record<string, unknown>> {
    return this.transport.json<Record<string, unknown>>({ ...this.spec('openapi'), signal: options.signal, retry: options.retry });
  }

  private spec(name: OperationName, params?: Record<string, string>): Pick<RequestSpec, 'method' | 'path' | 'auth'> {
    return specFor(name, params);
  }
}

/** The admin API (DECISIONS §3), authorised by `DOCCONV_ADMIN_TOKEN`. */
export class AdminClient {
  constructor(private readonly transport: Transport) {}

  createAccount(request: AdminCreateAccountRequest, options: CallOptions = {}): Promise<AdminAccountCreated> {
    const body = JSON.stringify(request);
    return this.transport.json<AdminAccountCreated>({ ...specFor('createAccount'), body: () => body, contentType: 'application/json', signal: options.signal, retry: options.retry });
  }

  updateAccount(accountId: string, patch: AdminUpdateAccountRequest, options: CallOptions = {}): Promise<AdminAccount> {
    const body = JSON.stringify(patch);
    return this.transport.json<AdminAccount>({
      ...specFor('updateAccount', { account_id: accountId }), body: () => body, contentType: 'application/json', signal: options.signal, retry: options.retry,
    });
  }
}

function specFor(name: OperationName, params?: Record<string, string>): Pick<RequestSpec, 'method' | 'path' | 'auth'> {
  const op = OPERATIONS[name];
  return { method: op.method, path: operationPath(name, params), auth: op.auth };
}

function isMarkdown(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('text/markdown');
}

function responseInfo(response: Response, idempotencyKey: string): ResponseInfo {
  const remaining = response.headers.get('x-service-quota-pages-remaining');
  return {
    replayed: response.headers.get('idempotency-replayed') === 'true',
    requestId: response.headers.get('x-request-id') ?? undefined,
    quotaPagesRemaining: remaining === null || remaining === '' ? undefined : Number(remaining),
    idempotencyKey,
  };
}

/** An in-stream `error` event as a typed error (its HTTP status is the catalogue's for the code). */
export function errorFromEvent(code: string, message?: string): DocconvError {
  const spec = isErrorCode(code) ? ERROR_CATALOGUE[code] : undefined;
  return new DocconvError(spec?.status ?? 500, { code, type: spec?.type ?? 'internal_error', request_id: '', message: message ?? spec?.description ?? code });
}
