// Embedded store: PGlite in-process, files under DOCCONV_DATA_DIR (DECISIONS §2). One connection,
// so queries are serialised by PGlite itself; LISTEN/NOTIFY stays in process (one node by design).
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Query, Store } from './types.js';

export async function openPgliteStore(dataDir: string | 'memory'): Promise<Store> {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  const db = dataDir === 'memory' ? new PGlite() : new PGlite(dataDir);
  await db.waitReady;
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  let closed = false;

  // Without parameters the simple protocol runs (several statements allowed, e.g. a migration file).
  const run = (target: Pick<PGlite, 'query' | 'exec'>): Query => async <T>(sql: string, params?: unknown[]) => {
    if (params === undefined) {
      const results = await target.exec(sql);
      return (results.length ? results[results.length - 1].rows : []) as T[];
    }
    return (await target.query<T>(sql, params)).rows;
  };

  return {
    kind: 'pglite',
    query: run(db),
    tx: (fn) => db.transaction((t) => fn(run(t as unknown as PGlite))),
    async listen(channel, fn) {
      bus.on(channel, fn);
      return async () => void bus.off(channel, fn);
    },
    async notify(channel, payload) {
      // Delivered after the caller continues, as a real NOTIFY is.
      setImmediate(() => bus.emit(channel, payload));
    },
    async close() {
      if (closed) return;
      closed = true;
      bus.removeAllListeners();
      await db.close();
    },
  };
}
