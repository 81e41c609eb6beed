// A real docconv server for CLI and client tests: buildApp with the real store (PGlite in a temp
// dir), listening on a free 127.0.0.1 port, with an admin token. Plus a runner for the `docconv`
// command as a subprocess (async: the server lives in this process's event loop).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createModelGateway } from '../../src/models/gateway.js';
import { openStore } from '../../src/store/index.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
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
  const dataDir = mkdtempSync(join(tmpdir(), 'docconv-cli-test-'));
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port), HOST: '127.0.0.1', DOCCONV_DATA_DIR: dataDir, DOCCONV_PUBLIC_URL: `http://127.0.0.1:${port}`,
    DOCCONV_ADMIN_TOKEN: ADMIN_TOKEN, LOG_LEVEL: 'silent', ...env,
  });
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: undefined, inMemory: true });
  const app = await buildApp({ config, store, models: createModelGateway(config), logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
