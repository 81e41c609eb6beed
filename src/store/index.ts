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
  /** PGlite only: keep the database in memory (tests). Created from a migrated template made once per process. */
  inMemory?: boolean;
  onError?: (err: Error) => void;
}

let memoryTemplate: Promise<Uint8Array> | undefined;
/** An in-memory database with every migration applied, as a tar: later in-memory stores start from it. */
function migratedMemoryTemplate(): Promise<Uint8Array> {
  memoryTemplate ??= (async () => {
    const s = await openPgliteStore('memory');
    try {
      await migrate(s);
      return await s.dump();
    } finally {
      await s.close();
    }
  })().catch((err) => {
    memoryTemplate = undefined;
    throw err;
  });
  return memoryTemplate;
}

export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  const store = opts.databaseUrl
    ? await openPostgresStore({ connectionString: opts.databaseUrl, schema: opts.schema, onError: opts.onError })
    : opts.inMemory
      ? await openPgliteStore('memory', { template: await migratedMemoryTemplate() })
      : await openPgliteStore(join(opts.dataDir, 'pglite'));
  try {
    await migrate(store);
  } catch (err) {
    await store.close().catch(() => {});
    throw err;
  }
  return store;
}
