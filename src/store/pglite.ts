// Embedded store: PGlite in-process, files under DOCCONV_DATA_DIR (DECISIONS §2). One connection,
// so queries are serialised by PGlite itself; LISTEN/NOTIFY stays in process (one node by design).
//
// Memory and start-up (measured 2026-11-21, PGlite 0.5.16, see docs/architecture.md "Store"):
// - shared_buffers is 16 MB instead of PostgreSQL's 128 MB: PGlite touches the whole buffer pool in
//   its WASM heap at start, so the default alone cost ~140 MB of RSS for a database of a few MB.
// - A fresh database is never initialised in this process: PGlite's initdb runs a second PGlite
//   plus initdb.wasm and snapshots the heap per step (~700 MB peak, kept as RSS). A child process
//   (pglite-initdb.mjs) makes the empty data directory once per PGlite version and caches it as a
//   gzip tar (node_modules/.cache/docconv/); a new store loads that tar (`loadDataDir`).
// - The WASM module and PGlite's file bundle are read and compiled once per process and shared by
//   every instance (tests open hundreds).
import { EventEmitter } from 'node:events';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Query, Store } from './types.js';

/** PostgreSQL's default is 128 MB, all of it resident in PGlite's heap; our working set is a few MB. */
const SHARED_BUFFERS = '16MB';
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`];

const PGLITE_DIR = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const PGLITE_VERSION = (JSON.parse(readFileSync(join(PGLITE_DIR, 'package.json'), 'utf8')) as { version: string }).version;
const INITDB_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'pglite-initdb.mjs');
/** node_modules/.cache/docconv (next to the installed PGlite); overridable for read-only installs. */
const CACHE_DIR = process.env.DOCCONV_PGLITE_CACHE_DIR || join(PGLITE_DIR, '..', '..', '.cache', 'docconv');

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's global (lib ES2023 declares no WebAssembly namespace). */
const wasmCompile = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly.compile;
interface Shared { wasm: WasmModule; fsBundle: Blob }
let shared: Promise<Shared> | undefined;
function sharedAssets(): Promise<Shared> {
  shared ??= (async () => ({
    wasm: await wasmCompile(readFileSync(join(PGLITE_DIR, 'dist', 'pglite.wasm'))),
    fsBundle: new Blob([readFileSync(join(PGLITE_DIR, 'dist', 'pglite.data'))]),
  }))();
  return shared;
}

let emptyTemplate: Promise<Uint8Array> | undefined;
/** The tar (uncompressed) of a freshly initialised, empty PGlite data directory. */
export function pgliteEmptyTemplate(): Promise<Uint8Array> {
  emptyTemplate ??= loadOrMakeTemplate().catch((err) => {
    emptyTemplate = undefined;
    throw err;
  });
  return emptyTemplate;
}

async function loadOrMakeTemplate(): Promise<Uint8Array> {
  const cached = join(CACHE_DIR, `pglite-${PGLITE_VERSION}-empty.tar.gz`);
  if (existsSync(cached)) {
    try {
      return checkTemplate(gunzipSync(readFileSync(cached)));
    } catch {
      rmSync(cached, { force: true }); // truncated or foreign: make it again
    }
  }
  let target = cached;
  let scratch: string | undefined;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
  } catch {
    scratch = mkdtempSync(join(tmpdir(), 'docconv-initdb-')); // cache not writable: build, use, forget
    target = join(scratch, 'empty.tar.gz');
  }
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, [INITDB_SCRIPT, target], { env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 1 << 20 }, (err, _out, stderr) =>
        err ? reject(new Error(`PGlite initdb failed: ${err.message}${stderr ? `: ${stderr.trim().slice(-500)}` : ''}`)) : resolve());
    });
    return checkTemplate(gunzipSync(readFileSync(target)));
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

function checkTemplate(tar: Uint8Array): Uint8Array {
  // A POSIX tar whose entries include PG_VERSION (names start at offset 0 of each 512-byte header).
  if (tar.length < 1024 || !Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength).includes('PG_VERSION')) throw new Error('not a PGlite data directory');
  return tar;
}

/** Opens PGlite on `dataDir` (or in memory); a missing database is created from `template` or the empty template. */
export async function openPgliteStore(dataDir: string | 'memory', opts: { template?: Uint8Array } = {}): Promise<Store & { dump(): Promise<Uint8Array> }> {
  const memory = dataDir === 'memory';
  if (!memory) mkdirSync(dataDir, { recursive: true });
  const fresh = memory || !existsSync(join(dataDir, 'PG_VERSION'));
  const [{ wasm, fsBundle }, template] = await Promise.all([sharedAssets(), fresh ? opts.template ?? pgliteEmptyTemplate() : undefined]);
  const db = new PGlite({
    ...(memory ? {} : { dataDir }),
    pgliteWasmModule: wasm,
    fsBundle,
    startParams: [...PGLITE_START_PARAMS],
    ...(template ? { loadDataDir: new Blob([template]) } : {}),
  });
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
    /** Tar (uncompressed) of the data directory: a `template` for another store. */
    async dump() {
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    },
  };
}
