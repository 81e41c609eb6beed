// The service as production runs it (`node dist/main.js`, compiled; DECISIONS §1) in a child process,
// for the HTTP benches (bench:api, bench:http): a free port, a temporary data directory, an admin
// token long enough for the admin API (>= 32 characters, issue 10), and its RSS read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789-abcdefghij';
/** DATABASE_URL needs an explicit secret shared by the nodes (DECISIONS §9); the bench is one node. */
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-01';
const HEALTHY_WITHIN_MS = 120_000;
/**
 * The environment and node flags `npm start` runs the service with (package.json's start script, the
 * one place they are set: `MALLOC_ARENA_MAX`, `--max-semi-space-size`, see docs/architecture.md
 * "Memory"), so the benches measure the process production runs.
 */
export const { START_ENV, START_NODE_FLAGS } = ((): { START_ENV: Record<string, string>; START_NODE_FLAGS: string[] } => {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const m = /^((?:\w+=\S*\s+)*)(?:exec\s+)?node\s+(.*?)\s*dist\/main\.js/.exec(start);
  if (!m) throw new Error(`package.json start script does not run dist/main.js: ${start}`);
  const env = Object.fromEntries(m[1].split(/\s+/).filter(Boolean).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  return { START_ENV: env, START_NODE_FLAGS: m[2].split(/\s+/).filter(Boolean) };
})();

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** Milliseconds from spawn until GET /v1/health answered 200 (`ok` with `warm`). */
  startMs: number;
  rssMiB(): number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** Until /v1/health answers 200, or with `warm` until it says `ok` (the parser pool warmed too). */
async function waitHealthy(base: string, child: ChildProcess, warm: boolean): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < HEALTHY_WITHIN_MS) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/v1/health`);
      if (r.ok && (!warm || ((await r.json()) as { status?: string }).status === 'ok')) return Date.now() - t0;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy in ${HEALTHY_WITHIN_MS / 1000} s`);
}

/** Starts `node dist/main.js` on a free port with `env` on top of the bench defaults; resolves once healthy (`warm`: pool warm too). */
export async function startBenchServer(env: Record<string, string> = {}, opts: { warm?: boolean } = {}): Promise<BenchServer> {
  if (!existsSync('dist/main.js')) throw new Error('dist/main.js missing: run npm run build first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'docconv-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...START_NODE_FLAGS, 'dist/main.js'], {
    env: { ...process.env, ...START_ENV, PORT: String(port), HOST: '127.0.0.1', DOCCONV_DATA_DIR: dataDir, DOCCONV_ADMIN_TOKEN: BENCH_ADMIN_TOKEN, DOCCONV_SECRET: BENCH_SECRET, DOCCONV_PUBLIC_URL: base, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const startMs = await waitHealthy(base, child, opts.warm ?? false);
    return { base, child, startMs, rssMiB: () => rssMiB(child.pid!), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
