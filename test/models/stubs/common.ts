// Shared machinery of the model-server stubs: a node:http server on 127.0.0.1 that records every
// call, runs a script of behaviours for its work route (cold 503s, 500s, hangs, dropped
// connections, malformed answers) and can start late (connection refused until then).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One work request's behaviour. `ok`: the normal answer; `malformed`: the server's own kind of
 * unusable 200; `hang`: never answers; `drop`: closes the socket without an answer; `{status,
 * body}`: that status with that body (a string is sent as is, an object as JSON).
 */
export type StubStep = 'ok' | 'malformed' | 'hang' | 'drop' | { status: number; body?: string | object };

export interface StubOptions {
  /** Behaviours of successive work requests; once used up, every request gets `ok`. */
  script?: StubStep[];
  /** Health route behaviour (change later with `setHealth`). Default `up`. */
  health?: 'up' | 'down' | 'hang';
  /** Refuse connections (nothing listens) for this long after start. */
  startDelayMs?: number;
  /** Delay before each work answer (to observe concurrency). */
  workDelayMs?: number;
}

export interface StubHandle {
  url: string;
  calls: StubCall[];
  /** Work-route calls only. */
  workCalls(): StubCall[];
  /** Highest number of work requests in flight at once. */
  peakConcurrency(): number;
  setHealth(h: 'up' | 'down' | 'hang'): void;
  /** Appends behaviours for the next work requests. */
  push(...steps: StubStep[]): void;
  close(): Promise<void>;
}

export type Responder = (res: http.ServerResponse, status: number, body: string | object, type?: string) => void;

export const send: Responder = (res, status, body, type) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type ?? (typeof body === 'string' ? 'text/plain' : 'application/json') });
  res.end(text);
};

export interface StubRoutes {
  workPath: string;
  /** The health answer when up / down. */
  healthUp: (req: StubCall, res: http.ServerResponse) => void;
  healthDown: (res: http.ServerResponse) => void;
  /** Answers a work request for `ok` / `malformed`. */
  work: (req: StubCall, res: http.ServerResponse, step: 'ok' | 'malformed') => void | Promise<void>;
  /** Other GET routes (e.g. vLLM's /v1/models). */
  extra?: (req: StubCall, res: http.ServerResponse) => boolean;
}

export async function startStub(opts: StubOptions, routes: StubRoutes): Promise<StubHandle> {
  const calls: StubCall[] = [];
  const script = [...(opts.script ?? [])];
  let health = opts.health ?? 'up';
  let inFlight = 0;
  let peak = 0;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call: StubCall = { method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, headers: req.headers, body: Buffer.concat(chunks) };
      calls.push(call);
      if (call.path === '/health') {
        if (health === 'hang') return;
        return health === 'up' ? routes.healthUp(call, res) : routes.healthDown(res);
      }
      if (call.method === 'POST' && call.path === routes.workPath) {
        const step = script.shift() ?? 'ok';
        if (step === 'hang') return;
        if (step === 'drop') return req.socket.destroy();
        inFlight++;
        peak = Math.max(peak, inFlight);
        setTimeout(() => {
          inFlight--;
          if (typeof step === 'object') send(res, step.status, step.body ?? '');
          else void Promise.resolve(routes.work(call, res, step)).catch(() => send(res, 500, 'Internal Server Error'));
        }, opts.workDelayMs ?? 0);
        return;
      }
      if (routes.extra?.(call, res)) return;
      send(res, 404, { detail: 'Not Found' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Reserve a free port, then listen on it (now, or later to simulate a server still loading).
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const p = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  let startTimer: NodeJS.Timeout | undefined;
  if (opts.startDelayMs) startTimer = setTimeout(() => void listen(), opts.startDelayMs);
  else await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    workCalls: () => calls.filter((c) => c.method === 'POST' && c.path === routes.workPath),
    peakConcurrency: () => peak,
    setHealth: (h) => (health = h),
    push: (...steps) => script.push(...steps),
    close: () =>
      new Promise<void>((resolve) => {
        if (startTimer) clearTimeout(startTimer);
        for (const s of sockets) s.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

/**
 * Pages of a PDF: its uncompressed page dictionaries (the fake PDFs), else pdf-lib's count (real
 * PDFs whose objects sit in compressed object streams); 1 when neither works.
 */
export async function countPdfPages(bytes: Buffer): Promise<number> {
  const n = bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  if (n > 0) return n;
  try {
    const { PDFDocument } = await import('pdf-lib');
    return Math.max(1, (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).getPageCount());
  } catch {
    return 1;
  }
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A minimal multipart/form-data reader (enough to check what the adapters send). */
export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartPart[] | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!m) return undefined;
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const parts: MultipartPart[] = [];
  let pos = body.indexOf(boundary);
  while (pos >= 0) {
    const start = pos + boundary.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(boundary, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // skip CRLF after boundary, CRLF before next
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    const disp = /content-disposition:[^\r\n]*?;\s*name="([^"]*)"(?:;\s*filename="([^"]*)")?/i.exec(head);
    const type = /content-type:\s*([^\r\n]+)/i.exec(head);
    if (disp) parts.push({ name: disp[1]!, filename: disp[2], contentType: type?.[1], data: part.subarray(headEnd + 4) });
    pos = next;
  }
  return parts;
}
