// Opens the configured store (PostgreSQL when DATABASE_URL is set, else PGlite under
// DOCCONV_DATA_DIR) and brings its schema up to date.
import { join } from 'node:path';
import { migrate } from './migrate.js';
import { openPgliteStore } from './pglite.js';
import { openPostgresStore } from './postgres.js';
import type { Store } from './types.js';

export type { Query, Store } from './types.js';
export { migrate } from './migrate.js';

export interface OpenStoreOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema (tests); default: the connection's search_path. */
  schema?: string;
  /** PGlite only: keep the database in memory (tests). */
  inMemory?: boolean;
  onError?: (err: Error) => void;
}

export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  const store = opts.databaseUrl
    ? await openPostgresStore({ connectionString: opts.databaseUrl, schema: opts.schema, onError: opts.onError })
    : await openPgliteStore(opts.inMemory ? 'memory' : join(opts.dataDir, 'pglite'));
  try {
    await migrate(store);
  } catch (err) {
    await store.close().catch(() => {});
    throw err;
  }
  return store;
}
