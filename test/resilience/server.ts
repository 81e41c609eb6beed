// The resilience suite's service: src/main.ts as its own process (so it can be measured, cut off
// from its store and killed -9), on PGlite in a temp directory or on a fresh PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';

export const ADMIN_TOKEN = 'resilience-admin-token-0123456789abcdef';
export const SECRET = 'resilience-secret-0123456789abcdef0123456789';

export interface Server {
  base: string;
  child: ChildProcess;
  /** Peak resident set so far (VmHWM), bytes. */
  peakRss(): number;
  /** Current resident set (VmRSS), bytes. */
  rss(): number;
  alive(): boolean;
  log(): string;
  account(tier?: string): Promise<{ accountId: string; key: string }>;
  usage(key: string): Promise<{ reserved: number; used: number; inUse: number }>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
}

export const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const a = s.address();
    s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
  });
});

function statusKb(pid: number, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts src/main.ts (cwd = `dir`, default this checkout) and waits for /v1/health. */
export async function startServer(env: Record<string, string>, dir = process.cwd()): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DOCCONV_ADMIN_TOKEN: ADMIN_TOKEN, DOCCONV_SECRET: SECRET, DOCCONV_PUBLIC_URL: base, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => { log = (log + d.toString()).slice(-20_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((r) => child.once('exit', () => { exited = true; r(); }));
  const until = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`server exited at start-up:\n${log}`);
    try {
      if ((await fetch(`${base}/v1/health`)).status < 500) break;
    } catch { /* not listening yet */ }
    if (Date.now() > until) throw new Error(`server did not answer:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    base, child,
    peakRss: () => statusKb(pid, 'VmHWM'),
    rss: () => statusKb(pid, 'VmRSS'),
    alive: () => !exited,
    log: () => log,
    async account(tier = 'power') {
      const r = await fetch(`${base}/v1/admin/accounts`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ tier, email_verified: true }) });
      if (r.status !== 201) throw new Error(`admin create: ${r.status} ${await r.text()}`);
      const b = await r.json() as { account_id: string; key: string };
      return { accountId: b.account_id, key: b.key };
    },
    async usage(key) {
      const b = await (await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).json() as { pages: { used: number; reserved: number }; concurrency: { in_use: number } };
      return { reserved: b.pages.reserved, used: b.pages.used, inUse: b.concurrency.in_use };
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(t);
    },
    async kill9() {
      if (exited) return;
      child.kill('SIGKILL');
      await exit;
    },
  };
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server (dropped by the returned cleanup). */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void>; terminateBackends: () => Promise<number> }> {
  const pg = (await import('pg')).default;
  const target = new URL(process.env.TEST_DATABASE_URL!);
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const name = `resilience_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  const url = new URL(target);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async terminateBackends() {
      const r = await c.query('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      return Number(r.rows[0].n);
    },
    async drop() {
      await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]).catch(() => {});
      await c.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => {});
      await c.end();
    },
  };
}

/** Counts outcomes by status code: { "202": 10, "429": 14 }. */
export function tally(codes: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

export const MB = 1_000_000;
