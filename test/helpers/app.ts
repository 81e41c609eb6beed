// Shared test helpers (used by the accounts, api, jobs, models and CLI suites; keep them stable).
//
//   for (const backend of storeBackends()) describe(`… (${backend})`, () => { … });
//   const t = await buildTestApp({ store: backend });           // PGlite in memory, or a fresh PG schema
//   const acct = await createAccount(t.app, 'starter');         // → { accountId, key, keyId, headers }
//   await t.app.inject({ method: 'GET', url: '/v1/usage', headers: acct.headers });
//   await t.close();
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config, type TierName } from '../../src/config.js';
import { createModelGateway, type ModelGateway } from '../../src/models/gateway.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';

export type StoreKind = 'pglite' | 'postgres';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const TEST_PUBLIC_URL = 'http://docconv.test';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function storeBackends(): StoreKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestStore { store: Store; kind: StoreKind; schema?: string; dataDir: string; cleanup(): Promise<void> }

/** A migrated store of its own: PGlite in memory, or a fresh schema in TEST_DATABASE_URL (dropped on cleanup). */
export async function openTestStore(kind: StoreKind = 'pglite', dataDir?: string): Promise<TestStore> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'docconv-test-'));
  const ownDir = dataDir === undefined;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const store = await openStore({ dataDir: dir, databaseUrl: url, schema });
    return {
      store, kind, schema, dataDir: dir,
      async cleanup() {
        await store.close().catch(() => {});
        const pg = (await import('pg')).default;
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try { await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`); } finally { await c.end(); }
        if (ownDir) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const store = await openStore({ dataDir: dir, inMemory: true });
  return {
    store, kind, dataDir: dir,
    async cleanup() {
      await store.close().catch(() => {});
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  config: Config;
  store: Store;
  kind: StoreKind;
  adminToken: string;
  dataDir: string;
  /** Closes the app and drops its store (PG schema / temp dir). */
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  store?: StoreKind;
  /** Extra environment for loadConfig (DOCCONV_ADMIN_TOKEN and DOCCONV_PUBLIC_URL are preset; '' unsets). */
  env?: Record<string, string>;
  /** A gateway to use; default createModelGateway(config, { probeInBackground: false }). */
  models?: ModelGateway | ((config: Config) => ModelGateway);
  /** Fastify logger options; default false (silent). */
  logger?: FastifyServerOptions['logger'];
  /** Reuse an open store (e.g. two app "nodes" on one PostgreSQL schema); it is not closed by `close`. */
  sharedStore?: TestStore;
}

export async function buildTestApp(opts: BuildTestAppOptions = {}): Promise<TestApp> {
  const kind = opts.sharedStore?.kind ?? opts.store ?? 'pglite';
  const ts = opts.sharedStore ?? (await openTestStore(kind));
  const env: Record<string, string> = {
    DOCCONV_DATA_DIR: ts.dataDir,
    DOCCONV_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DOCCONV_PUBLIC_URL: TEST_PUBLIC_URL,
    DOCCONV_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    // Load shedding by event-loop lag is off in tests (a loaded CI box lags); the resilience suite turns it on.
    DOCCONV_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...opts.env,
  };
  if (kind === 'postgres') env.DATABASE_URL = process.env.TEST_DATABASE_URL!;
  const config = loadConfig(env);
  const models = typeof opts.models === 'function' ? opts.models(config) : opts.models ?? createModelGateway(config, { probeInBackground: false });
  let store = ts.store;
  if (opts.sharedStore && kind === 'postgres') {
    // A second node: its own pool and LISTEN connection on the same schema.
    store = await openStore({ dataDir: ts.dataDir, databaseUrl: process.env.TEST_DATABASE_URL, schema: ts.schema });
  }
  const app = await buildApp({ config, store, models, logger: opts.logger ?? false, keepStoreOpen: store === ts.store });
  return {
    app, config, store, kind, adminToken: env.DOCCONV_ADMIN_TOKEN, dataDir: ts.dataDir,
    async close() {
      await app.close();
      if (!opts.sharedStore) await ts.cleanup();
    },
  };
}

export interface TestAccount {
  accountId: string;
  tier: TierName;
  key: string;
  keyId: string;
  /** `{ authorization: 'Bearer <key>' }` for app.inject / fetch. */
  headers: { authorization: string };
}

/** Creates an account through the admin API; its key has convert, jobs:read, usage:read, keys:manage. */
export async function createAccount(app: App, tier: TierName | string = 'starter', opts: { emailVerified?: boolean; adminToken?: string } = {}): Promise<TestAccount> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/admin/accounts',
    headers: { authorization: `Bearer ${opts.adminToken ?? TEST_ADMIN_TOKEN}` },
    payload: { tier, email_verified: opts.emailVerified ?? true },
  });
  if (res.statusCode !== 201) throw new Error(`createAccount: ${res.statusCode} ${res.body}`);
  const b = res.json() as { account_id: string; tier: TierName; key: string; key_id: string };
  return { accountId: b.account_id, tier: b.tier, key: b.key, keyId: b.key_id, headers: { authorization: `Bearer ${b.key}` } };
}

/** Sets an account's tier / e-mail flag through the admin API. */
export async function updateAccount(app: App, accountId: string, patch: { tier?: string; email_verified?: boolean }): Promise<void> {
  const res = await app.inject({ method: 'PATCH', url: `/v1/admin/accounts/${accountId}`, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: patch });
  if (res.statusCode !== 200) throw new Error(`updateAccount: ${res.statusCode} ${res.body}`);
}
