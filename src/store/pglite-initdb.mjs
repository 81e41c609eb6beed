// Child process of src/store/pglite.ts: runs PGlite's initdb once, in memory, and writes the fresh data
// directory as a gzip tar to argv[2] (written to argv[2].tmp-<pid> first, then renamed). Run apart from
// the service so that initdb's peak memory (two WASM heaps and heap snapshots, ~700 MB) is given back
// to the OS when it exits instead of staying in the service's RSS. Plain JS: no tsx needed.
import { renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: pglite-initdb.mjs <out.tar.gz>\n');
  process.exit(2);
}
const db = new PGlite();
await db.waitReady;
const tar = await db.dumpDataDir('gzip');
await db.close();
const tmp = `${out}.tmp-${process.pid}`;
writeFileSync(tmp, Buffer.from(await tar.arrayBuffer()));
renameSync(tmp, out);
