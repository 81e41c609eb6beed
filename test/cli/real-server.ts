// A real docconv server for CLI and client tests: the shared test app (test/helpers: buildApp with a
// real PGlite store), listening on a free 127.0.0.1 port, with an admin token. Plus a runner for the `docconv`
// command as a subprocess (async: the server lives in this process's event loop).
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { App } from '../../src/app.js';
import { buildTestApp, TEST_ADMIN_TOKEN } from '../helpers/app.js';

export const ADMIN_TOKEN = TEST_ADMIN_TOKEN;
export const BIN = fileURLToPath(new URL('../../bin/docconv.mjs', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RealServer {
  url: string;
  app: App;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startRealServer(env: Record<string, string> = {}): Promise<RealServer> {
  const port = await freePort();
  // The foundation's test app (PGlite in memory, admin token, silent logs), on a real socket.
  const t = await buildTestApp({ env: { DOCCONV_PUBLIC_URL: `http://127.0.0.1:${port}`, ...env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, app: t.app, close: () => t.close() };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/docconv.mjs …` in `cwd` with a clean DOCCONV_* environment plus `env`. */
export function runDocconv(args: string[], options: { env?: Record<string, string | undefined>; cwd?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('DOCCONV_')) delete env[name];
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A reverse proxy in front of `target` that answers the first `failures` requests matching
 * `match` itself (e.g. 429 with Retry-After) and forwards everything else; records request headers.
 */
export async function startFlakyProxy(
  target: string,
  options: { failures: number; match?: (req: IncomingMessage) => boolean; answer: (res: ServerResponse) => void },
): Promise<{ url: string; seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; answeredByProxy: boolean }>; close(): Promise<void> }> {
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; answeredByProxy: boolean }> = [];
  let remaining = options.failures;
  const targetUrl = new URL(target);
  const server = createServer((req, res) => {
    const fail = remaining > 0 && (options.match?.(req) ?? true);
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, answeredByProxy: fail });
    if (fail) {
      remaining--;
      req.resume();
      req.on('end', () => options.answer(res));
      return;
    }
    const upstream = httpRequest(
      { host: targetUrl.hostname, port: targetUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: targetUrl.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
