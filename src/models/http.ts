// A small HTTP client on node:http(s) for the model servers: a connect timeout distinct from the
// total timeout, and transport failures classified the way the warming/retry rules need them
// (models-wire.md "Rules common to the three adapters"). Bodies stay in memory.
import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { MAX_RESPONSE_BYTES } from './limits.js';

export type TransportFailure =
  /** Nothing listens (uvicorn binds only after the model loaded): warming. */
  | 'refused'
  /** No TCP connection within the connect timeout: warming. */
  | 'connect_timeout'
  /** Connected, but no complete answer within the total timeout. */
  | 'timeout'
  /** The connection broke mid-request or mid-answer. */
  | 'dropped'
  /** The caller's signal aborted. */
  | 'aborted';

export class TransportError extends Error {
  readonly kind: TransportFailure;
  constructor(kind: TransportFailure, message: string) {
    super(message);
    this.name = 'TransportError';
    this.kind = kind;
  }
}

export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  body: Buffer;
}

export function httpRequest(req: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(req.url);
    const lib = target.protocol === 'https:' ? https : http;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (err: Error | null, res?: HttpResponse) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      req.signal?.removeEventListener('abort', onAbort);
      if (err) {
        request.destroy();
        reject(err);
      } else resolve(res!);
    };
    const onAbort = () => finish(new TransportError('aborted', 'The conversion was cancelled.'));
    if (req.signal?.aborted) return reject(new TransportError('aborted', 'The conversion was cancelled.'));

    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body) headers['content-length'] = req.body.length;
    const request = lib.request(target, { method: req.method ?? 'GET', headers, agent: false });
    let connected = false;
    timers.push(
      setTimeout(() => {
        if (!connected) finish(new TransportError('connect_timeout', 'The model server did not accept a connection in time.'));
      }, req.connectTimeoutMs),
    );
    timers.push(setTimeout(() => finish(new TransportError('timeout', 'The model server did not answer in time.')), req.totalTimeoutMs));
    req.signal?.addEventListener('abort', onAbort, { once: true });

    request.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') finish(new TransportError('refused', 'The model server refused the connection.'));
      else if (!connected && (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' || err.code === 'EHOSTUNREACH' || err.code === 'ENETUNREACH'))
        finish(new TransportError('connect_timeout', 'The model server is unreachable.'));
      else finish(new TransportError('dropped', 'The connection to the model server broke.'));
    });
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) finish(new TransportError('dropped', 'The model server answer is too large.'));
        else chunks.push(chunk);
      });
      res.on('end', () => finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('aborted', () => finish(new TransportError('dropped', 'The model server closed the connection mid-answer.')));
      res.on('error', () => finish(new TransportError('dropped', 'The model server closed the connection mid-answer.')));
    });
    request.end(req.body);
  });
}

export interface MultipartField {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  contentType?: string;
}

/** multipart/form-data encoding of fields (a file part carries a filename). */
export function encodeMultipart(fields: MultipartField[]): { body: Buffer; contentType: string } {
  const boundary = `----docconv${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of fields) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"`;
    if (f.filename !== undefined) head += `; filename="${f.filename}"`;
    head += '\r\n';
    if (f.contentType) head += `Content-Type: ${f.contentType}\r\n`;
    head += '\r\n';
    parts.push(Buffer.from(head, 'utf8'));
    parts.push(typeof f.value === 'string' ? Buffer.from(f.value, 'utf8') : Buffer.from(f.value.buffer, f.value.byteOffset, f.value.byteLength));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Parses a JSON body; undefined when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
