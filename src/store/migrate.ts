// One set of SQL migrations (src/store/migrations/NNN_name.sql), applied in order at start-up by
// both drivers. A transaction-scoped advisory lock serialises nodes starting at once on one schema.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from './types.js';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: the seed of the migration runner's advisory-lock id (one lock per schema). */
const MIGRATION_LOCK_ID = 7_310_462_001;

export interface Migration { version: string; name: string; sql: string }

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  const seen = new Set<string>();
  return files.map((file) => {
    const version = file.slice(0, 3);
    if (seen.has(version)) throw new Error(`duplicate migration number ${version} (${file})`);
    seen.add(version);
    return { version, name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') };
  });
}

/** Applies the pending migrations; returns the names applied. */
export async function migrate(store: Store, migrations = loadMigrations()): Promise<string[]> {
  return store.tx(async (q) => {
    // Keyed by schema: nodes sharing one schema take turns; other schemas (test apps) do not wait.
    await q("SELECT pg_advisory_xact_lock(hashtextextended(coalesce(current_schema(), ''), $1))", [MIGRATION_LOCK_ID]);
    await q('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await q<{ version: string }>('SELECT version FROM schema_migrations', [])).map((r) => r.version));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await q(m.sql);
      await q('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
