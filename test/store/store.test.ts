import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadMigrations, migrate } from '../../src/store/migrate.js';
import { openStore } from '../../src/store/index.js';
import { openTestStore, storeBackends } from '../helpers/app.js';

describe('migrations', () => {
  it('are numbered NNN_name.sql, unique, and ours are 001-009', () => {
    const ms = loadMigrations();
    assert.ok(ms.length >= 4);
    assert.deepEqual(ms.map((m) => m.version), [...new Set(ms.map((m) => m.version))].sort());
    assert.ok(ms.some((m) => m.name === '001_accounts'));
  });
});

for (const backend of storeBackends()) {
  describe(`store (${backend})`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    after(async () => { for (const c of cleanups) await c(); });

    it('runs migrations once (a second run applies nothing)', async () => {
      const t = await openTestStore(backend);
      cleanups.push(t.cleanup);
      assert.deepEqual(await migrate(t.store), []);
      const rows = await t.store.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations', []);
      assert.equal(rows[0].n, loadMigrations().length);
    });

    it('query with and without parameters; tx commits and rolls back', async () => {
      const t = await openTestStore(backend);
      cleanups.push(t.cleanup);
      const q = t.store.query;
      await q('CREATE TABLE tx_probe (v int)');
      await t.store.tx(async (tq) => { await tq('INSERT INTO tx_probe VALUES ($1)', [1]); });
      await assert.rejects(t.store.tx(async (tq) => {
        await tq('INSERT INTO tx_probe VALUES ($1)', [2]);
        throw new Error('boom');
      }), /boom/);
      assert.deepEqual(await q<{ v: number }>('SELECT v FROM tx_probe ORDER BY v', []), [{ v: 1 }]);
    });

    it('listen / notify delivers payloads; unlisten stops them', async () => {
      const t = await openTestStore(backend);
      cleanups.push(t.cleanup);
      const got: string[] = [];
      let wake: () => void = () => {};
      const unlisten = await t.store.listen('probe_chan', (p) => { got.push(p); wake(); });
      const arrived = new Promise<void>((r) => { wake = r; });
      await t.store.notify('probe_chan', 'hello');
      await arrived;
      assert.deepEqual(got, ['hello']);
      await unlisten();
      await t.store.notify('probe_chan', 'again');
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(got, ['hello']);
    });
  });
}

describe('PGlite templates', () => {
  it('in-memory stores start migrated from one template and share nothing', async () => {
    const a = await openTestStore('pglite');
    const b = await openTestStore('pglite');
    try {
      assert.deepEqual(await migrate(a.store), []);
      await a.store.query("INSERT INTO accounts (id, tier) VALUES ('acc_only_a', 'pro')", []);
      assert.deepEqual(await b.store.query('SELECT id FROM accounts', []), []);
      const sb = await a.store.query<{ shared_buffers: string }>('SHOW shared_buffers', []);
      assert.equal(sb[0].shared_buffers, '4MB');
    } finally {
      await a.cleanup();
      await b.cleanup();
    }
  });
});

describe('PGlite on disk', () => {
  it('keeps its data in DOCCONV_DATA_DIR across restarts', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'docconv-pglite-'));
    try {
      const a = await openStore({ dataDir: dir });
      await a.query("INSERT INTO accounts (id, tier) VALUES ('acc_persist', 'pro')", []);
      await a.close();
      const b = await openStore({ dataDir: dir });
      assert.deepEqual(await b.query('SELECT id, tier FROM accounts', []), [{ id: 'acc_persist', tier: 'pro' }]);
      await b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

if (process.env.TEST_DATABASE_URL) {
  const url = process.env.TEST_DATABASE_URL;
  describe('PostgreSQL driver', () => {
    it('concurrent nodes migrate one schema safely (advisory lock)', async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const stores = await Promise.all([0, 1, 2].map(() => openStore({ dataDir: '/tmp', databaseUrl: url, schema })));
      try {
        const rows = await stores[0].query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations', []);
        assert.equal(rows[0].n, loadMigrations().length);
      } finally {
        for (const s of stores) await s.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      }
    });

    it('re-establishes LISTEN after the connection is killed and signals a resync', async () => {
      const t = await openTestStore('postgres');
      try {
        let resyncs = 0;
        t.store.onResync?.(() => { resyncs++; });
        const got: string[] = [];
        await t.store.listen('probe_chan', (p) => got.push(p));
        // Kill every LISTENing backend of this schema's channel (only ours listen on it).
        await t.store.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "${t.schema}__probe_chan"%' AND pid <> pg_backend_pid()`, []);
        const deadline = Date.now() + 10_000;
        while (resyncs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        assert.equal(resyncs, 1);
        await t.store.notify('probe_chan', 'after');
        while (!got.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        assert.deepEqual(got, ['after']);
      } finally {
        await t.cleanup();
      }
    });

    it('notifications of one schema do not reach another', async () => {
      const a = await openTestStore('postgres');
      const b = await openTestStore('postgres');
      try {
        const got: string[] = [];
        await b.store.listen('shared', (p) => got.push(p));
        await a.store.notify('shared', 'x');
        await new Promise((r) => setTimeout(r, 150));
        assert.deepEqual(got, []);
      } finally {
        await a.cleanup();
        await b.cleanup();
      }
    });
  });
}
